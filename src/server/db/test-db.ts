// For unit tests: an in-memory database with the real migrations, installed as
// the process-wide connection so that services under test use it.
import { openDatabase, useDatabase, type Db } from './client';

export function createTestDb(): Db {
  const db = openDatabase(':memory:');
  useDatabase(db);
  return db;
}
