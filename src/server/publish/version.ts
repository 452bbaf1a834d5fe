// The site's cache version: raised after every publish so that open tabs and
// the service worker learn that pages changed. Kept in SQLite and mirrored to
// data/site/cache-version.json, which is written last.
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { write } from '../db/write';
import { siteSettings } from '../db/schema';
import { writeSiteFile, type SideFolders } from './files';
import { isPagePath } from '../../lib/pwa-cache-policy';

export const CACHE_VERSION_FILE = 'cache-version.json';
const KEY = 'cache_version';

export function readCacheVersion(db: Db): number {
  const row = db.select().from(siteSettings).where(eq(siteSettings.key, KEY)).get();
  return row ? Number(row.value) : 0;
}

export function raiseCacheVersion(db: Db): number {
  return write(
    'cacheVersion.raise',
    () => {
      db.insert(siteSettings)
        .values({ key: KEY, value: '1' })
        .onConflictDoUpdate({ target: siteSettings.key, set: { value: sql`CAST(${siteSettings.value} AS INTEGER) + 1` } })
        .run();
      return readCacheVersion(db);
    },
    db,
  );
}

/**
 * A restored backup brings the cache version it had then, lower than the one the fans' service workers know: a
 * worker that knew the old 15 took the restored site's 15, some publishes later, for the one it had, and kept the
 * pages the restore changed or removed (a withdrawn consent's player page among them). The restored database
 * (`restored`, a plain connection: the restore works on files) goes on from the higher of the two.
 */
export function keepCacheVersionRising(restored: { prepare: (sql: string) => { run: (...values: string[]) => unknown } }, current: number): void {
  restored
    .prepare(
      `INSERT INTO site_settings (key, value) VALUES (?, ?)
       ON CONFLICT(key) DO UPDATE SET value = CAST(max(CAST(value AS INTEGER), CAST(excluded.value AS INTEGER)) AS TEXT)`,
    )
    .run(KEY, String(current));
}

/** The cache version in a database file's connection (0 when it has none). */
export function cacheVersionOf(connection: { prepare: (sql: string) => { get: (...values: string[]) => unknown } }): number {
  const row = connection.prepare('SELECT value FROM site_settings WHERE key = ?').get(KEY) as { value: string } | undefined;
  return row ? Number(row.value) || 0 : 0;
}

/**
 * What cache-version.json says about the pages of the last publishes (decision 056): the pages each version
 * wrote or removed, for every version after `pagesChangedSince`. A service worker that knows a version from
 * then on forgets only those pages and tells only the tabs that show one of them; one that knows an older
 * version forgets everything. Bounded, since every open tab's worker reads the file every few seconds.
 * `pagesRemovedUpTo`: the pages the versions up to `pagesChangedSince` removed, newest last, as far as kept (a
 * full republish names no pages, but the ones it removed a worker must delete, not keep aside: decision 006).
 */
export type PagesChanged = {
  pagesChangedSince: number;
  pagesChanged: { version: number; pages: string[]; removed?: string[] }[];
  pagesRemovedUpTo?: string[];
};

/** pages the file lists at most (a goal's job names about seven, a match's full time about 25); removed ones up to the list's start too */
export const PAGES_LISTED_MAX = 100;
/** versions the file lists at most */
export const VERSIONS_LISTED_MAX = 30;

/**
 * The list after `version`, continuing the one the previous file held when that was the version before.
 * `pages` undefined (a full republish, a job of more pages than the file lists) names every page. `removed`:
 * those of them the job removed (a deleted article, a player whose consent was withdrawn), listed again under
 * `removed` so that a worker deletes its copy instead of keeping it aside as outdated (decision 006).
 */
