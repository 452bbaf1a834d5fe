// The preview's copy of a real database file (WAL, migrated, revision triggers
// on): the content as it is, the history and sign-in records and the passwords' hashes left out, the
// indexes there, and a draft written into it reaching neither the file nor any
// version.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { copyDatabase, HISTORY_AND_SIGN_IN } from './preview-copy';
import { news, players, revisions, teams, users } from './schema';
import { guardWrites, write } from './write';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function openTemp() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-copy-'));
  dirs.push(dir);
  return guardWrites(openDatabase(path.join(dir, 'club.db')));
}

const count = (db: ReturnType<typeof openTemp>, table: string) => db.$client.prepare(`SELECT count(*) FROM "${table}"`).pluck().get() as number;
const indexes = (db: ReturnType<typeof openTemp>) => db.$client.prepare("SELECT name FROM sqlite_schema WHERE type = 'index' ORDER BY name").pluck().all();

/** The history, sign-in and inquiry records no preview needs (the people's data and the secrets). */
const LEFT_OUT_OF_PREVIEWS = [
  '__drizzle_migrations',
  'audit_log',
  'invitation_mails_going_out',
  'known_signin_addresses',
  'membership_inquiries',
  'one_time_tokens',
  'publish_pending',
  'rate_limits',
  'recovery_codes',
  'revisions',
  'sessions',
  'totp_factors',
  'used_captchas',
];
/** What the public pages are rendered from (users and profiles for the authors' names). */
const COPIED_INTO_PREVIEWS = [
  'club_settings',
  'contact_info',
  'gallery',
  'homepage_content',
  'import_map',
  'league_results',
  'leagues',
  'match_events',
  'match_lineups',
  'matches',
  'media',
  'news',
  'page_content',
  'players',
  'profiles',
  'scheduled_jobs',
  'shop_items',
  'site_settings',
  'sponsors',
  'sqlite_sequence',
  'standings',
  'teams',
  'user_roles',
  'users',
  'youth_teams',
];

describe("a preview's copy of the database", () => {
  it('holds the content and its indexes, not the versions, the audit log or the sign-in records', () => {
    const db = openTemp();
    const team = write('test', (tx) => tx.insert(teams).values({ name: 'Kampfmannschaft', category: 'Herren' }).returning().get(), db);
    write('test', (tx) => tx.insert(players).values({ team_id: team.id, name: 'Österreicher', position: 'Tor' }).run(), db);
    write('test', (tx) => tx.insert(players).values({ team_id: team.id, name: 'Adler', position: 'Sturm' }).run(), db);
    write('test', (tx) => tx.update(teams).set({ name: 'KM' }).where(eq(teams.id, team.id)).run(), db);
    write('test', (tx) => tx.$client.prepare("INSERT INTO audit_log (at, action) VALUES (1, 'signin')").run(), db);
    write('test', (tx) => tx.$client.prepare("INSERT INTO known_signin_addresses (account, address, last_success_at) VALUES ('anna@verein.at', '10.0.0.1', 1)").run(), db);
    write('test', (tx) => tx.insert(users).values({ email: 'anna@verein.at', passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$geheim' }).run(), db);
    expect(count(db, 'revisions')).toBe(4);

    const copy = copyDatabase(db);
    try {
      expect(copy.select({ name: teams.name }).from(teams).all()).toEqual([{ name: 'KM' }]);
      // the German order the pages sort by works on the copy
      expect(copy.$client.prepare('SELECT name FROM players ORDER BY de_sort(name)').pluck().all()).toEqual(['Adler', 'Österreicher']);
      // every table left empty is one of the file's (a misspelt name would copy it), and is empty
      const tablesOf = (d: typeof db) => d.$client.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'").pluck().all();
      expect(tablesOf(db)).toEqual(expect.arrayContaining([...HISTORY_AND_SIGN_IN]));
      expect(tablesOf(copy)).toEqual(tablesOf(db));
      // named here, not taken from the product's list: a secret table taken off it fails, and a new table is
      // put on one side or the other by whoever adds it
      expect([...HISTORY_AND_SIGN_IN].sort()).toEqual(LEFT_OUT_OF_PREVIEWS);
      expect([...tablesOf(db)].sort()).toEqual([...LEFT_OUT_OF_PREVIEWS, ...COPIED_INTO_PREVIEWS].sort());
      for (const table of HISTORY_AND_SIGN_IN) expect(count(copy, table), table).toBe(0);
      expect(indexes(copy)).toEqual(indexes(db));
      expect(copy.$client.pragma('foreign_keys', { simple: true })).toBe(1);
      // the accounts are there (authors, references), their passwords' hashes not; the file keeps its own
      expect(copy.select({ email: users.email, hash: users.passwordHash }).from(users).all()).toEqual([{ email: 'anna@verein.at', hash: null }]);
      expect(db.select({ hash: users.passwordHash }).from(users).all()).toEqual([{ hash: '$argon2id$v=19$m=19456,t=2,p=1$geheim' }]);

      // a draft saved into the copy by a service's write: in the copy only, and no version anywhere
      write('preview', (tx) => tx.insert(news).values({ title: 'Entwurf', content: 'x' }).run(), copy);
      write('preview', (tx) => tx.update(teams).set({ name: 'Entwurf' }).where(eq(teams.id, team.id)).run(), copy);
      expect(copy.select({ title: news.title }).from(news).all()).toEqual([{ title: 'Entwurf' }]);
      expect(copy.select().from(revisions).all()).toEqual([]);
      expect(db.select({ name: teams.name }).from(teams).all()).toEqual([{ name: 'KM' }]);
      expect([count(db, 'news'), count(db, 'revisions')]).toEqual([0, 4]);
      // a team's delete takes its players in the copy too
      copy.$client.prepare('DELETE FROM teams').run();
      expect(count(copy, 'players')).toBe(0);
    } finally {
      copy.$client.close();
      db.$client.close();
    }
  });

  it('is taken while the file is written, and leaves the file to its writer', () => {
    const db = openTemp();
    write('test', (tx) => tx.insert(teams).values({ name: 'U16', category: 'Jugend' }).run(), db);
    const copy = copyDatabase(db);
    copy.$client.close();
    // no lock or attachment left behind: the server writes on
    write('test', (tx) => tx.insert(teams).values({ name: 'U18', category: 'Jugend' }).run(), db);
    expect(count(db, 'teams')).toBe(2);
    db.$client.close();
  });
});
