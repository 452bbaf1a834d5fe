// The end of a publish job (publisher.ts): once its files are in place, the cache version goes up, the
// static workers drop what was replaced, and cache-version.json tells open tabs which pages changed;
// only then are the job's pages no longer pending. Kept apart from the job's rendering so that the
// order of these steps (decision 011, 056) reads in one place.
import type { Db } from '../db/client';
import { settleFileChanges } from '../cluster-files';
import type { PendingPages } from './pending';
import { changedPages, settledUrls, type PublishReport } from './publish-report';
import { raiseCacheVersion, readCacheVersion, writeCacheVersionFile } from './version';

export type JobEnd = {
  db: Db;
  siteDir: string;
  /** the publisher's side folders, which the version file's write uses (version.ts) */
  side: Parameters<typeof writeCacheVersionFile>[2];
  pending?: PendingPages;
  log: Pick<Console, 'error'>;
  /** the job's pages it reached (rendered or spliced, failed or not) */
  reached: string[];
  /** the whole site: the version file names no pages, every saved copy goes */
  everyPage: boolean;
};

/** Raises the cache version after a job that changed files (sets `report.version` either way) and settles its pending pages. */
export async function endJob(report: PublishReport, end: JobEnd): Promise<void> {
  const { db, pending } = end;
  const done = [...report.written, ...report.removed];
  // nothing changed on disk (every render failed, or a gone page had no file): open tabs have nothing new to load
  if (done.length === 0) {
    report.version = readCacheVersion(db);
    pending?.published(settledUrls(end.reached, report));
    return;
  }
  try {
    report.version = raiseCacheVersion(db);
    // the static workers have dropped the replaced files from their caches (a no-op without workers)
    await settleFileChanges();
    // last: the version file tells clients that everything above is in place, and which pages changed
    writeCacheVersionFile(end.siteDir, report.version, end.side, end.everyPage ? undefined : changedPages(report), report.removed);
    pending?.published(settledUrls(end.reached, report));
  } catch (error) {
    // the pages are in place but open tabs were not told: they stay pending, and a retry raises the version
    const message = error instanceof Error ? error.message : String(error);
    end.log.error(`[publish] the cache version could not be raised: ${message}`);
    const owed = done.map((url) => ({ url, error: `cache version: ${message}` }));
    report.failed.push(...owed);
    pending?.failed(owed);
    report.version = readCacheVersion(db);
  }
}
