// Reading and restoring revisions (issue 15): a row's history, putting a version
// back (itself a new revision), putting a deleted row back from the trash, and
// the optimistic concurrency check of a save. The trash's list, its purge and the
// retention of old versions are in ./trash.ts. The rows are written by the
// triggers (./triggers.ts), never here.
import {
  KEPT_ON_RESTORE,
  REVISION_TEXTS as T,
  REVISIONED,
  isRevisionedEntity,
  type RevisionOp,
  type RevisionVersion,
  type RevisionedEntity,
} from '../../lib/revisions';
import { getDb, type Db } from '../db/client';
import type { Listed } from '../../lib/schemas/common';
import { RefusedWrite, write } from '../db/write';
import type { Change } from '../publish/routes';
import { changesOfRows, teamsNamingPlayer } from '../publish/row-changes';
import { asRestore } from './context';
import { withoutGoneImages } from './gone-images';
import { relinkRestored } from './relink';
import { byRestoreOrder, isInTrash } from './trash';
import { goneRequiredParent, withoutGoneReferences } from './gone-parents';
import { quoteId, revisionColumns } from './triggers';
import { followScore } from '../services/admin/match-details';

const WHEN = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Vienna', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

export type RevisionRow = {
  id: number;
  change_set: string;
  entity: string;
  row_id: string;
  op: RevisionOp;
  data: string;
  user_name: string | null;
  created_at: number;
  trash_closed: number;
};

/** The refusal of a save made on an older version (CONFLICT): who saved since, and when (in `text`, a form's own words). */
export function conflictSince(userName: string | null, createdAt: number, text: (who: string, when: string) => string = T.conflict): RefusedWrite {
  return new RefusedWrite(text(userName ?? T.system, `${WHEN.format(new Date(createdAt))} Uhr`), 'CONFLICT');
}

export function entityOrRefuse(entity: string): RevisionedEntity {
  if (!isRevisionedEntity(entity)) throw new RefusedWrite(T.unknownEntity);
  return entity;
}

const version = (row: RevisionRow): RevisionVersion => ({
  id: row.id,
  op: row.op,
  created_at: row.created_at,
  user_name: row.user_name,
  data: JSON.parse(row.data) as Record<string, unknown>,
});

/** The latest revision id of a row (its version number for a save), or null for none. */
export function currentRevision(entity: string, rowId: string, db: Db = getDb()): number | null {
  const row = db.$client
    .prepare('SELECT id FROM revisions WHERE entity = ? AND row_id = ? ORDER BY id DESC LIMIT 1')
    .get(entityOrRefuse(entity), rowId) as { id: number } | undefined;
  return row?.id ?? null;
}

/**
 * The rows with the revision each is at now (0: none yet), for a list an edit form is filled from:
 * the form's save is checked against the version its values are of, not the one stored when the
 * form opened (a list loaded before someone else's save would otherwise overwrite that save).
 */
export function withRevisions<R extends { id: string }>(entity: RevisionedEntity, rows: R[], db: Db = getDb()): (R & Listed)[] {
  const latest = new Map(
    (db.$client.prepare('SELECT row_id, MAX(id) AS id FROM revisions WHERE entity = ? GROUP BY row_id').all(entity) as { row_id: string; id: number }[]).map(
      (r) => [r.row_id, r.id],
    ),
  );
  return rows.map((row) => ({ ...row, revision: latest.get(row.id) ?? 0 }));
}

/**
 * Refuses a save made on an older version than the stored one (the admin's
 * form was opened before someone else saved). Without a base: no check, so
 * a caller that does not know versions keeps working.
 */
export function assertUnchanged(entity: string, rowId: string, base: number | null | undefined, db: Db = getDb()): void {
  if (base === undefined || base === null) return;
  const latest = db.$client
    .prepare('SELECT id, op, user_name, created_at FROM revisions WHERE entity = ? AND row_id = ? ORDER BY id DESC LIMIT 1')
    .get(entityOrRefuse(entity), rowId) as Pick<RevisionRow, 'id' | 'op' | 'user_name' | 'created_at'> | undefined;
  if (!latest || latest.id <= base) return;
  if (latest.op === 'delete') throw new RefusedWrite(T.conflictDeleted, 'CONFLICT');
  throw conflictSince(latest.user_name, latest.created_at);
}

/**
 * assertUnchanged for the columns a save writes, on a row that other writes change beside them (a
 * match's report while its goals, cards and phases come in): refused only when one of `columns`
 * was changed since the base version, naming who changed them last. Without that version (a row
 * older than the revisions: base 0; or one pruned since) the columns' stored values are compared
 * with `read`, the values the form was filled with; without those, the whole row is checked.
 */
