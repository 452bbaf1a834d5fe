import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import exifr from 'exifr';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, UPLOAD_TEXTS } from '../../lib/schemas/upload';
import { IMAGE_LIMITS, UploadError, VARIANT_WIDTHS, normaliseFolder, storeUpload } from './uploads';
import { IMAGE_WORK_QUEUE, IMAGE_WORK_SLOTS, ImageWorkBusy, imageWorkLoad, withImageSlot } from './image-work';
import { createTestDb } from '../db/test-db';
import { animatedGif, bombGif, hugePng, jpegOfSize, phonePhotoWithGps, plainJpeg } from '../../../tests/fixtures/images';

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

describe('storeUpload and the media library', () => {
  it('records each stored image once, with its size, dimensions and uploader; a refused upload records nothing', async () => {
    const dir = tempDir();
    const db = createTestDb();
    const png = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#0a7' } }).png().toBuffer();
    const stored = await storeUpload({ bytes: png, name: 'kabine.png', folder: 'news', uploadedBy: 'Anna Admin' }, dir, db);
    await expectUploadError(storeUpload({ bytes: Buffer.from('<svg onload=alert(1)>'), name: 'x.png' }, dir, db), UPLOAD_TEXTS.notAnImage);
    const rows = db.$client.prepare('SELECT url, alt, bytes, width, height, uploaded_by FROM media').all();
    expect(rows).toEqual([
      { url: stored.url, alt: '', bytes: fs.statSync(path.join(dir, stored.url.slice('/uploads/'.length))).size, width: 640, height: 360, uploaded_by: 'Anna Admin' },
    ]);
  });
});

describe('image limits', () => {
  it('refuses a real 20000×20000 PNG by its size, in words, before decoding it', async () => {
    const dir = tempDir();
    const png = hugePng(20_000, 20_000);
    expect(png.length).toBeLessThan(100_000);
    const started = Date.now();
    await expectUploadError(storeUpload({ bytes: png, name: 'riesig.png' }, dir), 'Bild ist zu groß: höchstens 50 Megapixel.');
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(listFiles(dir)).toEqual([]);
  });

  it('refuses animations with too many frames, too many pixels over all frames, or too long, each with its message', async () => {
    const dir = tempDir();
    // the case: 100 frames of 1000×1000 in 2 KB
    const bomb = bombGif(100, 1000);
    expect(bomb.length).toBeLessThan(3_000);
    await expectUploadError(storeUpload({ bytes: bomb, name: 'bombe.gif' }, dir), 'Animation ist zu groß: höchstens 25 Megapixel über alle Bilder.');
    await expectUploadError(storeUpload({ bytes: bombGif(IMAGE_LIMITS.frames + 1, 50), name: 'viele.gif' }, dir), 'Animation hat zu viele Bilder: höchstens 150.');
    // 100 frames of one second each
    await expectUploadError(storeUpload({ bytes: bombGif(100, 50, 100), name: 'lang.gif' }, dir), 'Animation ist zu lang: höchstens 60 Sekunden.');
    expect(listFiles(dir)).toEqual([]);
    // a small animation within every limit is stored, still animated
    const ok = await storeUpload({ bytes: await animatedGif(20, 100), name: 'klein.gif' }, dir);
    expect((await sharp(path.join(dir, path.basename(ok.url))).metadata()).pages).toBe(20);
  });

  it('runs IMAGE_WORK_SLOTS images at a time; more wait in line; a longer line is refused at once', async () => {
    let now = 0;
    let most = 0;
    const gates: (() => void)[] = [];
    const work = () =>
      withImageSlot(async () => {
        now++;
        most = Math.max(most, now);
        await new Promise<void>((resolve) => gates.push(resolve));
        now--;
      });
    const jobs = Array.from({ length: IMAGE_WORK_SLOTS + IMAGE_WORK_QUEUE }, work);
    await new Promise((r) => setTimeout(r, 10));
    expect(imageWorkLoad()).toEqual({ running: IMAGE_WORK_SLOTS, waiting: IMAGE_WORK_QUEUE });
    await expect(work()).rejects.toBeInstanceOf(ImageWorkBusy);
    while (gates.length > 0 || imageWorkLoad().running > 0) {
      gates.shift()?.();
      await new Promise((r) => setTimeout(r, 1));
    }
    await Promise.all(jobs);
    expect(most).toBe(IMAGE_WORK_SLOTS);
    expect(imageWorkLoad()).toEqual({ running: 0, waiting: 0 });
  });
});
