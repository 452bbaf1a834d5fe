// Sign-in, forgotten password and new password (public-site.md §2, §4, §5, §8;
// docs/decisions/004 and 005). The actions are thin; the rules are here.
import { and, eq, isNull } from 'drizzle-orm';
import { PASSWORD_MESSAGES } from '../../lib/schemas/auth';
import type { ForgotPasswordInput, ResetPasswordInput, SignInInput } from '../../lib/schemas/auth';
import { clubIdentity } from '../content/club';
import { config } from '../config';
import type { Db } from '../db/client';
import { write } from '../db/write';
import { oneTimeTokens, users } from '../db/schema';
import { verifyCaptcha } from '../auth/captcha';
import { burnPasswordCheck, hashPassword, passwordProblem, verifyPassword } from '../auth/password';
import { RESET_ADDRESS_POLICY, RESET_RECIPIENT_POLICY, addressForLimits, inTurn, recordAttempt, resetRecipientKey, retryAfter } from '../auth/rate-limit';
import { clearAccountLimits, recordSignInFailure, recordSignInSuccess, signInGate } from '../auth/signin-limits';
import { createSession, hashToken, invalidateSession, invalidateUserSessions } from '../auth/session';
import { createOneTimeToken, peekToken, replaceToken, voidOlderTokens, voidPasswordTokens, type TokenPurpose, type TokenRow } from '../auth/tokens';
import { findUserByEmail, normaliseEmail } from '../auth/users';
import { sendMail } from '../mail/mailer';
import { hasSecondFactor } from '../auth/totp';
import { recordPasswordSet, recordSignIn } from '../audit/signin-audit';

// ── sign-in ──────────────────────────────────────────────────────────────────

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type SignInOutcome =
  | { ok: true; sessionToken: string; expiresAt: number; userId: string }
  /** the password was right; the account has a second factor: its code comes next (signin-second-step.ts) */
  | { ok: false; reason: 'second-factor'; secondStepToken: string }
  | { ok: false; reason: 'captcha' }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'rate-limited'; retryAfterSeconds: number };

/**
 * Checks the limits, the captcha and the password, in that order. Unknown
 * e-mails, users still without a password and wrong passwords give the same
 * answer after the same work (one argon2 verification), and count against the
 * same limits, so that neither the answer nor its timing tells which accounts
 * exist. A blocked attempt is refused before the password is looked at; an
 * attempt on an account under attack from an address it does not know waits
 * first (src/server/auth/signin-limits.ts).
 */
export async function signIn(
  db: Db,
  input: SignInInput,
  clientAddress: string,
  previousSessionId: string | null = null,
  userAgent: string | null = null,
): Promise<SignInOutcome> {
  const gate = signInGate(db, input.email, clientAddress);
  if (gate.refuse) return { ok: false, reason: 'rate-limited', retryAfterSeconds: Math.ceil(gate.waitMs / 1000) };
  // more proof for an account under attack: the wait comes first, whatever the captcha says
  if (gate.extraDelayMs > 0) await sleep(gate.extraDelayMs);
  if ((await verifyCaptcha(db, input.captchaToken, input.captchaAnswer, input.captchaProof)) !== 'ok') return { ok: false, reason: 'captcha' };

  const user = findUserByEmail(db, input.email);
  let valid = false;
  if (user?.passwordHash) valid = await verifyPassword(user.passwordHash, input.password);
  else await burnPasswordCheck(input.password);

  if (!valid || !user) {
    recordSignInFailure(db, input.email, clientAddress);
    return { ok: false, reason: 'invalid' };
  }
  // the right password is half of it for an account with a second factor: no session yet
  if (hasSecondFactor(db, user.id)) return { ok: false, reason: 'second-factor', secondStepToken: replaceToken(db, 'second-step', user.id) };
  recordSignInSuccess(db, input.email, clientAddress);
  // a new session on every sign-in; an older one of this browser ends
  if (previousSessionId) invalidateSession(db, previousSessionId);
  const { token, session } = createSession(db, user.id, Date.now(), userAgent);
  recordSignIn(db, user, clientAddress);
  return { ok: true, sessionToken: token, expiresAt: session.expiresAt, userId: user.id };
}

// ── links that set a password: reset and invitation ──────────────────────────

const PASSWORD_TOKEN_PURPOSES: TokenPurpose[] = ['reset', 'invite'];

export function passwordLink(token: string): string {
  // from SITE_URL, never from the request's Host header
  return `${config.siteUrl}/reset-password?token=${encodeURIComponent(token)}`;
}

/** The unused, unexpired reset or invitation token with its user, or null. */
export function findPasswordToken(db: Db, token: string, now = Date.now()): (TokenRow & { userId: string }) | null {
  for (const purpose of PASSWORD_TOKEN_PURPOSES) {
    const row = peekToken(db, token, purpose, now);
    if (row?.userId) return row as TokenRow & { userId: string };
  }
  return null;
}

