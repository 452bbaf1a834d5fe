// The old app's images (bucket 'club-images', referenced by public URLs) come
// over like uploads: fetched from the storage URL or read from a folder
// (image-read.ts), re-encoded without metadata, with their WebP copies (storeUpload). An image
// brought over before is found again in import_map and not fetched twice.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/client';
import { STORAGE_TEXTS } from '../db/write';
import { storeUpload, UploadError } from '../services/uploads';
import { bucketPath, readImage, type ImageSource } from './image-read';
import { TABLES, type SourceRow } from './tables';
import { IMPORT_TEXTS as T } from './texts';

export type BroughtImages = {
  /** old address → our /uploads/… address, or null when it could not be brought over */
  map: Map<string, string | null>;
  /** why an image that was there could not be brought over (too large, no image): the row's warning says it */
  refused: Map<string, string>;
  /** files written by this run (removed again when the run is rolled back) */
  written: string[];
  /** new entries for import_map */
  records: { source: string; target: string }[];
  stats: { found: number; stored: number; reused: number; missing: number };
};

/** Our storage refused an image (full, read-only, failing): the run stops, nothing imported, not rows without images. */
export class ImagesNotStored extends Error {}

/** The refusals that are our disk's, not the image's: the next image would fare no better. */
const STORAGE_REFUSALS = new Set([STORAGE_TEXTS.full, STORAGE_TEXTS.readonly, STORAGE_TEXTS.io]);

export async function bringImages(db: Db, data: Record<string, SourceRow[]>, source: ImageSource, uploadsDir: string, dryRun: boolean): Promise<BroughtImages> {
  const out: BroughtImages = { map: new Map(), refused: new Map(), written: [], records: [], stats: { found: 0, stored: 0, reused: 0, missing: 0 } };
  const values = new Set<string>();
  for (const def of TABLES) {
    for (const row of data[def.name] ?? []) for (const column of def.images?.columns ?? []) if (typeof row[column] === 'string' && row[column]) values.add(row[column] as string);
  }
  const known = db.$client.prepare("SELECT target_id FROM import_map WHERE source_table = '_images' AND source_id = ?");
  for (const value of values) {
    const bucket = bucketPath(value);
    if (bucket === null) continue;
    out.stats.found++;
    const before = (known.get(value) as { target_id: string } | undefined)?.target_id;
    if (before && (await fs.stat(path.join(uploadsDir, before.replace(/^\/uploads\//, ''))).catch(() => null))) {
      out.map.set(value, before);
      out.stats.reused++;
      continue;
    }
    if (dryRun) {
      out.map.set(value, `/uploads/probelauf/${out.stats.found}.jpg`);
      continue;
    }
    const read = await readImage(value, bucket, source);
    if (read && 'refused' in read) out.refused.set(value, read.refused);
    const bytes = read && 'bytes' in read ? read.bytes : null;
    const folder = TABLES.find((t) => (data[t.name] ?? []).some((r) => t.images?.columns.some((c) => r[c] === value)))?.images?.folder ?? 'import';
    const stored = Buffer.isBuffer(bytes)
      ? await storeUpload({ bytes, name: path.basename(bucket), folder }, uploadsDir).catch(async (error: unknown) => {
          if (!(error instanceof UploadError)) return null;
          if (!STORAGE_REFUSALS.has(error.message)) {
            // the image's own fault (too large, not an image): the row comes without it and says why
            out.refused.set(value, error.message);
            return null;
          }
          // what this run wrote goes again: it stops before anything refers to it
          await Promise.all(out.written.map((file) => fs.rm(file, { force: true })));
          throw new ImagesNotStored(T.imagesNotStored(error.message));
        })
      : null;
    if (!stored) {
      out.map.set(value, null);
      out.stats.missing++;
      continue;
    }
    out.map.set(value, stored.url);
    out.records.push({ source: value, target: stored.url });
    out.written.push(...[stored.url, ...stored.variants.map((v) => v.url)].map((u) => path.join(uploadsDir, u.replace(/^\/uploads\//, ''))));
    out.stats.stored++;
  }
  return out;
}
