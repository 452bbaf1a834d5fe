// The library's listing answers from one walk of the uploads folder whether an
// image and its small copy are there; what the walk does not see as a plain
// file is looked for before an image is called missing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { createTestDb } from '../db/test-db';
import { listMedia, recordUpload } from './inventory';

let dir: string;
let db: Db;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-listing-'));
  db = createTestDb();
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

it('shows an image linked into the folder by hand as there, with its small copy', async () => {
  const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-elsewhere-'));
  try {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#284' } }).png().toBuffer();
    fs.writeFileSync(path.join(elsewhere, 'wappen.png'), png);
    fs.writeFileSync(path.join(elsewhere, 'wappen-480.webp'), 'copy');
    fs.mkdirSync(path.join(dir, 'verein'));
    fs.symlinkSync(path.join(elsewhere, 'wappen.png'), path.join(dir, 'verein', 'wappen.png'));
    fs.symlinkSync(path.join(elsewhere, 'wappen-480.webp'), path.join(dir, 'verein', 'wappen-480.webp'));
    fs.writeFileSync(path.join(dir, 'verein', 'team.png'), png);

    recordUpload(db, { url: '/uploads/verein/wappen.png', bytes: png.length, width: 40, height: 30 });
    recordUpload(db, { url: '/uploads/verein/weg.png', bytes: 10, width: 40, height: 30 });
    const items = await listMedia(db, dir);
    const byUrl = new Map(items.map((item) => [item.url, item]));
    expect(byUrl.get('/uploads/verein/wappen.png')).toMatchObject({ missing: false, thumb: '/uploads/verein/wappen-480.webp' });
    expect(byUrl.get('/uploads/verein/team.png')).toMatchObject({ missing: false, thumb: '/uploads/verein/team.png' });
    // a row whose file is gone and that nothing uses is dropped by the listing's backfill
    expect(byUrl.has('/uploads/verein/weg.png')).toBe(false);
  } finally {
    fs.rmSync(elsewhere, { recursive: true, force: true });
  }
});
