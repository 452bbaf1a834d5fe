import { beforeEach, describe, expect, it } from 'vitest';
import { createTestDb } from '../../db/test-db';
import type { Db } from '../../db/client';
import { pageContentSchema } from '../../../lib/schemas/pageContent';
import { MEMBERSHIP_DEFAULTS } from '../../content/defaults';
import { membershipTexts, saveQrCode } from './membership';
import { createPageContent, listPageContent, updatePageContent } from './pageContent';

let db: Db;
beforeEach(() => {
  db = createTestDb();
});

describe('membership texts', () => {
  it('gives the stored sections of page mitglied and the built-in text of each section', () => {
    createPageContent(pageContentSchema.parse({ page_key: 'mitglied', section_key: 'quote', content: 'Zusammen!' }), db);
    createPageContent(pageContentSchema.parse({ page_key: 'imprint', section_key: 'quote', content: 'anderswo' }), db);
    const { sections, defaults } = membershipTexts(db);
    expect(sections.map((s) => s.content)).toEqual(['Zusammen!']);
    expect(defaults.header.title).toBe('MITGLIED WERDEN');
    expect(defaults.thanks).toEqual({ title: 'Danke für deine Unterstützung!', content: MEMBERSHIP_DEFAULTS.thanksText });
    expect(defaults.bank_info.content).toBe('Überweise 36 € /Jahr');
    expect(Object.keys(defaults).sort()).toEqual(
      ['bank', 'bank_info', 'description', 'form_description', 'form_title', 'header', 'iban', 'quote', 'thanks', 'verwendungszweck'].sort(),
    );
  });

  it("refuses an IBAN that fails its check, on create and on update; what was there stays (a typo was shown to members as the account to pay to)", () => {
    const iban = (content: string) => pageContentSchema.parse({ page_key: 'mitglied', section_key: 'iban', content });
    expect(() => createPageContent(iban('AT61 1904 3002 3457 3202'), db)).toThrow(/Keine gültige IBAN/);
    expect(() => createPageContent(iban('IBAN: AT61 1904 3002 3457 3201'), db)).toThrow(/Keine gültige IBAN/);
    const row = createPageContent(iban('at61 1904 3002 3457 3201'), db);
    expect(() => updatePageContent(row.id, { content: 'AT61 1904 3002 3457 320' }, db)).toThrow(/Keine gültige IBAN/);
    expect(listPageContent('mitglied', db).map((r) => r.content)).toEqual(['at61 1904 3002 3457 3201']);
    // switching it off, or emptying it (the page then shows no account), is no new IBAN
    expect(updatePageContent(row.id, { is_active: false }, db)?.after.is_active).toBe(false);
    expect(updatePageContent(row.id, { content: null }, db)?.after.content).toBeNull();
    // another page's section of that name is text
    expect(createPageContent(pageContentSchema.parse({ page_key: 'imprint', section_key: 'iban', content: 'siehe Aushang' }), db).content).toBe('siehe Aushang');
  });

  it('creates the QR code entry once (qr_code, display_order 99, title "QR Code") and then updates it', () => {
    const first = saveQrCode('/uploads/mitglied/qr.png', db);
    expect(first.created).toBe(true);
    expect(first.row).toMatchObject({ page_key: 'mitglied', section_key: 'qr_code', display_order: 99, title: 'QR Code', image_url: '/uploads/mitglied/qr.png', is_active: true });
    const second = saveQrCode(null, db);
    expect(second).toMatchObject({ created: false, row: { id: first.row.id, image_url: null } });
    expect(listPageContent('mitglied', db)).toHaveLength(1);
  });
});
