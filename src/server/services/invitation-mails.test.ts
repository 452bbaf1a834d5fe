// The invitations whose mail is going out, kept in the database (invitation-mails.ts): dropped when settled,
// and one that a killed process left is said in the Protokoll at the next start (decision 073).
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { AUDIT_TEXTS } from '../../lib/schemas/audit';
import { formatDateTime } from '../../lib/dates-de';
import { createTestDb } from '../db/test-db';
import type { Db } from '../db/client';
import { write } from '../db/write';
import { auditLog, invitationMailsGoingOut, oneTimeTokens, users } from '../db/schema';
import { PLACE } from '../pid-file';
import { inviteUser, recordInvitationsInterrupted } from './invitations';
import { recordInvitationsCutOff, registerInvitationSender } from './invitation-mails';
import { settled, slowSend } from './test-users';

const auditOf = (db: Db) => db.select({ action: auditLog.action, detail: auditLog.detail, by: auditLog.user_name }).from(auditLog).all();
const goingOut = (db: Db) => db.select({ email: invitationMailsGoingOut.email, sender: invitationMailsGoingOut.sender }).from(invitationMailsGoingOut).all();
const boss = { id: null, email: 'chefin@verein.at' };
const HOUR = 60 * 60 * 1000;

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
    // an import started meanwhile leaves the server's alone
    expect(recordInvitationsCutOff(db, false)).toEqual([]);
    // the process was killed; the next server starts (it holds the data lock: the last one is gone)
    expect(recordInvitationsCutOff(db, true)).toEqual(['haengt@verein.at']);
    expect(auditOf(db)).toEqual([{ action: 'user.inviteInterrupted', detail: AUDIT_TEXTS.inviteCutOff('haengt@verein.at', formatDateTime(row.since), true), by: 'chefin@verein.at' }]);
    expect(auditOf(db)[0].detail).toMatch(/^Versand der Einladung an haengt@verein\.at \(begonnen am \d+\. \w+ \d{4}, \d\d:\d\d Uhr\) nicht abgeschlossen: der Server wurde vorher beendet oder konnte das Ergebnis nicht speichern\. Ob sie angekommen ist, ist unbekannt/);
    expect(goingOut(db)).toEqual([]);
    expect(db.select({ email: users.email }).from(users).all()).toEqual([{ email: 'haengt@verein.at' }]);
    expect(db.select().from(oneTimeTokens).all()).toHaveLength(1);
    // said once
    expect(recordInvitationsCutOff(db, true)).toEqual([]);
  });

  it("another process's (the import's) is said once that process is gone: here when its id runs no more, else an hour on", async () => {
    const db = createTestDb();
    const gone = spawnSync(process.execPath, ['-e', '0']).pid;
    const rows = [
      { email: 'lebt@verein.at', sender: `${process.pid} ${PLACE}`, since: Date.now() },
      { email: 'weg@verein.at', sender: `${gone} ${PLACE}`, since: Date.now() },
      // its id runs another program now (a reused id): judged by the hour
      { email: 'wiederverwendet@verein.at', sender: `${process.ppid} ${PLACE}`, since: Date.now() - 2 * HOUR },
      { email: 'anderswo@verein.at', sender: '1 anderer-rechner pid:[4026531836]', since: Date.now() - 10 * 60 * 1000 },
      { email: 'laengst@verein.at', sender: '1 anderer-rechner pid:[4026531836]', since: Date.now() - 2 * HOUR },
    ];
    write('test.seed', (tx) => {
      for (const row of rows) {
        const [user] = tx.insert(users).values({ email: row.email }).returning({ id: users.id }).all();
        tx.insert(invitationMailsGoingOut).values({ ...row, tokenId: `token-${row.email}`, userId: user.id, byId: null, byName: null }).run();
      }
    }, db);
    const said = ['laengst@verein.at', 'weg@verein.at', 'wiederverwendet@verein.at'];
    expect(recordInvitationsCutOff(db, false).sort()).toEqual(said);
    const since = new Map(rows.map((row) => [row.email, row.since]));
    expect(auditOf(db).map((a) => a.detail).sort()).toEqual(said.map((email) => AUDIT_TEXTS.inviteCutOff(email, formatDateTime(since.get(email)), false)).sort());
    expect(auditOf(db)[0].detail).toMatch(/: der Import wurde vorher beendet/);
    expect(auditOf(db).map((a) => a.by)).toEqual([null, null, null]);
    expect(goingOut(db).map((row) => row.email).sort()).toEqual(['anderswo@verein.at', 'lebt@verein.at']);
    // the server's start judges them the same way (only its own kind it knows gone for sure)
    expect(recordInvitationsCutOff(db, true, Date.now() + 2 * HOUR).sort()).toEqual(['anderswo@verein.at', 'lebt@verein.at']);
  });

  it("a new invitation of an address a killed import left going out takes nothing of it: both are said, each as it ended", async () => {
    const db = createTestDb();
    const gone = spawnSync(process.execPath, ['-e', '0']).pid;
    write('test.seed', (tx) => {
      const [user] = tx.insert(users).values({ email: 'neu@verein.at' }).returning({ id: users.id }).all();
      tx.insert(invitationMailsGoingOut).values({ tokenId: 'token-des-imports', email: 'neu@verein.at', userId: user.id, since: Date.now(), byId: null, byName: null, sender: `${gone} ${PLACE}` }).run();
    }, db);
    // an admin invites the address again before anything said the first
    const mail = await leftGoingOut(db, 'neu@verein.at');
    mail.finish();
    await settled();
    expect(goingOut(db)).toEqual([{ email: 'neu@verein.at', sender: `${gone} ${PLACE}` }]);
    expect(recordInvitationsCutOff(db, false)).toEqual(['neu@verein.at']);
    expect(auditOf(db).map((a) => a.action)).toEqual(['user.invite', 'user.inviteInterrupted']);
    expect(goingOut(db)).toEqual([]);
  });
});
