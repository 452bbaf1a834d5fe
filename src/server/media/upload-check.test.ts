// A save may name an upload that is there, or one a stored row names already; not one deleted since.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { makeNews } from '../../../tests/fixtures/factories';
import { clubSettingsSchema } from '../../lib/schemas/club';
import { newsSchema } from '../../lib/schemas/news';
import { reportSchema } from '../../lib/schemas/match-details';
import { pageContentSchema, privacyTextSchema } from '../../lib/schemas/pageContent';
import { registerUploadCheck } from '../../lib/schemas/upload';
import type { Db } from '../db/client';
import { createTestDb, seed } from '../db/test-db';
import { installUploadCheck, uploadMayBeNamed } from './upload-check';

let db: Db;
let uploads: string;
beforeEach(() => {
  db = createTestDb();
  uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-upload-check-'));
  fs.mkdirSync(path.join(uploads, 'news'));
  fs.writeFileSync(path.join(uploads, 'news', 'da.webp'), 'RIFF');
});
afterEach(() => {
  registerUploadCheck(undefined);
  db.$client.close();
  fs.rmSync(uploads, { recursive: true, force: true });
});

it('lets a save name an upload that is there or already in use, and refuses one that is gone, in German on its field', () => {
  seed(db, () => makeNews(db, { title: 'Alt', image_url: '/uploads/news/verloren.webp' }));
  expect(uploadMayBeNamed('/uploads/news/da.webp', uploads)).toBe(true);
  expect(uploadMayBeNamed('/uploads/news/verloren.webp', uploads)).toBe(true);
  expect(uploadMayBeNamed('/uploads/news/geloescht.webp', uploads)).toBe(false);

  const input = (image_url: string) => ({ title: 'Sieg', content: '<p>Text</p>', image_url, category: 'Verein' });
  // before the server installs the check (the browser): not checked
  expect(newsSchema.safeParse(input('/uploads/news/geloescht.webp')).success).toBe(true);
  installUploadCheck(uploads);
  const refused = newsSchema.safeParse(input('/uploads/news/geloescht.webp'));
  expect(refused.success).toBe(false);
  expect(refused.error?.issues).toEqual([expect.objectContaining({ path: ['image_url'], message: 'Dieses Bild gibt es nicht mehr (inzwischen gelöscht). Bitte ein anderes wählen.' })]);
  expect(newsSchema.safeParse(input('/uploads/news/da.webp')).success).toBe(true);
  expect(newsSchema.safeParse(input('https://example.org/bild.jpg')).success).toBe(true);
});

it("an address with the site's host is checked as its upload, one with another host not; a query is no part of the file's name", () => {
  const site = new URL('https://verein.at/');
  seed(db, () => makeNews(db, { title: 'Alt', image_url: '/uploads/news/verloren.webp?v=3' }));
  installUploadCheck(uploads, site);
  const input = (image_url: string) => ({ title: 'Sieg', content: '<p>Text</p>', image_url, category: 'Verein' });
  // the browser's 'copy image address' of an image deleted since
  expect(newsSchema.safeParse(input('https://verein.at/uploads/news/geloescht.webp')).error?.issues).toEqual([expect.objectContaining({ path: ['image_url'] })]);
  expect(newsSchema.safeParse(input('https://verein.at/uploads/news/da.webp')).success).toBe(true);
  // a sponsor's own uploads folder
  expect(newsSchema.safeParse(input('https://sponsor.example/uploads/news/logo.webp')).success).toBe(true);
  expect(uploadMayBeNamed('/uploads/news/da.webp?v=2', uploads, site)).toBe(true);
  expect(uploadMayBeNamed('/uploads/news/geloescht.webp?v=2', uploads, site)).toBe(false);
  // a row that names its image with a query (saved before the check, or by hand) stays savable
  expect(newsSchema.safeParse(input('/uploads/news/verloren.webp?v=3')).success).toBe(true);
});

