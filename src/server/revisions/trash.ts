// The trash and the retention of versions (issue 15): deleted rows listed for the
// trash period, a delete purged for good ('Endgültig löschen': a player or a
// contact who asks to be forgotten need not wait for the period), and the daily
// retention job. Putting a deleted row back is restoreFromTrash (./revisions.ts).
// A deleted row's versions go with it: once it can no longer come back, nothing
// shows them, and personal data must not outlive its purpose (decision 034).
import { REVISION_TEXTS as T, REVISIONED, REVISIONED_ENTITIES, RESTORE_ORDER, isRevisionedEntity, versionTitle, type RevisionedEntity, type TrashEntry } from '../../lib/revisions';
import { recordAudit } from '../audit/audit-log';
import { getDb, type Db } from '../db/client';
import { positiveIntSetting } from '../db/settings';
import { RefusedWrite, write } from '../db/write';
import type { RevisionRow } from './revisions';
import { quoteId } from './triggers';

const DAY = 86_400_000;
export const TRASH_DAYS_DEFAULT = 30;
export const REVISION_DAYS_DEFAULT = 365;

/** How long deleted rows stay in the trash (site setting 'trash_retention_days', default 30). */
export const trashDays = (db: Db) => positiveIntSetting(db, 'trash_retention_days', TRASH_DAYS_DEFAULT);
/** How long old versions are kept (site setting 'revision_retention_days', default 365). */
export const revisionDays = (db: Db) => positiveIntSetting(db, 'revision_retention_days', REVISION_DAYS_DEFAULT);

const rank = (entity: string) => RESTORE_ORDER.indexOf(entity as RevisionedEntity);
/** Parents first (a team before its players), then in the order they were written. */
export const byRestoreOrder = (a: Pick<RevisionRow, 'entity' | 'id'>, b: Pick<RevisionRow, 'entity' | 'id'>) =>
  rank(a.entity) - rank(b.entity) || a.id - b.id;

/** Whether a revision is a delete still in the trash (not restored, purged or expired). */
export function isInTrash(row: Pick<RevisionRow, 'op' | 'trash_closed' | 'created_at'>, db: Db, now: number): boolean {
  return row.op === 'delete' && !row.trash_closed && row.created_at > now - trashDays(db) * DAY;
}

/**
 * Every kind of row a version's delete took along (its change set), the version's own first:
 * untrash and purge act on them all, so the role check must see them all, not the head alone.
 */
export function trashEntryEntities(revisionId: number, db: Db = getDb()): RevisionedEntity[] {
  const head = db.$client.prepare('SELECT entity, change_set FROM revisions WHERE id = ?').get(revisionId) as Pick<RevisionRow, 'entity' | 'change_set'> | undefined;
  if (!head || !isRevisionedEntity(head.entity)) throw new RefusedWrite(T.notInTrash, 'NOT_FOUND');
  const taken = db.$client
    .prepare(`SELECT DISTINCT entity FROM revisions WHERE change_set = ? AND op = 'delete'`)
    .all(head.change_set) as Pick<RevisionRow, 'entity'>[];
  return [...new Set([head.entity, ...taken.map((row) => row.entity)])].filter(isRevisionedEntity);
}

type DeleteRow = Pick<RevisionRow, 'id' | 'change_set' | 'entity' | 'row_id' | 'data' | 'user_name' | 'created_at'>;

/** Deleted rows still in the trash: one entry per delete (its first row by restore order), newest first. */
export function listTrash(db: Db = getDb(), now = Date.now(), days = trashDays(db)): TrashEntry[] {
  const rows = db.$client
    .prepare(
      `SELECT id, change_set, entity, row_id, data, user_name, created_at FROM revisions
       WHERE op = 'delete' AND trash_closed = 0 AND created_at > ? ORDER BY id DESC LIMIT 2000`,
    )
    .all(now - days * DAY) as DeleteRow[];
  const sets = new Map<string, DeleteRow[]>();
  for (const row of rows) {
    if (!isRevisionedEntity(row.entity)) continue;
    sets.set(row.change_set, [...(sets.get(row.change_set) ?? []), row]);
  }
  return [...sets.values()].map((set) => {
    const head = [...set].sort(byRestoreOrder)[0];
    const entity = head.entity as RevisionedEntity;
    return {
      id: head.id,
      entity,
      entity_label: REVISIONED[entity].label,
      row_id: head.row_id,
      title: versionTitle(entity, JSON.parse(head.data) as Record<string, unknown>, head.row_id),
      with_rows: set.length - 1,
      user_name: head.user_name,
      created_at: head.created_at,
      expires_at: head.created_at + days * DAY,
    };
  });
}

