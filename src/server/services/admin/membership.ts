// The membership page's texts for the admin (admin-area.md §2 Mitglied): the
// stored sections of page 'mitglied' and the built-in texts the page shows
// where nothing is stored, and the QR code entry (section qr_code, display_order
// 99, title 'QR Code').
import { getDb, type Db } from '../../db/client';
import { MEMBERSHIP_DEFAULTS as D } from '../../content/defaults';
import { inquiryRecipientIn, membershipAccountFor, renamedClubIn, type RenamedClub } from '../../content/club-facts';
import { createPageContent, findSection, listPageContent, pageChangedSince, updatePageContent, type PageContentRow } from './pageContent';

export const MEMBERSHIP_PAGE = 'mitglied';
export const QR_SECTION = { section_key: 'qr_code', title: 'QR Code', display_order: 99 } as const;

/** What /mitglied-werden shows for a section with no stored text (title and/or content). */
export function membershipTextDefaults(club: RenamedClub | null): Record<string, { title?: string; content?: string }> {
  // the built-in account is the built-in club's: a renamed club's page shows none until one is saved (decision 055)
  const account = membershipAccountFor(club);
  return {
    header: { title: D.header },
    quote: { content: D.quote },
    description: { content: D.description },
    bank_info: { content: D.bank_info },
    iban: account ? { content: account.iban } : {},
    bank: account ? { content: account.bank } : {},
    verwendungszweck: { content: D.verwendungszweck },
    thanks: { title: D.thanksTitle, content: D.thanksText },
    form_title: { content: D.form_title },
    form_description: { content: D.form_description },
  };
}

export function membershipTexts(db: Db = getDb()) {
  return {
    sections: listPageContent(MEMBERSHIP_PAGE, db),
    defaults: membershipTextDefaults(renamedClubIn(db)),
    // null: the forms' inquiries are announced to no one (the inbox says so)
    inquiryRecipient: inquiryRecipientIn(db),
  };
}

/** Refuses the QR code's save when it was changed since its form showed `read` ('' for none; decision 032). */
export function assertQrCodeAsRead(read: string, db: Db = getDb()): void {
  const now = findSection(MEMBERSHIP_PAGE, QR_SECTION.section_key, db)?.image_url ?? '';
  if (now !== read) throw pageChangedSince(MEMBERSHIP_PAGE, QR_SECTION.section_key, db);
}

/** Sets the QR code image (null removes it): the qr_code entry is updated, or created once. */
export function saveQrCode(imageUrl: string | null, db: Db = getDb()): { row: PageContentRow; created: boolean } {
  // synchronous SQLite: nothing else runs between the lookup and the write
  const existing = findSection(MEMBERSHIP_PAGE, QR_SECTION.section_key, db);
  if (existing) {
    const result = updatePageContent(existing.id, { image_url: imageUrl, is_active: true }, db);
    return { row: result!.after, created: false };
  }
  const row = createPageContent(
    {
      page_key: MEMBERSHIP_PAGE,
      section_key: QR_SECTION.section_key,
      title: QR_SECTION.title,
      display_order: QR_SECTION.display_order,
      image_url: imageUrl,
      is_active: true,
      subtitle: null,
      content: null,
      button_text: null,
      button_link: null,
      meta_title: null,
      meta_description: null,
    },
    db,
  );
  return { row, created: true };
}
