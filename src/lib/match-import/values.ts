// Reading the cells of a fixtures list as league portals and spreadsheets
// write them: German dates (15.08.2026, 15.8.26, 'Sa, 15.08.2026 17:30') and
// ISO dates, times with ':' or '.', scores as '2:1', '2-1' or '2:1 (1:0)'.
import { slugify } from '../fixtures';

function isCalendarDay(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD' from a German or ISO date anywhere in the cell, or null. */
export function parseImportDate(value: string | null | undefined): string | null {
  const text = (value ?? '').trim();
  let y: number, m: number, d: number;
  const iso = /(\d{4})-(\d{1,2})-(\d{1,2})/.exec(text);
  const german = /(?<!\d)(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2})(?!\d)/.exec(text);
  if (iso) [y, m, d] = [+iso[1], +iso[2], +iso[3]];
  else if (german) [d, m, y] = [+german[1], +german[2], german[3].length === 2 ? 2000 + +german[3] : +german[3]];
  else return null;
  return isCalendarDay(y, m, d) ? `${y}-${pad(m)}-${pad(d)}` : null;
}

/** 'HH:MM' from '17:30', '17.30', '17:30 Uhr', '9:05'; null for an empty cell; undefined when unreadable. */
export function parseImportTime(value: string | null | undefined): string | null | undefined {
  const text = (value ?? '').trim();
  if (text === '') return null;
  const t = /(?<![\d.])(\d{1,2})[:.](\d{2})(?!\d)(?!\.\d)/.exec(text.replace(/\d{1,2}\.\d{1,2}\.\d{2,4}/, ''));
  if (!t || +t[1] > 23 || +t[2] > 59) return undefined;
  return `${pad(+t[1])}:${t[2]}`;
}

/** The time inside a date cell ('15.08.2026 17:30'), if any. */
export function timeInDateCell(value: string): string | null {
  const rest = value.replace(/\d{4}-\d{1,2}-\d{1,2}|\d{1,2}\.\d{1,2}\.\d{2,4}/, '');
  const time = parseImportTime(rest.replace(/^T/, ''));
  return time ?? null;
}

/** [home, away] from '2:1', '2 - 1', '2:1 (1:0)'; null for no result yet ('', '-:-', '–'); undefined when unreadable. */
export function parseImportScore(value: string | null | undefined): [number, number] | null | undefined {
  const text = (value ?? '').trim();
  if (text === '' || /^[-–:\s]*$/.test(text) || /^-\s*:\s*-$/.test(text)) return null;
  const s = /^(\d{1,3})\s*[:\-–]\s*(\d{1,3})(?!\d)/.exec(text);
  return s ? [+s[1], +s[2]] : undefined;
}

/** A whole number ≥ 0 from a cell ('3', '3.', 'Runde 3'); null when empty or unreadable. */
export function parseImportInteger(value: string | null | undefined): number | null {
  const m = /(\d{1,4})/.exec(value ?? '');
  return m ? +m[1] : null;
}

/** A name as compared: the fixtures' slug (lower case, umlauts folded, punctuation gone) with spaces for dashes. */
export function normalizeTeamName(name: string): string {
  return slugify(name).replace(/-/g, ' ');
}

/**
 * A short stable hash (FNV-1a, two 32-bit lanes → 16 hex digits). Pure, so the
 * same text gives the same key in the browser, the server and the tests; it
 * names rows, it protects nothing.
 */
export function stableHash(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x5bd1e995) >>> 0;
    b = (b ^ (b >>> 13)) >>> 0;
  }
  return a.toString(16).padStart(8, '0') + b.toString(16).padStart(8, '0');
}
