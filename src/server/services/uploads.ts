// Image uploads of the admin area (admin-area.md §5, §9). What is stored is never
// the uploaded file itself: the content is checked by decoding it (not by its
// name or the browser's type), re-encoded by sharp with EXIF orientation applied
// and every metadata block dropped (no GPS position of a phone photo reaches the
// site), and written under a random name inside DATA_DIR/uploads only.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { config } from '../config';
import { getDb, type Db } from '../db/client';
import { STORAGE_TEXTS } from '../db/write';
import { syncFolder, writeWhole } from '../whole-file';
import { recordUpload } from '../media/inventory';
import {
  MAX_UPLOAD_BYTES,
  UPLOAD_FOLDER_PATTERN,
  UPLOAD_TEXTS,
  type UploadResult,
} from '../../lib/schemas/upload';
import { VARIANT_WIDTHS, variantUrl } from '../content/image-variants';
import { IMAGE_WORK_SECONDS, ImageWorkBusy, withImageSlot } from './image-work';

/** What an upload may be (docs/decisions/017-image-limits.md). */
export const IMAGE_LIMITS = {
  /** one picture (or one frame of an animation) */
  megapixels: 50,
  /** frames of an animated GIF or WebP */
  frames: 150,
  /** all frames of an animation together */
  animationMegapixels: 25,
  animationSeconds: 60,
};

export { VARIANT_WIDTHS };

export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

/** The stored image is at most this many pixels on its longer side. */
const MAX_EDGE = 2400;

type Format = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';
/** File extensions per format; the first is used when the original name's does not fit. */
const EXTENSIONS: Record<Format, string[]> = {
  jpeg: ['jpg', 'jpeg'],
  png: ['png'],
  webp: ['webp'],
  gif: ['gif'],
  avif: ['avif'],
};

/** '' for the uploads root, 'shop' for 'shop/'; anything else (.., absolute, odd characters) is refused. */
export function normaliseFolder(folder: string | null | undefined): string {
  const value = (folder ?? '').trim();
  if (value === '' || value === '/') return '';
  if (!UPLOAD_FOLDER_PATTERN.test(value)) throw new UploadError(UPLOAD_TEXTS.badFolder, 400);
  return value.replace(/\/$/, '');
}

/**
 * What the file is, from its header alone (nothing is decoded yet), and whether
 * its size is within the limits: a small file can decode to gigapixels or to
 * hundreds of frames (a decompression bomb).
 */
async function detectFormat(bytes: Buffer): Promise<{ format: Format; animated: boolean; pixels: number }> {
  let meta: sharp.Metadata;
  try {
    // reading the header needs no pixel limit; the limits below say what is too big, in words
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new UploadError(UPLOAD_TEXTS.notAnImage, 415);
  }
  let format: Format | null = null;
  if (meta.format === 'jpeg' || meta.format === 'png' || meta.format === 'webp' || meta.format === 'gif') format = meta.format;
  // sharp reports AVIF as heif with AV1 compression; HEVC (HEIC) cannot be decoded here
  if (meta.format === 'heif' && meta.compression === 'av1') format = 'avif';
  if (!format || !meta.width || !meta.height) throw new UploadError(UPLOAD_TEXTS.notAnImage, 415);
  // an animation's frames are stacked: pageHeight is one frame
  const frameHeight = meta.pageHeight ?? meta.height;
  const frames = meta.pages ?? 1;
  const animated = frames > 1 && (format === 'gif' || format === 'webp');
  const framePixels = meta.width * frameHeight;
  if (framePixels > IMAGE_LIMITS.megapixels * 1e6) throw new UploadError(UPLOAD_TEXTS.tooManyPixels(IMAGE_LIMITS.megapixels), 413);
  if (animated) {
    if (frames > IMAGE_LIMITS.frames) throw new UploadError(UPLOAD_TEXTS.tooManyFrames(IMAGE_LIMITS.frames), 413);
    if (framePixels * frames > IMAGE_LIMITS.animationMegapixels * 1e6) {
      throw new UploadError(UPLOAD_TEXTS.animationTooLarge(IMAGE_LIMITS.animationMegapixels), 413);
    }
    const durationMs = (meta.delay ?? []).reduce((sum, ms) => sum + ms, 0);
    if (durationMs > IMAGE_LIMITS.animationSeconds * 1000) {
      throw new UploadError(UPLOAD_TEXTS.animationTooLong(IMAGE_LIMITS.animationSeconds), 413);
    }
  }
  return { format, animated, pixels: framePixels * (animated ? frames : 1) };
}

