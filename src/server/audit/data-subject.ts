// A person's rights over what the club stores about their e-mail address
// (DSGVO Art. 15 access, Art. 20 portability, Art. 17 erasure; issue 15,
// docs/decisions/031). Superadmins only, checked by the actions. The export is
// everything stored under the address, without secrets (password hash, token
// and session hashes, the second factor's key); erasure deletes the inquiries,
// which are not revisioned, so they are gone.
import fs from 'node:fs';
import { eq, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { write } from '../db/write';
import { auditLog, contactInfo, invitationMailsGoingOut, knownSignInAddresses, media, membershipInquiries, news, profiles, rateLimits, revisions, sessions, totpFactors, userRoles, users } from '../db/schema';
import { removeOutboxMailsNaming } from '../mail/mailer';
import { resetRecipientKey } from '../auth/rate-limit';
import { accountLimitRecords } from '../auth/signin-limits';
import { normaliseEmail } from '../auth/users';
import { addressPattern } from '../../lib/address-pattern';
import { AUDIT_TEXTS, PRIVACY_TOOL_TEXTS as T, type ErasureCopies } from '../../lib/schemas/audit';
import { BEFORE_RESTORE_PREFIX } from '../backup/archive';
import { BEFORE_RESTORE_KEEP_DAYS } from '../backup/texts';
import { recordAudit, type Actor } from './audit-log';

/** Inquiries are stored as typed: matched without case and surrounding spaces. */
const sameAddress = (email: string) => sql`lower(trim(${membershipInquiries.email})) = ${normaliseEmail(email)}`;

export type SubjectExport = {
  email: string;
  exportedAt: string;
  inquiries: (typeof membershipInquiries.$inferSelect)[];
  account: {
    id: string;
    email: string;
    createdAt: string;
    passwordSet: boolean;
    roles: string[];
    secondFactor: boolean;
    /** when they hid the admin's 'Erste Schritte' (null: shown) */
    firstStepsHiddenAt: string | null;
    sessions: { createdAt: string; expiresAt: string; userAgent: string | null }[];
    knownSignInAddresses: { address: string; lastSignInAt: string }[];
    /** an invitation whose mail is going out right now (kept for the minutes it may take: decision 073) */
    invitationsGoingOut: { since: string; invitedBy: string | null }[];
    auditLog: { at: string; action: string; entity: string | null; rowId: string | null; detail: string | null }[];
    /** news the account is named the author of */
    newsWritten: { id: string; title: string; published: boolean; createdAt: string }[];
    /** every content change the account made that the history keeps (what changed: the row's history in the admin) */
    contentChanges: { at: string; entity: string; rowId: string; op: string }[];
  } | null;
  /** the contact page's entries with the address (a board member's name, phone, office hours) */
  contactEntries: (typeof contactInfo.$inferSelect)[];
  /** the library's images the address is named the uploader of */
  imagesUploaded: { url: string; createdAt: string }[];
  /**
   * The sign-in and reset limits' counts kept under the address (failed sign-ins, reset links asked for); which
   * network address they came from is left out: it may be anyone's who typed the address.
   */
  limitRecords: { kind: 'signin.account' | 'signin.fromAddress' | 'reset.recipient'; failures: number; since: string; blockedUntil: string | null }[];
  /**
   * Log entries that name the address but are not the account's own: failed
   * sign-ins with it (no account, or before it existed), and what others did
   * to it ('Benutzer … eingeladen', roles, deletion).
   */
  auditLogMentions: { at: string; action: string; by: string | null; entity: string | null; rowId: string | null; detail: string | null }[];
};

const iso = (ms: number) => new Date(ms).toISOString();

/** burstPair's entry ('6 fehlgeschlagene Anmeldungen für dieses Konto von 203.0.113.7'): count and address. */
const BURST_PAIR = /^(\d+) fehlgeschlagene Anmeldungen für dieses Konto von (?!verschiedenen Adressen)\S+$/;

/**
 * A log entry's detail as the export gives it: a burst of failed sign-ins leaves out the network address it came
 * from, which may be anyone's who typed the address (an attacker's, a stranger's), as the limits' records do.
 */
function exportedDetail(action: string, detail: string | null): string | null {
  const burst = action === 'signin.failed' && detail ? BURST_PAIR.exec(detail) : null;
  return burst ? AUDIT_TEXTS.burstPairExported(Number(burst[1])) : detail;
}

function accountOf(db: Db, email: string): SubjectExport['account'] {
  const user = db.select().from(users).where(eq(users.email, email)).get();
  if (!user) return null;
  const profile = db.select().from(profiles).where(eq(profiles.user_id, user.id)).get();
  const factor = db.select({ confirmedAt: totpFactors.confirmedAt }).from(totpFactors).where(eq(totpFactors.userId, user.id)).get();
  return {
    id: user.id,
    email: profile?.email ?? user.email,
    createdAt: user.createdAt,
    passwordSet: user.passwordHash !== null,
    roles: db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.user_id, user.id)).all().map((r) => r.role),
    secondFactor: Boolean(factor?.confirmedAt),
    firstStepsHiddenAt: user.firstStepsHiddenAt,
    sessions: db
      .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt, userAgent: sessions.userAgent })
      .from(sessions)
      .where(eq(sessions.userId, user.id))
      .all()
      .map((s) => ({ createdAt: iso(s.createdAt), expiresAt: iso(s.expiresAt), userAgent: s.userAgent })),
    knownSignInAddresses: db
      .select()
      .from(knownSignInAddresses)
      .where(eq(knownSignInAddresses.account, email))
      .all()
      .map((k) => ({ address: k.address, lastSignInAt: iso(k.lastSuccessAt) })),
    invitationsGoingOut: db
      .select({ since: invitationMailsGoingOut.since, invitedBy: invitationMailsGoingOut.byName })
      .from(invitationMailsGoingOut)
      .where(eq(invitationMailsGoingOut.userId, user.id))
      .all()
      .map((row) => ({ since: iso(row.since), invitedBy: row.invitedBy })),
    auditLog: db
      .select()
      .from(auditLog)
      .where(eq(auditLog.user_id, user.id))
      .all()
      .map((a) => ({ at: iso(a.at), action: a.action, entity: a.entity, rowId: a.row_id, detail: exportedDetail(a.action, a.detail) })),
    newsWritten: db
      .select({ id: news.id, title: news.title, published: news.published, createdAt: news.created_at })
      .from(news)
      .where(eq(news.author_id, user.id))
      .orderBy(news.created_at)
      .all(),
    contentChanges: db
      .select({ at: revisions.created_at, entity: revisions.entity, rowId: revisions.row_id, op: revisions.op })
      .from(revisions)
      .where(eq(revisions.user_id, user.id))
      .orderBy(revisions.id)
      .all()
      .map((r) => ({ ...r, at: iso(r.at) })),
  };
}

