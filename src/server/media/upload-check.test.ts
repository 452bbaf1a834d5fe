// A save may name an upload that is there, or one a stored row names already; not one deleted since.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { makeNews } from '../../../tests/fixtures/factories';
import { newsSchema } from '../../lib/schemas/news';
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