function extensionFor(format: Format, originalName: string): string {
  // the spec keeps the original extension; it is kept when it names the real format
  const original = path.extname(originalName).slice(1).toLowerCase();
  return EXTENSIONS[format].includes(original) ? original : EXTENSIONS[format][0];
}

function encode(image: sharp.Sharp, format: Format): sharp.Sharp {
  switch (format) {
    case 'jpeg':
      return image.jpeg({ quality: 82, mozjpeg: true });
    case 'png':
      return image.png({ compressionLevel: 9 });
    case 'webp':
      return image.webp({ quality: 80 });
    case 'gif':
      return image.gif();
    case 'avif':
      return image.avif({ quality: 55 });
  }
}

/**
 * Decodes the upload once into the stored size, then makes the smaller variants
 * from that (not from the original again): one decode of a large file per
 * upload, each step stopped after IMAGE_WORK_SECONDS.
 */
async function reencode(
  bytes: Buffer,
  format: Format,
  animated: boolean,
  pixels: number,
): Promise<{ main: Buffer; width: number; height: number; variants: Buffer[] }> {
  const options = { limitInputPixels: Math.max(pixels, 1), animated };
  const timeout = { seconds: IMAGE_WORK_SECONDS };
  // sharp writes no EXIF, XMP, IPTC or ICC block unless asked to (withMetadata): none is asked for
  const resized = sharp(bytes, options).rotate().resize({ width: MAX_EDGE, height: MAX_EDGE, fit: 'inside', withoutEnlargement: true });
  const { data: main, info } = await encode(resized, format).timeout(timeout).toBuffer({ resolveWithObject: true });
  const variants = [];
  for (const width of VARIANT_WIDTHS) {
    variants.push(await sharp(main, { animated }).resize({ width, withoutEnlargement: true }).webp({ quality: 78 }).timeout(timeout).toBuffer());
  }
  // an animation's info height is all frames stacked: one frame is what the page shows
  return { main, width: info.width, height: info.pageHeight ?? info.height, variants };
}

/**
 * Enters a stored image into the media library (issue 15). Only images of the
 * site's own uploads folder are its entries (a store into another folder is a
 * test's or a dry run's), unless a database is named. A failed record is
 * logged and leaves the upload standing: the library finds the file on disk
 * when it is next listed (media/inventory.ts backfillMedia).
 */
function record(row: Parameters<typeof recordUpload>[1], uploadsDir: string, db: Db | undefined): void {
  if (!db && path.resolve(uploadsDir) !== path.resolve(config.uploadsDir)) return;
  try {
    recordUpload(db ?? getDb(), row);
  } catch (error) {
    console.error('[upload] the media library could not record the image:', error);
  }
}

/**
 * Checks, re-encodes and stores one uploaded image, and records it in the media
 * library. Throws UploadError with the German message for the admin (too
 * large, not an image, bad folder).
 */
