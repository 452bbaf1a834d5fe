import fs from 'node:fs';
import path from 'node:path';
import exifr from 'exifr';
import sharp from 'sharp';
import { expect, test } from '@playwright/test';
import { loginAs } from '../../fixtures/auth';
import { isServerBlank } from '../../fixtures/data-folder';
import { jpegOfSize, phonePhotoWithGps, plainJpeg } from '../../fixtures/images';
import { startSite, type Site } from '../../fixtures/site';
import { routeNow } from '../../fixtures/route-now';
import { news } from '../../../src/server/db/schema';
import { toaster } from './content-helpers';

// Image uploads (admin-area.md §5, §8, §9) through the ImageUpload field and the
// endpoint POST /api/admin/upload, against the production server.
let site: Site;
test.beforeAll(async () => {
  site = await startSite();
});
test.afterAll(async () => {
  await site.stop();
});
test.beforeEach(async ({ context }) => {
  await loginAs(context, site, 'admin');
});

const TOO_LARGE = 'Datei ist zu groß. Maximum 5MB erlaubt.';
const NOT_AN_IMAGE = 'Nur Bilddateien (JPEG, PNG, WebP, GIF, AVIF) sind erlaubt.';

/** Every file under DATA_DIR/uploads, relative to it. */
function storedUploads(): string[] {
  const dir = path.join(site.dataDir, 'uploads');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

/** Every file of the data folder outside uploads/ and site/ (what an upload must never write). */
/** A copy of one of the build's own hashed files, or the list of them (an upload there would be served as code). */
function isKeptBuildFile(relative: string): boolean {
  if (relative === path.join('earlier-builds', 'kept.json')) return true;
  const [folder, hashed, ...rest] = relative.split(path.sep);
  return folder === 'earlier-builds' && hashed === '_astro' && fs.existsSync(path.join(process.env.ANSTOSS_DIST ?? 'dist', 'client', '_astro', ...rest));
}

function filesOutsideUploads(): string[] {
  return fs
    .readdirSync(site.dataDir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(site.dataDir, path.join(e.parentPath, e.name)))
    // the server's own files: the database, the published site, the share images it drew (cache/share,
    // decision 023), its lock (docs/operations.md), the empty blanks it makes for its next jobs (decision 046),
    // the build's hashed files it keeps for pages of this build after the next deploy (decision 070)
    .filter((f) => !f.startsWith('uploads') && !f.startsWith('site') && !f.startsWith('club.db') && !f.startsWith(`cache${path.sep}share${path.sep}`) && f !== 'server.lock')
    .filter((f) => !isKeptBuildFile(f))
    .filter((f) => !isServerBlank(site.dataDir, f));
}

test('an image of exactly 5,242,880 bytes is accepted and served; one byte more is refused with the message', async ({ page }) => {
  await page.goto(`${site.url}/admin#news`);
  const field = page.locator('.news-form .image-upload');
  const input = field.locator('input[type="file"]');

  const exact = await jpegOfSize(5_242_880);
  expect(exact.length).toBe(5_242_880);
  await input.setInputFiles({ name: 'mannschaftsfoto.jpg', mimeType: 'image/jpeg', buffer: exact });
  await expect(toaster(page).getByText('Bild erfolgreich hochgeladen!')).toBeVisible();
  const preview = field.getByRole('img', { name: 'Vorschau: Bild' });
  await expect(preview).toBeVisible();
  const src = await preview.getAttribute('src');
  expect(src).toMatch(/^\/uploads\/news\/[0-9a-f]{32}\.jpg$/);
  // served by the static server as an image that the browser must not sniff as anything else
  const served = await fetch(`${site.url}${src}`);
  expect(served.status).toBe(200);
  expect(served.headers.get('content-type')).toBe('image/jpeg');
  expect(served.headers.get('x-content-type-options')).toBe('nosniff');
  // re-encoded (the padding is gone) and with its web-sized WebP copies
  expect(Number(served.headers.get('content-length'))).toBeLessThan(200_000);
  const base = path.basename(src!, '.jpg');
  expect(storedUploads().sort()).toEqual([`news/${base}-1600.webp`, `news/${base}-480.webp`, `news/${base}-960.webp`, `news/${base}.jpg`].sort());

  // one byte more: the field refuses it before sending, with the spec's message
  const before = storedUploads();
  await input.setInputFiles({ name: 'zu-gross.jpg', mimeType: 'image/jpeg', buffer: await jpegOfSize(5_242_881) });
  await expect(toaster(page).getByText('Fehler beim Hochladen')).toBeVisible();
  await expect(toaster(page).getByText(TOO_LARGE)).toBeVisible();
  await expect(field.getByRole('alert')).toHaveText(TOO_LARGE);
  // the image chosen before stays
  await expect(preview).toHaveAttribute('src', src!);

  // and the server refuses it too, whatever the browser does
  const response = await page.request.post(`${site.url}/api/admin/upload`, {
    headers: { origin: site.url, 'content-type': 'application/octet-stream', 'x-file-name': 'zu-gross.jpg' },
    data: await jpegOfSize(5_242_881),
  });
  expect(response.status()).toBe(413);
  expect(await response.json()).toEqual({ error: TOO_LARGE });
  expect(storedUploads()).toEqual(before);
});

test('a script renamed .jpg is refused and nothing is stored', async ({ page }) => {
  await page.goto(`${site.url}/admin#news`);
  const before = storedUploads();
  const field = page.locator('.news-form .image-upload');
  await field.locator('input[type="file"]').setInputFiles({
    name: 'urlaubsfoto.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('<script>alert(document.cookie)</script>\n#!/bin/sh\nrm -rf /\n'),
  });
  await expect(toaster(page).getByText('Fehler beim Hochladen')).toBeVisible();
  await expect(toaster(page).getByText(NOT_AN_IMAGE)).toBeVisible();
  await expect(field.getByRole('img')).toHaveCount(0);
  expect(storedUploads()).toEqual(before);
});

test('a phone photo with GPS position is served without any EXIF data, upright', async ({ page }) => {
  const photo = await phonePhotoWithGps(400, 300);
  // the test photo really carries a position
  expect(await exifr.gps(photo)).toMatchObject({ latitude: expect.closeTo(47.108, 2), longitude: expect.closeTo(15.733, 2) });

  await page.goto(`${site.url}/admin#news`);
  const field = page.locator('.news-form .image-upload');
  await field.locator('input[type="file"]').setInputFiles({ name: 'IMG_2041.JPG', mimeType: 'image/jpeg', buffer: photo });
  await expect(toaster(page).getByText('Bild erfolgreich hochgeladen!')).toBeVisible();
  const src = await field.getByRole('img', { name: 'Vorschau: Bild' }).getAttribute('src');

  const served = Buffer.from(await (await fetch(`${site.url}${src}`)).arrayBuffer());
  expect(await exifr.parse(served, true)).toBeUndefined();
  expect(await exifr.gps(served)).toBeUndefined();
  const meta = await sharp(served).metadata();
  expect(meta.exif).toBeUndefined();
  // the EXIF orientation was applied to the pixels: portrait now
  expect([meta.width, meta.height]).toEqual([300, 400]);
});

test('the endpoint writes only inside uploads/, takes images only, and only from admins', async ({ page, browser }) => {
  const png = await sharp({ create: { width: 60, height: 40, channels: 4, background: '#ff0000' } }).png().toBuffer();
  const upload = (folder: string, file = { name: 'logo.png', buffer: png }, origin = site.url) =>
    page.request.post(`${site.url}/api/admin/upload`, {
      headers: { origin, 'content-type': 'application/octet-stream', 'x-file-name': encodeURIComponent(file.name), 'x-upload-folder': folder },
      data: file.buffer,
    });

  const ok = await upload('shop/');
  expect(ok.status()).toBe(201);
  const body = (await ok.json()) as { url: string; variants: { width: number; url: string }[] };
  expect(body.url).toMatch(/^\/uploads\/shop\/[0-9a-f]{32}\.png$/);
  expect(body.variants.map((v) => v.width)).toEqual([480, 960, 1600]);

  for (const folder of ['../', '../../etc', '/etc/', 'shop/../../', '..%2f', 'C:\\temp']) {
    const refused = await upload(folder);
    expect(refused.status(), folder).toBe(400);
    expect(await refused.json()).toEqual({ error: 'Ungültiger Ordner.' });
  }
  const svg = await upload('', { name: 'logo.svg', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>') });
  expect(svg.status()).toBe(415);
  const html = await upload('', { name: 'seite.html', buffer: Buffer.from('<h1>hi</h1>') });
  expect(await html.json()).toEqual({ error: NOT_AN_IMAGE });
  expect(filesOutsideUploads()).toEqual([]);
  // another site's page cannot upload in the admin's name
  expect((await upload('shop/', undefined, 'https://evil.example')).status()).toBe(403);

  // no session: 401; a signed-in user without the admin role: 403
  const anonymous = await browser.newContext();
  const raw = { headers: { origin: site.url, 'content-type': 'application/octet-stream', 'x-file-name': 'logo.png' }, data: png };
  expect((await anonymous.request.post(`${site.url}/api/admin/upload`, raw)).status()).toBe(401);
  await loginAs(anonymous, site, 'user');
  expect((await anonymous.request.post(`${site.url}/api/admin/upload`, raw)).status()).toBe(403);
  await anonymous.close();
});

test('a news photo reaches a phone as its small WebP copy; the original stays for large screens and sharing', async ({ page, browser }) => {
  const photo = await plainJpeg(2000, 1125);
  await page.goto(`${site.url}/admin#news`);
  const form = page.locator('.news-form');
  await form.locator('.image-upload input[type="file"]').setInputFiles({ name: 'mannschaft.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(toaster(page).getByText('Bild erfolgreich hochgeladen!')).toBeVisible();
  const original = (await form.getByRole('img', { name: 'Vorschau: Bild' }).getAttribute('src'))!;
  await form.getByLabel('Titel *').fill('Neues Mannschaftsfoto');
  await form.getByLabel('Inhalt *').fill('Das Foto der Saison.');
  await form.getByRole('button', { name: 'News erstellen' }).click();
  await expect(toaster(page).getByText('News erstellt!')).toBeVisible();

  const phone = await browser.newContext({ viewport: { width: 375, height: 740 }, deviceScaleFactor: 1 });
  try {
    const visitor = await phone.newPage();
    await visitor.goto(`${site.url}/news`);
    const image = visitor.locator('.news-card img').first();
    await image.scrollIntoViewIfNeeded();
    await expect(image).toHaveJSProperty('complete', true);
    const stem = original.replace(/\.jpg$/, '');
    expect(await image.getAttribute('src')).toBe(original);
    // the copies as a WebP <source>: a browser without WebP shows the original (no srcset on the <img>)
    const copies = visitor.locator('.news-card picture source').first();
    await expect(copies).toHaveAttribute('type', 'image/webp');
    expect(await copies.getAttribute('srcset')).toBe(`${stem}-480.webp 480w, ${stem}-960.webp 960w, ${stem}-1600.webp 1600w`);
    expect(await image.getAttribute('srcset')).toBeNull();
    // the phone loaded the 480 pixel copy, not the 2,000 pixel original
    expect(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).toBe(`${site.url}${stem}-480.webp`);
    const copy = await fetch(`${site.url}${stem}-480.webp`);
    expect(copy.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await copy.arrayBuffer())).metadata()).width).toBe(480);
    // shared links still show the original
    await visitor.goto(`${site.url}${await visitor.locator('.news-card a.btn').first().getAttribute('href')}`);
    await expect(visitor.locator('meta[property="og:image"]')).toHaveAttribute('content', `${site.url}${original}`);
    // with its size and type, so that a platform lays out the preview before it fetches 2,000 pixels
    await expect(visitor.locator('meta[property="og:image:width"]')).toHaveAttribute('content', '2000');
    await expect(visitor.locator('meta[property="og:image:height"]')).toHaveAttribute('content', '1125');
    await expect(visitor.locator('meta[property="og:image:type"]')).toHaveAttribute('content', 'image/jpeg');
  } finally {
    await phone.close();
  }
});

test('saving waits while a photo uploads: the button says so, and the article is stored with its photo', async ({ page }) => {
  await page.goto(`${site.url}/admin#news`);
  const form = page.locator('.news-form');
  await form.getByLabel('Titel *').fill('Foto kommt noch');
  await form.getByLabel('Inhalt *').fill('Hochgeladen auf dem Sportplatz.');
  // the upload is held, as on a weak connection at the pitch
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await routeNow(page, '**/api/admin/upload', async (route) => {
    await held;
    await route.continue();
  });
  await form.locator('.image-upload input[type="file"]').setInputFiles({ name: 'platz.jpg', mimeType: 'image/jpeg', buffer: await plainJpeg(800, 450) });
  const waiting = form.getByRole('button', { name: 'Bild wird hochgeladen...' });
  await expect(waiting).toBeDisabled();
  // Enter in a field does not send the form while its button waits either
  await form.getByLabel('Titel *').press('Enter');
  release();
  const create = form.getByRole('button', { name: 'News erstellen' });
  await expect(create).toBeEnabled();
  const photo = (await form.getByRole('img', { name: 'Vorschau: Bild' }).getAttribute('src'))!;
  await create.click();
  await expect(toaster(page).getByText('News erstellt!')).toBeVisible();
  const stored = site.db().select().from(news).all().filter((row) => row.title === 'Foto kommt noch');
  expect(stored.map((row) => row.image_url)).toEqual([photo]);
});
