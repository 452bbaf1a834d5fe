import { describe, expect, it } from 'vitest';
import { createTestDb } from '../db/test-db';
import {
  addressForLimits,
  clearAttempts,
  delayFor,
  pruneAttempts,
  recordAttempt,
  retryAfter,
  retryAfterAny,
} from './rate-limit';
import { SIGNIN_PAIR_POLICY as POLICY } from './signin-limits';

const MINUTE = 60_000;

describe('rate limits with a growing delay', () => {
  it('lets the free attempts through, then doubles the wait with every further one', () => {
    const db = createTestDb();
    const t0 = 1_000_000;
    for (let i = 1; i <= POLICY.free; i++) {
      recordAttempt(db, 'k', POLICY, t0);
      expect(retryAfter(db, 'k', t0), `attempt ${i}`).toBe(0);
    }
    // the 6th failure: 2 s; each one after the wait: twice as long
    let now = t0;
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      recordAttempt(db, 'k', POLICY, now);
      const wait = retryAfter(db, 'k', now);
      waits.push(wait);
      now += wait;
    }
    expect(waits).toEqual([2_000, 4_000, 8_000, 16_000, 32_000]);
  });

  it('never waits longer than the cap, however long an attacker keeps going', () => {
    const db = createTestDb();
    let now = 5_000_000;
    let longest = 0;
    for (let i = 0; i < 60; i++) {
      recordAttempt(db, 'k', POLICY, now);
      const wait = retryAfter(db, 'k', now);
      longest = Math.max(longest, wait);
      now += wait;
    }
    expect(longest).toBe(15 * MINUTE);
    // the owner can always try again once the current wait is over
    expect(retryAfter(db, 'k', now)).toBe(0);
  });

  it('forgets a key after a quiet window and starts with free attempts again', () => {
    const db = createTestDb();
    const t0 = 10_000_000;
    for (let i = 0; i < POLICY.free + 1; i++) recordAttempt(db, 'k', POLICY, t0);
    expect(retryAfter(db, 'k', t0)).toBe(2_000);
    // quiet for the window after the wait ended: the next failure is free again
    const later = t0 + 2_000 + POLICY.windowMs + 1;
    recordAttempt(db, 'k', POLICY, later);
    expect(retryAfter(db, 'k', later)).toBe(0);
  });

  it('keeps growing when the next failure comes soon after the wait, even past the first window', () => {
    const db = createTestDb();
    let now = 20_000_000;
    for (let i = 0; i < POLICY.free; i++) recordAttempt(db, 'k', POLICY, now);
    let last = 0;
    for (let i = 0; i < 9; i++) {
      recordAttempt(db, 'k', POLICY, now);
      last = retryAfter(db, 'k', now);
      now += last;
    }
    // well beyond 15 minutes after the first failure, still doubling toward the cap
    expect(now - 20_000_000).toBeGreaterThan(POLICY.windowMs);
    recordAttempt(db, 'k', POLICY, now);
    expect(retryAfter(db, 'k', now)).toBe(Math.min(last * 2, POLICY.maxDelayMs));
  });

  it('reports the longest wait of several keys, and clearing one key frees only that one', () => {
    const db = createTestDb();
    const now = 30_000_000;
    for (let i = 0; i < POLICY.free + 2; i++) recordAttempt(db, 'a', POLICY, now);
    for (let i = 0; i < POLICY.free + 1; i++) recordAttempt(db, 'b', POLICY, now);
    expect(retryAfterAny(db, ['a', 'b', 'c'], now)).toBe(4_000);
    clearAttempts(db, 'a');
    expect(retryAfterAny(db, ['a', 'b'], now)).toBe(2_000);
  });

  it('computes the delay of the n-th attempt', () => {
    expect(delayFor(5, POLICY)).toBe(0);
    expect(delayFor(6, POLICY)).toBe(2_000);
    expect(delayFor(7, POLICY)).toBe(4_000);
    expect(delayFor(100, POLICY)).toBe(POLICY.maxDelayMs);
  });

  it('prunes records older than a day that are not waiting', () => {
    const db = createTestDb();
    const now = 100 * 24 * 60 * MINUTE;
    recordAttempt(db, 'old', POLICY, now - 2 * 24 * 60 * MINUTE);
    recordAttempt(db, 'new', POLICY, now - MINUTE);
    pruneAttempts(db, now);
    const keys = db.$client.prepare('SELECT key FROM rate_limits ORDER BY key').all() as { key: string }[];
    expect(keys.map((k) => k.key)).toEqual(['new']);
  });
});

describe('addressForLimits', () => {
  it('counts an IPv4 address as it is and an IPv6 address by its /64, however it is written', () => {
    expect(addressForLimits('203.0.113.9')).toBe('203.0.113.9');
    expect(addressForLimits('::ffff:203.0.113.9')).toBe('203.0.113.9');
    for (const address of ['2001:db8:7:7::1', '2001:0db8:0007:0007:ffff:1:2:3', '2001:DB8:7:7:0:0:0:9', '2001:db8:7:7::1.2.3.4', 'fe80::1%eth0'.replace('fe80::', '2001:db8:7:7::')]) {
      expect(addressForLimits(address), address).toBe('2001:db8:7:7::/64');
    }
    expect(addressForLimits('2001:db8:7:8::1')).toBe('2001:db8:7:8::/64');
    expect(addressForLimits('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressForLimits('::1')).toBe('0:0:0:0::/64');
  });
});
