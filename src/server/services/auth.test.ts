import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { createTestDb } from '../db/test-db';
import type { Db } from '../db/client';
import { oneTimeTokens, rateLimits, sessions, users } from '../db/schema';
import { solvedCaptcha } from '../../../tests/fixtures/captcha';
import { verifyPassword } from '../auth/password';
import { createSession, hashToken } from '../auth/session';
import { TOKEN_TTL_MS, createOneTimeToken } from '../auth/tokens';
import { createUser } from '../auth/users';
import { config } from '../config';
import type { Mail } from '../mail/mailer';
import { KNOWN_ADDRESS_MS, UNDER_ATTACK_DELAY_MS, signInGate, signInKeys } from '../auth/signin-limits';
import { completePasswordReset, findPasswordToken, requestPasswordReset, signIn } from './auth';

const PASSWORD = 'Ein-langes-Passwort-7';


async function withUser(db: Db, email = 'trainer@verein.at', password: string | undefined = PASSWORD) {
  return createUser(db, { email, password, roles: ['admin'] });
}

const limitRow = (db: Db, key: string) => db.select().from(rateLimits).where(eq(rateLimits.key, key)).get();

describe('signIn', () => {
  it('signs in with the right password (e-mail in any case) and creates a new session each time', async () => {
    const db = createTestDb();
    const user = await withUser(db);
    const first = await signIn(db, { email: 'Trainer@Verein.at ', password: PASSWORD, ...(await solvedCaptcha(db)) }, '10.0.0.1');
    const second = await signIn(db, { email: 'trainer@verein.at', password: PASSWORD, ...(await solvedCaptcha(db)) }, '10.0.0.1');
    expect(first.ok && second.ok).toBe(true);
    if (!first.ok || !second.ok) return;
    expect(first.sessionToken).not.toBe(second.sessionToken);
    const stored = db.select().from(sessions).where(eq(sessions.userId, user.id)).all();
    // only hashes are stored
    expect(stored.map((s) => s.id).sort()).toEqual([hashToken(first.sessionToken), hashToken(second.sessionToken)].sort());
  });

  it('ends the session the browser had before when it signs in again', async () => {
    const db = createTestDb();
    const user = await withUser(db);
    const old = createSession(db, user.id);
    const outcome = await signIn(db, { email: user.email, password: PASSWORD, ...(await solvedCaptcha(db)) }, '10.0.0.1', old.session.id);
    expect(outcome.ok).toBe(true);
    expect(db.select().from(sessions).where(eq(sessions.id, old.session.id)).get()).toBeUndefined();
  });

  it('gives the same answer for an unknown e-mail, a wrong password and an invited user without password', async () => {
    const db = createTestDb();
    await withUser(db);
    await createUser(db, { email: 'eingeladen@verein.at', roles: ['user'] });
    const unknown = await signIn(db, { email: 'niemand@verein.at', password: PASSWORD, ...(await solvedCaptcha(db)) }, '10.0.0.2');
    const wrong = await signIn(db, { email: 'trainer@verein.at', password: 'falsch-falsch', ...(await solvedCaptcha(db)) }, '10.0.0.2');
    const pending = await signIn(db, { email: 'eingeladen@verein.at', password: PASSWORD, ...(await solvedCaptcha(db)) }, '10.0.0.2');
    expect(unknown).toEqual({ ok: false, reason: 'invalid' });
    expect(wrong).toEqual(unknown);
    expect(pending).toEqual(unknown);
    // and all three count against their account and the address alike
    for (const email of ['niemand@verein.at', 'trainer@verein.at', 'eingeladen@verein.at']) {
      expect(limitRow(db, signInKeys.account(email))?.failures, email).toBe(1);
    }
    expect(limitRow(db, signInKeys.address('10.0.0.2'))?.failures).toBe(3);
  });

  it('refuses a wrong or reused captcha before looking at the password', async () => {
    const db = createTestDb();
    await withUser(db);
    // each refusal with the right password and with a wrong one: the same answer, and nothing counted. Were the
    // password looked at first, a script without a captcha would learn from the answer which one was right
    for (const password of [PASSWORD, 'falsch-geraten']) {
      const c = await solvedCaptcha(db);
      const wrongAnswer = String(Number(c.captchaAnswer) + 1);
      expect(await signIn(db, { email: 'trainer@verein.at', password, ...c, captchaAnswer: wrongAnswer }, '10.0.0.3')).toEqual({
        ok: false,
        reason: 'captcha',
      });
      // the same question cannot be answered a second time, even correctly
      expect(await signIn(db, { email: 'trainer@verein.at', password, ...c }, '10.0.0.3')).toEqual({ ok: false, reason: 'captcha' });
      // the right sum without the proof of work (a script that parses the question) is refused too
      const unproven = await solvedCaptcha(db);
      expect(await signIn(db, { email: 'trainer@verein.at', password, ...unproven, captchaProof: undefined }, '10.0.0.3')).toEqual({
        ok: false,
        reason: 'captcha',
      });
    }
    expect(limitRow(db, signInKeys.account('trainer@verein.at'))).toBeUndefined();
    expect(limitRow(db, signInKeys.address('10.0.0.3'))).toBeUndefined();
  });

  it('after 5 failures the guesser\'s address waits for that account, while the owner signs in from another address at once', async () => {
    const db = createTestDb();
    await withUser(db);
    for (let i = 0; i < 6; i++) {
      expect((await signIn(db, { email: 'trainer@verein.at', password: `falsch-${i}-xx`, ...(await solvedCaptcha(db)) }, '10.0.0.4')).ok).toBe(false);
    }
    // the guesser's address is refused, even with the right password
    const guesser = await signIn(db, { email: 'trainer@verein.at', password: PASSWORD, ...(await solvedCaptcha(db)) }, '10.0.0.4');
    expect(guesser).toEqual({ ok: false, reason: 'rate-limited', retryAfterSeconds: 2 });
    // a blocked attempt is not counted again
    expect(limitRow(db, signInKeys.pair('trainer@verein.at', '10.0.0.4'))?.failures).toBe(6);
    // the owner, elsewhere, is not
    expect((await signIn(db, { email: 'trainer@verein.at', password: PASSWORD, ...(await solvedCaptcha(db)) }, '10.0.0.5')).ok).toBe(true);
    // and after the wait the right password works from the guesser's address too
    vi.useFakeTimers({ now: Date.now() + 2_001, toFake: ['Date'] });
    try {
      expect((await signIn(db, { email: 'trainer@verein.at', password: PASSWORD, ...(await solvedCaptcha(db)) }, '10.0.0.4')).ok).toBe(true);
    } finally {
      vi.useRealTimers();
    }
    expect(limitRow(db, signInKeys.pair('trainer@verein.at', '10.0.0.4'))).toBeUndefined();
  });

  it('an account guessed at from many addresses is never refused: past the ceiling a new address waits first, a known one does not', async () => {
    const db = createTestDb();
    await withUser(db);
    // the owner signed in from home last week, and from a holiday flat 31 days ago
    const signInAgo = async (ms: number, address: string) => {
      vi.useFakeTimers({ now: Date.now() - ms, toFake: ['Date'] });
      try {
        expect((await signIn(db, { email: 'trainer@verein.at', password: PASSWORD, ...(await solvedCaptcha(db)) }, address)).ok).toBe(true);
      } finally {
        vi.useRealTimers();
      }
    };
    await signInAgo(7 * 24 * 3_600_000, '192.0.2.1');
    await signInAgo(KNOWN_ADDRESS_MS + 24 * 3_600_000, '192.0.2.2');
    // 21 guessers, one failure each: no address and no pair is over its free attempts, the account is over its ceiling
    for (let i = 0; i < 21; i++) {
      await signIn(db, { email: 'trainer@verein.at', password: 'falsch-falsch', ...(await solvedCaptcha(db)) }, `198.51.100.${i}`);
    }
    expect(signInGate(db, 'trainer@verein.at', '203.0.113.50')).toEqual({ refuse: false, extraDelayMs: UNDER_ATTACK_DELAY_MS });
    expect(signInGate(db, 'trainer@verein.at', '192.0.2.1')).toEqual({ refuse: false, extraDelayMs: 0 });
    // an address known longer ago than 30 days is new again
    expect(signInGate(db, 'trainer@verein.at', '192.0.2.2')).toEqual({ refuse: false, extraDelayMs: UNDER_ATTACK_DELAY_MS });
    // the same for an e-mail nobody has: nothing tells which accounts exist
    for (let i = 0; i < 21; i++) {
      await signIn(db, { email: 'niemand@verein.at', password: 'falsch-falsch', ...(await solvedCaptcha(db)) }, `198.51.100.${i}`);
    }
    expect(signInGate(db, 'niemand@verein.at', '203.0.113.50')).toEqual(signInGate(db, 'trainer@verein.at', '203.0.113.50'));
    // the owner from the known address gets in at once; from a new one after the extra wait
    const started = Date.now();
    expect((await signIn(db, { email: 'trainer@verein.at', password: PASSWORD, ...(await solvedCaptcha(db)) }, '192.0.2.1')).ok).toBe(true);
    expect(Date.now() - started).toBeLessThan(UNDER_ATTACK_DELAY_MS);
    // solved before the clock is faked: the proof of work needs real time
    const captcha = await solvedCaptcha(db);
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const fromNew = signIn(db, { email: 'trainer@verein.at', password: PASSWORD, ...captcha }, '203.0.113.50');
      await vi.advanceTimersByTimeAsync(UNDER_ATTACK_DELAY_MS);
      expect((await fromNew).ok).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('blocks one address that tries many accounts', async () => {
    const db = createTestDb();
    for (let i = 0; i < 11; i++) {
      await signIn(db, { email: `person${i}@verein.at`, password: 'falsch-falsch', ...(await solvedCaptcha(db)) }, '10.0.0.6');
    }
    const next = await signIn(db, { email: 'person99@verein.at', password: 'falsch-falsch', ...(await solvedCaptcha(db)) }, '10.0.0.6');
    expect(next).toEqual({ ok: false, reason: 'rate-limited', retryAfterSeconds: 1 });
    // another address is not affected
    expect(await signIn(db, { email: 'person99@verein.at', password: 'falsch-falsch', ...(await solvedCaptcha(db)) }, '10.0.0.7')).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });
});

describe('requestPasswordReset', () => {
  it('answers the same for a known and an unknown address, and mails only the known one', async () => {
    const db = createTestDb();
    await withUser(db);
    const sent: Mail[] = [];
    const send = async (mail: Mail) => {
      sent.push(mail);
      return { transport: 'outbox' as const };
    };
    const known = await requestPasswordReset(db, { email: 'trainer@verein.at', ...(await solvedCaptcha(db)) }, '10.1.0.1', send);
    const unknown = await requestPasswordReset(db, { email: 'niemand@verein.at', ...(await solvedCaptcha(db)) }, '10.1.0.1', send);
    await Promise.all([known.delivery, unknown.delivery]);
    expect(known.outcome).toBe('answered');
    expect(unknown.outcome).toBe('answered');
    expect(sent.map((m) => m.to)).toEqual(['trainer@verein.at']);
    // a link to /reset-password on SITE_URL with a token of at least 128 bits
    const link = sent[0].text.match(/https?:\/\/\S+/)![0];
    expect(link.startsWith(`${config.siteUrl}/reset-password?token=`)).toBe(true);
    const token = new URL(link).searchParams.get('token')!;
    expect(token.length * 5).toBeGreaterThanOrEqual(128);
    const row = findPasswordToken(db, token);
    expect(row?.purpose).toBe('reset');
    expect(row!.expiresAt - row!.createdAt).toBe(60 * 60 * 1000);
  });

  it('keeps only the newest reset link of a user', async () => {
    const db = createTestDb();
    const user = await withUser(db);
    const send = async () => ({ transport: 'outbox' as const });
    await (await requestPasswordReset(db, { email: user.email, ...(await solvedCaptcha(db)) }, '10.1.0.2', send)).delivery;
    await (await requestPasswordReset(db, { email: user.email, ...(await solvedCaptcha(db)) }, '10.1.0.2', send)).delivery;
    const open = db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, user.id)).all();
    expect(open).toHaveLength(1);
  });

  it('a reset mail that cannot be sent leaves the link of the one sent before working', async () => {
    const db = createTestDb();
    const user = await withUser(db);
    const sent: Mail[] = [];
    const send = async (mail: Mail) => {
      sent.push(mail);
      return { transport: 'outbox' as const };
    };
    await (await requestPasswordReset(db, { email: user.email, ...(await solvedCaptcha(db)) }, '10.1.0.3', send)).delivery;
    const first = new URL(sent[0].text.match(/https?:\/\/\S+/)![0]).searchParams.get('token')!;
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failing = async () => {
      throw new Error('SMTP down');
    };
    await (await requestPasswordReset(db, { email: user.email, ...(await solvedCaptcha(db)) }, '10.1.0.3', failing)).delivery;
    expect(findPasswordToken(db, first)?.purpose).toBe('reset');
  });

  it('mails one recipient 3 times at once, then once more after each growing wait, with the same answer throughout', async () => {
    const db = createTestDb();
    await withUser(db);
    const sent: Mail[] = [];
    const send = async (mail: Mail) => {
      sent.push(mail);
      return { transport: 'outbox' as const };
    };
    for (let i = 0; i < 5; i++) {
      const result = await requestPasswordReset(db, { email: 'trainer@verein.at', ...(await solvedCaptcha(db)) }, `10.1.1.${i}`, send);
      expect(result.outcome).toBe('answered');
      await result.delivery;
    }
    expect(sent).toHaveLength(4);
    // 3 free; the 4th is sent and starts a 15-minute wait; the 5th falls into it and sends nothing
    const after = await requestPasswordReset(db, { email: 'trainer@verein.at', ...(await solvedCaptcha(db)) }, '10.1.2.1', send);
    await after.delivery;
    expect(sent).toHaveLength(4);
  });

  it('refuses a wrong captcha and limits one address', async () => {
    const db = createTestDb();
    const c = await solvedCaptcha(db);
    const send = async () => ({ transport: 'outbox' as const });
    expect((await requestPasswordReset(db, { email: 'a@verein.at', ...c, captchaAnswer: String(Number(c.captchaAnswer) + 1) }, '10.1.3.1', send)).outcome).toBe(
      'captcha',
    );
    for (let i = 0; i < 6; i++) await requestPasswordReset(db, { email: `p${i}@verein.at`, ...(await solvedCaptcha(db)) }, '10.1.3.2', send);
    expect((await requestPasswordReset(db, { email: 'x@verein.at', ...(await solvedCaptcha(db)) }, '10.1.3.2', send)).outcome).toBe('rate-limited');
  });
});

