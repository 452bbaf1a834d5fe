// Rate limits with a growing delay, kept in SQLite so a restart does not reset
// them. Each failure within the window doubles the wait (capped), so a password
// cannot be guessed at speed, yet the real owner is never locked out for good.
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';

export type RateLimitPolicy = {
  /** failures allowed in the window before any delay */
  free: number;
  windowMs: number;
  /** first delay; doubles with each further failure */
  baseDelayMs: number;
  maxDelayMs: number;
};

export const LOGIN_POLICY: RateLimitPolicy = { free: 5, windowMs: 15 * 60_000, baseDelayMs: 2_000, maxDelayMs: 15 * 60_000 };
export const FORM_POLICY: RateLimitPolicy = { free: 5, windowMs: 10 * 60_000, baseDelayMs: 60_000, maxDelayMs: 60 * 60_000 };

/** Milliseconds until the key may try again (0: now). */
export function retryAfter(db: Db, key: string, now = Date.now()): number {
  const row = db.select().from(rateLimits).where(eq(rateLimits.key, key)).get();
  return row && row.blockedUntil > now ? row.blockedUntil - now : 0;
}

/** Counts one attempt that should be limited (a failed sign-in, a sent form). */
export function recordAttempt(db: Db, key: string, policy: RateLimitPolicy, now = Date.now()): void {
  const row = db.select().from(rateLimits).where(eq(rateLimits.key, key)).get();
  const fresh = !row || now - row.windowStart > policy.windowMs;
  const failures = fresh ? 1 : row.failures + 1;
  const over = failures - policy.free;
  const blockedUntil = over > 0 ? now + Math.min(policy.baseDelayMs * 2 ** (over - 1), policy.maxDelayMs) : 0;
  db.insert(rateLimits)
    .values({ key, failures, windowStart: fresh ? now : row.windowStart, blockedUntil })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: { failures, windowStart: fresh ? now : row!.windowStart, blockedUntil },
    })
    .run();
}

export function clearAttempts(db: Db, key: string): void {
  db.delete(rateLimits).where(eq(rateLimits.key, key)).run();
}
