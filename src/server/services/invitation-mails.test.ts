// The invitations whose mail is going out, kept in the database (invitation-mails.ts): dropped when settled,
// and one that a killed process left is said in the Protokoll at the next start (decision 073).
import { describe, expect, it } from 'vitest';
import { AUDIT_TEXTS } from '../../lib/schemas/audit';
import { formatDateTime } from '../../lib/dates-de';
import { createTestDb } from '../db/test-db';
import type { Db } from '../db/client';
import { write } from '../db/write';
import { eq } from 'drizzle-orm';
import { auditLog, invitationMailsGoingOut, oneTimeTokens, users } from '../db/schema';
import { inviteUser, recordInvitationsInterrupted } from './invitations';
import { recordInvitationsCutOff, registerInvitationSender } from './invitation-mails';
import { settled, slowSend } from './test-users';

const auditOf = (db: Db) => db.select({ action: auditLog.action, detail: auditLog.detail, by: auditLog.user_name }).from(auditLog).all();
const goingOut = (db: Db) => db.select({ email: invitationMailsGoingOut.email, sender: invitationMailsGoingOut.sender }).from(invitationMailsGoingOut).all();
const boss = { id: null, email: 'chefin@verein.at' };

/** Rows as killed processes left them, each with its account and open link (`token-<email>`). */
function seedRows(db: Db, rows: { email: string; sender: string; since: number }[], linkExpiresAt = Date.now() + 86_400_000) {
  write('test.seed', (tx) => {
    for (const row of rows) {
      const [user] = tx.insert(users).values({ email: row.email }).returning({ id: users.id }).all();
      const tokenId = `token-${row.email}`;
      tx.insert(oneTimeTokens).values({ id: tokenId, purpose: 'invite', userId: user.id, expiresAt: linkExpiresAt, createdAt: Date.now() }).run();
      tx.insert(invitationMailsGoingOut).values({ ...row, tokenId, userId: user.id, byId: null, byName: null }).run();
    }
  }, db);
}

/** An invitation still going out, as a process that was then killed left it. */
async function leftGoingOut(db: Db, email: string) {
  const mail = slowSend();
  expect((await inviteUser(db, email, mail.send, boss, 5)).stillSending).toBe(true);
  return mail;
}

