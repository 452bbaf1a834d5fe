import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDb, seed } from '../db/test-db';
import type { Db } from '../db/client';
import { auditLog, news, oneTimeTokens, profiles, sessions, totpFactors, userRoles, users } from '../db/schema';
import { createSession } from '../auth/session';
import { createUser } from '../auth/users';
import { config } from '../config';
import type { Mail } from '../mail/mailer';
import { findPasswordToken } from './auth';
import { UserRuleError, addRole, deleteUser, inviteUser, listUsers, removeRole } from './users';

function mailbox() {
  const sent: Mail[] = [];
  const send = async (mail: Mail) => {
    sent.push(mail);
    return { transport: 'outbox' as const };
  };
  return { sent, send };
}

async function rule(work: () => unknown): Promise<string> {
  try {
    await work();
  } catch (error) {
    if (error instanceof UserRuleError) return error.message;
    throw error;
  }
  throw new Error('no rule was broken');
}

const rolesOf = (db: Db, userId: string) =>
  db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.user_id, userId)).all().map((r) => r.role).sort();

describe('listUsers', () => {
  it('lists e-mail, creation date and roles, newest first, and marks open invitations and a second factor in force', async () => {
    const db = createTestDb();
    const a = await createUser(db, { email: 'alt@verein.at', password: 'Passwort-alt-1', roles: ['superadmin', 'admin'] });
    const b = await createUser(db, { email: 'neu@verein.at', roles: ['user'] });
    seed(db, () => db.update(profiles).set({ created_at: '2024-01-10T10:00:00.000Z' }).where(eq(profiles.user_id, a.id)).run());
    seed(db, () => db.update(profiles).set({ created_at: '2025-03-01T10:00:00.000Z' }).where(eq(profiles.user_id, b.id)).run());
    // a factor in force for a; one begun but never confirmed does not count
    seed(db, () => db.insert(totpFactors).values({ userId: a.id, sealedKey: 'x', confirmedAt: 1, lastStep: 0, createdAt: 1 }).run());
    seed(db, () => db.insert(totpFactors).values({ userId: b.id, sealedKey: 'x', confirmedAt: null, lastStep: 0, createdAt: 1 }).run());
    expect(listUsers(db)).toEqual([
      { id: b.id, email: 'neu@verein.at', createdAt: '2025-03-01T10:00:00.000Z', roles: ['user'], pending: true, secondFactor: false },
      { id: a.id, email: 'alt@verein.at', createdAt: '2024-01-10T10:00:00.000Z', roles: ['superadmin', 'admin'], pending: false, secondFactor: true },
    ]);
  });
});

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
  const auditOf = (db: Db) => db.select({ action: auditLog.action, detail: auditLog.detail }).from(auditLog).all();
  /** A send that ends when the test says, as a mail server that answers each step slowly. */
  function slowSend() {
    const sent: Mail[] = [];
    let finish: (error?: Error) => void = () => undefined;
    const send = (mail: Mail) =>
      new Promise<{ transport: 'smtp' }>((resolve, reject) => {
        finish = (error) => {
          if (error) return reject(error);
          sent.push(mail);
          resolve({ transport: 'smtp' });
        };
      });
    return { sent, send, finish: (error?: Error) => finish(error) };
  }
  const settled = () => new Promise((resolve) => setTimeout(resolve, 10));

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
});

