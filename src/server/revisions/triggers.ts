// Revisions are written by the database itself (issue 15, docs/decisions/034):
// on the process's write connection, temporary triggers on every revisioned
// table copy the row into `revisions` after each insert, update and delete. So
// every write is kept, whichever service (or import, or future one) made it,
// with no call to forget. The triggers are TEMP: they exist only on this
// connection, so the sqlite3 shell or a backup tool writing the file is not
// affected, and they call this connection's functions for who and which write.
import type Database from 'better-sqlite3';
import { REVISIONED_ENTITIES, SECRET_COLUMN } from '../../lib/revisions';
import { changeSetId, currentActor, isRestoring } from './context';

const INSTALLED = Symbol.for('anstoss.revisionTriggers');

/** The columns a revision keeps: all but secrets (none of the content tables has one; this keeps it so). */
export function revisionColumns(client: Database.Database, table: string): string[] {
  const columns = client.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(table) as string[];
  return columns.filter((name) => !SECRET_COLUMN.test(name));
}

export const quoteId = (name: string) => `"${name.replaceAll('"', '""')}"`;
const quoteText = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** SQL for a row as a revision keeps it: `prefix` is the trigger's NEW or OLD, or a table's alias in a query. */
export function rowJsonSql(prefix: string, columns: string[]): string {
  return `json_object(${columns.map((c) => `${quoteText(c)}, ${prefix}.${quoteId(c)}`).join(', ')})`;
}

/** Whether this connection keeps a version of every content write (a preview's copy does not). */
export function hasRevisionTriggers(client: Database.Database): boolean {
  return (client as Database.Database & { [INSTALLED]?: boolean })[INSTALLED] === true;
}

/** Installs the functions and triggers on the write connection (once per connection). */
export function installRevisionTriggers(client: Database.Database): void {
  const marked = client as Database.Database & { [INSTALLED]?: boolean };
  if (marked[INSTALLED]) return;
  client.function('anstoss_rev_set', { deterministic: false }, () => changeSetId());
  client.function('anstoss_rev_op', { deterministic: false }, (op: unknown) => (isRestoring() ? 'restore' : String(op)));
  client.function('anstoss_rev_user_id', { deterministic: false }, () => currentActor()?.id ?? null);
  client.function('anstoss_rev_user_name', { deterministic: false }, () => currentActor()?.name ?? null);
  client.function('anstoss_rev_now', { deterministic: false }, () => Date.now());
  const tables = new Set(client.prepare(`SELECT name FROM sqlite_schema WHERE type = 'table'`).pluck().all() as string[]);
  const statements: string[] = [];
  for (const table of REVISIONED_ENTITIES) {
    if (!tables.has(table)) continue;
    const columns = revisionColumns(client, table);
    if (!columns.includes('id')) continue;
    const record = (op: string, row: 'NEW' | 'OLD') =>
      `INSERT INTO revisions (change_set, entity, row_id, op, data, user_id, user_name, created_at) ` +
      `VALUES (anstoss_rev_set(), ${quoteText(table)}, ${row}.id, anstoss_rev_op(${quoteText(op)}), ${rowJsonSql(row, columns)}, ` +
      `anstoss_rev_user_id(), anstoss_rev_user_name(), anstoss_rev_now());`;
    const on = `main.${quoteId(table)}`;
    statements.push(
      `CREATE TEMP TRIGGER IF NOT EXISTS ${quoteId(`rev_${table}_insert`)} AFTER INSERT ON ${on} BEGIN ${record('insert', 'NEW')} END`,
      // a save that changed nothing (the same form sent twice) is no new version
      `CREATE TEMP TRIGGER IF NOT EXISTS ${quoteId(`rev_${table}_update`)} AFTER UPDATE ON ${on} ` +
        `WHEN ${rowJsonSql('OLD', columns)} IS NOT ${rowJsonSql('NEW', columns)} BEGIN ${record('update', 'NEW')} END`,
      `CREATE TEMP TRIGGER IF NOT EXISTS ${quoteId(`rev_${table}_delete`)} AFTER DELETE ON ${on} BEGIN ${record('delete', 'OLD')} END`,
    );
  }
  for (const sql of statements) client.exec(sql);
  marked[INSTALLED] = true;
}
