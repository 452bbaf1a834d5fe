// Putting back the links a delete let go. Deleting a team lets go of what
// pointed to it (a league's team, a match's team, an event's player: ON DELETE
// SET NULL, or the service clearing it first); those writes are updates in the
// delete's change set. Restoring the team from the trash put back its rows but
// not these links, so goals and line-ups kept no player for good.
import { isRevisionedEntity, type RevisionedEntity } from '../../lib/revisions';
import type { Db } from '../db/client';
import type { Change } from '../publish/routes';
import { changesOfRows } from '../publish/row-changes';
import { asRestore } from './context';
import { quoteId } from './triggers';

type Reference = { parent: string; col: string; target: string | null };

/**
 * For each row an update of `changeSet` cut loose from a row restored now
 * (`restored`: 'table:id'), the link as it was before that update, where the
 * row still has none; returns what republishes the rows linked again.
 */
export function relinkRestored(db: Db, changeSet: string, restored: ReadonlySet<string>): Change[] {
  const updates = db.$client
    .prepare(`SELECT id, entity, row_id, data FROM revisions WHERE change_set = ? AND op = 'update' ORDER BY id`)
    .all(changeSet) as { id: number; entity: string; row_id: string; data: string }[];
  const changes: Change[] = [];
  for (const update of updates) {
    if (!isRevisionedEntity(update.entity)) continue;
    const entity: RevisionedEntity = update.entity;
    const previous = db.$client
      .prepare(`SELECT data FROM revisions WHERE entity = ? AND row_id = ? AND id < ? ORDER BY id DESC LIMIT 1`)
      .get(entity, update.row_id, update.id) as { data: string } | undefined;
    if (!previous) continue;
    const before = JSON.parse(previous.data) as Record<string, unknown>;
    const after = JSON.parse(update.data) as Record<string, unknown>;
    const references = db.$client
      .prepare('SELECT "table" AS parent, "from" AS col, "to" AS target FROM pragma_foreign_key_list(?)')
      .all(entity) as Reference[];
    for (const ref of references) {
      const old = before[ref.col];
      if (old === null || old === undefined || after[ref.col] !== null || !restored.has(`${ref.parent}:${String(old)}`)) continue;
      const linked = asRestore(() =>
        db.$client.prepare(`UPDATE ${quoteId(entity)} SET ${quoteId(ref.col)} = ? WHERE id = ? AND ${quoteId(ref.col)} IS NULL`).run(old, update.row_id),
      ).changes;
      if (linked === 0) continue;
      const row = db.$client.prepare(`SELECT * FROM ${quoteId(entity)} WHERE id = ?`).get(update.row_id) as Record<string, unknown>;
      changes.push(...changesOfRows(entity, row));
    }
  }
  return changes;
}
