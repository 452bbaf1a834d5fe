// The second factor (issue 11, docs/decisions/019): TOTP after RFC 6238 with
// @oslojs/otp (30 s steps, 6 digits, SHA-1 as every authenticator app
// expects), one step of grace either side, no code accepted twice; ten
// recovery codes shown once and kept only as HMAC-SHA-256 under a key derived
// from the site's secret (bound to the user), compared in constant time. The
// TOTP key is sealed with AES-256-GCM under another key derived from the same
// secret: a copy of the database alone gives anyone neither the codes nor a
// way to try all 2^40 recovery codes offline.
import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { createTOTPKeyURI, verifyHOTP } from '@oslojs/otp';
import type { Db } from '../db/client';
import { recoveryCodes, totpFactors } from '../db/schema';
import { RefusedWrite, write } from '../db/write';
import { signingSecret } from './secret';

export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
export const RECOVERY_CODE_COUNT = 10;

export const TOTP_TEXTS = {
  issuer: 'Anstoss',
  wrongCode: 'Der Code stimmt nicht. Bitte den aktuellen Code aus der App eingeben.',
  notStarted: 'Bitte zuerst den QR-Code scannen.',
  alreadyOn: 'Die Zwei-Faktor-Anmeldung ist bereits eingerichtet.',
  setupExpired: 'Diese Einrichtung ist abgelaufen (länger als 30 Minuten offen). Bitte neu beginnen und den neuen QR-Code scannen.',
};

/**
 * How long a set-up waits for its first code: one left open (the dialog closed) could be confirmed weeks later by
 * whoever held a stolen session, with a key the owner may never have scanned.
 */
export const TOTP_SETUP_VALID_MS = 30 * 60_000;

/** A key for one purpose, derived from the site's secret (kept in site_settings, not beside the codes). */
function derivedKey(db: Db, purpose: 'totp-sealing-key' | 'recovery-code-key'): Buffer {
  return createHmac('sha256', signingSecret(db)).update(purpose).digest();
}
const sealingKey = (db: Db) => derivedKey(db, 'totp-sealing-key');

function seal(db: Db, key: Uint8Array): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(db), iv);
  const sealed = Buffer.concat([cipher.update(key), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
}

function unseal(db: Db, text: string): Uint8Array {
  const [iv, tag, sealed] = text.split('.').map((part) => Buffer.from(part, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', sealingKey(db), iv);
  decipher.setAuthTag(tag);
  return new Uint8Array(Buffer.concat([decipher.update(sealed), decipher.final()]));
}

const step = (now: number) => Math.floor(now / 1000 / TOTP_STEP_SECONDS);

/** HMAC of the normalised code, bound to its user: the stored id of a recovery code. */
function hashCode(db: Db, userId: string, code: string): string {
  const normalised = code.replace(/[\s-]/g, '').toLowerCase();
  return createHmac('sha256', derivedKey(db, 'recovery-code-key')).update(`${userId}\0${normalised}`).digest('hex');
}

/** The stored id among the user's unused codes that equals the code's HMAC, compared in constant time, or null. */
function matchingRecoveryCode(db: Db, userId: string, code: string): string | null {
  const wanted = Buffer.from(hashCode(db, userId, code), 'hex');
  let found: string | null = null;
  const unused = db.select({ id: recoveryCodes.id }).from(recoveryCodes).where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt))).all();
  for (const { id } of unused) {
    const stored = Buffer.from(id, 'hex');
    // every row is compared, a match does not end the loop early
    if (stored.length === wanted.length && timingSafeEqual(stored, wanted)) found = id;
  }
  return found;
}

/** The step a code belongs to (now, one before or one after), or null. */
function matchingStep(key: Uint8Array, typed: string, now: number): number | null {
  // as the apps show it ('123 456'): it was refused, and counted as a wrong try
  const code = typed.replace(/[\s-]/g, '');
  if (!/^\d{6}$/.test(code)) return null;
  for (const candidate of [step(now) - 1, step(now), step(now) + 1]) {
    if (verifyHOTP(key, BigInt(candidate), TOTP_DIGITS, code)) return candidate;
  }
  return null;
}

export function hasSecondFactor(db: Db, userId: string): boolean {
  const row = db.select({ at: totpFactors.confirmedAt }).from(totpFactors).where(eq(totpFactors.userId, userId)).get();
  return row?.at != null;
}

/**
 * Starts (or starts over) setting up the app: a new key, not yet in force. The
 * key URI goes into the QR code; the user confirms with a first code.
 */
