import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import exifr from 'exifr';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, UPLOAD_TEXTS } from '../../lib/schemas/upload';
import { UploadError, VARIANT_WIDTHS, normaliseFolder, storeUpload } from './uploads';
import { jpegOfSize, phonePhotoWithGps, plainJpeg } from '../../../tests/fixtures/images';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-uploads-'));
  dirs.push(dir);
  return dir;
}
/** Every file below a folder, relative to it. */
function listFiles(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

async function expectUploadError(promise: Promise<unknown>, message: string) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UploadError);
  expect((error as UploadError).message).toBe(message);
}

describe('storeUpload', () => {
  it('accepts an image of exactly 5,242,880 bytes and refuses one byte more with the German message', async () => {
    const dir = tempDir();
    const exact = await jpegOfSize(MAX_UPLOAD_BYTES);
    expect(exact.length).toBe(5_242_880);
    const result = await storeUpload({ bytes: exact, name: 'gross.jpg' }, dir);
    expect(result.url).toMatch(/^\/uploads\/[0-9a-f]{32}\.jpg$/);

    const tooBig = await jpegOfSize(MAX_UPLOAD_BYTES + 1);
    expect(tooBig.length).toBe(5_242_881);
    await expectUploadError(storeUpload({ bytes: tooBig, name: 'zu-gross.jpg' }, dir), 'Datei ist zu groß. Maximum 5MB erlaubt.');
    // only the accepted image and its variants were written
    expect(listFiles(dir)).toHaveLength(1 + VARIANT_WIDTHS.length);
  });

  it('refuses a script renamed .jpg, an SVG and an empty file, and writes nothing', async () => {
    const dir = tempDir();
    const script = Buffer.from('#!/bin/sh\necho pwned\n<script>alert(1)</script>\n');
    await expectUploadError(storeUpload({ bytes: script, name: 'foto.jpg' }, dir), UPLOAD_TEXTS.notAnImage);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    await expectUploadError(storeUpload({ bytes: svg, name: 'logo.svg' }, dir), UPLOAD_TEXTS.notAnImage);
    await expectUploadError(storeUpload({ bytes: Buffer.alloc(0), name: 'leer.png' }, dir), UPLOAD_TEXTS.notAnImage);
    expect(listFiles(dir)).toEqual([]);
  });

  it('removes GPS and all other EXIF data and applies the EXIF orientation', async () => {
    const dir = tempDir();
    const photo = await phonePhotoWithGps(300, 200);
    expect(await exifr.gps(photo)).toMatchObject({ latitude: expect.any(Number) });

    const result = await storeUpload({ bytes: photo, name: 'IMG_0001.JPG' }, dir);
    const stored = fs.readFileSync(path.join(dir, path.basename(result.url)));
    expect(await exifr.parse(stored)).toBeUndefined();
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    // rotated by 90°: portrait now, with no orientation tag left to apply twice
    expect([meta.width, meta.height]).toEqual([200, 300]);
    expect(meta.orientation).toBeUndefined();
    for (const variant of result.variants) {
      // exifr cannot read WebP; sharp reports any EXIF or XMP block it finds
      const variantMeta = await sharp(fs.readFileSync(path.join(dir, path.basename(variant.url)))).metadata();
      expect(variantMeta.exif).toBeUndefined();
      expect(variantMeta.xmp).toBeUndefined();
    }
  });

  it('stores under a random name with the original extension and writes WebP variants', async () => {
    const dir = tempDir();
    const first = await storeUpload({ bytes: await plainJpeg(2000, 1000), name: 'Mannschaft Foto.jpeg', folder: 'teams/' }, dir);
    const second = await storeUpload({ bytes: await plainJpeg(2000, 1000), name: 'Mannschaft Foto.jpeg', folder: 'teams/' }, dir);
    expect(first.url).toMatch(/^\/uploads\/teams\/[0-9a-f]{32}\.jpeg$/);
    expect(second.url).not.toBe(first.url);
    expect(first.variants.map((v) => v.width)).toEqual([480, 960, 1600]);
    for (const variant of first.variants) {
      expect(variant.url).toMatch(new RegExp(`^/uploads/teams/[0-9a-f]{32}-${variant.width}\\.webp$`));
      const meta = await sharp(fs.readFileSync(path.join(dir, 'teams', path.basename(variant.url)))).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(variant.width);
    }
  });

  it('names a file by its real format when the name lies (a PNG called .jpg is stored as .png)', async () => {
    const dir = tempDir();
    const png = await sharp({ create: { width: 50, height: 50, channels: 4, background: '#ff000080' } }).png().toBuffer();
    const result = await storeUpload({ bytes: png, name: 'bild.jpg', folder: 'shop' }, dir);
    expect(result.url).toMatch(/^\/uploads\/shop\/[0-9a-f]{32}\.png$/);
    expect((await sharp(fs.readFileSync(path.join(dir, 'shop', path.basename(result.url)))).metadata()).format).toBe('png');
  });

  it('never writes outside the uploads folder', async () => {
    const parent = tempDir();
    const dir = path.join(parent, 'uploads');
    for (const folder of ['../', '../../etc', '/etc', 'shop/../..', 'a\\b', 'Shop', 'shop/./x', '%2e%2e', 'a/b/c']) {
      await expectUploadError(storeUpload({ bytes: await plainJpeg(), name: 'x.jpg', folder }, dir), UPLOAD_TEXTS.badFolder);
    }
    expect(listFiles(parent)).toEqual([]);
    expect(normaliseFolder('shop/')).toBe('shop');
    expect(normaliseFolder('')).toBe('');
  });
});