export async function storeUpload(
  input: { bytes: Buffer; name: string; folder?: string | null; uploadedBy?: string | null },
  uploadsDir: string = config.uploadsDir,
  db?: Db,
): Promise<UploadResult> {
  if (input.bytes.length > MAX_UPLOAD_BYTES) throw new UploadError(UPLOAD_TEXTS.tooLarge, 413);
  if (input.bytes.length === 0) throw new UploadError(UPLOAD_TEXTS.notAnImage, 415);
  const folder = normaliseFolder(input.folder);
  const { format, animated, pixels } = await detectFormat(input.bytes);

  let main: Buffer;
  let variants: Buffer[];
  let size: { width: number; height: number };
  try {
    ({ main, variants, ...size } = await withImageSlot(() => reencode(input.bytes, format, animated, pixels)));
  } catch (error) {
    if (error instanceof ImageWorkBusy) throw new UploadError(UPLOAD_TEXTS.busy, 503);
    const timedOut = /timeout/i.test(String((error as Error)?.message));
    console.error(`[upload] re-encoding ${timedOut ? 'took too long' : 'failed'}:`, error);
    throw timedOut ? new UploadError(UPLOAD_TEXTS.tooSlow, 413) : new UploadError(UPLOAD_TEXTS.notAnImage, 415);
  }

  const root = path.resolve(uploadsDir);
  const dir = path.resolve(root, folder);
  // normaliseFolder already allows no way out; this keeps it true if the pattern ever changes
  if (dir !== root && !dir.startsWith(root + path.sep)) throw new UploadError(UPLOAD_TEXTS.badFolder, 400);
  const base = crypto.randomBytes(16).toString('hex');
  const prefix = `/uploads/${folder ? `${folder}/` : ''}`;
  const files: { name: string; bytes: Buffer }[] = [
    { name: `${base}.${extensionFor(format, input.name)}`, bytes: main },
    // named as the pages' srcset expects them (responsive-images.ts)
    ...VARIANT_WIDTHS.map((width, i) => ({ name: variantUrl(`${base}.webp`, width), bytes: variants[i] })),
  ];
  const written: string[] = [];
  try {
    const madeFrom = await fs.mkdir(dir, { recursive: true });
    // each folder made now is named for good in its parent (a power cut lost it with every file in it)
    if (madeFrom) for (let made = dir; ; made = path.dirname(made)) {
      syncFolder(path.dirname(made));
      if (made === madeFrom || path.dirname(made) === made) break;
    }
    for (const file of files) {
      const target = path.join(dir, file.name);
      // whole or not at all under its name (a temporary name first): a backup made meanwhile links only
      // complete files, and one that had linked half a file recorded its checksum and archived the rest, so
      // no restore took it; exclusive: never over an existing file; durable: on the disk for good before the
      // upload is acknowledged (a power cut within the write-back delay left a saved article's image empty)
      try {
        await writeWhole(target, file.bytes, { exclusive: true, durable: true });
      } catch (error) {
        // linked but its folder not synced: ours all the same, removed with the others (not a name taken already)
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') written.push(target);
        throw error;
      }
      written.push(target);
    }
  } catch (error) {
    console.error('[upload] writing failed:', error);
    // a name taken already is someone else's file: it was never ours, and stays
    await Promise.all(written.map((f) => fs.rm(f, { force: true }).catch(() => undefined)));
    const code = (error as NodeJS.ErrnoException).code;
    // a quota is a full disk for us; a read-only or failing disk is the storage's, not a bug of ours
    if (code === 'ENOSPC' || code === 'EDQUOT') throw new UploadError(STORAGE_TEXTS.full, 507);
    if (code === 'EROFS') throw new UploadError(STORAGE_TEXTS.readonly, 503);
    if (code === 'EIO') throw new UploadError(STORAGE_TEXTS.io, 503);
    throw new UploadError(UPLOAD_TEXTS.failed, 500);
  }
  record({ url: prefix + files[0].name, bytes: main.length, ...size, uploaded_by: input.uploadedBy ?? null }, uploadsDir, db);
  return {
    url: prefix + files[0].name,
    variants: VARIANT_WIDTHS.map((width, i) => ({ width, url: prefix + files[i + 1].name })),
  };
}
