// The inquiry inbox (admin-area.md §2 Mitglied, §7 membership_inquiries):
// newest first, status read/unread, delete. No public page shows inquiries.
import { desc, eq, sql } from 'drizzle-orm';
import { getDb, type Db } from '../../db/client';
import { write } from '../../db/write';
import { membershipInquiries } from '../../db/schema';
import type { Change } from '../../publish/routes';
import { recordAudit, type Actor } from '../../audit/audit-log';
import type { InquiryStatus } from '../../../lib/schemas/inquiryStatus';

export type InquiryRow = typeof membershipInquiries.$inferSelect;

export function listInquiries(db: Db = getDb()): InquiryRow[] {
  return db
    .select()
    .from(membershipInquiries)
    .orderBy(desc(membershipInquiries.created_at), desc(sql`rowid`))
    .all();
}

export function setInquiryStatus(id: string, status: InquiryStatus, db: Db = getDb()): InquiryRow | null {
  return write(
    'inquiries.setInquiryStatus',
    () => {
      return db.update(membershipInquiries).set({ status }).where(eq(membershipInquiries.id, id)).returning().get() ?? null;
    },
    db,
  );
}

/** Deletes one inquiry; the audit log keeps who and when, not what it said (inquiries are not revisioned). */
export function deleteInquiry(id: string, db: Db = getDb(), actor?: Actor): InquiryRow | null {
  return write(
    'inquiries.deleteInquiry',
    () => {
      const row = db.delete(membershipInquiries).where(eq(membershipInquiries.id, id)).returning().get() ?? null;
      if (row) recordAudit(db, { action: 'inquiry.delete', actor, entity: 'membership_inquiries', rowId: id });
      return row;
    },
    db,
  );
}

/** Publishes nothing (no page shows inquiries) but tells open admin panels to reload. */
export const INQUIRY_CHANGE: Change = { table: 'membership_inquiries' };
