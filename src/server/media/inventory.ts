// The media library's inventory: one `media` row per image under
// DATA_DIR/uploads. New uploads record themselves (services/uploads.ts);
// images uploaded before the library existed, or brought by the importer or
// the demo, are found on disk when the library is listed (lazily: no start-up
// cost, and a file put there by hand appears too). The WebP copies beside each
// image (name-480.webp …) belong to their image and are no entries of their own.
import fs from 'node:fs';
import path from 'node:path';
import { desc, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { config } from '../config';
import type { Db } from '../db/client';
import { media } from '../db/schema';
import { write } from '../db/write';
import { VARIANT_WIDTHS, variantUrl } from '../content/image-variants';
import type { MediaItem } from '../../lib/schemas/media';
import { addressesInVersions, mediaUses, usesOfImage } from './usage';
import { isPhotoNotShown, playerPhotosNotShown } from './photos-not-shown';
import { sweepDays, sweepVerdict } from './sweep-rule';
import { trashDays } from '../revisions/trash';

export type MediaRow = typeof media.$inferSelect;

const IMAGE_FILE = /\.(?:jpe?g|png|webp|gif|avif)$/i;
const VARIANT_FILE = new RegExp(`^(.+)-(?:${VARIANT_WIDTHS.join('|')})\\.webp$`, 'i');

/** The file of an upload address, or null when the address leads outside the uploads folder. */
export function uploadFile(url: string, uploadsDir: string = config.uploadsDir): string | null {
  if (!url.startsWith('/uploads/')) return null;
  let relative: string;
  try {
    relative = decodeURIComponent(url.slice('/uploads/'.length));
  } catch {
    return null;
  }
  const root = path.resolve(uploadsDir);
  const file = path.resolve(root, relative);
  return file.startsWith(root + path.sep) ? file : null;
}

/** The image's files: itself and its WebP copies. */
export function filesOf(url: string, uploadsDir: string = config.uploadsDir): string[] {
  const file = uploadFile(url, uploadsDir);
  if (!file) return [];
  return [file, ...VARIANT_WIDTHS.map((width) => variantUrl(file, width))];
}

/**
 * Removes an image's files: its WebP copies first, the image last, so that a kill in between leaves the
 * image (listed again, deleted again) rather than copies of a gone image. A file that cannot be removed is
 * logged; the next listing finds it again.
 */
export function removeImageFiles(url: string, uploadsDir: string = config.uploadsDir): void {
  const [image, ...copies] = filesOf(url, uploadsDir);
  if (!image) return;
  for (const file of [...copies, image]) {
    try {
      fs.rmSync(file, { force: true });
    } catch (error) {
      console.error(`[media] ${file} could not be removed:`, error);
    }
  }
}

/** What the uploads folder holds: the images' addresses (their copies left out) and every file's path. */
export type UploadsOnDisk = { images: string[]; files: Set<string> };

/** The uploads folder, walked once for the library's listing. */
export function uploadsOnDisk(uploadsDir: string = config.uploadsDir): UploadsOnDisk {
  const root = path.resolve(uploadsDir);
  const images: string[] = [];
  const files = new Set<string>();
  if (!fs.existsSync(root)) return { images, files };
  const walk = (dir: string, prefix: string) => {
    const entries = fs.readdirSync(dir, { withFileTypes: true });
    const names = new Set<string>();
    // each file's name without its last extension ('a.b.png' → 'a.b')
    const stems = new Set<string>();
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      names.add(entry.name);
      const dot = entry.name.lastIndexOf('.');
      stems.add(dot >= 0 && dot < entry.name.length - 1 ? entry.name.slice(0, dot) : entry.name);
    }
    const allCopies = (stem: string) => VARIANT_WIDTHS.every((width) => names.has(`${stem}-${width}.webp`));
    for (const entry of entries) {
      // not path.join: it cost 12,000 files 25–60 ms, and `dir` is already resolved
      const full = dir + path.sep + entry.name;
      if (entry.isDirectory()) walk(full, `${prefix}${encodeURIComponent(entry.name)}/`);
      else if (entry.isFile()) {
        files.add(full);
        if (!IMAGE_FILE.test(entry.name)) continue;
        // a copy is one beside its image, or with all its sister copies (their image deleted by hand);
        // a lone file that merely ends in -480.webp is an image of its own
        const variantOf = VARIANT_FILE.exec(entry.name)?.[1];
        if (variantOf && (stems.has(variantOf) || allCopies(variantOf))) continue;
        images.push(prefix + encodeURIComponent(entry.name));
      }
    }
  };
  walk(root, '/uploads/');
  return { images: images.sort(), files };
}

/**
 * An image's size as browsers show it, from its header: a phone photo copied in by hand may be stored on
 * its side with an EXIF orientation of 5-8 (turned a quarter), and browsers show it upright, so its room
 * and og:image size are the turned ones (an upload is turned upright when it is stored and has none).
 */
export function shownSize(meta: sharp.Metadata): { width: number | null; height: number | null } {
  const width = meta.width ?? null;
  const height = meta.pageHeight ?? meta.height ?? null;
  return (meta.orientation ?? 1) >= 5 ? { width: height, height: width } : { width, height };
}

