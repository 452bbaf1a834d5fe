// The mail server's last failure, kept for the superadmin's header (as the daily backup's, decision 075): a
// failed notification of a new inquiry or a reset link was only logged. Kept in `site_settings` (a restart
// keeps it) until a mail goes again.
import { eq } from 'drizzle-orm';
import { MAIL_STATUS_TEXTS, type MailStatus } from '../../lib/mail-status';
import { USER_TEXTS } from '../../lib/schemas/user';
import type { Db } from '../db/client';
import { write } from '../db/write';
import { siteSettings } from '../db/schema';
import { config } from '../config';
import { mailFailureCause, type Mail, type MailFailureCause, type MailPurpose } from './mailer';

const KEY = 'mail.lastFailure';
/** `to`: the address a mail server refused, for the club's own (the inquiries') */
type Failure = { at: number; cause: MailFailureCause; purpose: MailPurpose | null; to?: string };

/**
 * A failure of one kind of mail or one recipient, not of the server: only a mail of the same kind that goes
 * takes it away (a server that relays to the club's own domain only refused invitations to others, while each
 * inquiry's notification went).
 */
const ONE_KIND: ReadonlySet<MailFailureCause> = new Set(['recipient', 'refused']);

// what this process knows of each database (the server sends every mail): whether a failure is kept, so that
// each mail that goes does not write; and a failure the database could not take (its disk full, as the outbox's)
type Memo = { kept: boolean | null; unstored: Failure | null };
const MEMO_KEY = Symbol.for('anstoss.mailStatus');
const memos: WeakMap<object, Memo> = ((globalThis as Record<symbol, unknown>)[MEMO_KEY] as WeakMap<object, Memo>) ?? new WeakMap();
(globalThis as Record<symbol, unknown>)[MEMO_KEY] = memos;
function memoOf(db: Db): Memo {
  let memo = memos.get(db.$client);
  if (!memo) memos.set(db.$client, (memo = { kept: null, unstored: null }));
  return memo;
}

function stored(db: Db): Failure | null {
  const row = db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, KEY)).get();
  if (!row) return null;
  try {
    const value = JSON.parse(row.value) as Failure;
    return Number.isFinite(value.at) && Object.hasOwn(USER_TEXTS.inviteNotSentReason, value.cause) ? value : null;
  } catch {
    return null;
  }
}

/** Whether a mail of this kind that went takes the failure away. */
const clearedBy = (failure: Failure, purpose: MailPurpose | null) => !ONE_KIND.has(failure.cause) || failure.purpose === purpose;

/** A mail's outcome (error null: it went): a failure is kept, a mail that goes takes it away. */
export function recordMailOutcome(db: Db, error: unknown, mail: Pick<Mail, 'to' | 'purpose'>, now = Date.now(), smtpUrl = config.smtpUrl): void {
  const memo = memoOf(db);
  const purpose = mail.purpose ?? null;
  if (error === null) {
    if (memo.unstored && clearedBy(memo.unstored, purpose)) memo.unstored = null;
    if (memo.kept === false) return;
    const failure = stored(db);
    if (failure && !clearedBy(failure, purpose)) return;
    if (failure) write('mail.statusCleared', (tx) => tx.delete(siteSettings).where(eq(siteSettings.key, KEY)).run(), db);
    memo.kept = false;
    return;
  }
  const cause = mailFailureCause(error, smtpUrl);
  // a refused mailbox is the address's: the admin who invited is told; the club's own address (the
  // inquiries' notification) is the club's to correct
  if (cause === 'recipient' && purpose !== 'inquiry') return;
  const failure: Failure = { at: now, cause, purpose, ...(cause === 'recipient' ? { to: mail.to } : {}) };
  const value = JSON.stringify(failure);
  try {
    write('mail.statusFailed', (tx) => tx.insert(siteSettings).values({ key: KEY, value }).onConflictDoUpdate({ target: siteSettings.key, set: { value } }).run(), db);
    memo.kept = true;
    memo.unstored = null;
  } catch (refusal) {
    memo.unstored = failure;
    throw refusal;
  }
}

/** The last failure, for the header; both null while none is to be said. */
export function mailStatus(db: Db): MailStatus {
  const failure = memoOf(db).unstored ?? stored(db);
  if (!failure) return { failedAt: null, reason: null };
  const reason = failure.cause === 'recipient' && failure.to ? MAIL_STATUS_TEXTS.clubAddressRefused(failure.to) : USER_TEXTS.inviteNotSentReason[failure.cause];
  return { failedAt: failure.at, reason };
}
