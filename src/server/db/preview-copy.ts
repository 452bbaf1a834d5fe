// The private in-memory copy of the database a preview renders from (issue 15,
// decision 034): the admin's draft is saved into it by the entity's own service,
// so nothing reaches the real database. The copy holds the content, not the
// history: the versions, the audit log and the sign-in records grow with every
// save and sign-in (a year of a club's versions is tens of MB, the content a few)
// and no page reads them. Copied whole, each preview held the file twice in
// memory (its image and the copy) and spent a quarter of a second at 23 MB on
// the server's thread; now the copy attaches the file and reads the content
// tables from it in one snapshot (it writes only into its own main schema), and
// builds their indexes in memory. The accounts come without their passwords' hashes.
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import type { Db } from './client';
import * as schema from './schema';
import { registerGermanOrder } from './german-order';

/** Tables the copy keeps empty (their rows; the tables are there for the services' writes and reads). */
export const HISTORY_AND_SIGN_IN = new Set([
  'revisions',
  'audit_log',
  'sessions',
  'one_time_tokens',
  'invitation_mails_going_out',
  'used_captchas',
  'rate_limits',
  'known_signin_addresses',
  'totp_factors',
  'recovery_codes',
  'publish_pending',
  'membership_inquiries',
  '__drizzle_migrations',
]);

type SchemaObject = { type: 'table' | 'index' | 'trigger' | 'view'; name: string; sql: string };

const quoteId = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** An in-memory copy of the database's content as it is now (a preview writes its draft into it). */
export function copyDatabase(source: Db): Db {
  const copy = source.$client.memory ? copyOfImage(source.$client) : new Database(':memory:');
  try {
    registerGermanOrder(copy);
    if (!source.$client.memory) copyContent(source.$client.name, copy);
    copy.pragma('foreign_keys = ON');
    return drizzle(copy, { schema }) as Db;
  } catch (error) {
    copy.close();
    throw error;
  }
}

function copyContent(file: string, copy: Database.Database): void {
  // the rows come in table by table, a player before its team maybe
  copy.pragma('foreign_keys = OFF');
  copy.prepare('ATTACH DATABASE ? AS src').run(file);
  try {
    // one read transaction: every table from the same moment, whatever the server commits meanwhile
    copy.exec('BEGIN');
    const objects = copy
      .prepare(`SELECT type, name, sql FROM src.sqlite_schema WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY rowid`)
      .all() as SchemaObject[];
    const tables = objects.filter((o) => o.type === 'table');
    for (const table of tables) copy.exec(table.sql);
    for (const table of tables) {
      if (!HISTORY_AND_SIGN_IN.has(table.name)) copy.exec(`INSERT INTO main.${quoteId(table.name)} SELECT * FROM src.${quoteId(table.name)}`);
    }
    // indexes after the rows (built once instead of kept up row by row)
    for (const other of objects) if (other.type !== 'table') copy.exec(other.sql);
    // the accounts stay for the authors' names and the content's references, without their passwords' hashes:
    // no page reads them, and a copy lives in memory while its preview is open
    copy.exec('UPDATE main.users SET password_hash = NULL');
    copy.exec('COMMIT');
  } finally {
    // a failure here must not hide the copy's own (the caller closes the copy either way)
    try {
      if (copy.inTransaction) copy.exec('ROLLBACK');
      copy.exec('DETACH DATABASE src');
    } catch (error) {
      console.error('[preview] the database file could not be detached from the copy:', error);
    }
  }
}

/** An in-memory source (the tests') has no file to attach: its image is copied whole. */
function copyOfImage(source: Database.Database): Database.Database {
  const image = source.serialize();
  // a WAL database's header says so (bytes 18 and 19 are 2), and an in-memory one cannot be in WAL mode
  image[18] = 1;
  image[19] = 1;
  return new Database(image);
}
