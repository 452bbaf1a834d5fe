// For unit tests: an in-memory database with the real migrations, installed as
// the process-wide connection so that services under test use it. Its writes
// are guarded like the server's (src/server/db/write.ts): a service that writes
// outside write() fails its tests. Tests seed through seed().
import { openDatabase, useDatabase, type Db } from './client';
import { guardWrites, write } from './write';

export function createTestDb(): Db {
  const db = guardWrites(openDatabase(':memory:'));
  useDatabase(db);
  return db;
}

/** A test's own setup writes, in one transaction. */
export function seed<T>(db: Db, fn: (tx: Db) => T): T {
  return write('test.seed', fn, db);
}