describe('roles', () => {
  it('adds and removes roles; a role already held or not held is refused', async () => {
    const db = createTestDb();
    const u = await createUser(db, { email: 'u@verein.at', password: 'Passwort-u-123', roles: ['user'] });
    addRole(db, u.id, 'admin');
    expect(rolesOf(db, u.id)).toEqual(['admin', 'user']);
    expect(await rule(() => addRole(db, u.id, 'admin'))).toBe('Der Benutzer hat diese Rolle bereits.');
    removeRole(db, u.id, 'user');
    expect(rolesOf(db, u.id)).toEqual(['admin']);
    expect(await rule(() => removeRole(db, u.id, 'moderator'))).toBe('Der Benutzer hat diese Rolle nicht.');
    expect(await rule(() => addRole(db, 'gibt-es-nicht', 'admin'))).toBe('Benutzer nicht gefunden.');
  });

  it('removing a role ends the user\'s sessions at once; one\'s own current session stays', async () => {
    const db = createTestDb();
    const u = await createUser(db, { email: 'admin2@verein.at', password: 'Passwort-u-123', roles: ['admin'] });
    createSession(db, u.id);
    createSession(db, u.id);
    removeRole(db, u.id, 'admin');
    expect(db.select().from(sessions).where(eq(sessions.userId, u.id)).all()).toEqual([]);
    // a superadmin who gives up their admin role keeps the session they are working in
    const boss = await createUser(db, { email: 'chef@verein.at', password: 'Passwort-u-123', roles: ['superadmin', 'admin'] });
    const working = createSession(db, boss.id);
    createSession(db, boss.id);
    removeRole(db, boss.id, 'admin', working.session.id);
    expect(db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, boss.id)).all()).toEqual([{ id: working.session.id }]);
  });

  it('never lets the last superadmin lose the role, but lets one of two give it up', async () => {
    const db = createTestDb();
    const a = await createUser(db, { email: 'a@verein.at', password: 'Passwort-a-123', roles: ['superadmin'] });
    expect(await rule(() => removeRole(db, a.id, 'superadmin'))).toBe('Der letzte Superadmin kann diese Rolle nicht verlieren.');
    expect(rolesOf(db, a.id)).toEqual(['superadmin']);
    const b = await createUser(db, { email: 'b@verein.at', password: 'Passwort-b-123', roles: ['user'] });
    addRole(db, b.id, 'superadmin');
    removeRole(db, a.id, 'superadmin');
    expect(rolesOf(db, a.id)).toEqual([]);
    expect(await rule(() => removeRole(db, b.id, 'superadmin'))).toBe('Der letzte Superadmin kann diese Rolle nicht verlieren.');
  });
});

describe('deleteUser', () => {
  it('deletes a user with profile, roles, sessions and links; their news stay without author', async () => {
    const db = createTestDb();
    const me = await createUser(db, { email: 'chef@verein.at', password: 'Passwort-chef-1', roles: ['superadmin'] });
    const u = await createUser(db, { email: 'weg@verein.at', password: 'Passwort-weg-12', roles: ['admin', 'user'] });
    createSession(db, u.id);
    const item = seed(db, () => db.insert(news).values({ title: 'Sieg', content: 'Text', author_id: u.id }).returning().get());
    expect(deleteUser(db, u.id, me.id)).toEqual({ email: 'weg@verein.at' });
    for (const table of [users, profiles]) expect(db.select().from(table).all()).toHaveLength(1);
    expect(db.select().from(userRoles).where(eq(userRoles.user_id, u.id)).all()).toHaveLength(0);
    expect(db.select().from(sessions).where(eq(sessions.userId, u.id)).all()).toHaveLength(0);
    expect(db.select().from(news).where(eq(news.id, item.id)).get()?.author_id).toBeNull();
  });

  it('refuses to delete oneself, a superadmin, or someone unknown', async () => {
    const db = createTestDb();
    const me = await createUser(db, { email: 'chef@verein.at', password: 'Passwort-chef-1', roles: ['superadmin'] });
    const other = await createUser(db, { email: 'zwei@verein.at', password: 'Passwort-zwei-1', roles: ['superadmin'] });
    const admin = await createUser(db, { email: 'admin@verein.at', password: 'Passwort-admin1', roles: ['admin'] });
    expect(await rule(() => deleteUser(db, me.id, me.id))).toBe('Sie können Ihr eigenes Konto nicht löschen.');
    expect(await rule(() => deleteUser(db, other.id, me.id))).toBe('Superadmin-Benutzer können nicht gelöscht werden');
    expect(await rule(() => deleteUser(db, admin.id, admin.id))).toBe('Sie können Ihr eigenes Konto nicht löschen.');
    expect(await rule(() => deleteUser(db, 'gibt-es-nicht', me.id))).toBe('Benutzer nicht gefunden.');
    expect(db.select().from(users).all()).toHaveLength(3);
  });
});
