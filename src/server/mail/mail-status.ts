// The mail server's last failure, kept for the superadmin's header (as the daily backup's, decision 075): a
// failed notification of a new inquiry or a reset link was only logged. Kept in `site_settings` (a restart
// keeps it) until a mail goes again; a mailbox the server refuses is the address's fault, not kept.
import { eq } from 'drizzle-orm';
import type { MailStatus } from '../../lib/mail-status';
import { USER_TEXTS } from '../../lib/schemas/user';
import type { Db } from '../db/client';
import { write } from '../db/write';
import { siteSettings } from '../db/schema';
import { config } from '../config';
import { mailFailureCause, type MailFailureCause } from './mailer';

const KEY = 'mail.lastFailure';
type Failure = { at: number; cause: MailFailureCause };

// what this process knows (the server sends every mail): whether one is kept, so that each mail that goes
// does not write; and a failure the database could not take (its disk full, as the outbox's)
type Memo = { kept: boolean | null; unstored: Failure | null };
const MEMO_KEY = Symbol.for('anstoss.mailStatus');
const memo: Memo = ((globalThis as Record<symbol, unknown>)[MEMO_KEY] as Memo) ?? { kept: null, unstored: null };
(globalThis as Record<symbol, unknown>)[MEMO_KEY] = memo;

function stored(db: Db): Failure | null {
  const row = db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, KEY)).get();
  if (!row) return null;
  try {
    const value = JSON.parse(row.value) as Failure;
    return Number.isFinite(value.at) && value.cause in USER_TEXTS.inviteNotSentReason ? value : null;
  } catch {
    return null;
  }
}

/** A mail's outcome (null: it went): a failure is kept, a mail that goes takes it away. */
export function recordMailOutcome(db: Db, error: unknown, now = Date.now(), smtpUrl = config.smtpUrl): void {
  if (error === null) {
    memo.unstored = null;
    if (memo.kept === false) return;
    write('mail.statusCleared', (tx) => tx.delete(siteSettings).where(eq(siteSettings.key, KEY)).run(), db);
    memo.kept = false;
    return;
  }
  const cause = mailFailureCause(error, smtpUrl);
  if (cause === 'recipient') return;
  const value = JSON.stringify({ at: now, cause } satisfies Failure);
  try {
    write('mail.statusFailed', (tx) => tx.insert(siteSettings).values({ key: KEY, value }).onConflictDoUpdate({ target: siteSettings.key, set: { value } }).run(), db);
    memo.kept = true;
    memo.unstored = null;
  } catch (failure) {
    memo.unstored = { at: now, cause };
    throw failure;
  }
}

/** The last failure, for the header; both null while the last mail went (or none failed). */
export function mailStatus(db: Db): MailStatus {
  const failure = memo.unstored ?? stored(db);
  return failure ? { failedAt: failure.at, reason: USER_TEXTS.inviteNotSentReason[failure.cause] } : { failedAt: null, reason: null };
}
