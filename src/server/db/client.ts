// One SQLite connection per database file and process. The Astro bundle and the
// Node server each load their own copy of this module, so the connection is kept
// on globalThis under a registered symbol: both copies then share it.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { config } from '../config';
import * as schema from './schema';
import { guardWrites } from './write';

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

const registryKey = Symbol.for('anstoss.db.connections');
type Registry = Map<string, Db>;
const registry: Registry = ((globalThis as Record<symbol, unknown>)[registryKey] as Registry) ?? new Map();
(globalThis as Record<symbol, unknown>)[registryKey] = registry;

export function openDatabase(file: string): Db {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  // WAL + NORMAL loses no acknowledged write on a crash (docs/decisions/003)
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = drizzle(sqlite, { schema }) as Db;
  migrate(db, { migrationsFolder: config.migrationsDir });
  return db;
}

/**
 * The process-wide connection to DATA_DIR/club.db, migrated on first use. Its
 * writes must go through write() (src/server/db/write.ts): any other write throws.
 */
export function getDb(file = config.dbPath): Db {
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
