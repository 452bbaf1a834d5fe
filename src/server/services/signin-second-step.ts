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
import { verifySecondFactor } from '../auth/totp';
import { recordSignIn } from '../audit/signin-audit';

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
