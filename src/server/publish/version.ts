// The site's cache version: raised after every publish so that open tabs and
// the service worker learn that pages changed. Kept in SQLite and mirrored to
// data/site/cache-version.json, which is written last.
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { write } from '../db/write';
import { siteSettings } from '../db/schema';
import { writeSiteFile, type SideFolders } from './files';

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

/** `side`: the job's kept old versions, freed when the disk is full (decision 046), and the blanks to write into. */
export function writeCacheVersionFile(siteDir: string, version: number, side: SideFolders = {}): void {
  const body = JSON.stringify({ version, publishedAt: new Date().toISOString() });
  writeSiteFile(path.join(siteDir, CACHE_VERSION_FILE), body, side);
}
