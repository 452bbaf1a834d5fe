// One's own account in the admin (issue 11): the second factor (set up with a
// QR code, switched off with a current code, new recovery codes) and the
// password change, which ends every other session at once. The superadmin's
// part: requiring the second factor of every admin, and removing the factor of
// someone who lost their phone. docs/decisions/019-second-factor.md
import { eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { Db } from '../db/client';
import { sessions, siteSettings, users } from '../db/schema';
import { RefusedWrite, isRefusedWrite, write } from '../db/write';
import { hashPassword, passwordProblem, verifyPassword, PASSWORD_MESSAGES } from '../auth/password';
import { invalidateUserSessions } from '../auth/session';
import { voidPasswordTokens } from '../auth/tokens';
import { ACCOUNT_PROOF_POLICY, clearAttempts, inTurn, recordAttempt, retryAfter } from '../auth/rate-limit';
import { recordAudit } from '../audit/audit-log';
import {
  beginTotpSetup,
  confirmTotpSetup,
  hasSecondFactor,
  recoveryCodesLeft,
  removeSecondFactor,
  replaceRecoveryCodes,
  TOTP_TEXTS,
  verifySecondFactor,
} from '../auth/totp';
import { ACCOUNT_TEXTS } from '../../lib/schemas/account';

const REQUIRED_KEY = 'second_factor_required';

export type SecondFactorStatus = { on: boolean; recoveryCodesLeft: number; required: boolean };

/** Whether a superadmin requires the second factor of every admin. */
export function isSecondFactorRequired(db: Db): boolean {
  return db.select().from(siteSettings).where(eq(siteSettings.key, REQUIRED_KEY)).get()?.value === '1';
}

/** An admin who must set the second factor up before anything else (the requirement is on, theirs is not). */
export function mustSetUpSecondFactor(db: Db, userId: string, isAdmin: boolean): boolean {
  return isAdmin && isSecondFactorRequired(db) && !hasSecondFactor(db, userId);
}

export function secondFactorStatus(db: Db, userId: string): SecondFactorStatus {
  const on = hasSecondFactor(db, userId);
  return { on, recoveryCodesLeft: on ? recoveryCodesLeft(db, userId) : 0, required: isSecondFactorRequired(db) };
}

export type SecondFactorSetup = { qrCode: string; secret: string };

/**
 * A new key for the authenticator app, not yet in force: the QR code (a PNG
 * data URL, made here so the admin's code carries no QR library) and the key
 * in groups of four for typing it in by hand.
 */
export async function startSecondFactor(
  db: Db,
  user: { id: string; email: string },
  proof: { sessionId: string | undefined; password?: string; now?: number },
): Promise<SecondFactorSetup> {
  // whoever holds a stolen session must not tie the account to their phone: the password first,
  // unless the sign-in itself is a few minutes old (the set-up a superadmin requires right after it)
  if (!signedInSince(db, proof.sessionId, FRESH_SIGN_IN_MS, proof.now ?? Date.now())) {
    if (!proof.password) throw new RefusedWrite(ACCOUNT_TEXTS.confirmPasswordFirst, 'BAD_REQUEST');
    await provePassword(db, user.id, proof.password);
  }
  const { uri } = beginTotpSetup(db, user.id, user.email);
  const secret = new URL(uri).searchParams.get('secret') ?? '';
  const qrCode = await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
  return { qrCode, secret: secret.replace(/=+$/, '').replace(/(.{4})(?=.)/g, '$1 ') };
}

/** How recent a sign-in counts as the password just given (decision 019). */
export const FRESH_SIGN_IN_MS = 10 * 60_000;

function signedInSince(db: Db, sessionId: string | undefined, withinMs: number, now: number): boolean {
  if (!sessionId) return false;
  const row = db.select({ createdAt: sessions.createdAt }).from(sessions).where(eq(sessions.id, sessionId)).get();
  return row !== undefined && now - row.createdAt <= withinMs;
}

/**
 * The first code puts the factor in force; the recovery codes are shown this once. Counted with the other proofs:
 * a set-up left open could be confirmed by guessing, as often as one liked (3 codes in a million each time), and
 * the owner was then locked out with the guesser's recovery codes.
 */
export function finishSecondFactor(db: Db, userId: string, code: string, now = Date.now()): { recoveryCodes: string[] } {
  proofAllowed(db, userId);
  try {
    const confirmed = write('account.factorOn', (tx) => {
      const codes = confirmTotpSetup(tx, userId, code, now);
      recordOwn(tx, userId, 'factor.on');
      return codes;
    }, db);
    clearAttempts(db, proofKey(userId));
    return confirmed;
  } catch (error) {
    if (isRefusedWrite(error) && error.message === TOTP_TEXTS.wrongCode) recordAttempt(db, proofKey(userId), ACCOUNT_PROOF_POLICY);
    throw error;
  }
}

/**
 * One's own account change in the Protokoll, by the account itself, in the change's write: a takeover that
 * changed the password or swapped the second factor left no entry (only a superadmin's changes were there).
 */
function recordOwn(tx: Db, userId: string, action: 'password.change' | 'factor.on' | 'factor.off' | 'factor.recoveryCodes'): void {
  const own = tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, userId)).get();
  recordAudit(tx, { action, actor: own ?? null, entity: 'users', rowId: userId });
}

/** The key of a user's proofs inside a session (a code, the current password): ACCOUNT_PROOF_POLICY. */
const proofKey = (userId: string) => `account:proof:${userId}`;

