// The audit log (issue 15, docs/decisions/031): who did what and when. Sign-ins,
// failed sign-in bursts, roles, invitations and deletions are recorded here in
// `audit_log`; content changes are already in `revisions` (written by the
// connection's triggers) and are read from there, not copied. The list merges
// both by time.
import type { Db } from '../db/client';
import { write } from '../db/write';
import { auditLog } from '../db/schema';
import { currentActor } from '../revisions/context';
import { REVISIONED, REVISIONED_ENTITIES } from '../../lib/revisions';
import { viennaTimeToUtc, addDays } from '../../lib/dates-de';
import { AUDIT_PAGE_SIZE, type AuditAction, type AuditEntry, type AuditFilter, type AuditPage } from '../../lib/schemas/audit';

/**
 * Who acted: their id and their name (the e-mail address) at that moment. Null:
 * nobody signed in (the scheduler, a stranger's failed sign-ins); left out: the
 * user of the admin action in progress (requireRole() set them).
 */
export type Actor = { id: string | null; email: string } | null | undefined;

/** Who acts: the one given, else the user of the admin action in progress (for work that outlasts the action). */
export function actorOf(actor: Actor): { id: string | null; email: string } | null {
  if (actor !== undefined) return actor;
  const current = currentActor();
  return current ? { id: current.id, email: current.name } : null;
}

export type AuditRecord = {
  action: AuditAction;
  actor?: Actor;
  entity?: string | null;
  rowId?: string | null;
  detail?: string | null;
};

const MAX_DETAIL = 1000;

/**
 * Records one entry. Inside a write() it becomes part of that transaction (a
 * role change and its entry are stored together or not at all).
 */
export function recordAudit(db: Db, entry: AuditRecord, now = Date.now()): void {
  const actor = actorOf(entry.actor);
  write(
    `audit.${entry.action}`,
    (tx) =>
      tx
        .insert(auditLog)
        .values({
          at: now,
          user_id: actor?.id ?? null,
          user_name: actor?.email ?? null,
          action: entry.action,
          entity: entry.entity ?? null,
          row_id: entry.rowId ?? null,
          detail: entry.detail ? entry.detail.slice(0, MAX_DETAIL) : null,
        })
        .run(),
    db,
  );
}

// Both sources as one: revisions appear as 'content.<op>' with the row's title
// (or name) as the detail. The WHERE of the outer query is pushed into each
// half of the UNION ALL by SQLite, so the indexes on time still serve.
const FROM_AUDIT = `SELECT 'a' || id AS key, at, user_id, user_name, action, entity, row_id, detail FROM audit_log`;
/**
 * A version's title as the history shows it (versionTitle: the entity's title columns, matches as 'A – B'): a
 * match, a league or a line-up had no detail, the generic columns naming none of theirs.
 */
const TITLE_BY_ENTITY = `CASE entity ${REVISIONED_ENTITIES.map((entity) => {
  const separator = entity === 'matches' || entity === 'league_results' ? ' – ' : ' · ';
  const parts = REVISIONED[entity].title.map((column) => `nullif(json_extract(data, '$.${column}'), '')`).join(', ');
  return `WHEN '${entity}' THEN nullif(concat_ws('${separator}', ${parts}), '')`;
}).join(' ')} END`;
const FROM_REVISIONS = `
  SELECT 'r' || id AS key, created_at AS at, user_id, user_name, 'content.' || op AS action, entity, row_id,
    CASE WHEN json_valid(data) THEN COALESCE(${TITLE_BY_ENTITY}, json_extract(data, '$.title'), json_extract(data, '$.name'),
      json_extract(data, '$.section_key')) END AS detail
  FROM revisions`;
const MERGED = `${FROM_AUDIT} UNION ALL ${FROM_REVISIONS}`;
const NEWEST_FIRST = 'ORDER BY at DESC, key DESC';

/**
 * One page of both sources, newest first. Ordered as one, the merge sorted every revision with its
 * detail read from its JSON (a quarter of a second per page view at 100,000 versions, on the server's
 * thread); each half's newest rows up to the page's end come by its index on time, and only those are merged.
 */
