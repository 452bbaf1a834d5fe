// Bringing a club over from the old app (issue 12, docs/decisions/020): every
// table in one transaction, each row found again by its old id through the
// import_map (a second run updates instead of duplicating, and changes nothing
// when nothing changed), rows that do not fit reported and skipped, a
// reference to a row that is not there reported and the whole run rolled back.
import { createHash, randomUUID } from 'node:crypto';
import { ZodError } from 'astro/zod';
import type { Db } from '../db/client';
import { write } from '../db/write';
import { IMPORT_TEXTS as T } from './texts';
import { TABLES, type SourceRow, type TableDef } from './tables';
import { roleRefusal, storeAccount, storeRole } from './accounts';

export type SourceData = Record<string, SourceRow[]>;

export type TableReport = { table: string; new: number; changed: number; unchanged: number; skipped: { id: string; reason: string }[]; warnings: string[] };
export type ImportReport = { tables: TableReport[]; users: { id: string; email: string; isNew: boolean }[]; dryRun: boolean };

/** A reference to a row that is not there: the run stops and nothing stays. */
export class BrokenReference extends Error {
  /** the rows skipped before the run stopped, with their reasons (one of them may be why the row is not there) */
  skipped: { table: string; id: string; reason: string }[] = [];
}
class DryRunDone extends Error {}

/** Accounts and roles: matched by e-mail and role, an admin's change to them is not the import's to judge. */
const ACCOUNTS = new Set(['profiles', 'user_roles']);

/** A written column's value as `import_map.written_columns` keeps it: 16 hex digits of its JSON. */
function shortHash(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value ?? null)).digest('hex').slice(0, 16);
}

/** An empty column's short hash. */
const EMPTY_HASH = shortHash(null);

/** The same row gives the same hash (dates as ISO text, keys sorted). */
function hashRow(row: SourceRow): string {
  const norm = (v: unknown): unknown => (v instanceof Date ? v.toISOString() : Array.isArray(v) ? v.map(norm) : v);
  const sorted = Object.keys(row).sort().map((k) => [k, norm(row[k])]);
  return createHash('sha256').update(JSON.stringify(sorted)).digest('hex');
}

/**
 * A timestamp as ISO text, whether it came as a Date (pg), ISO text (JSON) or Postgres text (CSV: '2025-09-08
 * 18:30:00+00'). One without a zone is UTC, as the old app's database keeps its times: read in the zone of the
 * machine that runs the import, it moved by an hour or two.
 */
function iso(v: unknown): string | null {
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v.toISOString();
  const text = String(v).trim().replace(' ', 'T');
  // no timestamp is longer ('2025-09-08T18:30:00.123456+02:00' is 32); a long text is not given to the pattern,
  // whose time grows with the square of its length (a review: 1 MB took a quarter of an hour)
  if (text.length > 40) return null;
  const zoned = /T.*(Z|[+-]\d\d(:?\d\d)?)$/i.test(text) || !text.includes('T') ? text : `${text}Z`;
  const parsed = new Date(zoned.replace(/([+-]\d\d)$/, '$1:00'));
  return Number.isNaN(parsed.getTime()) ? null : parsed.toISOString();
}

/**
 * The columns a table keeps from the old row as they were (its times, its order), or the German reason the row
 * is skipped: a time or an order that is none was stored as text, or failed the whole run on a NOT NULL column.
 */
function keptColumns(def: TableDef, source: SourceRow): Record<string, unknown> | string {
  const kept: Record<string, unknown> = {};
  for (const column of def.keep ?? []) {
    const value = source[column];
    if (value === undefined || value === null || value === '') continue;
    if (column.endsWith('_at')) {
      const time = iso(value);
      if (time === null) return T.notATime(column);
      kept[column] = time;
    } else if (column === 'display_order') {
      const order = Number(value);
      if (!Number.isSafeInteger(order)) return T.notANumber(column);
      kept[column] = order;
    } else kept[column] = value;
  }
  return kept;
}

function reasonOf(error: unknown): string {
  if (error instanceof ZodError) return error.issues.map((i) => `${i.path.join('.') || 'Zeile'}: ${i.message}`).join('; ');
  return error instanceof Error ? error.message : String(error);
}

type Mapped = { target_id: string; hash: string; written_columns: string | null };

