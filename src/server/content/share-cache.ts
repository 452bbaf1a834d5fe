// The share images' cache (DATA_DIR/cache/share): each PNG under the hash of the SVG it was drawn from, so
// that a republish of an unchanged page costs a file read (decision 023). Every changed title, score or
// club colour is a new file, and the old ones were never needed again: the cache only grew, about 72 KB a
// picture. A file read for a publish has its time set again, and the daily job removes the files no
// publish has read for SHARE_CACHE_KEEP_DAYS; a picture still shown is drawn again if its page is published
// after that (18 ms).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { config } from '../config';
import { nextHousekeepingAfter, type Job } from '../scheduler';
import { ABANDONED_TEMP_MS, TEMP_FILE_SUFFIX, writeWhole } from '../whole-file';

export const SHARE_CACHE_KEEP_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

export const shareCacheDir = () => path.join(config.dataDir, 'cache', 'share');

const fileFor = (svg: string, dir: string) => path.join(dir, `${createHash('sha256').update(svg).digest('hex').slice(0, 32)}.png`);

/** The PNG drawn from this SVG before, or null; a hit counts as a use (its time is set to now). */
export async function cachedSharePng(svg: string, dir = shareCacheDir()): Promise<Buffer | null> {
  const file = fileFor(svg, dir);
  let png: Buffer;
  try {
    png = await fs.promises.readFile(file);
  } catch {
    return null;
  }
  const now = new Date();
  // a cache that cannot be written to keeps its files by age: the worst is a picture drawn again
  await fs.promises.utimes(file, now, now).catch(() => undefined);
  return png;
}

/** Keeps the PNG drawn from this SVG; a cache that cannot be written costs a render next time, nothing more. */
export async function keepSharePng(svg: string, png: Buffer, dir = shareCacheDir()): Promise<void> {
  const file = fileFor(svg, dir);
  try {
    await fs.promises.mkdir(dir, { recursive: true });
    await writeWhole(file, png);
  } catch (error) {
    console.warn('[share] could not cache a share image:', error instanceof Error ? error.message : error);
  }
}

/** Removes the pictures no publish has read for `keepDays`, and temporary files a killed process left; how many went. */
export function pruneShareCache(now: number, keepDays = SHARE_CACHE_KEEP_DAYS, dir = shareCacheDir()): number {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const oldest = name.endsWith('.png') ? now - keepDays * DAY_MS : name.endsWith(TEMP_FILE_SUFFIX) ? now - ABANDONED_TEMP_MS : null;
    if (oldest === null) continue;
    const file = path.join(dir, name);
    try {
      if (fs.statSync(file).mtimeMs >= oldest) continue;
      fs.rmSync(file, { force: true });
      removed++;
    } catch (error) {
      console.error(`[share] could not remove ${file} from the cache:`, error instanceof Error ? error.message : error);
    }
  }
  return removed;
}

export function shareCachePruneJob(now: () => number, log: Pick<Console, 'info'> = console): Job {
  return {
    name: 'share-cache-prune',
    nextRunAfter: nextHousekeepingAfter,
    run: async () => {
      const removed = pruneShareCache(now());
      if (removed > 0) log.info(`[share-cache-prune] removed ${removed} files from ${shareCacheDir()}: share images no publish read for ${SHARE_CACHE_KEEP_DAYS} days, temporary files a stopped process left`);
    },
  };
}
