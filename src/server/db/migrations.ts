// The committed migrations (data/migrations) against the ones a database file has had. drizzle's migrator
// applies what is missing and passes over a database that is ahead of the code without a word: after a
// rollback to an older version, that code would write rows a newer migration had put right once (0012,
// 0016), and the newer version, started again, would not put them right a second time.
import fs from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';

export const MIGRATION_TEXTS = {
  newerThanCode: (file: string) =>
    `Die Datenbank ${file} wurde schon von einer neueren Anstoss-Version benutzt. Diese ältere Version startet ` +
    'darauf nicht, damit sie nichts verändert, was die neuere anders speichert. Bitte die neuere Version wieder ' +
    'einspielen (oder eine Sicherung dieser Version zurückspielen: npm run restore).',
  applied: (count: number, newest: string) =>
    `[db] ${count === 1 ? 'Eine Änderung' : `${count} Änderungen`} am Datenbankschema angewendet (bis ${newest}).`,
} as const;

type Journal = { entries: { when: number; tag: string }[] };

// the journal is part of the code: read once per process (each opened database asks, the unit tests' many)
const journals = new Map<string, Journal>();
function readJournal(migrationsDir: string): Journal {
  let journal = journals.get(migrationsDir);
  if (!journal) {
    journal = JSON.parse(fs.readFileSync(path.join(migrationsDir, 'meta', '_journal.json'), 'utf8')) as Journal;
    journals.set(migrationsDir, journal);
  }
  return journal;
}

/** The newest migration this code knows: its time in drizzle's journal (what drizzle stores as created_at). */
export function newestKnownMigration(migrationsDir: string): number {
  return Math.max(0, ...readJournal(migrationsDir).entries.map((e) => e.when));
}

/** The name of the newest migration this code knows, for the log. */
export function newestKnownTag(migrationsDir: string): string {
  return readJournal(migrationsDir).entries.at(-1)?.tag ?? '';
}

/** How many migrations the database has had, and the newest one's time (0, 0 for a new file). */
export function appliedMigrations(client: Database.Database): { count: number; newest: number } {
  const table = client.prepare(`SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = '__drizzle_migrations'`).get();
  if (!table) return { count: 0, newest: 0 };
  const row = client.prepare('SELECT count(*) AS count, max(created_at) AS newest FROM __drizzle_migrations').get() as { count: number; newest: number | null };
  return { count: row.count, newest: row.newest ?? 0 };
}