describe('invitations going out, in the database', () => {
  it('are kept while the mail goes out and dropped when it is settled: sent, failed, or said at a graceful stop', async () => {
    const db = createTestDb();
    const sent = await leftGoingOut(db, 'kommt@verein.at');
    const failed = await leftGoingOut(db, 'scheitert@verein.at');
    await leftGoingOut(db, 'haengt@verein.at');
    expect(goingOut(db).map((row) => row.email)).toEqual(['kommt@verein.at', 'scheitert@verein.at', 'haengt@verein.at']);
    sent.finish();
    failed.finish(new Error('550 no such user'));
    await settled();
    expect(goingOut(db).map((row) => row.email)).toEqual(['haengt@verein.at']);
    expect(recordInvitationsInterrupted(db)).toEqual(['haengt@verein.at']);
    expect(goingOut(db)).toEqual([]);
    expect(auditOf(db).map((a) => a.action)).toEqual(['user.invite', 'user.inviteFailed', 'user.inviteInterrupted']);
  });

  it("one the killed server left is said at the server's next start, by the admin who invited; its account and link stay", async () => {
    const db = createTestDb();
    // this process is the server (as at its start): what it sends is the server's
    registerInvitationSender();
    const before = Date.now();
    await leftGoingOut(db, 'haengt@verein.at');
    const [row] = db.select().from(invitationMailsGoingOut).all();
    expect(row).toMatchObject({ email: 'haengt@verein.at', sender: 'server', byName: 'chefin@verein.at' });
    expect(row.since).toBeGreaterThanOrEqual(before);
    // the process was killed; the next server starts (it holds the data lock: the last one is gone)
    expect(recordInvitationsCutOff(db)).toEqual(['haengt@verein.at']);
    expect(auditOf(db)).toEqual([{ action: 'user.inviteInterrupted', detail: AUDIT_TEXTS.inviteCutOff('haengt@verein.at', formatDateTime(row.since), true), by: 'chefin@verein.at' }]);
    expect(auditOf(db)[0].detail).toMatch(/^Versand der Einladung an haengt@verein\.at \(begonnen am \d+\. \w+ \d{4}, \d\d:\d\d Uhr\) nicht abgeschlossen: der Server wurde vorher beendet oder konnte das Ergebnis nicht speichern\. Ob sie angekommen ist, ist unbekannt/);
    expect(goingOut(db)).toEqual([]);
    expect(db.select({ email: users.email }).from(users).all()).toEqual([{ email: 'haengt@verein.at' }]);
    expect(db.select().from(oneTimeTokens).all()).toHaveLength(1);
    // said once
    expect(recordInvitationsCutOff(db)).toEqual([]);
  });

  it("the import's (a process of its own, with the data lock as the server's) is said at the next start of either, however soon", async () => {
    const db = createTestDb();
    // a killed import's rows, one handed over a moment ago (a power cut, a container's OOM kill: the server starts
    // minutes later)
    const rows = [
      { email: 'eben@verein.at', sender: 'import', since: Date.now() - 1_000 },
      { email: 'frueher@verein.at', sender: 'import', since: Date.now() - 10 * 60 * 1000 },
    ];
    seedRows(db, rows);
    expect(recordInvitationsCutOff(db).sort()).toEqual(['eben@verein.at', 'frueher@verein.at']);
    const since = new Map(rows.map((row) => [row.email, row.since]));
    expect(auditOf(db).map((a) => a.detail).sort()).toEqual(rows.map((row) => AUDIT_TEXTS.inviteCutOff(row.email, formatDateTime(since.get(row.email)), false)).sort());
    expect(auditOf(db)[0].detail).toMatch(/: der Import wurde vorher beendet/);
    expect(auditOf(db).map((a) => a.by)).toEqual([null, null]);
    expect(goingOut(db)).toEqual([]);
  });

  it('one whose link was used or is void meanwhile (its settle could not be stored) is dropped without a word', async () => {
    const db = createTestDb();
    seedRows(db, [
      { email: 'benutzt@verein.at', sender: 'server', since: Date.now() },
      { email: 'ersetzt@verein.at', sender: 'server', since: Date.now() },
      { email: 'passwort@verein.at', sender: 'server', since: Date.now() },
      { email: 'offen@verein.at', sender: 'server', since: Date.now() },
    ]);
    write('test.links', (tx) => {
      tx.update(oneTimeTokens).set({ usedAt: Date.now() }).where(eq(oneTimeTokens.id, 'token-benutzt@verein.at')).run();
      tx.delete(oneTimeTokens).where(eq(oneTimeTokens.id, 'token-ersetzt@verein.at')).run();
      tx.update(users).set({ passwordHash: 'argon2id-hash' }).where(eq(users.email, 'passwort@verein.at')).run();
    }, db);
    expect(recordInvitationsCutOff(db)).toEqual(['offen@verein.at']);
    expect(auditOf(db).map((a) => a.detail)).toEqual([expect.stringContaining('offen@verein.at')]);
    expect(goingOut(db)).toEqual([]);
  });

  it("one whose link expired meanwhile (a start after the link's days, before the night's sweep) says it expired, not that it holds", async () => {
    const db = createTestDb();
    const since = Date.now() - 8 * 86_400_000;
    seedRows(db, [{ email: 'lange@verein.at', sender: 'server', since }], since + 7 * 86_400_000);
    expect(recordInvitationsCutOff(db)).toEqual(['lange@verein.at']);
    expect(auditOf(db).map((a) => a.detail)).toEqual([AUDIT_TEXTS.inviteCutOff('lange@verein.at', formatDateTime(since), true, true)]);
    expect(auditOf(db)[0].detail).toMatch(/\(ihr Link ist inzwischen abgelaufen: bitte die Einladung wiederholen\)$/);
    expect(auditOf(db)[0].detail).not.toContain('ihr Link gilt');
    expect(goingOut(db)).toEqual([]);
  });

  it("a new invitation of an address a killed import left going out keeps the old row (keyed by its link), which its start then drops: its link is void", async () => {
    const db = createTestDb();
    seedRows(db, [{ email: 'neu@verein.at', sender: 'import', since: Date.now() }]);
    // an admin invites the address again before anything said the first
    const mail = await leftGoingOut(db, 'neu@verein.at');
    mail.finish();
    await settled();
    expect(goingOut(db)).toEqual([{ email: 'neu@verein.at', sender: 'import' }]);
    // the new one's link replaced the old one's: nothing to say of a link that no longer works
    expect(recordInvitationsCutOff(db)).toEqual([]);
    expect(auditOf(db).map((a) => a.action)).toEqual(['user.invite']);
    expect(goingOut(db)).toEqual([]);
  });
});
