// The sign-in side of the audit log (docs/decisions/031): a good sign-in, a
// burst of failed ones (recorded once, when a limit of
// src/server/auth/signin-limits.ts starts to bite), and a password set from a
// reset or invitation link.
import type { Db } from '../db/client';
import { findUserByEmail, normaliseEmail } from '../auth/users';
import { AUDIT_TEXTS as T } from '../../lib/schemas/audit';
import { recordAudit } from './audit-log';

export type BurstKind = 'address' | 'pair' | 'account';

export function recordSignIn(db: Db, user: { id: string; email: string }, clientAddress: string, withSecondFactor = false, now = Date.now()): void {
  const detail = withSecondFactor ? T.signinSecondFactor(clientAddress) : T.signinFrom(clientAddress);
  recordAudit(db, { action: 'signin', actor: user, entity: 'users', rowId: user.id, detail }, now);
}

/**
 * A burst of failed sign-ins. For one account (from one address or from many)
 * the entry names the account tried, existing or not; for one address trying
 * possibly many accounts it names only the address.
 */
export function recordFailedBurst(
  db: Db,
  burst: { kind: BurstKind; email: string; clientAddress: string; failures: number },
  now = Date.now(),
): void {
  const email = normaliseEmail(burst.email).slice(0, 320);
  const user = burst.kind === 'address' ? null : findUserByEmail(db, email);
  const detail =
    burst.kind === 'address'
      ? T.burstAddress(burst.failures, burst.clientAddress)
      : burst.kind === 'pair'
        ? T.burstPair(burst.failures, burst.clientAddress)
        : T.burstAccount(burst.failures);
  recordAudit(
    db,
    {
      action: 'signin.failed',
      actor: burst.kind === 'address' ? null : { id: user?.id ?? null, email },
      entity: user ? 'users' : null,
      rowId: user?.id ?? null,
      detail,
    },
    now,
  );
}

export function recordPasswordSet(db: Db, user: { id: string; email: string }, viaInvitation: boolean, now = Date.now()): void {
  recordAudit(db, { action: 'password.set', actor: user, entity: 'users', rowId: user.id, detail: viaInvitation ? T.viaInvitation : T.viaReset }, now);
}
