import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { rateLimits, sessions } from '../db/schema';
import { createTestDb } from '../db/test-db';
import { createOneTimeToken } from '../auth/tokens';
import { TOTP_STEP_SECONDS, beginTotpSetup, confirmTotpSetup } from '../auth/totp';
import { signInKeys } from '../auth/signin-limits';
import { createUser } from '../auth/users';
import { solvedCaptcha } from '../../../tests/fixtures/captcha';
import { completePasswordReset, signIn } from './auth';
import { WRONG_CODES_PER_TOKEN, completeSecondStep } from './signin-second-step';

const PASSWORD = 'Passwort-mit-Faktor-1';

/** An admin with the app set up; `code(at)` is what the app shows. */
async function adminWithApp(db: Db) {
  const user = await createUser(db, { email: 'kassier@verein.at', password: PASSWORD, roles: ['admin'] });
  const { uri } = beginTotpSetup(db, user.id, user.email);
  const key = decodeBase32IgnorePadding(new URL(uri).searchParams.get('secret')!);
  const code = (at = Date.now()) => generateHOTP(key, BigInt(Math.floor(at / 1000 / TOTP_STEP_SECONDS)), 6);
  const { recoveryCodes } = confirmTotpSetup(db, user.id, code(Date.now() - 60_000), Date.now() - 60_000);
  return { user, code, recoveryCodes };
}

const sessionsOf = (db: Db, userId: string) => db.select().from(sessions).where(eq(sessions.userId, userId)).all();

describe('sign-in with a second factor', () => {
  it('the right password gives no session but a second step; the right code makes the session, once', async () => {
    const db = createTestDb();
    const { user, code } = await adminWithApp(db);
    const first = await signIn(db, { email: user.email, password: PASSWORD, ...(await solvedCaptcha(db)) }, '10.9.0.1');
    expect(first).toMatchObject({ ok: false, reason: 'second-factor' });
    expect(sessionsOf(db, user.id)).toEqual([]);
    if (first.ok || first.reason !== 'second-factor') return;

    // a wrong code counts like a wrong password
    expect(await completeSecondStep(db, { token: first.secondStepToken, code: '000000' }, '10.9.0.1')).toEqual({ ok: false, reason: 'code' });
    expect(db.select().from(rateLimits).where(eq(rateLimits.key, signInKeys.pair(user.email, '10.9.0.1'))).get()?.failures).toBe(1);

    const done = await completeSecondStep(db, { token: first.secondStepToken, code: code() }, '10.9.0.1', null, 'Firefox/132.0');
    expect(done).toMatchObject({ ok: true, recoveryCodeUsed: false });
    expect(sessionsOf(db, user.id)).toHaveLength(1);
    // the step is used up
    expect(await completeSecondStep(db, { token: first.secondStepToken, code: code() }, '10.9.0.1')).toEqual({ ok: false, reason: 'expired' });
  });

  it('a step token takes five wrong codes, from whatever addresses, then it is used up: the right code then needs the password again', async () => {
    const db = createTestDb();
    const { user, code } = await adminWithApp(db);
    const first = await signIn(db, { email: user.email, password: PASSWORD, ...(await solvedCaptcha(db)) }, '2001:db8:7:7::1');
    if (first.ok || first.reason !== 'second-factor') throw new Error('no second step');
    // each guess from another address of one /64 (a VPS has 2^64 of them)
    const answers = [];
    for (let i = 1; i <= WRONG_CODES_PER_TOKEN; i++) {
      answers.push((await completeSecondStep(db, { token: first.secondStepToken, code: String(100000 + i) }, `2001:db8:7:7::${(i + 1).toString(16)}`)).ok === false);
    }
    expect(answers).toEqual(Array(WRONG_CODES_PER_TOKEN).fill(true));
    expect(await completeSecondStep(db, { token: first.secondStepToken, code: code() }, '2001:db8:7:7::1')).toEqual({ ok: false, reason: 'expired' });
    expect(sessionsOf(db, user.id)).toEqual([]);
    // every address of the block counted as one: its own limit bites as for a single address
    expect(db.select().from(rateLimits).where(eq(rateLimits.key, signInKeys.address('2001:db8:7:7:ffff::9'))).get()?.failures).toBe(WRONG_CODES_PER_TOKEN);
  });

  it('a recovery code signs in once; an unknown step token is expired', async () => {
    const db = createTestDb();
    const { user, recoveryCodes } = await adminWithApp(db);
    const first = await signIn(db, { email: user.email, password: PASSWORD, ...(await solvedCaptcha(db)) }, '10.9.0.2');
    if (first.ok || first.reason !== 'second-factor') throw new Error('no second step');
    expect(await completeSecondStep(db, { token: first.secondStepToken, code: recoveryCodes[0] }, '10.9.0.2')).toMatchObject({
      ok: true,
      recoveryCodeUsed: true,
    });
    expect(await completeSecondStep(db, { token: 'ausgedacht', code: recoveryCodes[1] }, '10.9.0.2')).toEqual({ ok: false, reason: 'expired' });
  });

  it('the reset link sets the password but never signs in past the second factor', async () => {
    const db = createTestDb();
    const { user } = await adminWithApp(db);
    const token = createOneTimeToken(db, 'reset', user.id);
    const outcome = await completePasswordReset(db, { token, password: 'Ganz-neues-Passwort-2', confirm: 'Ganz-neues-Passwort-2' });
    expect(outcome).toEqual({ ok: true, sessionToken: null, userId: user.id });
    expect(sessionsOf(db, user.id)).toEqual([]);
    // the new password leads to the second step, as any sign-in
    const next = await signIn(db, { email: user.email, password: 'Ganz-neues-Passwort-2', ...(await solvedCaptcha(db)) }, '10.9.0.3');
    expect(next).toMatchObject({ ok: false, reason: 'second-factor' });
  });
});