export function beginTotpSetup(db: Db, userId: string, accountName: string, now = Date.now()): { uri: string } {
  if (hasSecondFactor(db, userId)) throw new RefusedWrite(TOTP_TEXTS.alreadyOn, 'BAD_REQUEST');
  const key = new Uint8Array(randomBytes(20));
  const sealedKey = seal(db, key);
  write(
    'totp.begin',
    () =>
      db
        .insert(totpFactors)
        .values({ userId, sealedKey, confirmedAt: null, lastStep: 0, createdAt: now })
        .onConflictDoUpdate({ target: totpFactors.userId, set: { sealedKey, confirmedAt: null, lastStep: 0, createdAt: now } })
        .run(),
    db,
  );
  return { uri: createTOTPKeyURI(TOTP_TEXTS.issuer, accountName, key, TOTP_STEP_SECONDS, TOTP_DIGITS) };
}

/** The first code from the app puts the factor in force; the ten recovery codes are returned this once. */
export function confirmTotpSetup(db: Db, userId: string, code: string, now = Date.now()): { recoveryCodes: string[] } {
  const row = db.select().from(totpFactors).where(eq(totpFactors.userId, userId)).get();
  if (!row) throw new RefusedWrite(TOTP_TEXTS.notStarted, 'BAD_REQUEST');
  if (row.confirmedAt != null) throw new RefusedWrite(TOTP_TEXTS.alreadyOn, 'BAD_REQUEST');
  if (now - row.createdAt > TOTP_SETUP_VALID_MS) throw new RefusedWrite(TOTP_TEXTS.setupExpired, 'BAD_REQUEST');
  const matched = matchingStep(unseal(db, row.sealedKey), code.trim(), now);
  if (matched === null) throw new RefusedWrite(TOTP_TEXTS.wrongCode, 'BAD_REQUEST');
  const codes = makeRecoveryCodes();
  write('totp.confirm', (tx) => {
    tx.update(totpFactors).set({ confirmedAt: now, lastStep: matched }).where(eq(totpFactors.userId, userId)).run();
    storeRecoveryCodes(tx, userId, codes);
  }, db);
  return { recoveryCodes: codes };
}

/** Ten codes of 10 hex digits (40 bits each, single use), shown as xxxxx-xxxxx. */
function makeRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = randomBytes(7).toString('hex').slice(0, 10);
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
}

/** The codes replace all earlier ones; only their HMACs are kept. */
function storeRecoveryCodes(tx: Db, userId: string, codes: string[]): void {
  tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)).run();
  for (const code of codes) tx.insert(recoveryCodes).values({ id: hashCode(tx, userId, code), userId }).run();
}

/** Ten new recovery codes for a factor in force; the old ones are void. */
export function replaceRecoveryCodes(db: Db, userId: string): { recoveryCodes: string[] } {
  if (!hasSecondFactor(db, userId)) throw new RefusedWrite(TOTP_TEXTS.notStarted, 'BAD_REQUEST');
  const codes = makeRecoveryCodes();
  write('totp.recovery-codes', (tx) => storeRecoveryCodes(tx, userId, codes), db);
  return { recoveryCodes: codes };
}

export type SecondFactorResult = 'ok' | 'recovery-used' | 'wrong';

/**
 * Checks a code from the app (each accepted once: its step must be newer than
 * the last accepted one) or a recovery code (single use).
 */
export function verifySecondFactor(db: Db, userId: string, input: string, now = Date.now()): SecondFactorResult {
  const row = db.select().from(totpFactors).where(eq(totpFactors.userId, userId)).get();
  if (!row || row.confirmedAt == null) return 'wrong';
  const code = input.trim();
  const matched = matchingStep(unseal(db, row.sealedKey), code, now);
  if (matched !== null) {
    if (matched <= row.lastStep) return 'wrong';
    const taken = write(
      'totp.use',
      (tx) =>
        tx
          .update(totpFactors)
          .set({ lastStep: matched })
          .where(and(eq(totpFactors.userId, userId), eq(totpFactors.lastStep, row.lastStep)))
          .run().changes,
      db,
    );
    // a second request with the same code at the same moment lost the race
    return taken === 1 ? 'ok' : 'wrong';
  }
  const id = matchingRecoveryCode(db, userId, code);
  if (id === null) return 'wrong';
  const used = write(
    'totp.recovery',
    (tx) =>
      tx
        .update(recoveryCodes)
        .set({ usedAt: now })
        .where(and(eq(recoveryCodes.id, id), eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
        .run().changes,
    db,
  );
  return used === 1 ? 'recovery-used' : 'wrong';
}

/** How many recovery codes are left (the admin is told to make new ones when few are). */
export function recoveryCodesLeft(db: Db, userId: string): number {
  return db.select({ id: recoveryCodes.id }).from(recoveryCodes).where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt))).all().length;
}

/** Switches the second factor off (the user, or a superadmin for someone who lost their phone). */
export function removeSecondFactor(db: Db, userId: string): void {
  write('totp.remove', (tx) => {
    tx.delete(totpFactors).where(eq(totpFactors.userId, userId)).run();
    tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)).run();
  }, db);
}
