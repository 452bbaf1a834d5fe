import { describe, expect, it } from 'vitest';
import { optional, required } from './admin-fields';
import { clubSettingsSchema } from './club';

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
});
