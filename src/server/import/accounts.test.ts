// The import and the accounts that were here before it (decision 020, from a security review): whoever writes
// the old data or hands over its export decides nothing about them. The old app's roles are not added to an
// account that existed here (a crafted export made an existing 'user' a superadmin), and a changed e-mail is
// followed only by an account the import made (it redirected an admin's invitation to another address).
import fs from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { OLD, oldClub } from '../../../tests/fixtures/old-club';
import { useImportRun } from '../../../tests/fixtures/import-run';
import { createUser } from '../auth/users';
import { write } from '../db/write';
import { invitationMailsGoingOut, oneTimeTokens, users } from '../db/schema';
import type { Db } from '../db/client';
import type { Mail } from '../mail/mailer';
import { inviteUser } from '../services/invitations';
import { runImport } from './command';

const run = useImportRun();
const { lines, log, rows, options } = run;
let db: Db;
let exportFile: string;
beforeEach(() => ({ db, exportFile } = run.current()));

const rolesOf = (email: string) => rows('SELECT r.role FROM user_roles r JOIN users u ON u.id = r.user_id WHERE u.email = ? ORDER BY r.role', email).map((r) => r.role);

describe('npm run import and the accounts here before it', () => {
  it("adds no role of the old app to an account that was here before: a crafted export makes no 'user' a superadmin; the report says what it left", async () => {
    await createUser(db, { email: 'fan@example.at', password: 'Eigenes-Passwort-1', roles: ['user'] });
    await createUser(db, { email: 'obmann@sv-altdorf.at', password: 'Eigenes-Passwort-2', roles: ['superadmin'] });
    const club = oldClub();
    // the crafted export: a profile with the fan's address, made superadmin and admin in the old app
    const attacker = '5b0c1f0e-0000-4000-8000-00000000f00d';
    club.profiles.push({ user_id: attacker, email: 'Fan@Example.at', created_at: new Date() });
    (club.user_roles as Record<string, unknown>[]).push({ user_id: attacker, role: 'superadmin' }, { user_id: attacker, role: 'admin' });
    fs.writeFileSync(exportFile, JSON.stringify(club));
    const tried = 2;
    for (const attempt of [1, 2]) {
      lines.length = 0;
      expect((await runImport(db, options(), log)).ok).toBe(true);
      expect(rolesOf('fan@example.at'), `run ${attempt}`).toEqual(['user']);
      expect(lines).toContain(
        `[import]   übersprungen user_roles ${attacker}:superadmin: das Konto fan@example.at gab es hier schon vor dem Import; seine Rollen vergibt ein Superadmin unter „Benutzer“ (die Rolle superadmin aus dem alten System wurde nicht übernommen).`,
      );
    }
    // the club's own superadmin, here before too, has the role the old app gives them: nothing to skip
    expect(rolesOf('obmann@sv-altdorf.at')).toEqual(['superadmin']);
    expect(lines.some((line) => line.includes(`user_roles ${OLD.owner}:superadmin`))).toBe(false);
    // the account the import made gets its roles from the old app, as before
    expect(rolesOf('schriftfuehrerin@sv-altdorf.at')).toEqual(['admin']);
    const gained = rows("SELECT count(*) AS n FROM user_roles r JOIN users u ON u.id = r.user_id WHERE u.email = 'fan@example.at' AND r.role <> 'user'")[0].n as number;
    console.info(`[import] roles for accounts here before: ${tried} tried, ${tried - gained} refused, ${gained} added`);
    expect(gained).toBe(0);
  });

  it('follows a changed e-mail only for an account the import made: an invitation an admin sent here goes to no other address', async () => {
    const sent: string[] = [];
    const send = async (mail: Mail) => (sent.push(mail.to), { transport: 'outbox' as const });
    // an admin here invited the club's treasurer before the import; she has not set her password yet
    await createUser(db, { email: 'kassierin@sv-altdorf.at', roles: ['admin'] });
    await inviteUser(db, 'kassierin@sv-altdorf.at', send);
    const club = oldClub();
    const treasurer = '5b0c1f0e-0000-4000-8000-0000000000ca';
    club.profiles.push({ user_id: treasurer, email: 'kassierin@sv-altdorf.at', created_at: new Date() });
    fs.writeFileSync(exportFile, JSON.stringify(club));
    await runImport(db, options(), log);
    // the old data changes her address to one its writer reads
    club.profiles.at(-1)!.email = 'angreifer@example.com';
    fs.writeFileSync(exportFile, JSON.stringify(club));
    sent.length = 0;
    lines.length = 0;
    await runImport(db, options({ invite: true, send }), log);
    expect(rows("SELECT email FROM users WHERE email IN ('kassierin@sv-altdorf.at', 'angreifer@example.com')")).toEqual([{ email: 'kassierin@sv-altdorf.at' }]);
    expect(rows("SELECT email FROM profiles WHERE user_id = (SELECT id FROM users WHERE email = 'kassierin@sv-altdorf.at')")).toEqual([{ email: 'kassierin@sv-altdorf.at' }]);
    // her invitation still works, and no mail went to the other address
    expect(rows("SELECT count(*) AS n FROM one_time_tokens WHERE purpose = 'invite' AND used_at IS NULL AND user_id = (SELECT id FROM users WHERE email = 'kassierin@sv-altdorf.at')")[0].n).toBe(1);
    expect(sent).not.toContain('angreifer@example.com');
    expect(lines).toContain(
      '[import]   E-Mail im alten System geändert (kassierin@sv-altdorf.at → angreifer@example.com): das Konto hier behält kassierin@sv-altdorf.at (es wurde hier angelegt, nicht vom Import).',
    );
  });

  it('an account the import made that is used here since (a password set, a role given here) takes no more roles from the old data, nor its e-mail changes', async () => {
    const sent: string[] = [];
    const send = async (mail: Mail) => (sent.push(mail.to), { transport: 'outbox' as const });
    await runImport(db, options(), log);
    // here since: the chairman set his password; the editor has none yet, but a superadmin made her a moderator
    write('test.usedHere', () => {
      db.$client.prepare("UPDATE users SET password_hash = 'gesetzt' WHERE email = 'obmann@sv-altdorf.at'").run();
      db.$client.prepare("INSERT INTO user_roles (id, user_id, role) SELECT 'r-hier', id, 'moderator' FROM users WHERE email = 'schriftfuehrerin@sv-altdorf.at'").run();
    }, db);
    // the old data then: a new role for each, and the editor's address changed to one its writer reads
    const club = oldClub();
    (club.user_roles as Record<string, unknown>[]).push({ user_id: OLD.owner, role: 'admin' }, { user_id: OLD.editor, role: 'superadmin' });
    club.profiles[1].email = 'angreifer@example.com';
    fs.writeFileSync(exportFile, JSON.stringify(club));
    lines.length = 0;
    await runImport(db, options({ invite: true, send }), log);
    expect(rolesOf('obmann@sv-altdorf.at')).toEqual(['superadmin']);
    expect(rolesOf('schriftfuehrerin@sv-altdorf.at')).toEqual(['admin', 'moderator']);
    expect(rows("SELECT count(*) AS n FROM users WHERE email = 'angreifer@example.com'")[0].n).toBe(0);
    expect(sent).not.toContain('angreifer@example.com');
    expect(lines).toContain(
      `[import]   übersprungen user_roles ${OLD.owner}:admin: das Konto obmann@sv-altdorf.at wird hier schon benutzt (Passwort gesetzt oder Rollen hier vergeben); seine Rollen vergibt ein Superadmin unter „Benutzer“ (die Rolle admin aus dem alten System wurde nicht übernommen).`,
    );
    expect(lines).toContain(
      '[import]   E-Mail im alten System geändert (schriftfuehrerin@sv-altdorf.at → angreifer@example.com): das Konto hier behält schriftfuehrerin@sv-altdorf.at (es wird hier schon benutzt: Passwort gesetzt oder Rollen hier vergeben).',
    );
  });

  it('a role an earlier run gave and a superadmin took away here is not given again, though its old row changed', async () => {
    await runImport(db, options(), log);
    expect(rolesOf('schriftfuehrerin@sv-altdorf.at')).toEqual(['admin']);
    write('test.roleTaken', () => db.$client.prepare("DELETE FROM user_roles WHERE role = 'admin' AND user_id = (SELECT id FROM users WHERE email = 'schriftfuehrerin@sv-altdorf.at')").run(), db);
    // the next export writes the row with its date (another way out of the old app)
    const club = oldClub();
    (club.user_roles[1] as Record<string, unknown>).created_at = new Date();
    fs.writeFileSync(exportFile, JSON.stringify(club));
    lines.length = 0;
    expect((await runImport(db, options(), log)).ok).toBe(true);
    expect(rolesOf('schriftfuehrerin@sv-altdorf.at')).toEqual([]);
    expect(lines).toContain(
      `[import]   übersprungen user_roles ${OLD.editor}:admin: die Rolle admin des Kontos schriftfuehrerin@sv-altdorf.at wurde hier entzogen, nachdem ein früherer Import sie gab; der Import gibt sie nicht wieder (ein Superadmin kann sie unter „Benutzer“ vergeben).`,
    );
    expect(rolesOf('obmann@sv-altdorf.at')).toEqual(['superadmin']);
  });

  it('--invite invites the accounts the import made, not one that was here before without a password (its admin invites it)', async () => {
    const sent: string[] = [];
    const send = async (mail: Mail) => (sent.push(mail.to), { transport: 'outbox' as const });
    await createUser(db, { email: 'kassier@sv-altdorf.at', roles: ['admin'] });
    const club = oldClub();
    club.profiles.push({ user_id: '5b0c1f0e-0000-4000-8000-0000000000cb', email: 'kassier@sv-altdorf.at', created_at: new Date() });
    fs.writeFileSync(exportFile, JSON.stringify(club));
    await runImport(db, options({ invite: true, send }), log);
    expect(sent.sort()).toEqual(['obmann@sv-altdorf.at', 'schriftfuehrerin@sv-altdorf.at']);
  });

  it('an invitation a killed import left going out is said in the Protokoll by the next run with --invite; its link stays, so it is not sent again', async () => {
    const send = async () => ({ transport: 'outbox' as const });
    await runImport(db, options({ invite: true, send }), log);
    // the run before was killed while the owner's mail was going out: its row names the link it made
    write('test.killedImport', (tx) => {
      const owner = tx.select({ id: users.id }).from(users).where(eq(users.email, 'obmann@sv-altdorf.at')).get()!;
      const link = tx.select({ id: oneTimeTokens.id }).from(oneTimeTokens).where(and(eq(oneTimeTokens.userId, owner.id), eq(oneTimeTokens.purpose, 'invite'))).get()!;
      tx.insert(invitationMailsGoingOut).values({ email: 'obmann@sv-altdorf.at', userId: owner.id, since: Date.now(), byId: null, byName: null, sender: 'import', tokenId: link.id }).run();
    }, db);
    const sent: string[] = [];
    await runImport(db, options({ invite: true, send: async (mail: Mail) => (sent.push(mail.to), { transport: 'outbox' as const }) }), log);
    expect(rows("SELECT action, detail FROM audit_log WHERE detail LIKE '%obmann@sv-altdorf.at%' AND action = 'user.inviteInterrupted'")).toEqual([
      { action: 'user.inviteInterrupted', detail: expect.stringMatching(/^Versand der Einladung an obmann@sv-altdorf\.at \(begonnen am .+ Uhr\) nicht abgeschlossen: der Import wurde vorher beendet/) },
    ]);
    expect(rows('SELECT count(*) AS n FROM invitation_mails_going_out')[0].n).toBe(0);
    expect(lines).toContain('[import] Nicht abgeschlossene Einladungen eines beendeten Imports oder Servers im Protokoll vermerkt (ob sie angekommen sind, ist unbekannt; ihre Links gelten): obmann@sv-altdorf.at');
    expect(sent).toEqual([]);
  });

  it("an e-mail changed in the old app to another account's address is not taken over", async () => {
    await runImport(db, options(), log);
    await createUser(db, { email: 'vorstand@sv-altdorf.at', password: 'Eigenes-Passwort-3', roles: ['user'] });
    const club = oldClub();
    club.profiles[1].email = 'vorstand@sv-altdorf.at';
    fs.writeFileSync(exportFile, JSON.stringify(club));
    lines.length = 0;
    await runImport(db, options(), log);
    expect(rows("SELECT count(*) AS n FROM users WHERE email = 'schriftfuehrerin@sv-altdorf.at'")[0].n).toBe(1);
    expect(rolesOf('vorstand@sv-altdorf.at')).toEqual(['user']);
    expect(lines).toContain(
      '[import]   E-Mail im alten System geändert (schriftfuehrerin@sv-altdorf.at → vorstand@sv-altdorf.at): das Konto hier behält schriftfuehrerin@sv-altdorf.at (vorstand@sv-altdorf.at gehört einem anderen Konto).',
    );
  });
});
