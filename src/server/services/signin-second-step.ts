// The second step of a sign-in (issue 11, docs/decisions/019): the right
// password gave a short-lived, single-use token; the code from the app (or a
// recovery code) turns it into a session. Wrong codes count against the same
// limits as wrong passwords.
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { createSession, invalidateSession } from '../auth/session';
import { recordSignInFailure, recordSignInSuccess, signInGate } from '../auth/signin-limits';
import { consumeToken, peekToken } from '../auth/tokens';
import { failuresRemembered, recordAttempt, type RateLimitPolicy } from '../auth/rate-limit';
import { verifySecondFactor } from '../auth/totp';
import { recordSignIn } from '../audit/signin-audit';

/** Wrong codes one second-step token takes before it is used up. */
export const WRONG_CODES_PER_TOKEN = 5;
// remembered as long as a token lives; no wait of its own (the token ends instead)
const SECOND_STEP_TOKEN_POLICY: RateLimitPolicy = { free: WRONG_CODES_PER_TOKEN, windowMs: 10 * 60_000, baseDelayMs: 1, maxDelayMs: 1 };

export type SecondStepOutcome =
  | { ok: true; sessionToken: string; expiresAt: number; userId: string; recoveryCodeUsed: boolean }
  | { ok: false; reason: 'expired' | 'code' }
  | { ok: false; reason: 'rate-limited'; retryAfterSeconds: number };

export async function completeSecondStep(
  db: Db,
  input: { token: string; code: string },
  clientAddress: string,
  previousSessionId: string | null = null,
  userAgent: string | null = null,
): Promise<SecondStepOutcome> {
  const row = peekToken(db, input.token, 'second-step');
  const user = row?.userId ? db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, row.userId)).get() : undefined;
  if (!user) return { ok: false, reason: 'expired' };
  const gate = signInGate(db, user.email, clientAddress);
  if (gate.refuse) return { ok: false, reason: 'rate-limited', retryAfterSeconds: Math.ceil(gate.waitMs / 1000) };
  const result = verifySecondFactor(db, user.id, input.code);
  if (result === 'wrong') {
    recordSignInFailure(db, user.email, clientAddress);
    // A token takes a few wrong codes, then it is used up: the next tries need the password again.
    // Counted per token, not per address: from addresses of one block (IPv6) or many, one password
    // sign-in buys at most WRONG_CODES_PER_TOKEN guesses at a code, never a lock-out of the owner.
    const key = `second-step:token:${row!.id}`;
    recordAttempt(db, key, SECOND_STEP_TOKEN_POLICY);
    if (failuresRemembered(db, key, SECOND_STEP_TOKEN_POLICY) >= WRONG_CODES_PER_TOKEN) {
      consumeToken(db, input.token, 'second-step');
      return { ok: false, reason: 'expired' };
    }
    return { ok: false, reason: 'code' };
  }
  // single use: a second submit of the same step loses
  if (!consumeToken(db, input.token, 'second-step')) return { ok: false, reason: 'expired' };
  recordSignInSuccess(db, user.email, clientAddress);
  if (previousSessionId) invalidateSession(db, previousSessionId);
  const { token, session } = createSession(db, user.id, Date.now(), userAgent);
  recordSignIn(db, user, clientAddress, true);
  return { ok: true, sessionToken: token, expiresAt: session.expiresAt, userId: user.id, recoveryCodeUsed: result === 'recovery-used' };
}
