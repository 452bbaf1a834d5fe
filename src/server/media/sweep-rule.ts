// When the nightly sweep (sweep.ts) may delete an unused image: as long after its
// upload as the trash keeps a deleted row, and never sooner than 30 days, so that
// a form left open with a new upload, a draft kept in the browser or a row deleted
// the day the image came is not robbed of it; and which images it may delete at
// all: those whose uses are found for certain. Apart from sweep.ts so that the
// library's listing (inventory.ts), which sweep.ts reads, can show the date
// without the two loading each other.
import { namedInVersions } from './usage';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The shortest wait, whatever the trash is set to (a superadmin may keep it for a day). */
export const SWEEP_MIN_DAYS = 30;

/** Days from an image's upload (or from when it was found on disk) to the first night it may go. */
export const sweepDays = (trashDays: number): number => Math.max(trashDays, SWEEP_MIN_DAYS);

/**
 * The first moment the sweep may delete an image, if nothing names it by then: `days` after its upload, or
 * after it was found on disk when no upload recorded it. Null when its dates cannot be read (kept).
 */
export function sweepableFrom(row: { created_at: string; found_at: string | null }, days: number): string | null {
  const start = Math.max(Date.parse(row.created_at), row.found_at === null ? -Infinity : Date.parse(row.found_at));
  const at = start + days * DAY_MS;
  // NaN from a date that cannot be read; beyond what a Date holds
  return Number.isFinite(at) && Math.abs(at) <= 8.64e15 ? new Date(at).toISOString() : null;
}

/**
 * Whether the uses of an image are found for certain: the upload service's names (hex, in a folder) and any
 * other of letters, digits, '-', '_' and '.'. A file copied in by hand as 'Mannschaft 2025.jpg' may be named
 * in a text as written, which the text's pattern does not read whole: such an image is left to the library.
 */
export function isPlainAddress(url: string): boolean {
  return /^\/uploads\/[A-Za-z0-9_\-./]+$/.test(url);
}

/**
 * What the sweep does with an image, for the library and the sweep alike: kept (a version names it, or its
 * name is not plain), or its first moment to go (null: used, kept, or its dates cannot be read).
 */
export function sweepVerdict(
  row: { url: string; created_at: string; found_at: string | null },
  used: boolean,
  versions: Set<string>,
  days: number,
): { keptBecause: 'version' | 'name' | null; sweepableFrom: string | null } {
  if (used) return { keptBecause: null, sweepableFrom: null };
  const keptBecause = namedInVersions(versions, row.url) ? 'version' : isPlainAddress(row.url) ? null : 'name';
  return { keptBecause, sweepableFrom: keptBecause ? null : sweepableFrom(row, days) };
}