export function assertColumnsUnchanged(
  entity: string,
  rowId: string,
  base: number | null | undefined,
  columns: readonly string[],
  read?: Record<string, unknown>,
  db: Db = getDb(),
): void {
  if (base === undefined || base === null) return;
  const since = db.$client
    .prepare('SELECT id, op, data, user_name, created_at FROM revisions WHERE entity = ? AND row_id = ? AND id >= ? ORDER BY id')
    .all(entityOrRefuse(entity), rowId, base) as Pick<RevisionRow, 'id' | 'op' | 'data' | 'user_name' | 'created_at'>[];
  const valuesOf = (row: { data: string }) => {
    const data = JSON.parse(row.data) as Record<string, unknown>;
    return JSON.stringify(columns.map((c) => data[c] ?? null));
  };
  if (since[0]?.id !== base) {
    if (!read) return assertUnchanged(entity, rowId, base, db);
    const stored = db.$client.prepare(`SELECT ${columns.map(quoteId).join(', ')} FROM ${quoteId(entity)} WHERE id = ?`).get(rowId) as Record<string, unknown> | undefined;
    if (!stored || since.at(-1)?.op === 'delete') throw new RefusedWrite(T.conflictDeleted, 'CONFLICT');
    if (columns.every((c) => sameValue(stored[c], read[c]))) return;
    // who last changed these columns (the newest version whose values differ from the one before)
    const all = db.$client.prepare('SELECT data, user_name, created_at FROM revisions WHERE entity = ? AND row_id = ? ORDER BY id').all(entity, rowId) as Pick<
      RevisionRow,
      'data' | 'user_name' | 'created_at'
    >[];
    const changer = all.findLast((row, i) => i === 0 || valuesOf(row) !== valuesOf(all[i - 1]));
    throw conflictSince(changer?.user_name ?? null, changer?.created_at ?? Date.now());
  }
  const baseValues = valuesOf(since[0]);
  let previous = baseValues;
  let changedBy = since[0];
  for (const row of since.slice(1)) {
    if (row.op === 'delete') throw new RefusedWrite(T.conflictDeleted, 'CONFLICT');
    const values = valuesOf(row);
    if (values !== previous) changedBy = row;
    previous = values;
  }
  // as in the base version (also when changed and changed back): nothing of theirs is overwritten
  if (previous === baseValues) return;
  throw conflictSince(changedBy.user_name, changedBy.created_at);
}

/** A stored column's value and a form's: a list column holds JSON text, an empty text is null. */
function sameValue(stored: unknown, read: unknown): boolean {
  const normal = (v: unknown) => {
    if (typeof v === 'string' && v.startsWith('[')) {
      try {
        return JSON.stringify(JSON.parse(v));
      } catch {
        return JSON.stringify(v);
      }
    }
    return JSON.stringify(Array.isArray(v) ? v : v === '' || v === undefined ? null : v);
  };
  return normal(stored) === normal(read);
}

/** The versions of a row, newest first (at most `limit`). */
export function rowHistory(entity: string, rowId: string, db: Db = getDb(), limit = 100): RevisionVersion[] {
  const rows = db.$client
    .prepare('SELECT * FROM revisions WHERE entity = ? AND row_id = ? ORDER BY id DESC LIMIT ?')
    .all(entityOrRefuse(entity), rowId, limit) as RevisionRow[];
  return rows.map(version);
}

/** The entity a version belongs to (refused as unknown when there is no such version). */
export function revisionEntity(revisionId: number, db: Db = getDb()): RevisionedEntity {
  return revisionById(revisionId, db).entity as RevisionedEntity;
}

function revisionById(id: number, db: Db): RevisionRow {
  const row = db.$client.prepare('SELECT * FROM revisions WHERE id = ?').get(id) as RevisionRow | undefined;
  if (!row || !isRevisionedEntity(row.entity)) throw new RefusedWrite(T.revisionNotFound, 'NOT_FOUND');
  return row;
}


/** The stored values of a version for the table as it is now (columns added since keep their default). */
function valuesFor(db: Db, entity: RevisionedEntity, data: Record<string, unknown>): Record<string, unknown> {
  const columns = revisionColumns(db.$client, entity);
  const values: Record<string, unknown> = {};
  for (const column of columns) {
    if (!(column in data)) continue;
    const value = data[column];
    values[column] = typeof value === 'boolean' ? Number(value) : (value as unknown);
  }
  if (columns.includes('updated_at')) values.updated_at = new Date().toISOString();
  return values;
}

/**
 * Puts a version of an existing row back: the row then holds it again, recorded
 * as a new revision; the columns of KEPT_ON_RESTORE stay as they are, and a
 * match with goal events keeps the score they give (decision 026).
 */
