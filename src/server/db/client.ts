// One SQLite connection per database file and process. The Astro bundle and the
// Node server each load their own copy of this module, so the connection is kept
// on globalThis under a registered symbol: both copies then share it.
import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { config } from '../config';
import * as schema from './schema';
import { guardWrites } from './write';
import { registerGermanOrder } from './german-order';
import { RESTORE_JOURNAL } from '../backup/archive';
import { BACKUP_TEXTS } from '../backup/texts';
import { assertDataOwner } from '../data-owner';
import { appliedMigrations, MIGRATION_TEXTS, newestKnownMigration, newestKnownTag } from './migrations';

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

const registryKey = Symbol.for('anstoss.db.connections');
type Registry = Map<string, Db>;
const registry: Registry = ((globalThis as Record<symbol, unknown>)[registryKey] as Registry) ?? new Map();
(globalThis as Record<symbol, unknown>)[registryKey] = registry;

// A preview (issue 15) renders a page from a private copy of the database with
// the admin's draft in it: within that render, getDb() answers the copy.
const overrideKey = Symbol.for('anstoss.db.override');
const overrides: AsyncLocalStorage<Db> =
  ((globalThis as Record<symbol, unknown>)[overrideKey] as AsyncLocalStorage<Db>) ?? new AsyncLocalStorage<Db>();
(globalThis as Record<symbol, unknown>)[overrideKey] = overrides;

/** Runs `fn` (and the async work it starts) with getDb() answering `db`. */
export function withDatabase<T>(db: Db, fn: () => T): T {
  return overrides.run(db, fn);
}

/**
 * The database holds password hashes, the signing secret and members' data: it is the server's user's
 * alone (0600), as are its -wal and -shm (SQLite makes them with the file's mode). nginx reads the
 * published site and the uploads in DATA_DIR, so the folder itself lets others through (deploy/install.sh);
 * a file made with the usual umask (0644), or one a restore unpacked, would be readable by every local user.
 */
function keepPrivate(file: string): void {
  for (const part of [file, `${file}-wal`, `${file}-shm`]) {
    try {
      const stat = fs.statSync(part);
      if ((stat.mode & 0o077) !== 0 && stat.uid === process.getuid?.()) fs.chmodSync(part, 0o600);
    } catch {
      // not there yet, or a read-only file system: the database opens as before
    }
  }
}

export function openDatabase(file: string): Db {
  // root on the service user's data would leave files the server cannot write (its -wal and -shm too)
  if (file !== ':memory:') assertDataOwner(path.dirname(file));
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  // a restore killed mid-swap left half of the data: a script opening it now would make or change
  // the wrong database; the server's start (or a restore, or an import) undoes the swap first
  if (file !== ':memory:' && fs.existsSync(path.join(path.dirname(file), RESTORE_JOURNAL))) throw new Error(BACKUP_TEXTS.interruptedFirst);
  const sqlite = new Database(file);
  // before WAL's files are made: SQLite gives them the database file's mode
  if (file !== ':memory:') keepPrivate(file);
  sqlite.pragma('journal_mode = WAL');
  // WAL + NORMAL loses no acknowledged write on a crash (docs/decisions/003)
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // a deleted row's bytes are overwritten, not left in free pages (and the backups' copies):
  // an erased inquiry or a purged account is gone from the file, not only from the tables
  sqlite.pragma('secure_delete = ON');
  // the WAL file keeps the size of the biggest transaction it ever held (an import, a night's purge rewriting
  // every freed page) unless told: after a checkpoint it is cut back to this
  sqlite.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
  registerGermanOrder(sqlite);
  const db = drizzle(sqlite, { schema }) as Db;
  const before = appliedMigrations(sqlite);
  if (before.newest > newestKnownMigration(config.migrationsDir)) {
    sqlite.close();
    throw new Error(MIGRATION_TEXTS.newerThanCode(file));
  }
  migrate(db, { migrationsFolder: config.migrationsDir });
  // an update's first start says what it changed (a new file's first migrations are no news)
  const after = appliedMigrations(sqlite).count;
  if (before.count > 0 && after > before.count) console.info(MIGRATION_TEXTS.applied(after - before.count, newestKnownTag(config.migrationsDir)));
  return db;
}

/** What the WAL file is cut back to after a checkpoint. */
export const WAL_SIZE_LIMIT_BYTES = 16 * 1024 * 1024;

/**
 * The process-wide connection to DATA_DIR/club.db, migrated on first use. Its
 * writes must go through write() (src/server/db/write.ts): any other write throws.
 */
export function getDb(file = config.dbPath): Db {
  const override = overrides.getStore();
  if (override && file === config.dbPath) return override;
  let db = registry.get(file);
  if (!db) {
    db = guardWrites(openDatabase(file));
    registry.set(file, db);
  }
  return db;
}

/** Tests swap in an in-memory database that has the real migrations. */
export function useDatabase(db: Db, file = config.dbPath): void {
  registry.set(file, db);
}

export function closeDatabase(file = config.dbPath): void {
  registry.get(file)?.$client.close();
  registry.delete(file);
}
