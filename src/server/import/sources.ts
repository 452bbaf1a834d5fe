// Where the old app's data is read from: its Postgres database (the `pg`
// driver, read only, one snapshot), or an export of the same tables as one
// JSON file ({ "news": [ … ], … }) or a folder of JSON or CSV files (news.json
// or news.csv, as the old backend's table editor exports them: a header row,
// empty cells for null, arrays as {a,b}).
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import pg from 'pg';
import type { SourceData } from './run';
import { TABLE_NAMES } from './tables';
import { IMPORT_TEXTS } from './texts';
import { decodeText } from '../../lib/text-decoding';

/**
 * How long one query may take before the source counts as gone: a source that stops answering held the
 * command, and with it the data lock, for ever (the server could not start). The old app's biggest table
 * is read in well under a second; IMPORT_TIMEOUT_SECONDS for a slow way there.
 */
export const SOURCE_TIMEOUT_MS = 120_000;

/** A source that could not be read: nothing was imported (all is read before anything is written). */
export class SourceUnreadable extends Error {
  constructor(reason: string, options?: { cause?: unknown }) {
    super(IMPORT_TEXTS.sourceUnreadable(reason), options);
    this.name = 'SourceUnreadable';
  }
}

/** How long the connection itself may take: at most 10 s (an address that answers at all answers at once). */
const connectTimeoutOf = (timeoutMs: number) => Math.min(timeoutMs, 10_000);