/** Refused while the user's wrong proofs make them wait. */
function proofAllowed(db: Db, userId: string): void {
  const waitMs = retryAfter(db, proofKey(userId));
  if (waitMs > 0) throw new RefusedWrite(ACCOUNT_TEXTS.tooManyProofs(Math.ceil(waitMs / 1000)), 'BAD_REQUEST');
}

/**
 * The current password as a proof, one check at a time per account: argon2 runs in the thread pool, and checks
 * sent side by side each passed `proofAllowed` before the first was counted (a stolen session tried as many
 * passwords at once as it sent).
 */
function provePassword(db: Db, userId: string, password: string): Promise<void> {
  return inTurn(proofKey(userId), async () => {
    proofAllowed(db, userId);
    const row = db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId)).get();
    proofResult(db, userId, Boolean(row?.hash && (await verifyPassword(row.hash, password))), ACCOUNT_TEXTS.wrongPassword);
  });
}

/** A right proof starts the count over; a wrong one counts and is refused with `wrong`. */
function proofResult(db: Db, userId: string, right: boolean, wrong: string): void {
  if (right) return clearAttempts(db, proofKey(userId));
  recordAttempt(db, proofKey(userId), ACCOUNT_PROOF_POLICY);
  throw new RefusedWrite(wrong, 'BAD_REQUEST');
}

/** A current code (or a recovery code) proves the phone is at hand before anything changes; a few wrong ones, then a wait. */
function proveSecondFactor(db: Db, userId: string, code: string): void {
  if (!hasSecondFactor(db, userId)) throw new RefusedWrite(ACCOUNT_TEXTS.notOn, 'BAD_REQUEST');
  proofAllowed(db, userId);
  proofResult(db, userId, verifySecondFactor(db, userId, code) !== 'wrong', ACCOUNT_TEXTS.wrongCode);
}

/** Switches one's own factor off; not while a superadmin requires it of every admin. */
export function switchOffSecondFactor(db: Db, user: { id: string; isAdmin: boolean }, code: string): void {
  if (user.isAdmin && isSecondFactorRequired(db)) throw new RefusedWrite(ACCOUNT_TEXTS.requiredCannotSwitchOff, 'BAD_REQUEST');
  proveSecondFactor(db, user.id, code);
  write('account.factorOff', (tx) => {
    removeSecondFactor(tx, user.id);
    recordOwn(tx, user.id, 'factor.off');
  }, db);
}

/** Ten new recovery codes (the old ones are void), after a current code. */
export function renewRecoveryCodes(db: Db, userId: string, code: string): { recoveryCodes: string[] } {
  proveSecondFactor(db, userId, code);
  return write('account.recoveryCodes', (tx) => {
    const renewed = replaceRecoveryCodes(tx, userId);
    recordOwn(tx, userId, 'factor.recoveryCodes');
    return renewed;
  }, db);
}

/**
 * Changes one's own password after the current one; every other session of the
 * account ends at once (someone who knew the old password is out).
 */
export async function changeOwnPassword(
  db: Db,
  userId: string,
  input: { current: string; password: string; confirm: string },
  keepSessionId: string | undefined,
): Promise<void> {
  await provePassword(db, userId, input.current);
  const problem = passwordProblem(input.password, db);
  if (problem) throw new RefusedWrite(problem, 'BAD_REQUEST');
  if (input.password !== input.confirm) throw new RefusedWrite(PASSWORD_MESSAGES.mismatch, 'BAD_REQUEST');
  if (input.password === input.current) throw new RefusedWrite(ACCOUNT_TEXTS.samePassword, 'BAD_REQUEST');
  const passwordHash = await hashPassword(input.password);
  write('account.password', (tx) => {
    tx.update(users).set({ passwordHash }).where(eq(users.id, userId)).run();
    // a reset or invitation link someone else may hold is void with the old password
    voidPasswordTokens(tx, userId);
    recordOwn(tx, userId, 'password.change');
  }, db);
  invalidateUserSessions(db, userId, keepSessionId);
}

/**
 * Requires (or no longer requires) the second factor of every admin. Only a
 * superadmin whose own factor is on may switch it on: nobody locks themselves out.
 */
export function setSecondFactorRequired(db: Db, actingUserId: string, required: boolean): void {
  if (required && !hasSecondFactor(db, actingUserId)) throw new RefusedWrite(ACCOUNT_TEXTS.ownFirst, 'BAD_REQUEST');
  write('account.require', () =>
    db
      .insert(siteSettings)
      .values({ key: REQUIRED_KEY, value: required ? '1' : '0' })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value: required ? '1' : '0' } })
      .run(), db);
  recordAudit(db, { action: 'factor.required', detail: required ? 'Für alle Admins verlangt' : 'Nicht mehr verlangt' });
}

/** A superadmin removes someone's factor (a lost phone); their sessions end, they sign in with the password again. */
export function removeSecondFactorOf(db: Db, userId: string, actingUserId: string): void {
  if (userId === actingUserId) throw new RefusedWrite(ACCOUNT_TEXTS.notYourself, 'BAD_REQUEST');
  if (!hasSecondFactor(db, userId)) throw new RefusedWrite(ACCOUNT_TEXTS.notOnForUser, 'BAD_REQUEST');
  removeSecondFactor(db, userId);
  invalidateUserSessions(db, userId);
  const target = db.select({ email: users.email }).from(users).where(eq(users.id, userId)).get();
  recordAudit(db, { action: 'factor.remove', entity: 'users', rowId: userId, detail: target?.email ?? null });
}
