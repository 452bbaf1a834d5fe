// An upload is acknowledged ('Bild erfolgreich hochgeladen!') once its files are on the disk for good: flushed,
// and their names in the folder flushed too. Before, they were written and renamed but not synced, so a power cut
// within the kernel's write-back delay left the saved article naming an empty or missing image.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import { createTestDb } from '../db/test-db';
import { plainJpeg } from '../../../tests/fixtures/images';

const synced = vi.hoisted(() => ({ files: [] as string[], folders: [] as string[] }));
vi.mock('../whole-file', async (original) => {
  const real = await original<typeof import('../whole-file')>();
  return {
    ...real,
    writeWhole: async (file: string, content: string | Buffer, options: { durable?: boolean } = {}) => {
      await real.writeWhole(file, content, options);
      if (options.durable) synced.files.push(file);
    },
    syncFolder: (dir: string) => {
      real.syncFolder(dir);
      synced.folders.push(dir);
    },
  };
});
const { storeUpload } = await import('./uploads');

let dir: string;
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

it('every file of an upload is flushed, and the new folder it made is named for good in its parent', async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-durable-'));
  const result = await storeUpload({ bytes: await plainJpeg(), name: 'jubel.jpg', folder: 'news' }, dir, createTestDb());
  const written = [result.url, ...result.variants.map((v) => v.url)].map((url) => path.join(dir, url.slice('/uploads/'.length)));
  expect(synced.files.sort()).toEqual(written.sort());
  // the 'news' folder was new: its name in the uploads folder is synced too
  expect(synced.folders).toContain(dir);
});
