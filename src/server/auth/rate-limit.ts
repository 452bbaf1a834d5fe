// Rate limits with a growing delay, kept in SQLite so a restart does not reset
// them (docs/decisions/005). A key gets `free` attempts; every further one makes
// it wait twice as long as the last, up to a cap, so a password cannot be
// guessed at speed. Nothing is permanent: the delay never exceeds the cap, and a
// key that stays quiet for the window after its wait starts fresh.
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { write, writeIfPossible } from '../db/write';
import { rateLimits } from '../db/schema';
import { plainAddress } from '../http/proxy';

export type RateLimitPolicy = {
  /** attempts allowed before any delay */
  free: number;
  /** how long a key is remembered: from its first attempt, or from the end of its last wait */
  windowMs: number;
  /** first delay; doubles with each further attempt */
  baseDelayMs: number;
  maxDelayMs: number;
};

const MINUTE = 60_000;

/**
 * The part of a client address that per-address limits count: an IPv4 address as it is, an IPv6
 * address by its /64, the smallest block a provider hands out (a VPS comes with a whole /64: keyed
 * by the full address, each of its 2^64 addresses had limits of its own, docs/decisions/016).
 */
export function addressForLimits(address: string): string {
  // an IPv4 address, also one written as IPv6 (::ffff:1.2.3.4), counts as it is
  const v4 = plainAddress(address);
  if (!v4.includes(':')) return v4;
  const plain = address.split('%')[0].toLowerCase();
  const [head, tail] = plain.split('::');
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  // an IPv4 tail (::1.2.3.4) stands for two groups
  const tailGroups = groups(tail).flatMap((g) => (g.includes('.') ? ['0', '0'] : [g]));
  const all = tail === undefined ? groups(head) : [...groups(head), ...Array(Math.max(0, 8 - groups(head).length - tailGroups.length)).fill('0'), ...tailGroups];
  return `${all
    .slice(0, 4)
    .map((g) => (parseInt(g || '0', 16) || 0).toString(16))
    .join(':')}::/64`;
}

// the sign-in policies are in signin-limits.ts
/** Reset e-mails asked for per client address. */
export const RESET_ADDRESS_POLICY: RateLimitPolicy = { free: 5, windowMs: 15 * MINUTE, baseDelayMs: MINUTE, maxDelayMs: 60 * MINUTE };
/** The record of reset links asked for an address (typed in by anyone: an erasure removes it too). */
export const resetRecipientKey = (email: string) => `reset:recipient:${email}`;
/** Reset e-mails per recipient: nobody can flood someone's inbox, nor keep them from a link for more than an hour. */
export const RESET_RECIPIENT_POLICY: RateLimitPolicy = { free: 3, windowMs: 60 * MINUTE, baseDelayMs: 15 * MINUTE, maxDelayMs: 60 * MINUTE };
/**
 * Proofs inside a session (the current password, a code of the second factor) per user: whoever holds a
 * session cookie alone must not guess the code that switches the factor off, at a millisecond a try.
 */
export const ACCOUNT_PROOF_POLICY: RateLimitPolicy = { free: 5, windowMs: 15 * MINUTE, baseDelayMs: 30_000, maxDelayMs: 15 * MINUTE };
/** Public forms (membership, contact) per client address. */
export const FORM_POLICY: RateLimitPolicy = { free: 5, windowMs: 10 * MINUTE, baseDelayMs: MINUTE, maxDelayMs: 60 * MINUTE };

const turns = new Map<string, Promise<unknown>>();

/**
 * Runs `work` after the earlier work of the same key has ended: a check of the
 * limit, an awaited captcha and the count of the attempt then happen as if the
 * requests had come one after another. Sent at once, 30 posts of one address
 * each passed the check before any was counted, and 30 were stored.
 */
export function inTurn<T>(key: string, work: () => Promise<T>): Promise<T> {
  const run = (turns.get(key) ?? Promise.resolve()).then(work);
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  turns.set(key, settled);
  void settled.then(() => {
    if (turns.get(key) === settled) turns.delete(key);
  });
  return run;
}

/** Milliseconds until the key may try again (0: now). */
export function retryAfter(db: Db, key: string, now = Date.now()): number {
  const row = db.select().from(rateLimits).where(eq(rateLimits.key, key)).get();
  return row && row.blockedUntil > now ? row.blockedUntil - now : 0;
}

/** The longest wait of several keys (0: all may try now). */
export function retryAfterAny(db: Db, keys: string[], now = Date.now()): number {
  return Math.max(0, ...keys.map((key) => retryAfter(db, key, now)));
}

/** The delay the n-th attempt of a window causes (0 while it is free). */
export function delayFor(attempts: number, policy: RateLimitPolicy): number {
  const over = attempts - policy.free;
  return over > 0 ? Math.min(policy.baseDelayMs * 2 ** (over - 1), policy.maxDelayMs) : 0;
}

/** How many attempts of the key are still remembered (0 once a quiet window has passed). */
export function failuresRemembered(db: Db, key: string, policy: RateLimitPolicy, now = Date.now()): number {
  const row = db.select().from(rateLimits).where(eq(rateLimits.key, key)).get();
  if (!row) return 0;
  const remembered = (row.blockedUntil > 0 ? row.blockedUntil : row.windowStart) + policy.windowMs;
  return now > remembered ? 0 : row.failures;
}

/** Counts one attempt that should be limited (a failed sign-in, a sent form). */
export function recordAttempt(db: Db, key: string, policy: RateLimitPolicy, now = Date.now()): void {
  const row = db.select().from(rateLimits).where(eq(rateLimits.key, key)).get();
  // while an attacker keeps going the record stays and the delay keeps growing;
  // after a quiet window it is forgotten
  const remembered = row ? (row.blockedUntil > 0 ? row.blockedUntil : row.windowStart) + policy.windowMs : 0;
  const fresh = !row || now > remembered;
  const failures = fresh ? 1 : row.failures + 1;
  const delay = delayFor(failures, policy);
  const blockedUntil = delay > 0 ? now + delay : 0;
  const windowStart = fresh ? now : row.windowStart;
  write(
    'rateLimit.record',
    () =>
      db
        .insert(rateLimits)
        .values({ key, failures, windowStart, blockedUntil })
        .onConflictDoUpdate({ target: rateLimits.key, set: { failures, windowStart, blockedUntil } })
        .run(),
    db,
  );
}

export function clearAttempts(db: Db, key: string): void {
  write('rateLimit.clear', () => db.delete(rateLimits).where(eq(rateLimits.key, key)).run(), db);
}

/** How long a record of attempts counts for any policy: a day (the longest window). */
export const ATTEMPTS_REMEMBERED_MS = 24 * 60 * MINUTE;

/** The records no policy remembers any more at `now`: older than a day and not waiting. */
export function forgottenAttempts(now: number) {
  const dayAgo = now - ATTEMPTS_REMEMBERED_MS;
  return and(lt(rateLimits.windowStart, dayAgo), lt(rateLimits.blockedUntil, dayAgo));
}

/** Forgets records no policy remembers any more (on a failed sign-in; the nightly housekeeping too). */
export function pruneAttempts(db: Db, now = Date.now()): void {
  writeIfPossible('rateLimit.prune', () => db.delete(rateLimits).where(forgottenAttempts(now)).run(), db);
}
