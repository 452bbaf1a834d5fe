// Invitations (invitations.ts): the account, its link and its mail; a mail server slower than the admin's
// answer may wait; the invitations still going out when the server stops.
import { describe, expect, it } from 'vitest';
import { createTestDb } from '../db/test-db';
import type { Db } from '../db/client';
import { auditLog, oneTimeTokens, users } from '../db/schema';
import { config } from '../config';
import { findPasswordToken } from './auth';
import { inviteUser, invitationsAtStop, recordInvitationsInterrupted } from './invitations';
import { mailbox, rolesOf, rule, settled, slowSend } from './test-users';
import { UserRuleError, addRole } from './users';
import { createUser } from '../auth/users';

const auditOf = (db: Db) => db.select({ action: auditLog.action, detail: auditLog.detail }).from(auditLog).all();

describe('inviteUser', () => {
  it('creates the user with the role Benutzer and mails a 7-day link to /reset-password on SITE_URL', async () => {
    const db = createTestDb();
    const { sent, send } = mailbox();
    const user = await inviteUser(db, '  Neue.Trainerin@Verein.at ', send);
    expect(user.email).toBe('neue.trainerin@verein.at');
    expect(rolesOf(db, user.id)).toEqual(['user']);
    expect(sent).toHaveLength(1);
    expect(sent[0].to).toBe('neue.trainerin@verein.at');
    const link = sent[0].text.match(/https?:\/\/\S+/)![0];
    expect(link.startsWith(`${config.siteUrl}/reset-password?token=`)).toBe(true);
    const row = findPasswordToken(db, new URL(link).searchParams.get('token')!);
    expect(row?.purpose).toBe('invite');
    expect(row!.expiresAt - row!.createdAt).toBe(7 * 24 * 60 * 60 * 1000);
  });

  it('sends a new link to someone still invited, and the old link stops working', async () => {
    const db = createTestDb();
    const { sent, send } = mailbox();
    await inviteUser(db, 'neu@verein.at', send);
    await inviteUser(db, 'neu@verein.at', send);
    const [first, second] = sent.map((m) => new URL(m.text.match(/https?:\/\/\S+/)![0]).searchParams.get('token')!);
    expect(findPasswordToken(db, first)).toBeNull();
    expect(findPasswordToken(db, second)).not.toBeNull();
    expect(db.select().from(users).all()).toHaveLength(1);
  });

  it('refuses an address that already has an account with a password', async () => {
    const db = createTestDb();
    await createUser(db, { email: 'da@verein.at', password: 'Passwort-da-123', roles: ['admin'] });
    const { sent, send } = mailbox();
    expect(await rule(() => inviteUser(db, 'DA@verein.at', send))).toBe('Ein Benutzer mit dieser E-Mail-Adresse existiert bereits.');
    expect(sent).toHaveLength(0);
  });

  it('removes the new user again when the e-mail cannot be sent, and says why', async () => {
    const db = createTestDb();
    const failing = async () => {
      throw new Error('SMTP down');
    };
    const before = config.smtpUrl;
    config.smtpUrl = 'smtp://mail.example.at';
    try {
      expect(await rule(() => inviteUser(db, 'neu@verein.at', failing))).toBe(
        'Fehler beim Versenden der Einladung: der Mailserver ist nicht erreichbar oder hat die E-Mail abgelehnt. Es wurde keine Einladung verschickt; bitte später erneut versuchen.',
      );
    } finally {
      config.smtpUrl = before;
    }
    expect(db.select().from(users).all()).toHaveLength(0);
    expect(db.select().from(oneTimeTokens).all()).toHaveLength(0);
    // the admin was told: the Protokoll has no entry for an invitation that did not happen
    expect(auditOf(db)).toEqual([]);
    // without SMTP the outbox on a full disk
    const full = async () => {
      throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
    };
    const refusal = await inviteUser(db, 'neu@verein.at', full).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(UserRuleError);
    expect((refusal as UserRuleError).code).toBe('SERVICE_UNAVAILABLE');
    expect((refusal as UserRuleError).message).toContain('kein Speicherplatz frei für die E-Mail');
  });

  it('a new invitation that cannot be sent leaves the link of the one sent before working', async () => {
    // the earlier link was voided before the new mail went; a failed send then cost the person both (a review)
    const db = createTestDb();
    const { sent, send } = mailbox();
    await inviteUser(db, 'neu@verein.at', send);
    const first = new URL(sent[0].text.match(/https?:\/\/\S+/)![0]).searchParams.get('token')!;
    const failing = async () => {
      throw new Error('SMTP down');
    };
    expect(await rule(() => inviteUser(db, 'neu@verein.at', failing))).toMatch(/^Fehler beim Versenden der Einladung: /);
    expect(findPasswordToken(db, first)).not.toBeNull();
    expect(db.select().from(users).all()).toHaveLength(1);
    expect(db.select().from(oneTimeTokens).all()).toHaveLength(1);
  });

  it('a second invitation of an address while its first is still going out is refused; once the first failed it is sent', async () => {
    // sent meanwhile, the second voided the first one's link, whose mail came after it with a dead link; or
    // the first failed and deleted the user, the sent link with it; both failing left an account without a way
    // in (reviews)
    const db = createTestDb();
    let fail: (error: Error) => void = () => undefined;
    const hanging = () => new Promise<never>((_, reject) => (fail = reject));
    const firstTry = inviteUser(db, 'neu@verein.at', hanging).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 10));
    const { sent, send } = mailbox();
    expect(await rule(() => inviteUser(db, ' Neu@Verein.at', send))).toBe(
      'Die Einladung an diese Adresse wird gerade noch versendet. Bitte warten, bis sie im Protokoll steht, und erst dann bei Bedarf erneut einladen.',
    );
    expect(sent).toEqual([]);
    // another address is not held up
    await inviteUser(db, 'andere@verein.at', send);
    fail(new Error('Greeting never received'));
    expect(await firstTry).toBeInstanceOf(UserRuleError);
    const user = await inviteUser(db, 'neu@verein.at', send);
    const link = new URL(sent[1].text.match(/https?:\/\/\S+/)![0]).searchParams.get('token')!;
    expect(findPasswordToken(db, link)?.userId).toBe(user.id);
    expect(db.select().from(users).all().map((u) => u.email).sort()).toEqual(['andere@verein.at', 'neu@verein.at']);
  });
});

