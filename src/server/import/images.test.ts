// The old app's images on their way in (decision 020): a full disk stops the import with nothing stored, not
// rows without their pictures; an answer larger than an upload may be is not read to its end.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { useImportRun } from '../../../tests/fixtures/import-run';
import { mountSmallDisk, type SmallDisk } from '../../../tests/fixtures/small-disk';
import { runImport } from './command';

const run = useImportRun();
const { lines, log, rows, options } = run;
const importNow = (extra: object = {}) => runImport(run.current().db, { ...options(), ...extra }, log);

let disk: SmallDisk;
let storage: http.Server;
let storageUrl = '';
let endlessReads = 0;
beforeAll(async () => {
  disk = mountSmallDisk(2);
  // the old storage: the news picture is an answer without end; every other one is missing
  storage = http.createServer((req, res) => {
    if (!req.url?.endsWith('/news/derby.jpg')) return res.writeHead(404).end();
    endlessReads++;
    res.writeHead(200, { 'content-type': 'image/jpeg' });
    const chunk = Buffer.alloc(256 * 1024, 7);
    const more = () => {
      while (res.write(chunk)) if (res.destroyed) return;
    };
    res.on('drain', more);
    more();
  });
  await new Promise<void>((resolve) => storage.listen(0, '127.0.0.1', resolve));
  storageUrl = `http://127.0.0.1:${(storage.address() as AddressInfo).port}/storage/v1/object/public/club-images`;
});
afterAll(async () => {
  disk.release();
  storage.closeAllConnections();
  await new Promise<void>((resolve) => storage.close(() => resolve()));
});

it('a full disk stops the import with the reason and nothing imported, not rows without their images', async () => {
  const uploadsDir = path.join(disk.dir, 'uploads');
  disk.fill();
  try {
    const outcome = await importNow({ uploadsDir });
    expect(outcome).toEqual({ ok: false, message: 'Die Bilder konnten nicht gespeichert werden: kein Speicherplatz frei. Es wurde nichts importiert.' });
    expect(lines.at(-1)).toBe('[import] abgebrochen: Die Bilder konnten nicht gespeichert werden: kein Speicherplatz frei. Es wurde nichts importiert.');
    const imported = ['teams', 'news', 'players', 'gallery', 'import_map'].map((table) => rows(`SELECT count(*) AS n FROM ${table}`)[0].n as number);
    const left = fs.existsSync(uploadsDir) ? fs.readdirSync(uploadsDir, { recursive: true }).filter((f) => /\.\w+$/.test(String(f))) : [];
    console.info(`[import] disk full: 1 run tried, ${outcome.ok ? 0 : 1} refused, ${imported.reduce((a, b) => a + b, 0)} rows and ${left.length} files stored`);
    expect(imported).toEqual([0, 0, 0, 0, 0]);
    expect(left).toEqual([]);
  } finally {
    disk.free();
  }
  // with room again the same command goes through
  expect((await importNow({ uploadsDir })).ok).toBe(true);
  expect(rows('SELECT count(*) AS n FROM gallery')[0].n).toBe(2);
});

it('an image answer larger than an upload may be is not read to its end: the row comes without it, with a warning that says why', async () => {
  const outcome = await importNow({ storageDir: undefined, storageUrl });
  expect(outcome.ok).toBe(true);
  expect(endlessReads).toBe(1);
  expect(rows('SELECT title, image_url FROM news')).toEqual([{ title: 'Derbysieg in Kirchberg', image_url: null }]);
  expect(lines.some((line) => line.includes('Bild nicht übernommen') && line.includes('news/derby.jpg): Datei ist zu groß. Maximum 5MB erlaubt.'))).toBe(true);
  // the images the storage does not have are said to be missing, as before
  expect(lines.some((line) => line.includes('Bild nicht gefunden oder kein Bild') && line.includes('teams/kampf.jpg'))).toBe(true);
  expect(fs.existsSync(path.join(run.current().dir, 'uploads', 'news'))).toBe(false);
});