const pageQuery = (where: string, revisionsToo: boolean) => `
  SELECT * FROM (
    SELECT * FROM (SELECT * FROM (${FROM_AUDIT}) ${where} ${NEWEST_FIRST} LIMIT ?)
    UNION ALL
    SELECT * FROM (SELECT * FROM (${FROM_REVISIONS}) ${where} ${revisionsToo ? '' : 'AND 0'} ${NEWEST_FIRST} LIMIT ?)
  ) ${NEWEST_FIRST} LIMIT ? OFFSET ?`;

/** The instant a Vienna calendar day starts. */
function dayStart(date: string): number | null {
  return viennaTimeToUtc(date, '00:00')?.getTime() ?? null;
}

function whereOf(filter: AuditFilter): { sql: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  if (filter.kind === 'content') parts.push("action LIKE 'content.%'");
  else if (filter.kind) {
    parts.push('action = ?');
    params.push(filter.kind);
  }
  if (filter.user) {
    // the name or the id: a superadmin types part of an e-mail address
    parts.push("(instr(lower(COALESCE(user_name, '')), lower(?)) > 0 OR user_id = ?)");
    params.push(filter.user, filter.user);
  }
  if (filter.entity) {
    parts.push('entity = ?');
    params.push(filter.entity);
  }
  const from = filter.from ? dayStart(filter.from) : null;
  if (from !== null) {
    parts.push('at >= ?');
    params.push(from);
  }
  // 'Bis' includes that whole day
  const to = filter.to ? dayStart(addDays(filter.to, 1)) : null;
  if (to !== null) {
    parts.push('at < ?');
    params.push(to);
  }
  // the pages after the first, as they stood when it was read (NEWEST_FIRST's order: at, then key)
  if (filter.upTo) {
    const [at, key] = filter.upTo.split(':');
    // a plain range on `at` first: the halves still read newest-first by their index on time
    parts.push('at <= ? AND (at < ? OR key <= ?)');
    params.push(Number(at), Number(at), key);
  }
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', params };
}

type Row = { key: string; at: number; user_id: string | null; user_name: string | null; action: string; entity: string | null; row_id: string | null; detail: unknown };

const toEntry = (r: Row): AuditEntry => ({
  key: r.key,
  at: r.at,
  userId: r.user_id,
  userName: r.user_name,
  action: r.action as AuditAction,
  entity: r.entity,
  rowId: r.row_id,
  detail: r.detail === null || r.detail === undefined ? null : String(r.detail),
});

/** One page of the merged log, newest first. */
export function listAudit(db: Db, filter: AuditFilter, pageSize = AUDIT_PAGE_SIZE): AuditPage {
  const where = whereOf(filter);
  const { total } = db.$client.prepare(`SELECT count(*) AS total FROM (${MERGED}) ${where.sql}`).get(...where.params) as { total: number };
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(filter.page ?? 1, pages);
  const rows = db.$client
    // a kind of entry no version is ('Anmeldung'): the versions are not read at all
    .prepare(pageQuery(where.sql, !filter.kind || filter.kind === 'content' || filter.kind.startsWith('content.')))
    .all(...where.params, page * pageSize, ...where.params, page * pageSize, pageSize, (page - 1) * pageSize) as Row[];
  const newest = page === 1 ? rows[0] : undefined;
  const upTo = filter.upTo ?? (newest ? `${newest.at}:${newest.key}` : null);
  return { entries: rows.map(toEntry), total, page, pageSize, upTo };
}

/** Every entry of the filter, newest first (the CSV), read lazily. */
export function* iterateAudit(db: Db, filter: AuditFilter): Generator<AuditEntry> {
  const where = whereOf(filter);
  const statement = db.$client.prepare(`SELECT * FROM (${MERGED}) ${where.sql} ${NEWEST_FIRST}`);
  for (const row of statement.iterate(...where.params)) yield toEntry(row as Row);
}

/** The tables that occur in the log, for the filter's choices. */
export function auditEntities(db: Db): string[] {
  const rows = db.$client
    .prepare(
      `SELECT entity FROM (SELECT DISTINCT entity FROM audit_log WHERE entity IS NOT NULL
       UNION SELECT DISTINCT entity FROM revisions) ORDER BY entity`,
    )
    .all() as { entity: string }[];
  return rows.map((r) => r.entity);
}
