// page_content for the admin (admin-area.md §7): list all newest first or one
// page in display order, create, update by id, delete by id. Every write names
// the pages it touches so the caller can republish exactly those.
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { getDb, type Db } from '../../db/client';
import { RefusedWrite, write } from '../../db/write';
import { conflictSince } from '../../revisions';
import { pageContent } from '../../db/schema';
import type { Change } from '../../publish/routes';
import { IBAN_MESSAGE, type PageContentData } from '../../../lib/schemas/pageContent';
import { isValidIban } from '../../../lib/epc';

export type PageContentRow = typeof pageContent.$inferSelect;

/** All entries newest first, or the entries of one page in display order. */
export function listPageContent(pageKey?: string, db: Db = getDb()): PageContentRow[] {
  if (pageKey) {
    return db
      .select()
      .from(pageContent)
      .where(eq(pageContent.page_key, pageKey))
      .orderBy(asc(pageContent.display_order), asc(pageContent.created_at), asc(sql`rowid`))
      .all();
  }
  return db.select().from(pageContent).orderBy(desc(pageContent.created_at), desc(sql`rowid`)).all();
}

export function getPageContent(id: string, db: Db = getDb()): PageContentRow | null {
  return db.select().from(pageContent).where(eq(pageContent.id, id)).get() ?? null;
}

/** The first entry of a page section (page_key + section_key), if any. */
export function findSection(pageKey: string, sectionKey: string, db: Db = getDb()): PageContentRow | null {
  return (
    db
      .select()
      .from(pageContent)
      .where(and(eq(pageContent.page_key, pageKey), eq(pageContent.section_key, sectionKey)))
      .orderBy(asc(pageContent.created_at), asc(sql`rowid`))
      .get() ?? null
  );
}

/**
 * A section the site reads as data, checked as it is saved: the membership page's IBAN, from which the transfer
 * code is made. A mistyped one was shown to members as the account to pay to, and the code quietly left out.
 */
function assertSectionReadable(row: { page_key: string; section_key: string; content: string | null | undefined }): void {
  if (row.page_key === 'mitglied' && row.section_key === 'iban' && row.content?.trim() && !isValidIban(row.content)) throw new RefusedWrite(IBAN_MESSAGE);
}

/** `readNone`: the form saw no entry of this page and section; one saved since refuses the create, naming who. */
export function createPageContent(input: PageContentData, db: Db = getDb(), { readNone = false } = {}): PageContentRow {
  return write(
    'pageContent.createPageContent',
    () => {
      assertSectionReadable(input);
      if (readNone && findSection(input.page_key, input.section_key, db)) throw pageChangedSince(input.page_key, input.section_key, db);
      return db.insert(pageContent).values(input).returning().get();
    },
    db,
  );
}

/** Changes the fields given; null when the entry does not exist. */
export function updatePageContent(
  id: string,
  patch: Partial<PageContentData>,
  db: Db = getDb(),
): { before: PageContentRow; after: PageContentRow } | null {
  return write('pageContent.updatePageContent', (tx) => {
    const before = tx.select().from(pageContent).where(eq(pageContent.id, id)).get();
    if (!before) return null;
    const values = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    // only a text sent is checked: switching an old entry off is no new IBAN
    if (patch.content !== undefined) assertSectionReadable({ ...before, ...values } as PageContentRow);
    const after = tx
      .update(pageContent)
      .set({ ...values, updated_at: new Date().toISOString() })
      .where(eq(pageContent.id, id))
      .returning()
      .get();
    return { before, after };
  }, db);
}

/** Deletes the entry; returns what was deleted, or null when it did not exist. */
export function deletePageContent(id: string, db: Db = getDb()): PageContentRow | null {
  return write(
    'pageContent.deletePageContent',
    () => {
      return db.delete(pageContent).where(eq(pageContent.id, id)).returning().get() ?? null;
    },
    db,
  );
}

/** The publish changes for entries: one per page they belong to. */
export function pageContentChanges(...rows: (Pick<PageContentRow, 'page_key'> | null | undefined)[]): Change[] {
  const keys = new Set(rows.filter((r): r is Pick<PageContentRow, 'page_key'> => !!r).map((r) => r.page_key));
  return [...keys].map((key) => ({ table: 'page_content', key }));
}

/**
 * The refusal of a save on a page's sections changed since its form was filled (decision 032): who
 * wrote one of them last (`sectionKey`: that one only), and when. For forms compared by the values
 * they read (the social links, the QR code), whose rows may not have existed when they were read.
 */
export function pageChangedSince(pageKey: string, sectionKey: string | null, db: Db = getDb()) {
  const latest = db.$client
    .prepare(
      `SELECT user_name, created_at FROM revisions WHERE entity = 'page_content' AND json_extract(data, '$.page_key') = ?
         AND (? IS NULL OR json_extract(data, '$.section_key') = ?) ORDER BY id DESC LIMIT 1`,
    )
    .get(pageKey, sectionKey, sectionKey) as { user_name: string | null; created_at: number } | undefined;
  return conflictSince(latest?.user_name ?? null, latest?.created_at ?? Date.now());
}