/**
 * 'Endgültig löschen': a trash entry's rows lose every version they had (the delete's
 * rows that were not put back since). The audit log names the kind and how many
 * versions went, not the title: it may be the very name that was to be forgotten.
 */
export function purgeFromTrash(revisionId: number, db: Db = getDb(), now = Date.now()): { entity: RevisionedEntity; rowId: string; removed: number } {
  return write('revisions.purge', () => {
    const head = db.$client.prepare('SELECT * FROM revisions WHERE id = ?').get(revisionId) as RevisionRow | undefined;
    if (!head || !isRevisionedEntity(head.entity) || !isInTrash(head, db, now)) throw new RefusedWrite(T.notInTrash, 'NOT_FOUND');
    const set = db.$client
      .prepare(`SELECT entity, row_id FROM revisions WHERE change_set = ? AND op = 'delete' AND trash_closed = 0`)
      .all(head.change_set) as Pick<RevisionRow, 'entity' | 'row_id'>[];
    const drop = db.$client.prepare('DELETE FROM revisions WHERE entity = ? AND row_id = ?');
    let removed = 0;
    for (const row of set) {
      if (!isRevisionedEntity(row.entity)) continue;
      // a row that is back (written again under its id) keeps its history
      if (db.$client.prepare(`SELECT 1 FROM ${quoteId(row.entity)} WHERE id = ?`).get(row.row_id)) continue;
      removed += drop.run(row.entity, row.row_id).changes;
    }
    // the delete's rows that were back keep their history; the entry leaves the trash all the same
    db.$client.prepare(`UPDATE revisions SET trash_closed = 1 WHERE change_set = ? AND op = 'delete'`).run(head.change_set);
    const entity = head.entity as RevisionedEntity;
    recordAudit(db, { action: 'content.purge', entity, rowId: head.row_id, detail: T.purgedDetail(REVISIONED[entity].label, removed) }, now);
    return { entity, rowId: head.row_id, removed };
  }, db);
}

/**
 * Retention: deletes past the trash period leave the trash, and the rows they
 * deleted lose all their versions (they can no longer come back); other versions
 * older than the retention go, except each existing row's latest (its current state).
 */
export function pruneRevisions(db: Db = getDb(), now = Date.now()): { closed: number; removed: number } {
  return write('revisions.prune', () => {
    const trashEnd = now - trashDays(db) * DAY;
    const closed = db.$client
      .prepare(`UPDATE revisions SET trash_closed = 1 WHERE op = 'delete' AND trash_closed = 0 AND created_at <= ?`)
      .run(trashEnd).changes;
    let removed = 0;
    for (const entity of REVISIONED_ENTITIES) {
      // rows whose last version is a delete older than the trash period, and that are not back
      removed += db.$client
        .prepare(
          `DELETE FROM revisions WHERE entity = @entity AND row_id IN (
             SELECT d.row_id FROM revisions d
             WHERE d.entity = @entity AND d.op = 'delete' AND d.created_at <= @trashEnd
               AND d.id = (SELECT MAX(r.id) FROM revisions r WHERE r.entity = d.entity AND r.row_id = d.row_id)
               AND NOT EXISTS (SELECT 1 FROM ${quoteId(entity)} t WHERE t.id = d.row_id))`,
        )
        .run({ entity, trashEnd }).changes;
    }
    // Old versions go, but not one a delete still in the trash needs: the version before an update the delete
    // made (a match's team or a goal's player let go) is what the restore links again from (relink.ts); pruned,
    // a team restored after the night kept no matches and no goals
    removed += db.$client
      .prepare(
        `DELETE FROM revisions WHERE created_at <= ? AND (op = 'delete' OR id <> (
           SELECT MAX(r.id) FROM revisions r WHERE r.entity = revisions.entity AND r.row_id = revisions.row_id))
         AND NOT EXISTS (
           SELECT 1 FROM revisions cut
           WHERE cut.entity = revisions.entity AND cut.row_id = revisions.row_id AND cut.op = 'update'
             AND cut.id = (SELECT MIN(n.id) FROM revisions n WHERE n.entity = revisions.entity AND n.row_id = revisions.row_id AND n.id > revisions.id)
             AND EXISTS (SELECT 1 FROM revisions d WHERE d.change_set = cut.change_set AND d.op = 'delete' AND d.trash_closed = 0))`,
      )
      .run(now - Math.max(revisionDays(db), trashDays(db)) * DAY).changes;
    return { closed, removed };
  }, db);
}