it("refuses the club's crest when its upload is gone (deleted in the library while the Verein form held it)", () => {
  fs.mkdirSync(path.join(uploads, 'verein'));
  fs.writeFileSync(path.join(uploads, 'verein', 'wappen.png'), 'PNG');
  installUploadCheck(uploads);
  const club = (crest_url: string | null) => ({ short_name: 'SVK', long_name: 'SV Kirchberg', primary_color: '#1e40af', secondary_color: '#ffffff', crest_url });
  const refused = clubSettingsSchema.safeParse(club('/uploads/verein/geloescht.png'));
  expect(refused.error?.issues).toEqual([expect.objectContaining({ path: ['crest_url'], message: 'Dieses Bild gibt es nicht mehr (inzwischen gelöscht). Bitte ein anderes wählen.' })]);
  expect(clubSettingsSchema.safeParse(club('/uploads/verein/wappen.png')).success).toBe(true);
  expect(clubSettingsSchema.safeParse(club(null)).success).toBe(true);
});

it('refuses a text that shows an upload that is gone, naming it, on the text field; one lost on disk but named before stays savable', () => {
  seed(db, () => makeNews(db, { title: 'Alt', content: '<p><img src="/uploads/news/verloren.webp"></p>' }));
  installUploadCheck(uploads);
  const input = (content: string) => ({ title: 'Sieg', content, category: 'Verein' });
  const refused = newsSchema.safeParse(input('<p>Sieg!</p><img src="/uploads/news/geloescht.webp" alt=""><img src="/uploads/news/da.webp">'));
  expect(refused.error?.issues).toEqual([
    expect.objectContaining({
      path: ['content'],
      message: 'Der Text zeigt ein Bild, das es nicht mehr gibt (inzwischen gelöscht): /uploads/news/geloescht.webp. Bitte im Text entfernen oder neu einfügen.',
    }),
  ]);
  expect(newsSchema.safeParse(input('<p><img src="/uploads/news/da.webp"> <img src="/uploads/news/verloren.webp"></p>')).success).toBe(true);
  // the other texts with pictures: a match report, a page's text, the privacy page
  const goneIn = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message.slice(0, 40)}`);
  const text = '<img src="/uploads/news/weg.webp">';
  expect(goneIn(reportSchema.safeParse({ match_id: 'm1', report: text, report_images: [] }))).toEqual(['report: Der Text zeigt ein Bild, das es nicht me']);
  expect(goneIn(pageContentSchema.partial().safeParse({ content: text }))).toEqual(['content: Der Text zeigt ein Bild, das es nicht me']);
  expect(goneIn(privacyTextSchema.safeParse({ content: text }))).toEqual(['content: Der Text zeigt ein Bild, das es nicht me']);
  expect(privacyTextSchema.safeParse({ content: '<p>Datenschutz</p>' }).success).toBe(true);
});

it("saves a text that links another site's uploads folder (every WordPress site's '/wp-content/uploads/'), still refusing one of ours that is gone", () => {
  installUploadCheck(uploads, new URL('https://verein.at/'));
  const news = (content: string) => newsSchema.safeParse({ title: 'Auslosung', content, category: 'Verein' });
  // it was refused as 'Der Text zeigt ein Bild, das es nicht mehr gibt: /uploads/2025/07/Auslosung.pdf'
  expect(news('<p>Siehe <a href="https://www.stfv.at/wp-content/uploads/2025/07/Auslosung.pdf">Auslosung</a></p>').success).toBe(true);
  expect(news('<p><img src="https://sponsor.example/uploads/logo.png"> und https://sponsor.example/uploads/x.jpg</p>').success).toBe(true);
  expect(privacyTextSchema.safeParse({ content: '<p>Logo: <img src="//cdn.example/uploads/logo.png"></p>' }).success).toBe(true);
  expect(news('<p><img src="https://verein.at/uploads/news/geloescht.webp"></p>').error?.issues).toEqual([expect.objectContaining({ path: ['content'] })]);
  expect(news('<p><img src="/uploads/news/geloescht.webp"></p>').error?.issues).toEqual([expect.objectContaining({ path: ['content'] })]);
  expect(news('<p><img src="/uploads/news/da.webp"></p>').success).toBe(true);
});
