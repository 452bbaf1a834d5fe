// What the sign-in leaves behind, forgotten once it can serve no purpose: sessions past their expiry (their
// cookie expired with them, so no browser brings it back to delete the row on the way), one-time links past
// theirs or used a day ago, attempt records no limit remembers (a form's or a reset's address and the e-mail
// typed in) and addresses an account signed in from that are no longer known (30 days). Each was deleted only
// when someone came back or failed to sign in; on a quiet site they stayed for months: personal data (a
// browser, addresses, who signed in when) with no purpose left.
import { and, isNotNull, lt, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { write } from '../db/write';
import { knownSignInAddresses, oneTimeTokens, rateLimits, sessions, usedCaptchas } from '../db/schema';
import type { Job } from '../scheduler';
import { AUDIT_TEXTS as T } from '../../lib/schemas/audit';
import { purgeJob, type JobOptions } from '../audit/retention';
import { forgottenAttempts } from './rate-limit';
import { KNOWN_ADDRESS_MS } from './signin-limits';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Deletes the expired and used-up sign-in records; returns how many. */
export function forgetExpiredSignIns(db: Db, now = Date.now()): number {
  return write(
    'auth.housekeeping',
    (tx) =>
      tx.delete(sessions).where(lt(sessions.expiresAt, now)).run().changes +
      tx
        .delete(oneTimeTokens)
        .where(or(lt(oneTimeTokens.expiresAt, now), and(isNotNull(oneTimeTokens.usedAt), lt(oneTimeTokens.usedAt, now - DAY_MS))))
        .run().changes +
      tx.delete(rateLimits).where(forgottenAttempts(now)).run().changes +
      tx.delete(knownSignInAddresses).where(lt(knownSignInAddresses.lastSuccessAt, now - KNOWN_ADDRESS_MS)).run().changes +
      tx.delete(usedCaptchas).where(lt(usedCaptchas.expiresAt, now)).run().changes,
    db,
  );
}

export const signInHousekeepingJob = (db: () => Db, options: JobOptions = {}): Job =>
  purgeJob('sign-in-housekeeping', forgetExpiredSignIns, T.forgotSignIns, db, options);