/** Node's refusals of a certificate (self-signed, an unknown authority, another host's). */
const CERTIFICATE_CODES = new Set([
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** A table's rows as the export gives them, or the German reason they are not a list of rows. */
function rowsOf(value: unknown, where: string): SourceData[string] {
  if (Array.isArray(value) && value.every((row) => typeof row === 'object' && row !== null && !Array.isArray(row))) return value as SourceData[string];
  throw new Error(IMPORT_TEXTS.notRows(where));
}

/** Why a source could not be read, in German where the cause is a common one. */
function reasonOf(error: unknown, timeoutMs: number): string {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  const text = message ?? String(error);
  if (code === 'ECONNREFUSED') return IMPORT_TEXTS.refused;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return IMPORT_TEXTS.hostUnknown;
  // the connection's own timeout ('timeout expired'; a pool's 'Connection terminated due to connection
  // timeout', before the check for a dropped connection): its seconds, not a query's
  if (/timeout expired|connection timeout/i.test(text)) return IMPORT_TEXTS.noAnswer(Math.round(connectTimeoutOf(timeoutMs) / 1000));
  if (/timeout|timed out/i.test(text) || code === '57014') return IMPORT_TEXTS.noAnswer(Math.round(timeoutMs / 1000));
  if (code === 'ECONNRESET' || code === 'EPIPE' || /Connection terminated/i.test(text)) return IMPORT_TEXTS.connectionLost;
  if (code === '28P01' || code === '28000') return IMPORT_TEXTS.loginRefused;
  if (code === '3D000') return IMPORT_TEXTS.noSuchDatabase;
  if (code === 'ENOENT') return IMPORT_TEXTS.notFound;
  if (code === 'EACCES' || code === 'EPERM') return IMPORT_TEXTS.noPermission;
  if (error instanceof SyntaxError) return IMPORT_TEXTS.notJson(text);
  // the address asks for SSL and the database speaks none, or its certificate is not one Node trusts
  if (/does not support SSL/i.test(text)) return IMPORT_TEXTS.noSsl;
  if (code && CERTIFICATE_CODES.has(code)) return IMPORT_TEXTS.certificateRefused;
  return text;
}

/**
 * The address with the SSL mode pg takes it as: 'prefer', 'require' and 'verify-ca' are checked as
 * 'verify-full' by pg 8 (a certificate Node does not trust is refused, decision 020), which says so in an
 * English warning on the console of each import. Spelled out, the check stays the same and the console quiet;
 * pg 9 would take the old names by libpq's weaker rules, so this keeps the check across that update too.
 */
export function sslModeSpelledOut(url: string): string {
  try {
    const address = new URL(url);
    const mode = address.searchParams.get('sslmode');
    if (mode !== 'prefer' && mode !== 'require' && mode !== 'verify-ca') return url;
    address.searchParams.set('sslmode', 'verify-full');
    return address.toString();
  } catch {
    return url;
  }
}

export async function readPostgres(url: string, timeoutMs = SOURCE_TIMEOUT_MS): Promise<SourceData> {
  const client = new pg.Client({
    connectionString: sslModeSpelledOut(url),
    connectionTimeoutMillis: connectTimeoutOf(timeoutMs),
    // the client gives up on a silent source, and the source on a query that runs away
    query_timeout: timeoutMs,
    statement_timeout: timeoutMs,
    keepAlive: true,
  });
  // a connection the source drops is an 'error' event besides the query's rejection: without a listener it
  // ended the command with an English stack trace
  client.on('error', () => undefined);
  // timestamps as they are stored (ISO text through Date), numbers as numbers
  pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
  pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));
  // a timestamp without a zone is UTC, as the old app keeps its times, not the zone of the machine importing
  pg.types.setTypeParser(pg.types.builtins.TIMESTAMP, (v) => new Date(`${v.replace(' ', 'T')}Z`));
  // a calendar date stays the text it is ('2026-12-05'), not a Date at local midnight
  pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
  try {
    // one consistent snapshot of every table
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const present = new Set(
      (await client.query<{ table_name: string }>("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'")).rows.map((r) => r.table_name),
    );
    const data: SourceData = {};
    for (const table of TABLE_NAMES) {
      if (!present.has(table)) continue;
      data[table] = (await client.query(`SELECT * FROM "${table}"`)).rows;
    }
    await client.query('COMMIT');
    return data;
  } finally {
    // a dead connection's end() waits for nothing that comes: the data is read or lost by now
    await Promise.race([client.end().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
  }
}

/**
 * An export: one JSON file with every table, or a folder with one JSON or CSV file per table. A file's name
 * is its table's, in any case, or as the table editor downloads it ('news_rows.csv'). An export in which no
 * table is found is refused with the names expected: taken as empty, a folder of misnamed files imported
 * nothing and said 'Import abgeschlossen'.
 */
export function readExport(location: string): SourceData {
  const stat = fs.statSync(location);
  if (stat.isFile()) {
    const parsed = readJson(location, path.basename(location));
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error(IMPORT_TEXTS.notTables);
    const tables = parsed as Record<string, unknown>;
    const data = Object.fromEntries(TABLE_NAMES.filter((t) => t in tables && tables[t] !== null).map((t) => [t, rowsOf(tables[t], t)]));
    if (Object.keys(data).length === 0) throw new Error(IMPORT_TEXTS.noKnownTables(Object.keys(tables)));
    return data;
  }
  const files = new Map(fs.readdirSync(location).map((name) => [name.toLowerCase(), name]));
  const fileOf = (table: string, ending: string) => files.get(`${table}.${ending}`) ?? files.get(`${table}_rows.${ending}`);
  const data: SourceData = {};
  for (const table of TABLE_NAMES) {
    const json = fileOf(table, 'json');
    const csv = fileOf(table, 'csv');
    if (json) data[table] = rowsOf(readJson(path.join(location, json), json), json);
    // a CSV opened and saved again in German Excel is Windows-1252
    else if (csv) data[table] = readCsv(decodeText(fs.readFileSync(path.join(location, csv))), csv);
  }
  if (Object.keys(data).length === 0) throw new Error(IMPORT_TEXTS.noTableFiles([...files.values()].filter((name) => /\.(csv|json)$/i.test(name))));
  return data;
}

/** A JSON file as text in UTF-8 with or without a byte order mark (Notepad's), or Windows-1252. */
function readJson(file: string, name: string): unknown {
  try {
    return JSON.parse(decodeText(fs.readFileSync(file)));
  } catch (error) {
    if (error instanceof SyntaxError) throw new Error(IMPORT_TEXTS.notJsonFile(name, error.message));
    throw error;
  }
}

/**
 * The columns of the old app that PostgreSQL exports as an array ('{a,"b c"}'). Only these: a JSON
 * text in braces (the footer's section) or a line in braces is text, and parsing it as an array threw
 * or dropped the braces.
 */
const ARRAY_COLUMNS = new Set(['achievements']);

/**
 * The header row's separator: a comma, or the semicolon German Excel saves with ('id;title;content'; read
 * with commas, every row was one column without a key, and skipped).
 */
function delimiterOf(text: string): string {
  const header = text.slice(0, text.search(/\r?\n|$/));
  return header.includes(';') && !header.includes(',') ? ';' : ',';
}

/** A CSV export: the header names the columns; an empty cell is null; '{a,"b c"}' in an array column is an array. */
function readCsv(text: string, name: string): SourceData[string] {
  let rows: Record<string, string>[];
  try {
    rows = parse(text, { columns: true, skip_empty_lines: true, bom: true, relax_column_count: true, delimiter: delimiterOf(text) }) as Record<string, string>[];
  } catch (error) {
    const { code, lines } = error as { code?: string; lines?: number };
    if (code?.startsWith('CSV_')) throw new Error(IMPORT_TEXTS.notCsv(name, lines ?? 0));
    throw error;
  }
  const cell = (key: string, value: string) => (value === '' ? null : ARRAY_COLUMNS.has(key) && /^\{.*\}$/s.test(value) ? postgresArray(value) : value);
  return rows.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, cell(key, value)])));
}

/** '{a,"b c"}' as a list; a cell edited by hand so that it is none ('{"Meister 2019}') stays text (one line). */
function postgresArray(text: string): string[] | string {
  const inner = text.slice(1, -1);
  if (inner === '') return [];
  try {
    return (parse(inner, { escape: '\\', quote: '"' }) as string[][])[0];
  } catch {
    return text;
  }
}

/** The old data from a database address or an export; SourceUnreadable with the German reason when it cannot be read. */
export async function readSource(from: string, timeoutMs = SOURCE_TIMEOUT_MS): Promise<SourceData> {
  try {
    return /^postgres(ql)?:\/\//.test(from) ? await readPostgres(from, timeoutMs) : readExport(from);
  } catch (error) {
    throw new SourceUnreadable(reasonOf(error, timeoutMs), { cause: error });
  }
}
