// The invitations whose mail is going out, kept in the database until each is settled (decision 073): a
// graceful stop says the ones still under way in the Protokoll (invitations.ts); a process killed meanwhile
// (SIGKILL, the OOM killer, a power cut) cannot, so the next start says them.
import { eq } from 'drizzle-orm';
import { AUDIT_TEXTS } from '../../lib/schemas/audit';
import { formatDateTime } from '../../lib/dates-de';
import type { Db } from '../db/client';
import { write } from '../db/write';
import { invitationMailsGoingOut } from '../db/schema';
import { recordAudit } from '../audit/audit-log';
import { PLACE, processRuns } from '../pid-file';

/**
 * How long another place's process (one that cannot be asked, pid-file.ts) may still be sending: a mail server
 * answering each step just within its timeout takes minutes; an hour is a gone process.
 */
const FOREIGN_SENDER_GONE_MS = 60 * 60 * 1000;

// the server's own copy of this module and the Astro build's share it (as the invitations going out, invitations.ts)
const SERVER_KEY = Symbol.for('anstoss.invitationsSentByServer');
const sentByServer = () => (globalThis as Record<symbol, unknown>)[SERVER_KEY] === true;

/** Called once by the server at its start: the rows this process keeps from now on are the server's. */
export function registerInvitationSender(): void {
  (globalThis as Record<symbol, unknown>)[SERVER_KEY] = true;
}

/** The sender a row names: the server (one per data folder, its data lock), or this process by its id and place. */
const thisSender = () => (sentByServer() ? 'server' : `${process.pid} ${PLACE}`);

type Invitation = { tokenId: string; email: string; userId: string; by: { id: string | null; email: string } | null };

/** Kept when the mail is handed over (in the write that makes its link), by its link's token. */
export function keepMailGoingOut(tx: Db, invitation: Invitation, now = Date.now()): void {
  const { tokenId, email, userId, by } = invitation;
  tx.insert(invitationMailsGoingOut)
    .values({ tokenId, email, userId, since: now, byId: by?.id ?? null, byName: by?.email ?? null, sender: thisSender() })
    .run();
}

/** Dropped when it is settled (in the write that says so, where anything is said). */
export function forgetMailGoingOut(tx: Db, tokenId: string): void {
  tx.delete(invitationMailsGoingOut).where(eq(invitationMailsGoingOut.tokenId, tokenId)).run();
}

/**
 * Whether the process that kept a row is gone: the server's, at the server's start (it holds the data lock);
 * another's once its process id runs no more here, or an hour on (its id may run another program by then, and
 * another place's process cannot be asked).
 */
function senderGone(row: { sender: string; since: number }, asServer: boolean, now: number): boolean {
  if (row.sender === 'server') return asServer;
  if (now - row.since > FOREIGN_SENDER_GONE_MS) return true;
  const [pid, ...place] = row.sender.split(' ');
  return place.join(' ') === PLACE && Number(pid) !== process.pid && !processRuns(Number(pid));
}

/**
 * At a start: each invitation a killed process left going out is said in the Protokoll (by the admin who
 * invited) and its row dropped; its account and link stay, as at a graceful stop. The server (`asServer`,
 * holding the data lock) takes its own earlier rows as gone. Returns the addresses for the log.
 */
export function recordInvitationsCutOff(db: Db, asServer: boolean, now = Date.now()): string[] {
  const addresses: string[] = [];
  for (const row of db.select().from(invitationMailsGoingOut).all()) {
    if (!senderGone(row, asServer, now)) continue;
    const by = row.byName === null ? null : { id: row.byId, email: row.byName };
    const detail = AUDIT_TEXTS.inviteCutOff(row.email, formatDateTime(row.since), row.sender === 'server');
    write(
      'user.inviteCutOff',
      (tx) => {
        recordAudit(tx, { action: 'user.inviteInterrupted', actor: by, entity: 'users', rowId: row.userId, detail }, now);
        forgetMailGoingOut(tx, row.tokenId);
      },
      db,
    );
    addresses.push(row.email);
  }
  return addresses;
}
