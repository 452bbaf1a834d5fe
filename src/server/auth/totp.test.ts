import { createHash } from 'node:crypto';
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { recoveryCodes, totpFactors } from '../db/schema';
import { createTestDb } from '../db/test-db';
import { isRefusedWrite } from '../db/write';
import {
  TOTP_STEP_SECONDS,
  TOTP_TEXTS,
  beginTotpSetup,
  confirmTotpSetup,
  hasSecondFactor,
  recoveryCodesLeft,
  removeSecondFactor,
  verifySecondFactor,
} from './totp';
import { createUser } from './users';

let db: Db;
let userId: string;
beforeEach(async () => {
  db = createTestDb();
  userId = (await createUser(db, { email: 'obfrau@verein.at', password: 'Passwort-obfrau-1', roles: ['admin'] })).id;
});

/** The key as the app reads it from the QR code, and the code it shows at a moment. */
function app(uri: string) {
  const key = decodeBase32IgnorePadding(new URL(uri).searchParams.get('secret')!);
  return (at: number) => generateHOTP(key, BigInt(Math.floor(at / 1000 / TOTP_STEP_SECONDS)), 6);
}

function refusal(work: () => unknown): string {
  try {
    work();
  } catch (error) {
    if (isRefusedWrite(error)) return error.message;
    throw error;
  }
  throw new Error('not refused');
}

describe('TOTP second factor', () => {
  it('sets up with a QR code URI, is in force only after a right first code, and shows ten recovery codes once', () => {
    const now = Date.UTC(2026, 10, 24, 18, 0, 0);
    const { uri } = beginTotpSetup(db, userId, 'obfrau@verein.at', now);
    expect(uri).toMatch(/^otpauth:\/\/totp\/Anstoss:obfrau%40verein\.at\?/);
    const secret = new URL(uri).searchParams.get('secret')!;
    // the key is sealed at rest: the stored text is not the secret
    expect(db.select().from(totpFactors).get()!.sealedKey).not.toContain(secret);
    expect(hasSecondFactor(db, userId)).toBe(false);
    expect(refusal(() => confirmTotpSetup(db, userId, '000000', now))).toBe(TOTP_TEXTS.wrongCode);
    const { recoveryCodes: codes } = confirmTotpSetup(db, userId, app(uri)(now), now);
    expect(codes).toHaveLength(10);
    expect(codes.every((c) => /^[0-9a-f]{5}-[0-9a-f]{5}$/.test(c))).toBe(true);
    // only hashes are kept
    const stored = db.select().from(recoveryCodes).all().map((r) => r.id);
    expect(stored.some((id) => codes.some((c) => id.includes(c.replace('-', ''))))).toBe(false);
    expect(hasSecondFactor(db, userId)).toBe(true);
    expect(refusal(() => beginTotpSetup(db, userId, 'obfrau@verein.at', now))).toBe(TOTP_TEXTS.alreadyOn);
  });

  it('accepts the current code once, one step of grace either side, never an older one', () => {
    const now = Date.UTC(2026, 10, 24, 18, 0, 0);
    const { uri } = beginTotpSetup(db, userId, 'obfrau@verein.at', now);
    const code = app(uri);
    confirmTotpSetup(db, userId, code(now - 60_000), now - 60_000);
    expect(verifySecondFactor(db, userId, code(now), now)).toBe('ok');
    // the same code again (a replay, or a second tab) is refused
    expect(verifySecondFactor(db, userId, code(now), now)).toBe('wrong');
    // the next step's code is accepted 30 s early (a clock a little ahead), then the older one no longer
    expect(verifySecondFactor(db, userId, code(now + 30_000), now)).toBe('ok');
    expect(verifySecondFactor(db, userId, code(now - 30_000), now)).toBe('wrong');
    // two steps away is too far
    expect(verifySecondFactor(db, userId, code(now + 120_000), now)).toBe('wrong');
    expect(verifySecondFactor(db, userId, 'abcdef', now)).toBe('wrong');
  });

  it('a recovery code works once; removing the factor ends it all', () => {
    const now = Date.now();
    const { uri } = beginTotpSetup(db, userId, 'obfrau@verein.at', now);
    const { recoveryCodes: codes } = confirmTotpSetup(db, userId, app(uri)(now), now);
    expect(verifySecondFactor(db, userId, ` ${codes[3].toUpperCase()} `, now)).toBe('recovery-used');
    expect(verifySecondFactor(db, userId, codes[3], now)).toBe('wrong');
    expect(recoveryCodesLeft(db, userId)).toBe(9);
    removeSecondFactor(db, userId);
    expect(hasSecondFactor(db, userId)).toBe(false);
    expect(verifySecondFactor(db, userId, codes[4], now)).toBe('wrong');
    expect(db.select().from(recoveryCodes).all()).toEqual([]);
  });

  it('keeps recovery codes as an HMAC under the site secret, not as a plain SHA-256 an offline copy could be tried against', async () => {
    const now = Date.now();
    const { uri } = beginTotpSetup(db, userId, 'obfrau@verein.at', now);
    const { recoveryCodes: codes } = confirmTotpSetup(db, userId, app(uri)(now), now);
    const stored = db.select().from(recoveryCodes).all().map((r) => r.id);
    expect(stored).toHaveLength(10);
    const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
    for (const code of codes) {
      expect(stored).not.toContain(sha256(code));
      expect(stored).not.toContain(sha256(code.replace('-', '')));
    }
    // the same code for another user is stored differently (bound to the user)
    const other = (await createUser(db, { email: 'kassier@verein.at', password: 'Passwort-kassier-1', roles: ['admin'] })).id;
    const { uri: otherUri } = beginTotpSetup(db, other, 'kassier@verein.at', now);
    confirmTotpSetup(db, other, app(otherUri)(now), now);
    expect(verifySecondFactor(db, other, codes[0], now)).toBe('wrong');
    // and still works, once, for its owner
    expect(verifySecondFactor(db, userId, codes[0], now)).toBe('recovery-used');
    expect(verifySecondFactor(db, userId, codes[0], now)).toBe('wrong');
    expect(db.select().from(recoveryCodes).all().filter((r) => r.userId === userId && r.usedAt === now)).toHaveLength(1);
  });
});
