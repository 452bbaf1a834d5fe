// The archive's database, unpacked beside the data, checked before anything is swapped (decision 011): whole,
// one of ours, not newer than this code, and brought to this code's migrations here, where a failure leaves
// the current data as it was.
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { appliedMigrations, newestKnownMigration } from '../db/migrations';
import { BACKUP_TEXTS } from './texts';

/** What stops the restore: the archive is broken or not ours (`corrupt`), or it cannot go on this version. */
export type StagedDatabaseProblem = { corrupt: string; cause?: unknown } | { refused: string; cause?: unknown };

export function stagedDatabaseProblem(file: string, migrationsDir: string): StagedDatabaseProblem | null {
  let db: Database.Database;
  try {
    db = new Database(file, { fileMustExist: true });
  } catch (error) {
    return { corrupt: error instanceof Error ? error.message : String(error), cause: error };
  }
  try {
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') return { corrupt: BACKUP_TEXTS.integrity(String(integrity)) };
    const applied = appliedMigrations(db);
    // a database without our migrations (an empty file, another program's) passed every check: swapped into an
    // empty DATA_DIR and called restored, or refused over data with SQLite's English 'no such table'
    if (applied.count === 0) return { corrupt: BACKUP_TEXTS.notOurDatabase };
    if (applied.newest > newestKnownMigration(migrationsDir)) return { refused: BACKUP_TEXTS.newerVersion };
    // an archive of an older version is brought to this one here, before the swap: a migration that failed after
    // it was caught by the republish ('nicht veröffentlicht'), the restore said done, and the next start failed
    try {
      migrate(drizzle(db), { migrationsFolder: migrationsDir });
    } catch (error) {
      // SQLite's own reason ('table … already exists'), not drizzle's 'Failed to run the query' with the whole SQL
      const reason = (error as { cause?: { message?: string } })?.cause?.message ?? (error instanceof Error ? error.message : String(error));
      return { refused: BACKUP_TEXTS.notMigrated(reason.split('\n')[0]), cause: error };
    }
    return null;
  } catch (error) {
    return { corrupt: error instanceof Error ? error.message : String(error), cause: error };
  } finally {
    db.close();
  }
}
