// The audit log as CSV (docs/decisions/031). Separated by ';' with a UTF-8 byte
// order mark: German Excel reads ',' as the decimal comma and splits on ';', and
// without the BOM it shows umlauts as mojibake. Cells that a spreadsheet would
// run as a formula (starting with = + - @, tab or carriage return) get a leading
// apostrophe (OWASP "CSV injection"): the log holds text typed by strangers
// (failed sign-in addresses, news titles).
import { LOCALE, TIME_ZONE, formatShortDate } from '../../lib/dates-de';
import { AUDIT_ACTION_LABELS, AUDIT_ENTITY_LABELS, AUDIT_TEXTS as T, type AuditEntry } from '../../lib/schemas/audit';

export const CSV_SEPARATOR = ';';
const BOM = '\uFEFF';

// '20.11.2026 11:01:00': a day and time German Excel reads as such
const clock = new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
const stamp = (ms: number) => `${formatShortDate(new Date(ms))} ${clock.format(new Date(ms))}`;

/** One cell: formula-looking text defused, quoted when it holds a separator, quote or line break. */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: (string | number | null | undefined)[]) => cells.map(csvCell).join(CSV_SEPARATOR) + '\r\n';

export const CSV_HEADER = [T.colTime, T.colUser, T.colAction, T.colEntity, T.colRow, T.colDetail];

export function auditCsvLine(entry: AuditEntry): string {
  return csvLine([
    stamp(entry.at),
    entry.userName ?? T.nobody,
    AUDIT_ACTION_LABELS[entry.action] ?? entry.action,
    entry.entity ? (AUDIT_ENTITY_LABELS[entry.entity] ?? entry.entity) : '',
    entry.rowId,
    entry.detail,
  ]);
}

/** The byte order mark and the header row. */
export const csvStart = () => BOM + csvLine(CSV_HEADER);

/** The whole file for a list of entries. */
export function auditCsv(entries: Iterable<AuditEntry>): string {
  let out = csvStart();
  for (const entry of entries) out += auditCsvLine(entry);
  return out;
}
