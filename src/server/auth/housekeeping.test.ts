import { describe, expect, it } from 'vitest';
import { createTestDb } from '../db/test-db';
import { knownSignInAddresses, oneTimeTokens, rateLimits, sessions } from '../db/schema';
import { createUser } from './users';
import { createSession, SESSION_TTL_MS } from './session';
import { consumeToken, createOneTimeToken } from './tokens';
import { FORM_POLICY, recordAttempt } from './rate-limit';
import { recordSignInSuccess } from './signin-limits';
import { forgetExpiredSignIns, signInHousekeepingJob } from './housekeeping';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('the nightly sign-in housekeeping', () => {
  it('forgets expired sessions, spent links, stale attempts and old sign-in addresses; keeps what still counts', async () => {
    const db = createTestDb();
    const user = await createUser(db, { email: 'h@verein.at', roles: ['user'] });
    const t0 = 1_800_000_000_000;
    createSession(db, user.id, t0);
    const current = createSession(db, user.id, t0 + 20 * DAY).session.id;
    createOneTimeToken(db, 'reset', user.id, t0); // expired an hour later, never used
    consumeToken(db, createOneTimeToken(db, 'invite', user.id, t0 + 28 * DAY), 'invite', t0 + 28 * DAY); // used two days ago
    createOneTimeToken(db, 'invite', user.id, t0 + 29 * DAY + 23 * HOUR); // still valid
    recordAttempt(db, 'form:203.0.113.7', FORM_POLICY, t0);
    recordAttempt(db, 'form:203.0.113.8', FORM_POLICY, t0 + 30 * DAY - HOUR);
    recordSignInSuccess(db, 'h@verein.at', '203.0.113.9', t0 - DAY);
    recordSignInSuccess(db, 'h@verein.at', '198.51.100.1', t0 + 29 * DAY);

    const now = t0 + 30 * DAY + 1;
    expect(t0 + SESSION_TTL_MS).toBeLessThan(now);
    const job = signInHousekeepingJob(() => db, { now: () => now, log: { info: () => undefined } });
    await job.run();

    expect(db.select({ id: sessions.id }).from(sessions).all()).toEqual([{ id: current }]);
    const links = db.select().from(oneTimeTokens).all();
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({ purpose: 'invite', usedAt: null });
    expect(db.select({ key: rateLimits.key }).from(rateLimits).all()).toEqual([{ key: 'form:203.0.113.8' }]);
    expect(db.select({ address: knownSignInAddresses.address }).from(knownSignInAddresses).all()).toEqual([{ address: '198.51.100.1' }]);
    // nothing left to forget the night after
    expect(forgetExpiredSignIns(db, now + 1)).toBe(0);
  });
});
