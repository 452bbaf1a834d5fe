// The invitations whose mail is going out, kept in the database until each is settled (decision 073): a
// graceful stop says the ones still under way in the Protokoll (invitations.ts); a process killed meanwhile
// (SIGKILL, the OOM killer, a power cut) cannot, so the next start says them.
import { eq } from 'drizzle-orm';
import { AUDIT_TEXTS } from '../../lib/schemas/audit';
import { formatDateTime } from '../../lib/dates-de';
import type { Db } from '../db/client';
import { write } from '../db/write';
import { invitationMailsGoingOut, oneTimeTokens, users } from '../db/schema';
import { recordAudit } from '../audit/audit-log';

// the server's own copy of this module and the Astro build's share it (as the invitations going out, invitations.ts)
const SERVER_KEY = Symbol.for('anstoss.invitationsSentByServer');
const sentByServer = () => (globalThis as Record<symbol, unknown>)[SERVER_KEY] === true;

/** Called once by the server at its start: the rows this process keeps from now on are the server's. */
export function registerInvitationSender(): void {
  (globalThis as Record<symbol, unknown>)[SERVER_KEY] = true;
}

type Invitation = { tokenId: string; email: string; userId: string; by: { id: string | null; email: string } | null };

/** Kept when the mail is handed over (in the write that makes its link), by its link's token. */
export function keepMailGoingOut(tx: Db, invitation: Invitation, now = Date.now()): void {
  const { tokenId, email, userId, by } = invitation;
  tx.insert(invitationMailsGoingOut)
    .values({ tokenId, email, userId, since: now, byId: by?.id ?? null, byName: by?.email ?? null, sender: sentByServer() ? 'server' : 'import' })
    .run();
}

/** Dropped when it is settled (in the write that says so, where anything is said). */
export function forgetMailGoingOut(tx: Db, tokenId: string): void {
  tx.delete(invitationMailsGoingOut).where(eq(invitationMailsGoingOut.tokenId, tokenId)).run();
}

/**
 * What became of the invitation's link: 'decided' whatever its mail did when it was used (a password set
 * through it) or is void (a later invitation's mail sent, a password set on the account): nothing to say of it
 * then. 'expired' when its days ran out unused (the sweep deletes it at night; the server was down meanwhile).
 */
function linkState(tx: Db, row: { tokenId: string; userId: string }, now: number): 'decided' | 'expired' | 'open' {
  const link = tx.select({ usedAt: oneTimeTokens.usedAt, expiresAt: oneTimeTokens.expiresAt }).from(oneTimeTokens).where(eq(oneTimeTokens.id, row.tokenId)).get();
  if (!link || link.usedAt !== null) return 'decided';
  if (tx.select({ hash: users.passwordHash }).from(users).where(eq(users.id, row.userId)).get()?.hash != null) return 'decided';
  return link.expiresAt <= now ? 'expired' : 'open';
}

/**
 * At the start of the server or of an import with `--invite`, which hold the data lock (one of them at a time
 * per data folder): every row is one a process that ended left, killed while its mail went out or unable to
 * store how it ended. Each is said in the Protokoll (by the admin who invited) and dropped, in a write of its
 * own (one that fails stays for the next start); its account and link stay, as at a graceful stop. One whose
 * link was used or is void meanwhile is dropped without a word; of one whose link expired meanwhile (a start
 * after its 7 days) the entry says so. Returns the addresses said, for the log.
 */
export function recordInvitationsCutOff(db: Db, now = Date.now(), log: Pick<Console, 'error'> = console): string[] {
  const addresses: string[] = [];
  for (const row of db.select().from(invitationMailsGoingOut).all()) {
    const by = row.byName === null ? null : { id: row.byId, email: row.byName };
    try {
      const said = write(
        'user.inviteCutOff',
        (tx) => {
          const link = linkState(tx, row, now);
          if (link !== 'decided') {
            const detail = AUDIT_TEXTS.inviteCutOff(row.email, formatDateTime(row.since), row.sender === 'server', link === 'expired');
            recordAudit(tx, { action: 'user.inviteInterrupted', actor: by, entity: 'users', rowId: row.userId, detail }, now);
          }
          forgetMailGoingOut(tx, row.tokenId);
          return link !== 'decided';
        },
        db,
      );
      if (said) addresses.push(row.email);
    } catch (error) {
      log.error(`[mail] the invitation to ${row.email} left going out could not be recorded (tried again at the next start):`, error instanceof Error ? error.message : error);
    }
  }
  return addresses;
}