describe('inviteUser with a mail server slower than the answer may wait', () => {
  it("is answered 'still sending' in time; once the mail is out its link works, older ones are void, the Protokoll says it was sent", async () => {
    const db = createTestDb();
    const { send: first } = mailbox();
    await inviteUser(db, 'neu@verein.at', first);
    const slow = slowSend();
    const answer = await inviteUser(db, 'neu@verein.at', slow.send, undefined, 20);
    expect(answer.stillSending).toBe(true);
    // under way: both links still there, the earlier one works until the new one is out
    expect(db.select().from(oneTimeTokens).all()).toHaveLength(2);
    expect(auditOf(db).filter((a) => a.action === 'user.invite')).toHaveLength(1);
    slow.finish();
    await settled();
    const link = new URL(slow.sent[0].text.match(/https?:\/\/\S+/)![0]).searchParams.get('token')!;
    expect(findPasswordToken(db, link)?.userId).toBe(answer.id);
    expect(db.select().from(oneTimeTokens).all()).toHaveLength(1);
    expect(auditOf(db).filter((a) => a.action === 'user.invite')).toHaveLength(2);
  });

  it('a mail that fails after the answer takes back what the invitation made, and the Protokoll says it was not sent', async () => {
    const db = createTestDb();
    const slow = slowSend();
    const answer = await inviteUser(db, 'neu@verein.at', slow.send, undefined, 20);
    expect(answer.stillSending).toBe(true);
    expect(db.select().from(users).all().map((u) => u.id)).toEqual([answer.id]);
    slow.finish(new Error('451 try again later'));
    await settled();
    expect(db.select().from(users).all()).toEqual([]);
    expect(db.select().from(oneTimeTokens).all()).toEqual([]);
    expect(auditOf(db)).toEqual([{ action: 'user.inviteFailed', detail: expect.stringMatching(/^Nicht versendet: neu@verein\.at \(/) }]);
  });

  it('a mail that fails after a superadmin gave the invited one a role keeps the account and its role (it was deleted with them, unlogged)', async () => {
    const db = createTestDb();
    const slow = slowSend();
    const answer = await inviteUser(db, 'kassier@verein.at', slow.send, undefined, 20);
    expect(answer.stillSending).toBe(true);
    addRole(db, answer.id, 'admin');
    slow.finish(new Error('451 try again later'));
    await settled();
    expect(db.select({ id: users.id }).from(users).all()).toEqual([{ id: answer.id }]);
    expect(rolesOf(db, answer.id).sort()).toEqual(['admin', 'user']);
  });

  it('a mail that cannot even be put together (a send that throws at once) is taken back like a failed one', async () => {
    const db = createTestDb();
    const throwing = (): Promise<never> => {
      throw new Error('kaputt');
    };
    expect(await rule(() => inviteUser(db, 'neu@verein.at', throwing, undefined, 1_000))).toMatch(/^Fehler beim Versenden der Einladung: /);
    expect(db.select().from(users).all()).toEqual([]);
    expect(db.select().from(oneTimeTokens).all()).toEqual([]);
    // and the address is free for the next try
    const { send } = mailbox();
    expect((await inviteUser(db, 'neu@verein.at', send)).stillSending).toBe(false);
  });

  it('a mail out before the deadline is answered as sent, as ever', async () => {
    const db = createTestDb();
    const { sent, send } = mailbox();
    expect((await inviteUser(db, 'neu@verein.at', send, undefined, 1_000)).stillSending).toBe(false);
    expect(sent).toHaveLength(1);
  });

  it('a graceful stop waits for the invitations going out; one still going out after its grace is in the Protokoll as interrupted, its link and account kept', async () => {
    const db = createTestDb();
    const quick = slowSend();
    const stuck = slowSend();
    expect((await inviteUser(db, 'schnell@verein.at', quick.send, undefined, 20)).stillSending).toBe(true);
    expect((await inviteUser(db, 'haengt@verein.at', stuck.send, undefined, 20)).stillSending).toBe(true);
    let ended = false;
    void invitationsAtStop(db).then(() => (ended = true));
    quick.finish();
    await settled();
    expect(ended).toBe(false);
    // the grace is over: whether the other one arrives is unknown, so it is said, and its link and account stay
    expect(recordInvitationsInterrupted(db)).toEqual(['haengt@verein.at']);
    const interrupted = {
      action: 'user.inviteInterrupted',
      detail: 'Der Server wurde angehalten, während die Einladung an haengt@verein.at noch versendet wurde: ob sie angekommen ist, ist unbekannt (ihr Link gilt; sonst die Einladung wiederholen)',
    };
    expect(auditOf(db)).toEqual([{ action: 'user.invite', detail: 'Eingeladen: schnell@verein.at' }, interrupted]);
    expect(db.select().from(users).all().map((u) => u.email).sort()).toEqual(['haengt@verein.at', 'schnell@verein.at']);
    expect(db.select().from(oneTimeTokens).all()).toHaveLength(2);
    // what its mail does in the stop's last moments is not settled any more: the Protokoll already said it
    stuck.finish(new Error('421 closing connection'));
    await settled();
    expect(ended).toBe(true);
    expect(db.select().from(oneTimeTokens).all()).toHaveLength(2);
    expect(auditOf(db)).toEqual([{ action: 'user.invite', detail: 'Eingeladen: schnell@verein.at' }, interrupted]);
    expect(recordInvitationsInterrupted(db)).toEqual([]);
  });

  it("an invitation whose admin's request the stop's drain cut, and whose mail then fails within the grace, is in the Protokoll as not sent", async () => {
    const db = createTestDb();
    const slow = slowSend();
    // the admin waits (40 s), and hears nothing: the drain cut the request
    const request = inviteUser(db, 'neu@verein.at', slow.send, undefined, 40_000).catch((error: unknown) => error);
    await settled();
    const ended = invitationsAtStop(db);
    slow.finish(new Error('451 try again later'));
    await ended;
    expect(await request).toBeInstanceOf(UserRuleError);
    expect(db.select().from(users).all()).toEqual([]);
    expect(auditOf(db)).toEqual([{ action: 'user.inviteFailed', detail: expect.stringMatching(/^Nicht versendet: neu@verein\.at \(/) }]);
    expect(recordInvitationsInterrupted(db)).toEqual([]);
  });
});
