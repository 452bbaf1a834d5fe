// Sign-in limits that slow guessing without letting anyone lock the owner out
// (docs/decisions/016-signin-limits.md). Three counts of failed sign-ins:
// - per address (every account tried from there): refuses with a growing wait;
// - per (account, address): refuses with a growing wait;
// - per account (from anywhere): never refuses. Past a much higher ceiling the
//   account is under attack, and a sign-in from an address it has not signed
//   in from lately must bring more proof: a server-side delay on top of the
//   fresh captcha every sign-in needs.
// Wrong passwords for a known e-mail therefore block only the guesser's
// address, never the owner somewhere else.
import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { knownSignInAddresses, rateLimits } from '../db/schema';
import { write, writeIfPossible } from '../db/write';
import { addressForLimits, clearAttempts, failuresRemembered, pruneAttempts, recordAttempt, retryAfterAny, type RateLimitPolicy } from './rate-limit';
import { recordFailedBurst } from '../audit/signin-audit';
import { normaliseEmail } from './users';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Failed sign-ins per client address: trying many accounts (or one) from one place. */
export const SIGNIN_ADDRESS_POLICY: RateLimitPolicy = { free: 10, windowMs: 15 * MINUTE, baseDelayMs: 1_000, maxDelayMs: 15 * MINUTE };
/** Failed sign-ins per account and address: guessing one password from one place. */
export const SIGNIN_PAIR_POLICY: RateLimitPolicy = { free: 5, windowMs: 15 * MINUTE, baseDelayMs: 2_000, maxDelayMs: 15 * MINUTE };
/**
 * Failed sign-ins per account from anywhere. Never a refusal: past `free` the
 * account is under attack (remembered for an hour after the last failure).
 */
export const SIGNIN_ACCOUNT_CEILING: RateLimitPolicy = { free: 20, windowMs: 60 * MINUTE, baseDelayMs: 1, maxDelayMs: 1 };
/** The extra proof of a sign-in to an account under attack from an address it does not know. */
export const UNDER_ATTACK_DELAY_MS = 3_000;
/** How long an address an account signed in from stays known. */
export const KNOWN_ADDRESS_MS = 30 * DAY;

export const signInKeys = {
  address: (clientAddress: string) => `signin:address:${addressForLimits(clientAddress)}`,
  pair: (email: string, clientAddress: string) => `signin:pair:${normaliseEmail(email)}|${addressForLimits(clientAddress)}`,
  account: (email: string) => `signin:account:${normaliseEmail(email)}`,
};

export type SignInGate =
  /** refused: this address (or this address for this account) must wait */
  | { refuse: true; waitMs: number }
  /** may try; `extraDelayMs` > 0 when the account is under attack and the address is new to it */
  | { refuse: false; extraDelayMs: number };

function isKnownAddress(db: Db, email: string, clientAddress: string, now: number): boolean {
  const row = db
    .select({ at: knownSignInAddresses.lastSuccessAt })
    .from(knownSignInAddresses)
    .where(and(eq(knownSignInAddresses.account, normaliseEmail(email)), eq(knownSignInAddresses.address, addressForLimits(clientAddress))))
    .get();
  return row !== undefined && now - row.at < KNOWN_ADDRESS_MS;
}

/** What a sign-in attempt may do before the password is looked at. The same work for known and unknown e-mails. */
export function signInGate(db: Db, email: string, clientAddress: string, now = Date.now()): SignInGate {
  const waitMs = retryAfterAny(db, [signInKeys.address(clientAddress), signInKeys.pair(email, clientAddress)], now);
  if (waitMs > 0) return { refuse: true, waitMs };
  const underAttack = failuresRemembered(db, signInKeys.account(email), SIGNIN_ACCOUNT_CEILING, now) > SIGNIN_ACCOUNT_CEILING.free;
  const known = isKnownAddress(db, email, clientAddress, now);
  return { refuse: false, extraDelayMs: underAttack && !known ? UNDER_ATTACK_DELAY_MS : 0 };
}

export function recordSignInFailure(db: Db, email: string, clientAddress: string, now = Date.now()): void {
  const counts = (
    [
      ['address', signInKeys.address(clientAddress), SIGNIN_ADDRESS_POLICY],
      ['pair', signInKeys.pair(email, clientAddress), SIGNIN_PAIR_POLICY],
      ['account', signInKeys.account(email), SIGNIN_ACCOUNT_CEILING],
    ] as const
  ).map(([kind, key, policy]) => {
    recordAttempt(db, key, policy, now);
    return { kind, policy, failures: failuresRemembered(db, key, policy, now) };
  });
  // the audit log gets one entry when a limit starts to bite, not one per failure:
  // an attacker cannot flood it (docs/decisions/031)
  for (const { kind, policy, failures } of counts) {
    if (failures === policy.free + 1) recordFailedBurst(db, { kind, email, clientAddress, failures }, now);
  }
  pruneAttempts(db, now);
}

/**
 * A good sign-in: this address is known to the account from now on, and its
 * own count for the account starts over. The address count is not cleared (one
 * good account must not reset the count of someone trying many others from the
 * same place), nor the account's (the attack elsewhere goes on).
 */
export function recordSignInSuccess(db: Db, email: string, clientAddress: string, now = Date.now()): void {
  clearAttempts(db, signInKeys.pair(email, clientAddress));
  const account = normaliseEmail(email);
  writeIfPossible(
    'signIn.knownAddress',
    () => {
      db.insert(knownSignInAddresses)
        .values({ account, address: addressForLimits(clientAddress), lastSuccessAt: now })
        .onConflictDoUpdate({ target: [knownSignInAddresses.account, knownSignInAddresses.address], set: { lastSuccessAt: now } })
        .run();
      db.delete(knownSignInAddresses).where(lt(knownSignInAddresses.lastSuccessAt, now - KNOWN_ADDRESS_MS)).run();
    },
    db,
  );
}

/** The records of failed sign-ins that name the account: its own count, and its count from each address. */
export function accountLimitRecords(email: string) {
  const prefix = `signin:pair:${normaliseEmail(email)}|`;
  // a prefix compared as text: '_' and '%' in an e-mail address are no wildcards here
  return or(eq(rateLimits.key, signInKeys.account(email)), sql`substr(${rateLimits.key}, 1, ${prefix.length}) = ${prefix}`);
}

/** A password reset proves the owner: the account's counts start over, from every address. */
export function clearAccountLimits(db: Db, email: string): void {
  write('signIn.clearAccount', () => db.delete(rateLimits).where(accountLimitRecords(email)).run(), db);
}
