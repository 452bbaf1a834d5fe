// The nightly sweep of unused images (decision 060). An upload picked in a form
// that was never saved, a photo replaced, a deleted row's picture once the trash
// let it go: each stayed in the uploads folder for good, in every backup and on
// every static host, and reachable by its address (a photo taken off the site
// after a withdrawn consent included). The library deletes such images one by
// one; at night this deletes those that nothing can bring back any more: not
// used by a row, not by a row in the trash, not by a kept version (a version put
// back brings its pictures back), and uploaded longer ago than the trash keeps
// its entries, so that a form left open with a new upload is not robbed of it.
import { inArray } from 'drizzle-orm';
import { config } from '../config';
import type { Db } from '../db/client';
import { media } from '../db/schema';
import { write } from '../db/write';
import { recordAudit } from '../audit/audit-log';
import { getDeployer } from '../deploy/deployer';
import { trashDays } from '../revisions/trash';
import { removeAbandonedTempFiles } from '../whole-file';
import { nextHousekeepingAfter, type Job } from '../scheduler';
import { backfillMedia, removeImageFiles } from './inventory';
import { addressesInVersions, mediaUses, usesOfImage } from './usage';
import { sweepDays, sweepVerdict } from './sweep-rule';

/** The log names this many; the audit log has each. */
const LOGGED_NAMES = 20;

/** The images the sweep deletes at `now`: plainly named, uploaded (or found) long enough ago, and nothing names them (sweepVerdict). */
export function sweepableImages(db: Db, now: number, days: number = sweepDays(trashDays(db))): string[] {
  const uses = mediaUses(db);
  const versions = addressesInVersions(db);
  return db
    .select({ url: media.url, created_at: media.created_at, found_at: media.found_at })
    .from(media)
    .all()
    .filter((row) => {
      const { sweepableFrom } = sweepVerdict(row, usesOfImage(uses, row.url).length > 0, versions, days);
      return sweepableFrom !== null && Date.parse(sweepableFrom) <= now;
    })
    .map((row) => row.url);
}

/** Rows per DELETE: far below SQLite's limit of bound values, also on a first night with thousands. */
const CHUNK = 500;

/**
 * Deletes the unused images (rows, files and WebP copies) and returns their
 * addresses. The images on disk are brought into the library first (a file
 * no upload recorded counts from when it is found); the uses are read again
 * inside the write that deletes the rows, as the library's delete does. The
 * files go right after the commit, in the same turn of the event loop, so that
 * no save can check an image's file between the two; the copies first, so that
 * a kill between leaves the image itself (listed again, swept again). An image
 * whose file cannot be removed is logged; the next listing finds it again and
 * gives it another 30 days. The static hosts are told, as no page changed.
 */
export async function sweepUnusedImages(db: Db, now: number, uploadsDir: string = config.uploadsDir): Promise<string[]> {
  await backfillMedia(db, uploadsDir);
  const swept = write(
    'media.sweep',
    (tx) => {
      const urls = sweepableImages(tx, now);
      for (let i = 0; i < urls.length; i += CHUNK) tx.delete(media).where(inArray(media.url, urls.slice(i, i + CHUNK))).run();
      for (const url of urls) recordAudit(tx, { action: 'media.sweep', actor: null, entity: 'media', rowId: url }, now);
      return urls;
    },
    db,
  );
  for (const url of swept) removeImageFiles(url, uploadsDir);
  if (swept.length > 0) getDeployer()?.request();
  return swept;
}

export function unusedImagesSweepJob(db: () => Db, now: () => number, uploadsDir: string = config.uploadsDir, log: Pick<Console, 'info'> = console): Job {
  return {
    name: 'unused-images-sweep',
    // at night, after the revisions' retention (app.ts lists that first)
    nextRunAfter: nextHousekeepingAfter,
    run: async () => {
      // an upload killed mid-write left its part under a temporary name: never served, never listed, only space
      const parts = await removeAbandonedTempFiles(uploadsDir);
      if (parts.length > 0) log.info(`[media] ${parts.length === 1 ? 'ein abgebrochener Upload' : `${parts.length} abgebrochene Uploads`} entfernt`);
      const swept = await sweepUnusedImages(db(), now(), uploadsDir);
      const named = swept.slice(0, LOGGED_NAMES).join(', ') + (swept.length > LOGGED_NAMES ? ', …' : '');
      const count = swept.length === 1 ? 'ein unbenutztes Bild' : `${swept.length} unbenutzte Bilder`;
      if (swept.length > 0) log.info(`[media] ${count} gelöscht: ${named} (jedes im Protokoll)`);
    },
  };
}
