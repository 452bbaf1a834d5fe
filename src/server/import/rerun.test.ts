// `npm run import` again after the club has worked here (decision 020): what admins deleted, wrote or set
// since stays theirs; whom an earlier run left without a password is invited by the next run with --invite.
import fs from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { OLD, oldClub } from '../../../tests/fixtures/old-club';
import { useImportRun } from '../../../tests/fixtures/import-run';
import type { Db } from '../db/client';
import { write } from '../db/write';
import type { Mail } from '../mail/mailer';
import { runImport } from './command';
import { createPageContent } from '../services/admin/pageContent';

const run = useImportRun();
const { lines, log, rows, options } = run;
let db: Db;
let exportFile: string;
beforeEach(() => ({ db, exportFile } = run.current()));

describe('npm run import, run again', () => {
  it('a rerun respects what an admin deleted here: not brought back, not counted as changed; a row that needs it is skipped with the reason, an optional reference left empty', async () => {
    await runImport(db, options(), log);
    // deleted here since: the team (its players go with it), the news, the editor's account
    write('test.deletedHere', () => {
      db.$client.prepare("DELETE FROM teams WHERE name = 'Kampfmannschaft'").run();
      db.$client.prepare('DELETE FROM news').run();
      db.$client.prepare("DELETE FROM users WHERE email = 'schriftfuehrerin@sv-altdorf.at'").run();
    }, db);
    // meanwhile in the old app: the team and the news were edited, a player joined the team, a second news by the editor
    const club = oldClub();
    club.teams[0].description = 'Neu beschrieben';
    club.news[0].title = 'Derbysieg in Kirchberg (mit Video)';
    (club.players as Record<string, unknown>[]).push({ id: OLD.badPlayer, team_id: OLD.team, name: 'Neu Zugang', position: 'Stürmer', age: 19, jersey_number: 1, image_url: null, created_at: new Date() });
    (club.news as Record<string, unknown>[]).push({ ...club.news[0], id: OLD.reserve, title: 'Vorschau auf das Derby', image_url: null });
    fs.writeFileSync(exportFile, JSON.stringify(club));
    lines.length = 0;
    const outcome = await runImport(db, options(), log);
    expect(outcome.ok).toBe(true);
    expect(rows("SELECT count(*) AS n FROM teams WHERE name = 'Kampfmannschaft'")[0].n).toBe(0);
    expect(rows('SELECT count(*) AS n FROM players')[0].n).toBe(0);
    expect(rows('SELECT title, author_id FROM news')).toEqual([{ title: 'Vorschau auf das Derby', author_id: null }]);
    expect(rows("SELECT count(*) AS n FROM users WHERE email = 'schriftfuehrerin@sv-altdorf.at'")[0].n).toBe(0);
    expect(lines).toContain('[import] teams: 0 neu, 0 geändert, 1 unverändert, 1 übersprungen');
    expect(lines).toContain(`[import]   übersprungen teams ${OLD.team}: hier seit dem letzten Import gelöscht; wird nicht wieder angelegt (aus dem Papierkorb wiederherstellen, wenn es zurück soll).`);
    expect(lines).toContain(`[import]   übersprungen players ${OLD.badPlayer}: team_id verweist auf teams ${OLD.team}, das hier seit dem letzten Import gelöscht wurde; ohne es wird die Zeile nicht angelegt.`);
    expect(lines).toContain('[import] news: 1 neu, 0 geändert, 0 unverändert, 1 übersprungen');
  });

  it('a row an admin edited here since is left as they made it, though the old app changed it too; rows nobody touched here follow the old app', async () => {
    await runImport(db, options(), log);
    write('test.editedHere', () => db.$client.prepare("UPDATE news SET title = 'Derbysieg! (vom Schriftführer berichtigt)'").run(), db);
    const club = oldClub();
    club.news[0].content = 'Im alten System nachgetragen.';
    club.teams[0].description = 'Neu beschrieben';
    fs.writeFileSync(exportFile, JSON.stringify(club));
    for (const run of [1, 2]) {
      lines.length = 0;
      await runImport(db, options(), log);
      expect(rows('SELECT title, content FROM news'), `run ${run}`).toEqual([{ title: 'Derbysieg! (vom Schriftführer berichtigt)', content: expect.stringContaining('Ein starkes Spiel.') }]);
      expect(lines).toContain(`[import]   übersprungen news ${OLD.news}: hier seit dem letzten Import bearbeitet; bleibt, wie es hier ist (die Änderung im alten System wird nicht übernommen).`);
    }
    expect(rows("SELECT description FROM teams WHERE name = 'Kampfmannschaft'")).toEqual([{ description: 'Neu beschrieben' }]);

    // a row an import before this version brought (nothing kept of what it wrote): updated as then
    write('test.mappedBefore', () => db.$client.prepare("UPDATE import_map SET written_columns = NULL WHERE source_table = 'news'").run(), db);
    await runImport(db, options(), log);
    expect(rows('SELECT content FROM news')).toEqual([{ content: 'Im alten System nachgetragen.' }]);
  });

  it("a reference the database emptied (the author's account deleted here) is no edit: the row still follows the old app", async () => {
    await runImport(db, options(), log);
    write('test.authorDeleted', () => db.$client.prepare("DELETE FROM users WHERE email = 'schriftfuehrerin@sv-altdorf.at'").run(), db);
    expect(rows('SELECT author_id FROM news')).toEqual([{ author_id: null }]);
    const club = oldClub();
    club.news[0].content = 'Im alten System nachgetragen.';
    fs.writeFileSync(exportFile, JSON.stringify(club));
    lines.length = 0;
    await runImport(db, options(), log);
    expect(rows('SELECT content, author_id FROM news')).toEqual([{ content: 'Im alten System nachgetragen.', author_id: null }]);
    expect(lines).toContain('[import] news: 0 neu, 1 geändert, 0 unverändert, 0 übersprungen');
  });

  it('a page or home section written here before the import (the new privacy text, the hero) stays as it is; the old one is reported as skipped, on every run', async () => {
    write('test.heroWrittenHere', () => db.$client.prepare("INSERT INTO homepage_content (id, section_key, title) VALUES ('hier', 'hero_text', 'Willkommen beim SV Altdorf neu')").run(), db);
    createPageContent({ page_key: 'datenschutz', section_key: 'main_content', title: null, subtitle: null, content: '<p>Neu für die neue Website</p>', image_url: null, button_text: null, button_link: null, is_active: true, display_order: 0, meta_title: null, meta_description: null }, db);
    for (const run of [1, 2]) {
      lines.length = 0;
      await runImport(db, options(), log);
      expect(rows("SELECT content FROM page_content WHERE page_key = 'datenschutz'"), `run ${run}`).toEqual([{ content: '<p>Neu für die neue Website</p>' }]);
      expect(lines).toContain(`[import]   übersprungen page_content ${OLD.privacy}: dieser Abschnitt wurde hier schon geschrieben; der Text hier bleibt (der alte steht weiter im alten System).`);
      expect(rows("SELECT id, title FROM homepage_content WHERE section_key = 'hero_text'"), `run ${run}`).toEqual([{ id: 'hier', title: 'Willkommen beim SV Altdorf neu' }]);
      expect(lines).toContain('[import]   übersprungen homepage_content hero_text: dieser Abschnitt wurde hier schon geschrieben; der Text hier bleibt (der alte steht weiter im alten System).');
    }
    // the other imported section is there
    expect(rows("SELECT count(*) AS n FROM page_content WHERE page_key <> 'datenschutz'")[0].n).toBeGreaterThan(0);
  });

  it('an e-mail changed in the old app is followed by the account the first run made, not made a second one; an account with a password keeps its own', async () => {
    const sent: string[] = [];
    const send = async (mail: Mail) => (sent.push(mail.to), { transport: 'outbox' as const });
    await runImport(db, options({ invite: true, send }), log);
    const accounts = () => rows('SELECT u.email, p.email AS shown FROM users u JOIN profiles p ON p.user_id = u.id ORDER BY u.email');
    const club = oldClub();
    club.profiles[0].email = 'obfrau@sv-altdorf.at';
    club.profiles[1].email = 'presse@sv-altdorf.at';
    fs.writeFileSync(exportFile, JSON.stringify(club));
    // the first person set a password meanwhile; the second did not
    const first = String(oldClub().profiles[0].email).toLowerCase();
    write('test.passwordSet', () => db.$client.prepare('UPDATE users SET password_hash = ? WHERE email = ?').run('gesetzt', first), db);
    sent.length = 0;
    lines.length = 0;
    await runImport(db, options({ invite: true, send }), log);
    expect(accounts()).toEqual([
      { email: first, shown: first },
      { email: 'presse@sv-altdorf.at', shown: 'presse@sv-altdorf.at' },
    ]);
    // the news still names its author: the same account
    expect(rows('SELECT u.email FROM news n JOIN users u ON u.id = n.author_id')).toEqual([{ email: 'presse@sv-altdorf.at' }]);
    // the invitation to the old address is void; the new one went to the new address
    expect(sent).toEqual(['presse@sv-altdorf.at']);
    expect(lines).toContain('[import]   E-Mail im alten System geändert (schriftfuehrerin@sv-altdorf.at → presse@sv-altdorf.at): das Konto hier hat jetzt presse@sv-altdorf.at; eine offene Einladung an schriftfuehrerin@sv-altdorf.at gilt nicht mehr.');
    expect(lines).toContain(`[import]   E-Mail im alten System geändert (${first} → obfrau@sv-altdorf.at): das Konto hier behält ${first} (es wird hier schon benutzt: Passwort gesetzt oder Rollen hier vergeben).`);
  });

  it('a later run with --invite invites whom an earlier run left without a password: not invited, the mail failed, the link ran out; never one who has a working link or a password', async () => {
    const sent: string[] = [];
    const send = async (mail: Mail) => (sent.push(mail.to), { transport: 'outbox' as const });
    // the first real run, without --invite
    await runImport(db, options(), log);
    expect(lines).toContain('[import] 2 Benutzer ohne Passwort und ohne gültige Einladung; mit --invite erhalten sie eine Einladung.');
    // the rerun with --invite, nothing changed in the old app: both are invited now
    await runImport(db, options({ invite: true, send }), log);
    expect(sent).toEqual(['obmann@sv-altdorf.at', 'schriftfuehrerin@sv-altdorf.at']);
    // again: their links still work, so nobody gets a second mail (it would void the first)
    sent.length = 0;
    lines.length = 0;
    await runImport(db, options({ invite: true, send }), log);
    expect(sent).toEqual([]);
    expect(lines.some((line) => line.includes('ohne Passwort'))).toBe(false);
    // one link ran out, the other person set a password meanwhile: only the first is invited again
    write('test.ranOut', () => {
      db.$client.prepare("UPDATE one_time_tokens SET expires_at = ? WHERE user_id = (SELECT id FROM users WHERE email = 'obmann@sv-altdorf.at')").run(Date.now() - 1);
      db.$client.prepare("UPDATE users SET password_hash = 'gesetzt' WHERE email = 'schriftfuehrerin@sv-altdorf.at'").run();
    }, db);
    await runImport(db, options({ invite: true, send }), log);
    expect(sent).toEqual(['obmann@sv-altdorf.at']);
    // the link that ran out is replaced by the new one
    expect(rows("SELECT expires_at > ? AS live FROM one_time_tokens WHERE purpose = 'invite' AND user_id = (SELECT id FROM users WHERE email = 'obmann@sv-altdorf.at')", Date.now())).toEqual([{ live: 1 }]);
  });

});
