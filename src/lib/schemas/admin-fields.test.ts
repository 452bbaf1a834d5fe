import { describe, expect, it } from 'vitest';
import { optional, required } from './admin-fields';
import { clubSettingsSchema } from './club';
import { optionalText, requiredText } from './common';
import { footerTextsSchema } from './homepage';
import { teamSchema } from './team';
import { shopItemSchema } from './shopItem';
import { ORDER_MESSAGE, pageContentSchema } from './pageContent';

describe('text fields of the admin', () => {
  it('store typed text without control characters, checked after they are gone', () => {
    expect(required(30).parse('  SV Kirchberg\u000Ban der Raab ')).toBe('SV Kirchberg an der Raab');
    expect(optional(200).parse('Sportplatz\u0001 Hofstätten')).toBe('Sportplatz Hofstätten');
    expect(optional(200).parse('\u0002')).toBeNull();
    expect(required(30).safeParse('\u0001\u0002').success).toBe(false);
    expect(optional(2_000).parse('Zeile 1\nZeile 2')).toBe('Zeile 1\nZeile 2');
  });

  it("a club's names pasted from a word processor reach every picture as plain text", () => {
    const club = clubSettingsSchema.parse({ short_name: 'SV\u000BKirchberg', long_name: 'Sportverein\u0001 Kirchberg', primary_color: '#0B5D1E', secondary_color: '#FFFFFF' });
    expect([club.short_name, club.long_name]).toEqual(['SV Kirchberg', 'Sportverein Kirchberg']);
  });

  it("the other entities' texts, the footer's and a team's achievements the same way", () => {
    expect(requiredText(100).parse('Sponsor\u0001 GmbH')).toBe('Sponsor GmbH');
    expect(requiredText(100).safeParse('\u0002').success).toBe(false);
    expect(optionalText(100).parse('Tel.\u000B0316 123')).toBe('Tel. 0316 123');
    expect(footerTextsSchema.parse({ club_title_line1: 'SV\u000BKirchberg' }).club_title_line1).toBe('SV Kirchberg');
    const team = teamSchema.parse({ name: 'U12', category: 'Nachwuchs', achievements: 'Meister\u0001 2019, Cup 2021' });
    expect(team.achievements).toEqual(['Meister 2019', 'Cup 2021']);
  });
});

describe('display_order of the shop and the page sections', () => {
  it("takes plain digits only, as the teams' orders: '1.000', '0x10', '1e3' were 1, 16 and 1000", () => {
    for (const typed of ['1.000', '0x10', '1e3', '0b11', '12abc']) {
      const parsed = shopItemSchema.safeParse({ name: 'Schal', price: '15,00 €', display_order: typed });
      expect(parsed.success, typed).toBe(false);
      expect(parsed.error?.issues.map((i) => i.message), typed).toEqual([ORDER_MESSAGE]);
      expect(pageContentSchema.safeParse({ page_key: 'home', section_key: 'intro', display_order: typed }).success, typed).toBe(false);
    }
    expect(shopItemSchema.parse({ name: 'Schal', price: '15,00 €', display_order: ' 12 ' }).display_order).toBe(12);
    expect(shopItemSchema.parse({ name: 'Schal', price: '15,00 €', display_order: '' }).display_order).toBe(0);
    expect(shopItemSchema.parse({ name: 'Schal', price: '15,00 €', display_order: '-3' }).display_order).toBe(-3);
  });
});
