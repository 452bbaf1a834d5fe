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
import { recordInvitationsCutOff } from './invitation-mails';
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
    expect(recordInvitationsCutOff(db, true)).toEqual([]);
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
    expect(auditOf(db)[0].detail).toMatch(/^Der Server wurde abgebrochen, während die Einladung an haengt@verein\.at \(\d+\. \w+ \d{4}, \d\d:\d\d Uhr\) noch versendet wurde: ob sie angekommen ist, ist unbekannt/);
    expect(goingOut(db)).toEqual([]);
    expect(db.select({ email: users.email }).from(users).all()).toEqual([{ email: 'haengt@verein.at' }]);
    expect(db.select().from(oneTimeTokens).all()).toHaveLength(1);
    // said once
    expect(recordInvitationsCutOff(db, true)).toEqual([]);
  });

  it("another process's (the import's) is said once that process is gone: here when its id runs no more, from another place after an hour", async () => {
    const db = createTestDb();
    const gone = spawnSync(process.execPath, ['-e', '0']).pid;
    const rows = [
      { email: 'lebt@verein.at', sender: `${process.pid} ${PLACE}`, since: Date.now() },
      { email: 'weg@verein.at', sender: `${gone} ${PLACE}`, since: Date.now() },
      { email: 'anderswo@verein.at', sender: '1 anderer-rechner pid:[4026531836]', since: Date.now() - 10 * 60 * 1000 },
      { email: 'laengst@verein.at', sender: '1 anderer-rechner pid:[4026531836]', since: Date.now() - 2 * HOUR },
    ];
    write('test.seed', (tx) => {
      for (const row of rows) {
        const [user] = tx.insert(users).values({ email: row.email }).returning({ id: users.id }).all();
        tx.insert(invitationMailsGoingOut).values({ ...row, userId: user.id, byId: null, byName: null }).run();
      }
    }, db);
    expect(recordInvitationsCutOff(db, false).sort()).toEqual(['laengst@verein.at', 'weg@verein.at']);
    expect(auditOf(db).map((a) => a.detail).sort()).toEqual([
      AUDIT_TEXTS.inviteCutOff('laengst@verein.at', formatDateTime(rows[3].since), false),
      AUDIT_TEXTS.inviteCutOff('weg@verein.at', formatDateTime(rows[1].since), false),
    ]);
    expect(auditOf(db)[0].detail).toMatch(/^Der Import wurde abgebrochen/);
    expect(auditOf(db).map((a) => a.by)).toEqual([null, null]);
    expect(goingOut(db).map((row) => row.email).sort()).toEqual(['anderswo@verein.at', 'lebt@verein.at']);
    // the server's start judges them the same way (only its own kind it knows gone for sure)
    expect(recordInvitationsCutOff(db, true, Date.now() + 2 * HOUR).sort()).toEqual(['anderswo@verein.at']);
  });
});
