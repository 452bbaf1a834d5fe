// The old app's images (bucket 'club-images', referenced by public URLs) come
// over like uploads: fetched from the storage URL or read from a folder,
// re-encoded without metadata, with their WebP copies (storeUpload). An image
// brought over before is found again in import_map and not fetched twice.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/client';
import { STORAGE_TEXTS } from '../db/write';
import { storeUpload, UploadError } from '../services/uploads';
import { MAX_UPLOAD_BYTES, UPLOAD_TEXTS } from '../../lib/schemas/upload';
import { TABLES, type SourceRow } from './tables';
import { IMPORT_TEXTS as T } from './texts';

export type ImageSource = { storageUrl?: string; storageDir?: string };
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

const BUCKET = '/club-images/';

/** Our storage refused an image (full, read-only, failing): the run stops, nothing imported, not rows without images. */
export class ImagesNotStored extends Error {}

/** The refusals that are our disk's, not the image's: the next image would fare no better. */
const STORAGE_REFUSALS = new Set([STORAGE_TEXTS.full, STORAGE_TEXTS.readonly, STORAGE_TEXTS.io]);

/** An answer larger than an upload may be: not read on, it would be refused anyway. */
const TOO_LARGE = Symbol('too large');

/** The answer's bytes up to the upload limit, or TOO_LARGE. */
async function bytesUpTo(response: Response, limit: number): Promise<Buffer | typeof TOO_LARGE> {
  if (Number(response.headers.get('content-length') ?? 0) > limit) {
    await response.body?.cancel();
    return TOO_LARGE;
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body ?? []) {
    size += chunk.length;
    if (size > limit) {
      await response.body?.cancel().catch(() => undefined);
      return TOO_LARGE;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The path inside the bucket, or null for an address outside it (an opponent's logo elsewhere stays as it is). */
export function bucketPath(value: string): string | null {
  if (value.startsWith('/uploads/')) return null;
  const at = value.indexOf(BUCKET);
  if (at >= 0) {
    const stored = value.slice(at + BUCKET.length).split('?')[0];
    try {
      return decodeURIComponent(stored);
    } catch {
      // a bare '%' ('100%-sieg.jpg'): taken as it is, not the end of the whole import
      return stored;
    }
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(value) || value.startsWith('/')) return null;
  // a bare path in the bucket names an image file; any other text (a welcome line) is none
  return /^[\w./ -]+\.(jpe?g|png|gif|webp|avif)$/i.test(value) ? value.replace(/^\.?\/*/, '') : null;
}

/**
 * The bucket's address from `--storage-url`: given as the storage's public root (`…/object/public`, as the
 * operations guide wrote it) or with the bucket (`…/object/public/club-images`). Without the bucket every image
 * answered 404 and the import went on without any of them (a review of moving in).
 */
export function bucketAddress(storageUrl: string): string {
  const base = storageUrl.replace(/\/+$/, '');
  const bucket = BUCKET.slice(0, -1);
  return base.endsWith(bucket) ? base : `${base}${bucket}`;
}

async function fetchImage(value: string, bucket: string, source: ImageSource): Promise<Buffer | typeof TOO_LARGE | null> {
  try {
    if (source.storageDir) {
      const root = path.resolve(source.storageDir);
      const file = path.resolve(root, bucket);
      if (!file.startsWith(root + path.sep)) return null;
      return await fs.readFile(file);
    }
    const url = source.storageUrl ? `${bucketAddress(source.storageUrl)}/${bucket.split('/').map(encodeURIComponent).join('/')}` : value;
    if (!/^https?:\/\//.test(url)) return null;
    const response = await fetch(url, { signal: AbortSignal.timeout(20_000) });
    if (!response.ok) {
      await response.body?.cancel();
      return null;
    }
    return await bytesUpTo(response, MAX_UPLOAD_BYTES);
  } catch {
    return null;
  }
}

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
    const bytes = await fetchImage(value, bucket, source);
    if (bytes === TOO_LARGE) out.refused.set(value, UPLOAD_TEXTS.tooLarge);
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