export function importClub(
  db: Db,
  data: SourceData,
  options: { images: Map<string, string | null>; imagesRefused?: Map<string, string>; imageRecords?: { source: string; target: string }[]; dryRun?: boolean },
): ImportReport {
  const report: ImportReport = { tables: [], users: [], dryRun: options.dryRun ?? false };
  const sql = db.$client;
  const mapped = (table: string, id: string) => sql.prepare('SELECT target_id, hash, written_columns FROM import_map WHERE source_table = ? AND source_id = ?').get(table, id) as Mapped | undefined;
  const remember = (table: string, id: string, target: string, hash: string, written: string | null = null, madeByImport?: boolean) =>
    sql
      .prepare(
        'INSERT INTO import_map (source_table, source_id, target_id, hash, written_columns, made_by_import) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (source_table, source_id) DO UPDATE SET target_id = excluded.target_id, hash = excluded.hash, written_columns = excluded.written_columns, made_by_import = excluded.made_by_import',
      )
      .run(table, id, target, hash, written, madeByImport === undefined ? null : Number(madeByImport));
  const skippedIn = (table: string, id: string) => report.tables.find((t) => t.table === table)?.skipped.find((row) => row.id === id)?.reason;
  try {
    write('import.run', () => {
      for (const def of TABLES) importTable(def, data[def.name] ?? []);
      for (const image of options.imageRecords ?? []) remember('_images', image.source, image.target, '');
      if (options.dryRun) throw new DryRunDone();
    }, db);
  } catch (error) {
    if (error instanceof BrokenReference) error.skipped = report.tables.flatMap((t) => t.skipped.map((row) => ({ table: t.table, ...row })));
    if (!(error instanceof DryRunDone)) throw error;
  }
  return report;

  /** Brings one table's rows over; its report is in the run's from the start, so a stop still tells its skips. */
  function importTable(def: TableDef, rows: SourceRow[]): void {
    const out: TableReport = { table: def.name, new: 0, changed: 0, unchanged: 0, skipped: [], warnings: [] };
    report.tables.push(out);
    for (const source of rows) {
      const sourceId = typeof def.sourceKey === 'function' ? def.sourceKey(source) : String(source[def.sourceKey] ?? '');
      if (!sourceId) {
        out.skipped.push({ id: '?', reason: T.noKey });
        continue;
      }
      // the hash covers how the row's images resolved too: a re-run that finds an image the first run
      // missed (a wrong --storage-dir) updates the row; before, the row stayed without it, "unchanged"
      const resolved = (def.images?.columns ?? []).flatMap((column) => {
        const value = source[column];
        return typeof value === 'string' && options.images.has(value) ? [[column, options.images.get(value) ?? null] as const] : [];
      });
      const hash = hashRow(resolved.length > 0 ? { ...source, '→images': Object.fromEntries(resolved) } : source);
      const before = mapped(def.name, sourceId);
      if (before?.hash === hash) {
        out.unchanged++;
        continue;
      }
      // an admin deleted it here since (it may be in the trash): not brought back, and not updated into nothing
      if (before && !stillHere(def.name, before.target_id)) {
        out.skipped.push({ id: sourceId, reason: T.deletedHere });
        continue;
      }
      // image addresses become our uploads; one that could not be brought over is left out, with a warning
      const withImages: SourceRow = { ...source };
      for (const column of def.images?.columns ?? []) {
        const value = source[column];
        if (typeof value !== 'string' || !options.images.has(value)) continue;
        // only the next match keeps an image (team B's logo) in button_text
        if (def.name === 'homepage_content' && column === 'button_text' && source.section_key !== 'next_match') continue;
        withImages[column] = options.images.get(value);
        if (options.images.get(value) !== null) continue;
        const refused = options.imagesRefused?.get(value);
        out.warnings.push(refused ? T.imageRefused(sourceId, value, refused) : T.imageMissing(sourceId, value));
      }
      let row: Record<string, unknown>;
      try {
        row = def.toRow(withImages);
      } catch (error) {
        out.skipped.push({ id: sourceId, reason: reasonOf(error) });
        continue;
      }
      // a section an admin wrote here before the first import (a privacy text for the new site, the hero): theirs
      // stays, not a second one beside it that the page would show first, nor overwritten
      if (!before && writtenHere(def.name, row)) {
        out.skipped.push({ id: sourceId, reason: T.writtenHere });
        continue;
      }
      const refused = resolveRefs(def, source, sourceId, row);
      if (refused) {
        out.skipped.push({ id: sourceId, reason: refused });
        continue;
      }
      const kept = keptColumns(def, source);
      if (typeof kept === 'string') {
        out.skipped.push({ id: sourceId, reason: kept });
        continue;
      }
      Object.assign(row, kept);
      // changed by an admin here since the last run: theirs stays (the old app's change is not taken over)
      if (before && editedHere(def, before, row)) {
        out.skipped.push({ id: sourceId, reason: T.editedHere });
        continue;
      }
      // an account that was here before takes no role from the old data
      const roleRefused = def.name === 'user_roles' ? roleRefusal(sql, row) : null;
      if (roleRefused) {
        out.skipped.push({ id: sourceId, reason: roleRefused });
        continue;
      }
      const stored = store(def, row, before?.target_id ?? null, out);
      const written = ACCOUNTS.has(def.name) ? null : JSON.stringify(writtenColumns(def.name, stored.id, Object.keys(row)));
      remember(def.name, sourceId, stored.id, hash, written, stored.madeByImport);
      if (before) out.changed++;
      else out.new++;
    }
  }

  /**
   * Puts our ids for the old ones into the row. A reference to a row the old data does not have stops the run;
   * one to a row an admin deleted here is left empty, or, where the row cannot be without it, the German reason
   * it is skipped.
   */
  function resolveRefs(def: TableDef, source: SourceRow, sourceId: string, row: Record<string, unknown>): string | null {
    for (const [column, ref] of Object.entries(def.refs ?? {})) {
      const value = source[column];
      if (value === null || value === undefined || value === '') {
        if (ref.required) throw new BrokenReference(T.brokenReference(def.name, sourceId, column, ''));
        row[column] = null;
        continue;
      }
      const target = mapped(ref.table, String(value));
      if (!target) {
        // skipped a moment ago for our rules: say that, not that the old app lacks it
        const skipped = skippedIn(ref.table, String(value));
        throw new BrokenReference(
          skipped ? T.refersToSkipped(def.name, sourceId, column, ref.table, String(value), skipped) : T.brokenReference(def.name, sourceId, column, String(value)),
        );
      }
      if (!stillHere(ref.table, target.target_id)) {
        if (ref.required) return T.refersToDeletedHere(column, ref.table, String(value));
        row[column] = null;
        continue;
      }
      row[column] = target.target_id;
    }
    return null;
  }

  /** The page or home section this row is, stored here already and brought by no import. */
  function writtenHere(table: string, row: Record<string, unknown>): boolean {
    const notImported = `NOT EXISTS (SELECT 1 FROM import_map m WHERE m.source_table = '${table}' AND m.target_id = s.id)`;
    if (table === 'page_content') {
      return sql.prepare(`SELECT 1 FROM page_content s WHERE s.page_key = ? AND s.section_key = ? AND ${notImported}`).get(row.page_key, row.section_key) !== undefined;
    }
    if (table === 'homepage_content') return sql.prepare(`SELECT 1 FROM homepage_content s WHERE s.section_key = ? AND ${notImported}`).get(row.section_key) !== undefined;
    return false;
  }

  /** A short hash of each column the import writes (not its times), as our row holds it now. */
  function writtenColumns(table: string, id: string, columns: string[]): Record<string, string> {
    const picked = columns.filter((column) => !column.endsWith('_at'));
    const stored = sql.prepare(`SELECT ${picked.map((c) => `"${c}"`).join(', ')} FROM "${table}" WHERE id = ?`).get(id) as Record<string, unknown>;
    return Object.fromEntries(picked.map((column) => [column, shortHash(stored[column])]));
  }

  /**
   * Whether a column the last run wrote holds something else now (rows mapped before this was kept: no). A
   * column empty now that this run leaves empty too is none: the database emptied a reference (an author's
   * account deleted here sets the news' author to nothing) and the old row's reference to it is left empty.
   */
  function editedHere(def: TableDef, before: Mapped, row: Record<string, unknown>): boolean {
    if (!before.written_columns || ACCOUNTS.has(def.name)) return false;
    const written = JSON.parse(before.written_columns) as Record<string, string>;
    const now = writtenColumns(def.name, before.target_id, Object.keys(written));
    const emptyBoth = (column: string, hash: string) => hash === EMPTY_HASH && (row[column] ?? null) === null;
    return Object.entries(now).some(([column, hash]) => written[column] !== hash && !emptyBoth(column, hash));
  }

  /** Whether the row an earlier run made is still in our table (user_roles are found by user and role). */
  function stillHere(table: string, targetId: string): boolean {
    if (table === 'user_roles') return true;
    const ours = table === 'profiles' ? 'users' : table;
    return sql.prepare(`SELECT 1 FROM "${ours}" WHERE id = ?`).get(targetId) !== undefined;
  }

  /** Inserts or updates our row; returns its id (for an account, whether the import made it too). */
  function store(def: TableDef, row: Record<string, unknown>, existing: string | null, out: TableReport): { id: string; madeByImport?: boolean } {
    if (def.name === 'profiles') return storeAccount(sql, row, existing, out, report);
    if (def.name === 'user_roles') return { id: storeRole(sql, row) };
    // the home sections are one row per section_key: one an import brought under another old id is updated
    if (!existing && def.name === 'homepage_content') {
      existing = (sql.prepare('SELECT id FROM homepage_content WHERE section_key = ?').get(row.section_key) as { id: string } | undefined)?.id ?? null;
    }
    const values = Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === 'boolean' ? Number(v) : Array.isArray(v) ? JSON.stringify(v) : v]));
    const columns = Object.keys(values);
    if (existing) {
      sql.prepare(`UPDATE "${def.name}" SET ${columns.map((c) => `"${c}" = @${c}`).join(', ')} WHERE id = @__id`).run({ ...values, __id: existing });
      return { id: existing };
    }
    const id = randomUUID();
    sql.prepare(`INSERT INTO "${def.name}" (id, ${columns.map((c) => `"${c}"`).join(', ')}) VALUES (@__id, ${columns.map((c) => `@${c}`).join(', ')})`).run({ ...values, __id: id });
    return { id };
  }
}