describe('completePasswordReset', () => {
  it('sets the password once, ends every other session, clears the sign-in delay and signs in', async () => {
    const db = createTestDb();
    const user = await withUser(db);
    const other = createSession(db, user.id);
    for (let i = 0; i < 7; i++) await signIn(db, { email: user.email, password: 'falsch-falsch', ...(await solvedCaptcha(db)) }, '10.2.0.1');
    const token = createOneTimeToken(db, 'reset', user.id);
    const outcome = await completePasswordReset(db, { token, password: 'Ganz-neues-Passwort', confirm: 'Ganz-neues-Passwort' });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok || outcome.sessionToken === null) throw new Error('not signed in');
    const stored = db.select().from(users).where(eq(users.id, user.id)).get()!;
    expect(await verifyPassword(stored.passwordHash!, 'Ganz-neues-Passwort')).toBe(true);
    const left = db.select().from(sessions).where(eq(sessions.userId, user.id)).all();
    expect(left.map((s) => s.id)).toEqual([hashToken(outcome.sessionToken)]);
    expect(left.some((s) => s.id === other.session.id)).toBe(false);
    expect(limitRow(db, signInKeys.account(user.email))).toBeUndefined();
    expect(limitRow(db, signInKeys.pair(user.email, '10.2.0.1'))).toBeUndefined();
    // the link is used up
    const again = await completePasswordReset(db, { token, password: 'Noch-ein-Passwort', confirm: 'Noch-ein-Passwort' });
    expect(again).toEqual({ ok: false, reason: 'token' });
  });

  it('refuses an expired link, a short password and a mismatch, and keeps the old password', async () => {
    const db = createTestDb();
    const user = await withUser(db);
    const token = createOneTimeToken(db, 'reset', user.id, Date.now() - TOKEN_TTL_MS.reset - 1);
    expect(await completePasswordReset(db, { token, password: 'Ganz-neues-Passwort', confirm: 'Ganz-neues-Passwort' })).toEqual({
      ok: false,
      reason: 'token',
    });
    const fresh = createOneTimeToken(db, 'reset', user.id);
    expect(await completePasswordReset(db, { token: fresh, password: 'kurz', confirm: 'kurz' })).toEqual({
      ok: false,
      reason: 'password',
      message: 'Das Passwort muss mindestens 8 Zeichen lang sein.',
    });
    expect(await completePasswordReset(db, { token: fresh, password: 'Ganz-neues-Passwort', confirm: 'Ganz-anderes-Passwort' })).toEqual({
      ok: false,
      reason: 'password',
      message: 'Die Passwörter stimmen nicht überein.',
    });
    const stored = db.select().from(users).where(eq(users.id, user.id)).get()!;
    expect(await verifyPassword(stored.passwordHash!, PASSWORD)).toBe(true);
    // the link survived the refused attempts
    expect(findPasswordToken(db, fresh)).not.toBeNull();
  });

  it('lets an invited user choose the first password through the invitation link', async () => {
    const db = createTestDb();
    const user = await createUser(db, { email: 'neu@verein.at', roles: ['user'] });
    const token = createOneTimeToken(db, 'invite', user.id);
    const outcome = await completePasswordReset(db, { token, password: 'Mein-erstes-Passwort', confirm: 'Mein-erstes-Passwort' });
    expect(outcome.ok).toBe(true);
    const signedIn = await signIn(db, { email: 'neu@verein.at', password: 'Mein-erstes-Passwort', ...(await solvedCaptcha(db)) }, '10.2.0.2');
    expect(signedIn.ok).toBe(true);
  });

  it('lets only one of two simultaneous submits of the same link win', async () => {
    const db = createTestDb();
    const user = await withUser(db);
    const token = createOneTimeToken(db, 'reset', user.id);
    const results = await Promise.all([
      completePasswordReset(db, { token, password: 'Erstes-Passwort-1', confirm: 'Erstes-Passwort-1' }),
      completePasswordReset(db, { token, password: 'Zweites-Passwort-2', confirm: 'Zweites-Passwort-2' }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
  });
});