export type ForgotOutcome = 'answered' | 'captcha' | 'rate-limited';

/**
 * 'Passwort vergessen?': the same answer whether or not the address exists. The
 * e-mail is sent in the background so that the answer's timing does not tell
 * either; each recipient gets at most a few per hour.
 */
export async function requestPasswordReset(
  db: Db,
  input: ForgotPasswordInput,
  clientAddress: string,
  send: typeof sendMail = sendMail,
): Promise<{ outcome: ForgotOutcome; delivery: Promise<void> }> {
  const done = Promise.resolve();
  const addressKey = `reset:address:${addressForLimits(clientAddress)}`;
  // one request of an address after the other: each sees the count of those before it
  const checked = await inTurn(addressKey, async () => {
    if (retryAfter(db, addressKey) > 0) return 'rate-limited' as const;
    if ((await verifyCaptcha(db, input.captchaToken, input.captchaAnswer, input.captchaProof)) !== 'ok') return 'captcha' as const;
    recordAttempt(db, addressKey, RESET_ADDRESS_POLICY);
    return null;
  });
  if (checked) return { outcome: checked, delivery: done };

  const email = normaliseEmail(input.email);
  const recipientKey = resetRecipientKey(email);
  if (retryAfter(db, recipientKey) > 0) return { outcome: 'answered', delivery: done };
  recordAttempt(db, recipientKey, RESET_RECIPIENT_POLICY);

  const user = findUserByEmail(db, email);
  if (!user) return { outcome: 'answered', delivery: done };
  // only the newest link works, once it is sent: a mail that did not go leaves the link the user has
  const token = createOneTimeToken(db, 'reset', user.id);
  const delivery = send({
    to: user.email,
    purpose: 'reset',
    subject: `Passwort zurücksetzen – ${clubIdentity().longName}`,
    text: [
      'Hallo,',
      '',
      `für dein Konto auf der Website des ${clubIdentity().longName} wurde ein neues Passwort angefordert.`,
      'Über diesen Link legst du es fest (1 Stunde gültig, nur einmal verwendbar):',
      '',
      passwordLink(token),
      '',
      'Wenn du das nicht warst, ignoriere diese E-Mail einfach: dein bisheriges Passwort bleibt gültig.',
    ].join('\n'),
  }).then(
    () => {
      try {
        voidOlderTokens(db, 'reset', user.id, token);
      } catch (error) {
        // the new link works; an older one does too, for its hour
        console.error(`[mail] the earlier reset links of ${user.email} could not be voided:`, error);
      }
    },
    (error: unknown) => console.error(`[mail] reset e-mail to ${user.email} failed:`, error),
  );
  return { outcome: 'answered', delivery };
}

export type ResetOutcome =
  | { ok: true; sessionToken: string; expiresAt: number; userId: string }
  /** the password is set; an account with a second factor is not signed in by a link: it signs in with both */
  | { ok: true; sessionToken: null; userId: string }
  | { ok: false; reason: 'token' }
  | { ok: false; reason: 'password'; message: string };

/**
 * Sets the password from a reset or invitation link. The token is used up, the
 * user's other sessions end, their sign-in delay is cleared, and they are signed
 * in with a new session (the spec's "session set from the recovery token").
 */
export async function completePasswordReset(db: Db, input: ResetPasswordInput, now = Date.now()): Promise<ResetOutcome> {
  const row = findPasswordToken(db, input.token, now);
  if (!row) return { ok: false, reason: 'token' };
  const problem = passwordProblem(input.password, db);
  if (problem) return { ok: false, reason: 'password', message: problem };
  if (input.password !== input.confirm) return { ok: false, reason: 'password', message: PASSWORD_MESSAGES.mismatch };
  // hashing is slow and asynchronous: done before the transaction
  const passwordHash = await hashPassword(input.password);
  const result = write('password.reset', (tx) => {
    const used = tx
      .update(oneTimeTokens)
      .set({ usedAt: now })
      .where(and(eq(oneTimeTokens.id, hashToken(input.token)), isNull(oneTimeTokens.usedAt)))
      .run();
    // a second submit of the same link lost the race
    if (used.changes !== 1) return null;
    const user = tx.update(users).set({ passwordHash }).where(eq(users.id, row.userId)).returning().get();
    if (!user) return null;
    // every other link of this user that could set the password is void now, and any sign-in halfway
    voidPasswordTokens(tx, user.id);
    return user;
  }, db);
  if (!result) return { ok: false, reason: 'token' };
  invalidateUserSessions(db, result.id);
  clearAccountLimits(db, result.email);
  recordPasswordSet(db, result, row.purpose === 'invite', now);
  // the reset link never bypasses the second factor
  if (hasSecondFactor(db, result.id)) return { ok: true, sessionToken: null, userId: result.id };
  const { token, session } = createSession(db, result.id, now);
  return { ok: true, sessionToken: token, expiresAt: session.expiresAt, userId: result.id };
}