function limitRecordsOf(db: Db, email: string): SubjectExport['limitRecords'] {
  const kind = (key: string): SubjectExport['limitRecords'][number]['kind'] =>
    key === resetRecipientKey(email) ? 'reset.recipient' : key.startsWith('signin:pair:') ? 'signin.fromAddress' : 'signin.account';
  return db
    .select()
    .from(rateLimits)
    .where(or(eq(rateLimits.key, resetRecipientKey(email)), accountLimitRecords(email)))
    .all()
    .map((r) => ({ kind: kind(r.key), failures: r.failures, since: iso(r.windowStart), blockedUntil: r.blockedUntil > 0 ? iso(r.blockedUntil) : null }));
}

function auditMentions(db: Db, email: string, accountId: string | null): SubjectExport['auditLogMentions'] {
  // instr, not LIKE: an address's '_' is no wildcard; the account's own entries are in `account`
  const notOwn = accountId === null ? sql`1` : sql`${auditLog.user_id} IS NOT ${accountId}`;
  const named = addressPattern(email);
  return db
    .select()
    .from(auditLog)
    .where(sql`(lower(${auditLog.user_name}) = ${email} OR instr(lower(coalesce(${auditLog.detail}, '')), ${email}) > 0) AND ${notOwn}`)
    .orderBy(auditLog.at)
    .all()
    // the address whole: 'a@b.at' asked, 'Eingeladen: anna@b.at' (another person's entry) was in the export
    .filter((a) => a.user_name?.toLowerCase() === email || named.test(a.detail ?? ''))
    .map((a) => ({ at: iso(a.at), action: a.action, by: a.user_id === null ? null : a.user_name, entity: a.entity, rowId: a.row_id, detail: exportedDetail(a.action, a.detail) }));
}