/** Size and dimensions of a stored image, from its header; nulls when it cannot be read. */
async function describeFile(file: string): Promise<Pick<MediaRow, 'bytes' | 'width' | 'height'>> {
  try {
    const bytes = fs.statSync(file).size;
    return { bytes, ...shownSize(await sharp(file, { limitInputPixels: false }).metadata()) };
  } catch {
    return { bytes: null, width: null, height: null };
  }
}

/** Records one stored upload (a second record of the same address changes nothing). */
export function recordUpload(db: Db, row: { url: string; bytes: number | null; width: number | null; height: number | null; uploaded_by?: string | null }): void {
  write('media.record', () => db.insert(media).values({ ...row, uploaded_by: row.uploaded_by ?? null }).onConflictDoNothing().run(), db);
}

/**
 * Adds the images on disk that have no row yet, and drops the rows of images
 * whose file is gone and that nothing uses (an image that is used but missing
 * stays listed, marked, so that the admin sees the broken place). Returns how
 * many rows were added.
 */
export async function backfillMedia(db: Db, uploadsDir: string = config.uploadsDir, disk: UploadsOnDisk = uploadsOnDisk(uploadsDir)): Promise<number> {
  const onDisk = disk.images;
  const known = new Set(db.select({ url: media.url }).from(media).all().map((r) => r.url));
  const added: (typeof media.$inferInsert)[] = [];
  for (const url of onDisk) {
    if (known.has(url)) continue;
    const file = uploadFile(url, uploadsDir);
    if (!file) continue;
    // gone between the listing and here (a delete finishing, a failed upload's cleanup): not listed
    let created: string;
    try {
      created = fs.statSync(file).mtime.toISOString();
    } catch {
      continue;
    }
    // found now: the nightly sweep counts from here, not from the file's time (decision 060)
    added.push({ url, ...(await describeFile(file)), created_at: created, found_at: new Date().toISOString() });
  }
  const present = new Set(onDisk);
  const used = mediaUses(db);
  const gone = [...known].filter((url) => !present.has(url) && usesOfImage(used, url).length === 0 && !fs.existsSync(uploadFile(url, uploadsDir) ?? ''));
  // an address in use whose file is gone and that has no row (deleted while a form still held it, then
  // saved): listed, marked missing, so that the admin sees the broken place (decision 033)
  const stemOf = (url: string) => url.replace(/\.[a-z0-9]+$/i, '');
  const knownStems = new Set([...known, ...onDisk].map(stemOf));
  for (const [url, uses] of used) {
    // written with a host only: maybe another site's /uploads/ (a sponsor's logo), no image of ours missing
    if (uses.every((use) => use.hosted)) continue;
    const file = uploadFile(url, uploadsDir);
    if (!file || !IMAGE_FILE.test(url) || known.has(url) || present.has(url) || fs.existsSync(file)) continue;
    const copyOf = VARIANT_FILE.exec(url)?.[1];
    if (copyOf && knownStems.has(copyOf)) continue;
    added.push({ url, bytes: null, width: null, height: null, found_at: new Date().toISOString() });
  }
  if (added.length === 0 && gone.length === 0) return 0;
  write(
    'media.backfill',
    (tx) => {
      for (const row of added) tx.insert(media).values(row).onConflictDoNothing().run();
      if (gone.length > 0) tx.delete(media).where(inArray(media.url, gone)).run();
    },
    db,
  );
  return added.length;
}

/**
 * Every image of the library, newest first, with where it is used. Whether its file and its small copy
 * (the grid's thumbnail) are there comes from the listing's one walk of the folder, which the backfill
 * reads too: two checks on disk for each of a big club's 3,000 images took about 50 ms. A file the walk
 * did not see (one linked in by hand, an upload finished while the backfill read another) is looked for.
 */
export async function listMedia(db: Db, uploadsDir: string = config.uploadsDir): Promise<MediaItem[]> {
  const disk = uploadsOnDisk(uploadsDir);
  const there = (file: string) => disk.files.has(file) || fs.existsSync(file);
  await backfillMedia(db, uploadsDir, disk);
  const uses = mediaUses(db);
  const versions = addressesInVersions(db);
  const days = sweepDays(trashDays(db));
  // once for the whole library: read per image, it asked the setting and the players again for each photo
  const notShown = playerPhotosNotShown(db, [...uses.values()].flat());
  return db
    .select()
    .from(media)
    .orderBy(desc(media.created_at), media.url)
    .all()
    .map((row) => {
      const file = uploadFile(row.url, uploadsDir);
      const used = usesOfImage(uses, row.url).map((use) => ({ table: use.table, id: use.id, label: use.label, field: use.field, ...(isPhotoNotShown(use, notShown) && { notShown: true as const }) }));
      return {
        ...row,
        thumb: file && there(variantUrl(file, VARIANT_WIDTHS[0])) ? variantUrl(row.url, VARIANT_WIDTHS[0]) : row.url,
        missing: !file || !there(file),
        uses: used,
        ...sweepVerdict(row, used.length > 0, versions, days),
      };
    });
}
