// What a restored row's references point to, when that is gone: a reference the schema lets go is let go
// (withoutGoneReferences); a row the delete took along whose required parent is gone for good (a match's
// line-up entry of a player deleted and purged since the match was deleted) cannot come back, and the rows
// its delete took with it must not stay in the trash for it (goneRequiredParent).
import type { Db } from '../db/client';
import type { RevisionedEntity } from '../../lib/revisions';
import { quoteId } from './triggers';

/** The table of a parent `values` must reference and that is not there, or null when every one is. */
export function goneRequiredParent(db: Db, entity: RevisionedEntity, values: Record<string, unknown>): string | null {
  const references = db.$client.prepare('SELECT "table" AS parent, "from" AS col, "to" AS target FROM pragma_foreign_key_list(?)').all(entity) as {
    parent: string;
    col: string;
    target: string | null;
  }[];
  const required = new Set(db.$client.prepare('SELECT name FROM pragma_table_info(?) WHERE "notnull" = 1').pluck().all(entity) as string[]);
  for (const ref of references) {
    const value = values[ref.col];
    if (!required.has(ref.col) || value === null || value === undefined) continue;
    if (!db.$client.prepare(`SELECT 1 FROM ${quoteId(ref.parent)} WHERE ${quoteId(ref.target ?? 'id')} = ?`).get(value)) return ref.parent;
  }
  return null;
}

/**
 * A reference the schema lets go when its row goes (ON DELETE SET NULL: a news'
 * author, an event's player) is let go on restore too when that row is gone;
 * a required parent that is gone refuses the restore.
 */
export function withoutGoneReferences(db: Db, entity: RevisionedEntity, values: Record<string, unknown>): Record<string, unknown> {
  const references = db.$client.prepare('SELECT "table" AS parent, "from" AS col, "to" AS target, on_delete FROM pragma_foreign_key_list(?)').all(entity) as {
    parent: string;
    col: string;
    target: string | null;
    on_delete: string;
  }[];
  const result = { ...values };
  const nullable = new Set(
    db.$client.prepare('SELECT name FROM pragma_table_info(?) WHERE "notnull" = 0').pluck().all(entity) as string[],
  );
  for (const ref of references) {
    // NO ACTION on a column that may be empty: the schema's SET NULL that its migration left out (matches.team_id)
    const letGo = ref.on_delete === 'SET NULL' || (ref.on_delete === 'NO ACTION' && nullable.has(ref.col));
    if (!letGo || result[ref.col] === null || result[ref.col] === undefined) continue;
    const exists = db.$client.prepare(`SELECT 1 FROM ${quoteId(ref.parent)} WHERE ${quoteId(ref.target ?? 'id')} = ?`).get(result[ref.col]);
    if (!exists) result[ref.col] = null;
  }
  return result;
}