export function restoreRevision(
  revisionId: number,
  db: Db = getDb(),
  uploadsDir?: string,
  /** the newest version the admin's list showed: a version saved since refuses the restore, naming who saved it */
  base?: number,
): { entity: RevisionedEntity; rowId: string; changes: Change[]; keptImages: string[] } {
  return write('revisions.restore', () => {
    const revision = revisionById(revisionId, db);
    const entity = revision.entity as RevisionedEntity;
    if (revision.op === 'delete') throw new RefusedWrite(T.cannotRestoreDeleted);
    const before = db.$client.prepare(`SELECT * FROM ${quoteId(entity)} WHERE id = ?`).get(revision.row_id) as Record<string, unknown> | undefined;
    if (!before) throw new RefusedWrite(T.cannotRestoreDeleted);
    assertUnchanged(entity, revision.row_id, base, db);
    const stored = withoutGoneReferences(db, entity, valuesFor(db, entity, JSON.parse(revision.data) as Record<string, unknown>));
    const { values, kept: keptImages } = withoutGoneImages(entity, stored, before, uploadsDir);
    for (const column of ['id', ...(KEPT_ON_RESTORE[entity] ?? [])]) delete values[column];
    // a match the pitch has begun keeps its status and score: its phase says where it is (a restore during a
    // live match left it 'Geplant' in the second half); goals give the score whatever the phase (decision 026)
    if (entity === 'matches') {
      const begun = before.live_phase !== 'not_started';
      if (begun) delete values.status;
      if (begun || db.$client.prepare(`SELECT 1 FROM match_events WHERE match_id = ? AND type = 'goal'`).get(revision.row_id)) {
        delete values.home_score;
        delete values.away_score;
      }
    }
    const assignments = Object.keys(values).map((c) => `${quoteId(c)} = @${c}`);
    if ('sequence' in before) assignments.push('"sequence" = "sequence" + 1');
    const sql = `UPDATE ${quoteId(entity)} SET ${assignments.join(', ')} WHERE id = @__id`;
    restoreRow(entity, () => db.$client.prepare(sql).run({ ...values, __id: revision.row_id }));
    const after = db.$client.prepare(`SELECT * FROM ${quoteId(entity)} WHERE id = ?`).get(revision.row_id) as Record<string, unknown>;
    const changes = changesOfRows(entity, before, after);
    // an old name or consent put back: the teams whose match pages name the player too
    if (entity === 'players') changes.push(...teamsNamingPlayer(db, revision.row_id).map((key): Change => ({ table: 'players', key })));
    return { entity, rowId: revision.row_id, changes, keptImages };
  }, db);
}

const isConstraint = (error: unknown) => String((error as { code?: string })?.code ?? '').startsWith('SQLITE_CONSTRAINT');

/** A restore's write, recorded as a restore; a reference or unique key in the way refuses it in German. */
function restoreRow(entity: RevisionedEntity, run: () => unknown): void {
  try {
    asRestore(run);
  } catch (error) {
    if (isConstraint(error)) throw new RefusedWrite(T.restoreRefused(REVISIONED[entity].label), 'BAD_REQUEST', { cause: error });
    throw error;
  }
}

/** Puts a deleted row back, with the rows its delete took with it; they leave the trash. */
export function restoreFromTrash(revisionId: number, db: Db = getDb(), now = Date.now()): { entity: RevisionedEntity; rowId: string; changes: Change[] } {
  return write('revisions.untrash', () => {
    const head = revisionById(revisionId, db);
    if (!isInTrash(head, db, now)) {
      throw new RefusedWrite(T.notInTrash, 'NOT_FOUND');
    }
    const set = (
      db.$client.prepare(`SELECT * FROM revisions WHERE change_set = ? AND op = 'delete' AND trash_closed = 0`).all(head.change_set) as RevisionRow[]
    ).sort(byRestoreOrder);
    const changes: Change[] = [];
    const restored = new Set<string>();
    for (const row of set) {
      const entity = row.entity as RevisionedEntity;
      if (db.$client.prepare(`SELECT 1 FROM ${quoteId(entity)} WHERE id = ?`).get(row.row_id)) {
        if (row.id === head.id) throw new RefusedWrite(T.stillExists);
        continue;
      }
      const values = withoutGoneReferences(db, entity, valuesFor(db, entity, JSON.parse(row.data) as Record<string, unknown>));
      // a row the delete took along whose required parent is gone for good (a player purged since) stays out:
      // it refused the whole restore, and the match could never come back (the row asked for still refuses)
      if (row.id !== head.id && goneRequiredParent(db, entity, values) !== null) continue;
      // a page's section is found by its keys, oldest first: a second one would hide the one made since
      if (entity === 'page_content' && db.$client.prepare('SELECT 1 FROM page_content WHERE page_key = ? AND section_key = ?').get(values.page_key, values.section_key)) {
        throw new RefusedWrite(T.sectionTaken);
      }
      const columns = Object.keys(values);
      const sql = `INSERT INTO ${quoteId(entity)} (${columns.map(quoteId).join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`;
      restoreRow(entity, () => db.$client.prepare(sql).run(values));
      changes.push(...changesOfRows(entity, values));
      restored.add(`${entity}:${row.row_id}`);
    }
    // a goal taken back out of the trash counts again: its match's score follows its goals, as on every event
    const eventMatches = new Set(set.filter((r) => r.entity === 'match_events' && restored.has(`match_events:${r.row_id}`)).map((r) => String(JSON.parse(r.data).match_id)));
    for (const matchId of eventMatches) {
      followScore(matchId, db);
      changes.push({ table: 'matches', key: matchId });
    }
    changes.push(...relinkRestored(db, head.change_set, restored));
    db.$client.prepare(`UPDATE revisions SET trash_closed = 1 WHERE change_set = ? AND op = 'delete'`).run(head.change_set);
    return { entity: head.entity as RevisionedEntity, rowId: head.row_id, changes };
  }, db);
}