/** Everything stored about the address, as one JSON-ready object; the export is itself logged (without the address). */
export function exportSubject(db: Db, rawEmail: string, actor: Actor, now = Date.now()): SubjectExport {
  const email = normaliseEmail(rawEmail);
  const inquiries = db.select().from(membershipInquiries).where(sameAddress(email)).orderBy(membershipInquiries.created_at).all();
  const account = accountOf(db, email);
  const result: SubjectExport = {
    email,
    exportedAt: iso(now),
    inquiries,
    account,
    contactEntries: db.select().from(contactInfo).where(sql`lower(trim(${contactInfo.email})) = ${email}`).orderBy(contactInfo.created_at).all(),
    limitRecords: limitRecordsOf(db, email),
    imagesUploaded: db
      .select({ url: media.url, createdAt: media.created_at })
      .from(media)
      .where(sql`lower(trim(${media.uploaded_by})) = ${email}`)
      .orderBy(media.created_at)
      .all(),
    auditLogMentions: auditMentions(db, email, account?.id ?? null),
  };
  recordAudit(db, { action: 'inquiry.export', actor, entity: 'membership_inquiries', detail: T.exportedDetail(inquiries.length) }, now);
  return result;
}

/** 'max@example.org' → 'm***@example.org': the log proves the erasure without keeping the address. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return at > 0 ? `${email[0]}***${email.slice(at)}` : '***';
}

/**
 * Deletes every inquiry of the address, the outbox's copies of their notifications (a set-up without SMTP) and
 * the limits' records that name it (reset links asked for it, failed sign-ins); says how many inquiries and
 * whether an account remains.
 */
export function eraseSubject(db: Db, rawEmail: string, actor: Actor, now = Date.now(), outboxDir?: string): { deleted: number; accountRemains: boolean } {
  const email = normaliseEmail(rawEmail);
  const result = write('inquiries.erase', (tx) => {
    const deleted = tx.delete(membershipInquiries).where(sameAddress(email)).run().changes;
    // the limits' records that name the address (an e-mail beside the addresses it was typed from)
    tx.delete(rateLimits).where(or(eq(rateLimits.key, resetRecipientKey(email)), accountLimitRecords(email))).run();
    recordAudit(tx, { action: 'inquiry.erase', actor, entity: 'membership_inquiries', detail: T.erasedDetail(deleted, maskEmail(email)) }, now);
    const accountRemains = tx.select({ id: users.id }).from(users).where(eq(users.email, email)).get() !== undefined;
    return { deleted, accountRemains };
  }, db);
  removeOutboxMailsNaming(email, outboxDir);
  return result;
}

/**
 * What still holds erased inquiries, as this server keeps its copies: the nightly archives when it makes them
 * (BACKUP_DIR set; BACKUP_KEEP of them), and the data a restore replaced while such a folder is there.
 */
export function copiesAfterErasure(server: { backupDir: string; backupKeep: number; dataDir: string }): ErasureCopies {
  let replacedByRestore = false;
  try {
    replacedByRestore = fs.readdirSync(server.dataDir).some((name) => name.startsWith(BEFORE_RESTORE_PREFIX));
  } catch {
    // an unreadable data folder holds none we could name
  }
  return { nightlyKeep: server.backupDir ? server.backupKeep : null, beforeRestoreDays: replacedByRestore ? BEFORE_RESTORE_KEEP_DAYS : null };
}
