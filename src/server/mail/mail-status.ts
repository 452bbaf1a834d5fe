// The mail server's failures, kept for the superadmin's header (as the daily backup's, decision 075): a
// failed notification of a new inquiry or a reset link was only logged. Kept in `site_settings` (a restart
// keeps them) until a mail goes again: one for the server, one for each kind of mail a refusal hit.
import { eq } from 'drizzle-orm';
import { MAIL_STATUS_TEXTS, type MailFailureScope, type MailStatus } from '../../lib/mail-status';
import { USER_TEXTS } from '../../lib/schemas/user';
import type { Db } from '../db/client';
import { write } from '../db/write';
import { siteSettings } from '../db/schema';
import { config } from '../config';
import { inquiryRecipientIn } from '../content/club-facts';
import { mailFailureCause, watchMailOutcomes, type Mail, type MailFailureCause } from './mailer';

/** `to`: the club's own address a mail server refused (the inquiries') */
type Failure = { at: number; cause: MailFailureCause; to?: string };
/**
 * Each transport's failures apart, the mail server's ('smtp') and the outbox's (without SMTP_URL): an import run
 * from a shell without the server's SMTP_URL writes its invitations to the outbox, which must neither take
 * away nor replace what the server's mail server did; the server says those of the transport it uses.
 */
type Via = 'smtp' | 'outbox';
const viaOf = (smtpUrl: string): Via => (smtpUrl ? 'smtp' : 'outbox');
const KEYS: Record<Via, string> = { smtp: 'mail.failures', outbox: 'mail.failures.outbox' };
type Failures = Partial<Record<MailFailureScope, Failure>>;
const SCOPES: MailFailureScope[] = ['server', 'invitation', 'reset', 'inquiry'];

// the failures a database could not take (its disk full, as the outbox's), each database's and transport's own:
// told from memory until they can be stored. What is stored is read at each mail (one SELECT; mails are few),
// not remembered: the import, a process of its own run while the server is stopped, writes the same rows.
type Memo = Record<Via, Failures | null>;
const MEMO_KEY = Symbol.for('anstoss.mailStatus');
const memos: WeakMap<object, Memo> = ((globalThis as Record<symbol, unknown>)[MEMO_KEY] as WeakMap<object, Memo>) ?? new WeakMap();
(globalThis as Record<symbol, unknown>)[MEMO_KEY] = memos;
function memoOf(db: Db): Memo {
  let memo = memos.get(db.$client);
  if (!memo) memos.set(db.$client, (memo = { smtp: null, outbox: null }));
  return memo;
}

function stored(db: Db, via: Via): Failures {
  const row = db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, KEYS[via])).get();
  if (!row) return {};
  try {
    const value = JSON.parse(row.value) as Failures;
    return Object.fromEntries(
      SCOPES.flatMap((scope) => {
        const failure = value[scope];
        return failure && Number.isFinite(failure.at) && Object.hasOwn(USER_TEXTS.inviteNotSentReason, failure.cause) ? [[scope, failure]] : [];
      }),
    );
  } catch {
    return {};
  }
}

function store(db: Db, via: Via, failures: Failures): void {
  const memo = memoOf(db);
  const kept = Object.keys(failures).length > 0;
  try {
    write(
      'mail.status',
      (tx) => {
        if (!kept) return tx.delete(siteSettings).where(eq(siteSettings.key, KEYS[via])).run();
        const value = JSON.stringify(failures);
        return tx.insert(siteSettings).values({ key: KEYS[via], value }).onConflictDoUpdate({ target: siteSettings.key, set: { value } }).run();
      },
      db,
    );
    memo[via] = null;
  } catch (refusal) {
    memo[via] = failures;
    throw refusal;
  }
}

/**
 * Whose failure a cause is: a refusal of one mail ('refused', e.g. 'Relay access denied' for other domains) is
 * its kind's, a refused mailbox the club's own address's (the inquiries'); everything else the server's. An
 * invitee's or account's refused mailbox is the address's (the admin who invited is told): null.
 */
function scopeOf(cause: MailFailureCause, purpose: Mail['purpose']): MailFailureScope | null {
  if (cause === 'recipient') return purpose === 'inquiry' ? 'inquiry' : null;
  return cause === 'refused' ? purpose : 'server';
}

/**
 * Keeps the outcome of every mail this process sends from now on (the server from its start, an import with
 * `--invite` for its invitations): the mailer tells each one, recordMailOutcome keeps it.
 */
export function keepMailOutcomes(db: () => Db): void {
  watchMailOutcomes((error, mail) => recordMailOutcome(db(), error, mail));
}

/**
 * A mail's outcome (error null: it went): a failure is kept in its scope; a mail that goes takes away the
 * server's and its own kind's. A refused mailbox of an invitee shows the server works: it takes the server's.
 */
export function recordMailOutcome(db: Db, error: unknown, mail: Pick<Mail, 'to' | 'purpose'>, now = Date.now(), smtpUrl = config.smtpUrl): void {
  const via = viaOf(smtpUrl);
  const unstored = memoOf(db)[via];
  const cause = error === null ? null : mailFailureCause(error, smtpUrl);
  const scope = cause === null ? null : scopeOf(cause, mail.purpose);
  const failures: Failures = { ...(unstored ?? stored(db, via)) };
  const before = JSON.stringify(failures);
  if (cause === null || scope === null) {
    delete failures.server;
    if (cause === null) delete failures[mail.purpose];
  } else {
    failures[scope] = { at: now, cause, ...(cause === 'recipient' ? { to: mail.to } : {}) };
  }
  if (JSON.stringify(failures) === before && unstored === null) return;
  store(db, via, failures);
}

/**
 * The failures still to be said, the server's first: those of the transport the server uses now (`smtpUrl`). A
 * refused club address corrected since is not.
 */
export function mailStatus(db: Db, smtpUrl = config.smtpUrl): MailStatus {
  const via = viaOf(smtpUrl);
  const failures = memoOf(db)[via] ?? stored(db, via);
  const clubAddress = failures.inquiry?.to === undefined ? null : inquiryRecipientIn(db);
  return {
    failures: SCOPES.flatMap((scope) => {
      const failure = failures[scope];
      if (!failure) return [];
      if (failure.to !== undefined && failure.to !== clubAddress) return [];
      const reason = failure.to !== undefined ? MAIL_STATUS_TEXTS.clubAddressRefused(failure.to) : (MAIL_STATUS_TEXTS.laterReason[failure.cause] ?? USER_TEXTS.inviteNotSentReason[failure.cause]);
      return [{ failedAt: failure.at, reason, scope }];
    }),
  };
}
