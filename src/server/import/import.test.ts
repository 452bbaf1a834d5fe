import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { OLD, XSS, oldClub } from '../../../tests/fixtures/old-club';
import { useImportRun } from '../../../tests/fixtures/import-run';
import type { Db } from '../db/client';
import { createTestDb } from '../db/test-db';
import { write } from '../db/write';
import { createUser } from '../auth/users';
import type { Mail } from '../mail/mailer';
import { runImport } from './command';
import { saveClubSettings } from '../services/admin/club';

const run = useImportRun();
const { lines, log, rows, options } = run;
let db: Db;
let dir: string;
let exportFile: string;
beforeEach(() => ({ db, dir, exportFile } = run.current()));

/** An imported image as an upload is stored: re-encoded without the camera's metadata, with its WebP copies. */
async function expectStoredLikeAnUpload(url: string) {
  const file = path.join(dir, 'uploads', url.replace(/^\/uploads\//, ''));
  const stored = await sharp(file).metadata();
  expect(stored.exif, url).toBeUndefined();
  expect(stored.width, url).toBe(640);
  const variant = await sharp(file.replace(/\.\w+$/, '-480.webp')).metadata();
  expect({ format: variant.format, width: variant.width }, url).toEqual({ format: 'webp', width: 480 });
}


describe('npm run import from a JSON export', () => {
  it('brings every table over: references kept, images as uploads without metadata, the privacy HTML sanitised, users without passwords', async () => {
    const outcome = await runImport(db, options(), log);
    expect(outcome.ok).toBe(true);
    const [team] = rows("SELECT * FROM teams WHERE name = 'Kampfmannschaft'");
    expect(JSON.parse(team.achievements as string)).toEqual(['Meister 2019', 'Cupsieger 2021']);
    expect(team.description).toBe(`Unsere Erste ${XSS}`);
    const [player] = rows('SELECT * FROM players');
    expect(player).toMatchObject({ team_id: team.id, name: 'Lukas Gruber', jersey_number: 9 });
    expect(rows('SELECT contact_info_id FROM youth_teams')[0].contact_info_id).toBe(rows('SELECT id FROM contact_info')[0].id);
    const [news] = rows('SELECT * FROM news');
    expect(news.created_at).toBe('2025-09-08T18:30:00.000Z');
    expect(news.image_url).toMatch(/^\/uploads\/news\/[0-9a-f]{32}\.jpg$/);
    await expectStoredLikeAnUpload(String(news.image_url));
    // the gallery: each photo brought over as an upload, the hidden one still hidden, order and dates kept
    const photos = rows('SELECT * FROM gallery ORDER BY display_order');
    expect(photos).toEqual([
      expect.objectContaining({ title: null, description: null, display_order: 1, is_active: 0, created_at: '2025-09-15T18:30:00.000Z', image_url: expect.stringMatching(/^\/uploads\/galerie\/[0-9a-f]{32}\.png$/) }),
      expect.objectContaining({ title: `Aufstiegsfeier ${XSS}`, description: 'Die Mannschaft mit dem Pokal', display_order: 2, is_active: 1, created_at: '2025-09-14T18:30:00.000Z', image_url: expect.stringMatching(/^\/uploads\/galerie\/[0-9a-f]{32}\.jpg$/) }),
    ]);
    for (const photo of photos) await expectStoredLikeAnUpload(String(photo.image_url));
    expect(lines).toContain('[import] gallery: 2 neu, 0 geändert, 0 unverändert, 0 übersprungen');
    // the editor wrote the news: the reference follows her to her new id
    const [editor] = rows("SELECT u.id, u.password_hash, r.role FROM users u JOIN user_roles r ON r.user_id = u.id WHERE u.email = 'schriftfuehrerin@sv-altdorf.at'");
    expect(editor).toMatchObject({ password_hash: null, role: 'admin' });
    expect(news.author_id).toBe(editor.id);
    const [privacy] = rows("SELECT content FROM page_content WHERE page_key = 'datenschutz'");
    expect(privacy.content).toContain('<h2>Verantwortlich</h2>');
    expect(privacy.content).not.toMatch(/<script|javascript:/);
    expect(rows("SELECT title FROM homepage_content WHERE section_key = 'hero_text'")[0].title).toBe('SV Altdorf');
    expect(rows('SELECT status FROM membership_inquiries')[0].status).toBe('read');
    expect(lines).toContain('[import] teams: 2 neu, 0 geändert, 0 unverändert, 0 übersprungen');
    expect(lines).toContain('[import] 2 Benutzer ohne Passwort und ohne gültige Einladung; mit --invite erhalten sie eine Einladung.');
  });

  it('a second run changes nothing; a changed row is updated, not duplicated', async () => {
    await runImport(db, options(), log);
    const dump = () => JSON.stringify(['teams', 'players', 'news', 'matches', 'users', 'page_content', 'gallery', 'import_map'].map((t) => rows(`SELECT * FROM ${t} ORDER BY 1`)));
    const files = () => fs.readdirSync(path.join(dir, 'uploads'), { recursive: true }).length;
    const [before, filesBefore] = [dump(), files()];
    lines.length = 0;
    await runImport(db, options(), log);
    expect(dump()).toBe(before);
    expect(files()).toBe(filesBefore);
    expect(lines).toContain('[import] news: 0 neu, 0 geändert, 1 unverändert, 0 übersprungen');

    // the club sets a youth team's half length here; the old site has none, so a changed team keeps it
    write('test.halfLength', () => db.$client.prepare('UPDATE teams SET half_minutes = 30').run(), db);
    const club = oldClub();
    club.news[0].title = 'Derbysieg in Kirchberg (mit Video)';
    club.teams[0].description = 'Neu beschrieben';
    fs.writeFileSync(exportFile, JSON.stringify(club));
    await runImport(db, options(), log);
    expect(rows('SELECT title FROM news').map((r) => r.title)).toEqual(['Derbysieg in Kirchberg (mit Video)']);
    expect(rows('SELECT description, half_minutes FROM teams ORDER BY description')).toEqual(
      expect.arrayContaining([{ description: 'Neu beschrieben', half_minutes: 30 }]),
    );
    expect(rows('SELECT DISTINCT half_minutes FROM teams')).toEqual([{ half_minutes: 30 }]);
  });

  it('a re-run that finds the images the first run missed (a wrong --storage-dir) puts them in', async () => {
    await runImport(db, options({ storageDir: path.join(dir, 'gibt-es-nicht') }), log);
    expect(rows('SELECT image_url FROM news').map((r) => r.image_url)).toEqual([null]);
    await runImport(db, options(), log);
    const [url] = rows('SELECT image_url FROM news').map((r) => r.image_url as string | null);
    expect(url).toMatch(/^\/uploads\//);
    await expectStoredLikeAnUpload(url!);
    // and a third run with the same images changes nothing
    lines.length = 0;
    await runImport(db, options(), log);
    expect(lines).toContain('[import] news: 0 neu, 0 geändert, 1 unverändert, 0 übersprungen');
  });

  it('a row that does not fit is reported and skipped; a broken reference rolls the whole run back', async () => {
    const club = oldClub();
    (club.players as Record<string, unknown>[]).push({ id: OLD.badPlayer, team_id: OLD.team, name: '', position: 'Stürmer', age: 20, jersey_number: 1, image_url: null, created_at: new Date() });
    fs.writeFileSync(exportFile, JSON.stringify(club));
    await runImport(db, options(), log);
    expect(lines.some((l) => l.startsWith(`[import]   übersprungen players ${OLD.badPlayer}: name:`))).toBe(true);
    expect(rows('SELECT count(*) AS n FROM players')[0].n).toBe(1);

    const fresh = createTestDb();
    const broken = oldClub();
    broken.players[0].team_id = '00000000-0000-4000-8000-000000000000';
    fs.writeFileSync(exportFile, JSON.stringify(broken));
    const uploads = path.join(dir, 'uploads-2');
    lines.length = 0;
    const outcome = await runImport(fresh, options({ uploadsDir: uploads }), log);
    expect(outcome).toEqual({ ok: false, message: expect.stringContaining(`players ${OLD.player}: team_id verweist auf 00000000-0000-4000-8000-000000000000`) });
    for (const table of ['teams', 'news', 'users', 'import_map']) expect(fresh.$client.prepare(`SELECT count(*) AS n FROM ${table}`).get(), table).toEqual({ n: 0 });
    // the images of the rolled-back run are gone too
    expect(fs.readdirSync(uploads, { recursive: true }).filter((f) => /\.(jpg|png|webp)$/.test(String(f)))).toEqual([]);
  });

  it("matches come over as the old app showed them: 'upcoming' as planned, a type other than league or cup as a friendly", async () => {
    const club = oldClub();
    const base = club.matches[0];
    club.matches.push(
      { ...base, id: randomUUID(), home_team: 'SV Altdorf', away_team: 'Upcoming FC', match_date: '2027-03-14', status: 'upcoming' },
      { ...base, id: randomUUID(), home_team: 'SV Altdorf', away_team: 'Testspiel FC', match_date: '2027-01-20', match_type: null as unknown as string },
      { ...base, id: randomUUID(), home_team: 'SV Altdorf', away_team: 'Turnier FC', match_date: '2027-01-27', match_type: 'Hallenturnier' },
    );
    fs.writeFileSync(exportFile, JSON.stringify(club));
    expect((await runImport(db, options(), log)).ok).toBe(true);
    expect(lines.filter((l) => l.includes('übersprungen matches'))).toEqual([]);
    expect(rows("SELECT away_team, status, match_type FROM matches WHERE away_team LIKE '% FC' AND away_team <> 'FC Neudorf' ORDER BY away_team")).toEqual([
      { away_team: 'Testspiel FC', status: 'scheduled', match_type: 'friendly' },
      { away_team: 'Turnier FC', status: 'scheduled', match_type: 'friendly' },
      { away_team: 'Upcoming FC', status: 'scheduled', match_type: 'league' },
    ]);
  });

  it("a match of a status the new app does not know ('abandoned') comes as 'Abgesagt' with the old word in its notes (it was skipped, score and all)", async () => {
    const club = oldClub();
    const base = club.matches[0];
    club.matches.push(...([
      { ...base, id: randomUUID(), home_team: 'SV Altdorf', away_team: 'Abbruch FC', match_date: '2026-10-04', home_score: 1, away_score: 0, status: 'abandoned', notes: 'Gewitter' },
      { ...base, id: randomUUID(), home_team: 'SV Altdorf', away_team: 'Fertig FC', match_date: '2026-10-11', home_score: 2, away_score: 2, status: 'Completed', notes: null },
      { ...base, id: randomUUID(), home_team: 'SV Altdorf', away_team: 'Laufend FC', match_date: '2026-10-18', status: 'in-progress' },
    ] as typeof club.matches));
    fs.writeFileSync(exportFile, JSON.stringify(club));
    expect((await runImport(db, options(), log)).ok).toBe(true);
    expect(lines.filter((l) => l.includes('übersprungen matches'))).toEqual([]);
    expect(rows("SELECT away_team, status, home_score, away_score, notes FROM matches WHERE away_team IN ('Abbruch FC', 'Fertig FC', 'Laufend FC') ORDER BY away_team")).toEqual([
      { away_team: 'Abbruch FC', status: 'cancelled', home_score: 1, away_score: 0, notes: 'Gewitter\n\nStatus in der alten Website: abandoned' },
      { away_team: 'Fertig FC', status: 'finished', home_score: 2, away_score: 2, notes: null },
      { away_team: 'Laufend FC', status: 'live', home_score: null, away_score: null, notes: null },
    ]);
  });

  it("a sponsor of the old public list's 'supporter' tier comes over with it (it was skipped as no tier)", async () => {
    const club = oldClub();
    club.sponsors.push({ ...club.sponsors[0], id: randomUUID(), name: 'Freundeskreis des Vereins', tier: 'supporter' });
    fs.writeFileSync(exportFile, JSON.stringify(club));
    expect((await runImport(db, options(), log)).ok).toBe(true);
    expect(rows("SELECT tier FROM sponsors WHERE name = 'Freundeskreis des Vereins'")).toEqual([{ tier: 'supporter' }]);
    expect(lines.filter((l) => l.includes('übersprungen sponsors'))).toEqual([]);
  });

  it('a time or order the old data holds that is none is reported and its row skipped, not stored as text; a very long one is not read for minutes (found by a review)', async () => {
    const club = oldClub();
    club.news[0].created_at = 'T'.repeat(200_000) as unknown as Date;
    club.teams[1].display_order = 'zweite' as unknown as number;
    club.sponsors[0].created_at = 'gestern' as unknown as Date;
    fs.writeFileSync(exportFile, JSON.stringify(club));
    expect((await runImport(db, options(), log)).ok).toBe(true);
    expect(lines).toContain(`[import]   übersprungen news ${OLD.news}: created_at: kein gültiger Zeitpunkt.`);
    expect(lines).toContain(`[import]   übersprungen teams ${OLD.reserve}: display_order: keine Zahl.`);
    expect(lines).toContain(`[import]   übersprungen sponsors ${club.sponsors[0].id}: created_at: kein gültiger Zeitpunkt.`);
    expect(rows('SELECT count(*) AS n FROM news')[0].n).toBe(0);
    expect(rows("SELECT count(*) AS n FROM teams WHERE name = 'Reserve'")[0].n).toBe(0);
    // the other rows came over with their times
    expect(rows("SELECT created_at FROM teams WHERE name = 'Kampfmannschaft'")).toEqual([{ created_at: '2025-09-04T18:30:00.000Z' }]);
  });

  it('a reference to a row skipped for our rules names that row and its reason, and the skips are told though the run is rolled back', async () => {
    const club = oldClub();
    club.teams[0].name = '';
    fs.writeFileSync(exportFile, JSON.stringify(club));
    const outcome = await runImport(db, options(), log);
    expect(outcome).toEqual({
      ok: false,
      message: `players ${OLD.player}: team_id verweist auf teams ${OLD.team}, das übersprungen wurde (name: Bitte füllen Sie alle Pflichtfelder aus). Der Import wurde vollständig zurückgenommen; bitte die Zeile im alten System berichtigen.`,
    });
    expect(lines).toContain(`[import]   übersprungen teams ${OLD.team}: name: Bitte füllen Sie alle Pflichtfelder aus`);
    expect(lines.at(-1)).toBe(`[import] abgebrochen, nichts übernommen: ${outcome.ok ? '' : outcome.message}`);
    expect(rows('SELECT count(*) AS n FROM teams')[0].n).toBe(0);
  });

  it("times without a zone are the old database's UTC on a machine in Vienna too; positions typed freely become the form's", async () => {
    const zone = process.env.TZ;
    process.env.TZ = 'Europe/Vienna';
    try {
      const club = oldClub();
      club.news[0].created_at = '2025-09-08 18:30:00' as unknown as Date;
      club.players[0].position = 'Tormann';
      (club.players as Record<string, unknown>[]).push({ ...club.players[0], id: OLD.badPlayer, name: 'Max Abwehr', position: ' abwehr ', jersey_number: 4 });
      fs.writeFileSync(exportFile, JSON.stringify(club));
      expect((await runImport(db, options(), log)).ok).toBe(true);
      expect(rows('SELECT created_at FROM news')).toEqual([{ created_at: '2025-09-08T18:30:00.000Z' }]);
      expect(rows('SELECT name, position FROM players ORDER BY name')).toEqual([
        { name: 'Lukas Gruber', position: 'Torwart' },
        { name: 'Max Abwehr', position: 'Verteidiger' },
      ]);
    } finally {
      process.env.TZ = zone;
      if (zone === undefined) delete process.env.TZ;
    }
  });

  /** The old club as a folder of CSV files: the table editor's ('t', commas, UTF-8) or as a spreadsheet saved it again. */
  function writeCsvExport(folder: string, style: { yes: string; no: string; separator: string; encoding: BufferEncoding }) {
    fs.mkdirSync(folder);
    const cell = (v: unknown): string => {
      if (v === null || v === undefined) return '';
      if (v instanceof Date) return v.toISOString().replace('T', ' ').replace(/\.\d+Z$/, '+00');
      if (Array.isArray(v)) return `{${v.map((x) => `"${String(x)}"`).join(',')}}`;
      if (typeof v === 'boolean') return v ? style.yes : style.no;
      return String(v);
    };
    const quote = (s: string) => (/[",;\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
    for (const [table, list] of Object.entries(oldClub())) {
      if (list.length === 0) continue;
      const columns = Object.keys(list[0]);
      const lines = [columns.join(style.separator), ...list.map((row) => columns.map((c) => quote(cell((row as Record<string, unknown>)[c]))).join(style.separator))];
      fs.writeFileSync(path.join(folder, `${table}.csv`), Buffer.from(`${lines.join('\n')}\n`, style.encoding));
    }
  }
  const content = (d: Db) =>
    ['SELECT name, category, description, achievements FROM teams ORDER BY name', 'SELECT title, content, created_at, published FROM news', 'SELECT home_team, match_date, match_time, home_score FROM matches ORDER BY match_date', 'SELECT page_key, content, is_active FROM page_content ORDER BY page_key', 'SELECT email FROM users ORDER BY email', 'SELECT title, description, display_order, is_active, created_at FROM gallery ORDER BY display_order'].map((q) => d.$client.prepare(q).all());

  it('a folder of CSV files as the old table editor exports them imports to the same content', async () => {
    await runImport(db, options(), log);
    const csvDir = path.join(dir, 'csv');
    writeCsvExport(csvDir, { yes: 't', no: 'f', separator: ',', encoding: 'utf8' });
    const fromCsv = createTestDb();
    const outcome = await runImport(fromCsv, options({ from: csvDir, uploadsDir: path.join(dir, 'uploads-csv') }), log);
    expect(outcome.ok).toBe(true);
    expect(content(fromCsv)).toEqual(content(db));
  });

  it('so does one saved again by German Excel: semicolons, WAHR and FALSCH, Windows-1252', async () => {
    await runImport(db, options(), log);
    expect(db.$client.prepare('SELECT count(*) FROM news WHERE published = 1').pluck().get()).toBeGreaterThan(0);
    const csvDir = path.join(dir, 'excel');
    writeCsvExport(csvDir, { yes: 'WAHR', no: 'FALSCH', separator: ';', encoding: 'latin1' });
    const fromExcel = createTestDb();
    const outcome = await runImport(fromExcel, options({ from: csvDir, uploadsDir: path.join(dir, 'uploads-excel') }), log);
    expect(outcome.ok).toBe(true);
    expect(content(fromExcel)).toEqual(content(db));
  });

  it('achievements that only look like a list (a JSON text begun with a year, a CSV cell edited by hand) are lines of text', async () => {
    const club = oldClub();
    (club.teams[1] as Record<string, unknown>).achievements = '[2019] Meister\nCupsieger';
    fs.writeFileSync(exportFile, JSON.stringify(club));
    expect((await runImport(db, options(), log)).ok).toBe(true);
    const csvDir = path.join(dir, 'hand');
    fs.mkdirSync(csvDir);
    fs.writeFileSync(path.join(csvDir, 'teams.csv'), 'id,name,category,achievements\nt9,U16,Nachwuchs,"{""Meister 2019}"\n');
    const fromCsv = createTestDb();
    expect((await runImport(fromCsv, options({ from: csvDir, uploadsDir: path.join(dir, 'uploads-hand') }), log)).ok).toBe(true);
    const achievements = (d: Db, name: string) => d.$client.prepare('SELECT achievements FROM teams WHERE name = ?').pluck().get(name);
    expect(JSON.parse(achievements(db, 'Reserve') as string)).toEqual(['[2019] Meister', 'Cupsieger']);
    expect(JSON.parse(achievements(fromCsv, 'U16') as string)).toEqual(['{"Meister 2019}']);
  });

  it('--invite sends each new user an invitation whose link sets the password; existing accounts get none', async () => {
    await createUser(db, { email: 'obmann@sv-altdorf.at', password: 'Eigenes-Passwort-1', roles: ['superadmin'] });
    const sent: Mail[] = [];
    const send = async (mail: Mail) => {
      sent.push(mail);
      return { transport: 'outbox' as const };
    };
    await runImport(db, options({ invite: true, send }), log);
    expect(sent.map((m) => m.to)).toEqual(['schriftfuehrerin@sv-altdorf.at']);
    expect(sent[0].text).toContain('/reset-password?token=');
    expect(lines).toContain('[import] Einladung an schriftfuehrerin@sv-altdorf.at gesendet');
  });

  it('--invite: a mail that does not go out is named, and stops neither the other invitations nor the import', async () => {
    const sent: string[] = [];
    const send = async (mail: Mail) => {
      if (sent.length === 0 && mail.to === 'obmann@sv-altdorf.at') throw new Error('SMTP 451');
      sent.push(mail.to);
      return { transport: 'outbox' as const };
    };
    const outcome = await runImport(db, options({ invite: true, send }), log);
    expect(outcome.ok).toBe(true);
    expect(sent).toEqual(['schriftfuehrerin@sv-altdorf.at']);
    expect(lines).toContain('[import] Einladung an obmann@sv-altdorf.at NICHT gesendet (die E-Mail konnte nicht gespeichert werden): der nächste Lauf mit --invite versucht es wieder, oder die Person setzt ein Passwort über „Passwort vergessen?“');
  });

  it('--club keeps the colours saved for the built-in club, not its ground', async () => {
    saveClubSettings({ short_name: 'SV Kirchberg', long_name: 'SV Kirchberg an der Raab', crest_url: null, primary_color: '#b91c1c', secondary_color: '#fde047', home_ground: 'Sportplatz Kirchberg' }, db);
    await runImport(db, options({ club: { longName: 'SV Altdorf 1921', shortName: 'SV Altdorf' } }), log);
    expect(rows('SELECT long_name, primary_color, home_ground FROM club_settings')).toEqual([{ long_name: 'SV Altdorf 1921', primary_color: '#b91c1c', home_ground: null }]);
  });

  it('--club names the club as \'Verein\' would before the invitations, which name it (decision 055)', async () => {
    const sent: Mail[] = [];
    const send = async (mail: Mail) => (sent.push(mail), { transport: 'outbox' as const });
    const outcome = await runImport(db, options({ invite: true, send, club: { longName: 'SV Altdorf 1921', shortName: 'SV Altdorf' } }), log);
    expect(outcome.ok).toBe(true);
    expect(rows('SELECT short_name, long_name, home_ground FROM club_settings')).toEqual([{ short_name: 'SV Altdorf', long_name: 'SV Altdorf 1921', home_ground: null }]);
    expect(sent.map((m) => m.subject)).toEqual(['Einladung – SV Altdorf 1921', 'Einladung – SV Altdorf 1921']);
    expect(sent[0].text).toContain('du wurdest zur Website des SV Altdorf 1921 eingeladen.');
    expect(lines).toContain('[import] Verein: SV Altdorf 1921 (Kurzname SV Altdorf)');
    expect(lines).toContain('[import] Die Einladungen nennen den Verein „SV Altdorf 1921“ (einen anderen Namen setzt --club).');
  });

  it('--club with a name \'Verein\' would refuse stops the run before anything is stored; without it the invitations say whom they name', async () => {
    const refused = await runImport(db, options({ club: { longName: 'Sportverein Altdorf an der Feistritz 1921' } }), log);
    expect(refused).toEqual({ ok: false, message: '--club: Der Name ist länger als 30 Zeichen: bitte mit --club-short einen Kurznamen angeben. Es wurde nichts importiert.' });
    expect(await runImport(db, options({ club: { longName: ' ', shortName: 'Altdorf' } }), log)).toMatchObject({ ok: false });
    expect(await runImport(db, options({ club: { longName: 'SV Altdorf', shortName: 'x'.repeat(31) } }), log)).toMatchObject({ ok: false });
    expect(rows('SELECT count(*) AS n FROM news')[0].n).toBe(0);
    expect(rows('SELECT count(*) AS n FROM club_settings')[0].n).toBe(0);
    const send = async () => ({ transport: 'outbox' as const });
    await runImport(db, options({ invite: true, send }), log);
    expect(lines).toContain('[import] Die Einladungen nennen den Verein „SV Kirchberg an der Raab“ (einen anderen Namen setzt --club).');
  });

  it('--dry-run reports per table and stores nothing; an existing account keeps its password', async () => {
    await createUser(db, { email: 'obmann@sv-altdorf.at', password: 'Eigenes-Passwort-1', roles: ['superadmin'] });
    const outcome = await runImport(db, options({ dryRun: true }), log);
    expect(outcome.ok).toBe(true);
    expect(lines).toContain('[import] Probelauf (--dry-run): nichts wurde gespeichert.');
    expect(lines).toContain('[import] news: 1 neu, 0 geändert, 0 unverändert, 0 übersprungen');
    expect(rows('SELECT count(*) AS n FROM news')[0].n).toBe(0);
    expect(fs.existsSync(path.join(dir, 'uploads'))).toBe(false);
    await runImport(db, options(), log);
    expect(rows("SELECT password_hash FROM users WHERE email = 'obmann@sv-altdorf.at'")[0].password_hash).toMatch(/^\$argon2id\$/);
  });
});