export function pagesChangedAfter(previous: unknown, version: number, pages: readonly string[] | undefined, removed: readonly string[] = []): PagesChanged {
  const named = pages && [...new Set(pages.filter(isPagePath))];
  const earlier = continuedList(previous, version - 1);
  if (!named || named.length > PAGES_LISTED_MAX) {
    // the list starts again here: what it and this job removed moves to the pages removed up to its start
    const before = earlier.pagesChanged.flatMap((change, at, all) => removedNotWrittenAgain(change, all.slice(at + 1)));
    return withRemovedUpTo({ pagesChangedSince: version, pagesChanged: [] }, [...(earlier.pagesRemovedUpTo ?? []), ...before, ...removed.filter(isPagePath)]);
  }
  const gone = [...new Set(removed)].filter((page) => named.includes(page));
  const list = [...earlier.pagesChanged, { version, pages: named, ...(gone.length > 0 ? { removed: gone } : {}) }];
  let since = earlier.pagesChangedSince;
  // a page this job wrote again (an article published once more) is no longer one removed up to the list's start
  const removedUpTo = (earlier.pagesRemovedUpTo ?? []).filter((page) => !named.includes(page) || gone.includes(page));
  let listed = list.reduce((sum, change) => sum + change.pages.length, 0);
  // the oldest go first: a worker that knows a version that old forgets every page
  while (list.length > VERSIONS_LISTED_MAX || listed > PAGES_LISTED_MAX) {
    const oldest = list.shift()!;
    since = oldest.version;
    listed -= oldest.pages.length;
    removedUpTo.push(...removedNotWrittenAgain(oldest, list));
  }
  return withRemovedUpTo({ pagesChangedSince: since, pagesChanged: list }, removedUpTo);
}

type Change = PagesChanged['pagesChanged'][number];

/** The pages `change` removed that none of the `later` changes wrote again (a player's consent given back). */
function removedNotWrittenAgain(change: Change, later: readonly Change[]): string[] {
  const writtenAgain = (page: string) => later.some((c) => c.pages.includes(page) && !(c.removed ?? []).includes(page));
  return (change.removed ?? []).filter((page) => !writtenAgain(page));
}

/** The list with the newest `PAGES_LISTED_MAX` of `removed` (each once, at its last place), when there are any. */
function withRemovedUpTo(list: PagesChanged, removed: readonly string[]): PagesChanged {
  const newestLast = [...new Set([...removed].reverse())].reverse().slice(-PAGES_LISTED_MAX);
  return newestLast.length > 0 ? { ...list, pagesRemovedUpTo: newestLast } : list;
}

/**
 * The previous file's list when it ends at `version`; else nothing is known before it (a version whose file was
 * not written, a damaged file), but the pages it names as removed are carried on as removed up to the start.
 */
function continuedList(previous: unknown, version: number): PagesChanged {
  if (typeof previous !== 'object' || previous === null) return { pagesChangedSince: version, pagesChanged: [] };
  const { version: was, pagesChangedSince: since, pagesChanged: list, pagesRemovedUpTo: upTo } = previous as Partial<PagesChanged> & { version?: unknown };
  // pages only: a damaged file's '/sw.js' or '' would delete a worker's saved copies of something else
  const strings = (value: unknown) => (Array.isArray(value) ? value.filter((page): page is string => typeof page === 'string' && page.startsWith('/') && isPagePath(page)) : []);
  const removedUpTo = strings(upTo);
  const valid = Array.isArray(list) && list.every((c) => typeof c?.version === 'number' && typeof since === 'number' && c.version > since && c.version <= version && Array.isArray(c.pages));
  if (was !== version || !valid) {
    const listed = Array.isArray(list) ? list.flatMap((change: { removed?: unknown }) => strings(change?.removed)) : [];
    return withRemovedUpTo({ pagesChangedSince: version, pagesChanged: [] }, [...removedUpTo, ...listed]);
  }
  return { pagesChangedSince: since as number, pagesChanged: list, ...(removedUpTo.length > 0 ? { pagesRemovedUpTo: removedUpTo } : {}) };
}

function readPrevious(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * `side`: the job's kept old versions, freed when the disk is full (decision 046), and the blanks to write into.
 * `pages`: the URLs the job wrote or removed; without them the file names every page as changed. `removed`:
 * the URLs the job removed.
 */
export function writeCacheVersionFile(siteDir: string, version: number, side: SideFolders = {}, pages?: readonly string[], removed?: readonly string[]): void {
  const file = path.join(siteDir, CACHE_VERSION_FILE);
  const body = JSON.stringify({ version, publishedAt: new Date().toISOString(), ...pagesChangedAfter(readPrevious(file), version, pages, removed) });
  writeSiteFile(file, body, side);
}
