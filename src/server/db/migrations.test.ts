// Data migrations run once on the rows an older version stored: the database is migrated up to the
// migration before, given rows, then opened as the server opens it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { config } from '../config';
import { openDatabase } from './client';
import { MIGRATION_TEXTS, newestKnownMigration, newestKnownTag } from './migrations';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A database file migrated up to (not including) the migration whose tag is given. */
function databaseBefore(tag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-migrations-'));
  dirs.push(dir);
  const folder = path.join(dir, 'migrations');
  fs.cpSync(config.migrationsDir, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(at).toBeGreaterThan(0);
  fs.writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  const file = path.join(dir, 'club.db');
  const client = new Database(file);
  migrate(drizzle(client), { migrationsFolder: folder });
  client.close();
  return file;
}

describe('data migrations', () => {
  it("0016: a called-off match's SEQUENCE rises once, so calendars take its 'Abgesagt: ' title; no other match's", () => {
    const file = databaseBefore('0016_called_off_matches_sequence_raised');
    const old = new Database(file);
    const stamp = '2026-11-20T10:00:00.000Z';
    const insert = old.prepare(`INSERT INTO matches (id, home_team, away_team, match_date, status, sequence, updated_at) VALUES (?, 'SV Musterdorf', 'FC Gegner', '2026-11-28', ?, ?, '${stamp}')`);
    insert.run('abgesagt', 'cancelled', 3);
    insert.run('verschoben', 'postponed', 0);
    insert.run('geplant', 'scheduled', 2);
    insert.run('beendet', 'finished', 5);
    old.close();

    const log = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const sequences = () => {
      const db = openDatabase(file);
      const rows = db.$client.prepare('SELECT id, sequence, updated_at FROM matches ORDER BY id').all() as { id: string; sequence: number; updated_at: string }[];
      db.$client.close();
      return rows;
    };
    const migratedAt = Date.now();
    const migrated = sequences();
    // the feed's DTSTAMP and LAST-MODIFIED: the migration's time for the called-off ones, as a save's
    for (const row of migrated.filter((r) => ['abgesagt', 'verschoben'].includes(r.id))) {
      expect(row.updated_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(Math.abs(Date.parse(row.updated_at) - migratedAt)).toBeLessThan(60_000);
    }
    const expected = [
      { id: 'abgesagt', sequence: 4, updated_at: migrated[0].updated_at },
      { id: 'beendet', sequence: 5, updated_at: stamp },
      { id: 'geplant', sequence: 2, updated_at: stamp },
      { id: 'verschoben', sequence: 1, updated_at: migrated[3].updated_at },
    ];
    expect(migrated).toEqual(expected);
    // the update's first start says so; the next one has nothing to say
    const journal = JSON.parse(fs.readFileSync(path.join(config.migrationsDir, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
    const fromThisOn = journal.entries.filter((e) => e.tag >= '0016').length;
    expect(log.mock.calls.map(([line]) => line)).toEqual([MIGRATION_TEXTS.applied(fromThisOn, newestKnownTag(config.migrationsDir))]);
    expect(MIGRATION_TEXTS.applied(1, '0016_called_off_matches_sequence_raised')).toBe('[db] Eine Änderung am Datenbankschema angewendet (bis 0016_called_off_matches_sequence_raised).');
    expect(MIGRATION_TEXTS.applied(2, '0017_match_event_entry_id')).toBe('[db] 2 Änderungen am Datenbankschema angewendet (bis 0017_match_event_entry_id).');
    // opened again (the next start): the migration is not run twice
    expect(sequences()).toEqual(expected);
    expect(log).toHaveBeenCalledTimes(1);
    log.mockRestore();
  });

  it('a database a newer version has used is refused, in German, and left as it was: older code would write it the old way', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-migrations-'));
    dirs.push(dir);
    const file = path.join(dir, 'club.db');
    openDatabase(file).$client.close();
    // what a newer version's first start leaves: a migration this code does not know
    const newer = new Database(file);
    newer.prepare('INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)').run('von-morgen', newestKnownMigration(config.migrationsDir) + 86_400_000);
    newer.exec(`INSERT INTO matches (id, home_team, away_team, match_date, status) VALUES ('m1', 'SV Musterdorf', 'FC Gegner', '2026-11-28', 'cancelled')`);
    newer.close();
    const before = fs.readFileSync(file);
    const listed = fs.readdirSync(dir).sort();

    expect(() => openDatabase(file)).toThrow(MIGRATION_TEXTS.newerThanCode(file));
    expect(MIGRATION_TEXTS.newerThanCode(file)).toContain('neueren Anstoss-Version');
    // nothing migrated, nothing written, and the file is free again: the connection was closed, which takes its
    // WAL and shared-memory files with it (an open one would leave them beside the file)
    expect(fs.readFileSync(file).equals(before)).toBe(true);
    expect(listed).toEqual(['club.db']);
    expect(fs.readdirSync(dir).sort()).toEqual(listed);
    const check = new Database(file);
    const known = (JSON.parse(fs.readFileSync(path.join(config.migrationsDir, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length;
    expect(check.prepare('SELECT count(*) AS n FROM __drizzle_migrations').get()).toEqual({ n: known + 1 });
    check.close();
  });
});

