// A big job on a nearly full disk (decision 046): the old versions of replaced pages wait beside the site
// until the job is over, so that a footer change does not free thousands of files inside its renames.
// On a disk with room for the site and little more, that waiting must not make the job fail where it
// succeeded before: a write that meets a full disk frees the waiting versions at once and is tried
// again. Only when the site itself does not fit does a page stay as it was (and is published later). An
// admin's save that meets the full disk frees them too, and asks the admin to save again.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { writePublishedFile } from '../../src/server/publish/files';
import { replacedFilesIn, replacedFolderFor } from '../../src/server/publish/replaced-files';
import { CACHE_VERSION_FILE, writeCacheVersionFile } from '../../src/server/publish/version';
import { mountSmallDisk, type SmallDisk } from '../fixtures/small-disk';
import { openDatabase } from '../../src/server/db/client';
import { news } from '../../src/server/db/schema';
import { guardWrites, STORAGE_ROOM_MADE, whenDiskFull, write } from '../../src/server/db/write';
import { printFigures } from './figures';

let disk: SmallDisk;

beforeAll(() => {
  disk = mountSmallDisk(8);
});

afterAll(() => disk?.release());

// random bytes: brotli cannot shrink them, so a page and its copy take twice its size on the disk
const PAGE_BYTES = 256 * 1024;
const PAGES = 8;
const pageOf = (n: number, version: string) => Buffer.concat([Buffer.from(`<!-- ${version} ${n} -->`), crypto.randomBytes(PAGE_BYTES)]);
const freeBytes = () => {
  const stats = fs.statfsSync(disk.dir);
  return stats.bavail * stats.bsize;
};

it('a job that replaces every page of a site on a nearly full disk publishes them all, and keeps the old versions again after it', async () => {
  const site = path.join(disk.dir, 'site');
  const replaced = replacedFilesIn(replacedFolderFor(site));
  const file = (n: number) => path.join(site, `seite-${n}`, 'index.html');
  for (let n = 0; n < PAGES; n++) await writePublishedFile(file(n), pageOf(n, 'alt'), { replaced });
  // room for about three more pages with their copies: the old versions of the whole site would need eight
  fs.writeFileSync(path.join(disk.dir, 'filler'), Buffer.alloc(Math.max(0, freeBytes() - 3 * 2 * (PAGE_BYTES + 4096)), 1));
  const roomBefore = freeBytes();

  let written = 0;
  let refused = 0;
  for (let n = 0; n < PAGES; n++) {
    try {
      await writePublishedFile(file(n), pageOf(n, 'neu'), { replaced });
      written++;
    } catch (error) {
      expect((error as NodeJS.ErrnoException).code).toBe('ENOSPC');
      refused++;
    }
  }
  const shown = Array.from({ length: PAGES }, (_, n) => fs.readFileSync(file(n)).subarray(0, 20).toString()).filter((head) => head.startsWith('<!-- neu')).length;
  const copies = Array.from({ length: PAGES }, (_, n) => fs.statSync(`${file(n)}.br`).mtimeMs >= fs.statSync(file(n)).mtimeMs).filter(Boolean).length;
  printFigures('replaced files on a nearly full disk', {
    pages: PAGES,
    roomBeforeKB: Math.round(roomBefore / 1024),
    written,
    refused,
    showingNew: shown,
    copiesCurrent: copies,
    waitingAfter: replaced.waiting,
  });
  expect(refused).toBe(0);
  expect(written).toBe(PAGES);
  expect(shown).toBe(PAGES);
  expect(copies).toBe(PAGES);

  // after the job the waiting versions are freed, and the next job keeps old versions again
  await replaced.free(() => false);
  expect(replaced.waiting).toBe(0);
  await writePublishedFile(file(0), Buffer.from('<!-- klein --><h1>neu</h1>'), { replaced });
  expect(replaced.waiting).toBe(2);
});

it('where the pages themselves do not fit, the page stays as it was and the refusal is the disk’s', async () => {
  const site = path.join(disk.dir, 'site-2');
  const replaced = replacedFilesIn(replacedFolderFor(site));
  const page = path.join(site, 'index.html');
  await writePublishedFile(page, Buffer.from('<h1>alt</h1>'), { replaced });
  await writePublishedFile(page, Buffer.from('<h1>zwischen</h1>'), { replaced });
  expect(replaced.waiting).toBe(2);
  disk.fill();
  let refusal: unknown = null;
  try {
    await writePublishedFile(page, Buffer.concat([Buffer.from('<h1>zu gross</h1>'), crypto.randomBytes(4 * PAGE_BYTES)]), { replaced });
  } catch (error) {
    refusal = error;
  }
  disk.free();
  printFigures('replaced files, a page larger than the room', { refused: refusal ? 1 : 0, waitingAfter: replaced.waiting });
  expect((refusal as NodeJS.ErrnoException | null)?.code).toBe('ENOSPC');
  // the waiting versions were freed to make room; the page is the last one published, whole
  expect(replaced.waiting).toBe(0);
  expect(fs.readFileSync(page, 'utf8')).toBe('<h1>zwischen</h1>');
  expect(fs.readdirSync(site).filter((name) => name.includes('.tmp') || name.startsWith('.'))).toEqual([]);
});

it('where a page fits but its brotli copy does not, the page is new and its old copy goes (no stale copy for nginx)', async () => {
  const site = path.join(disk.dir, 'site-3');
  const page = path.join(site, 'index.html');
  await writePublishedFile(page, Buffer.from('<h1>alt</h1>'));
  const fresh = Buffer.concat([Buffer.from('<h1>neu</h1>'), crypto.randomBytes(PAGE_BYTES)]);
  // room for the page and a little more, not for its copy of the same size
  fs.writeFileSync(path.join(disk.dir, 'filler'), Buffer.alloc(Math.max(0, freeBytes() - PAGE_BYTES - 64 * 1024), 1));
  let refusal: unknown = null;
  try {
    await writePublishedFile(page, fresh);
  } catch (error) {
    refusal = error;
  }
  disk.free();
  printFigures('replaced files, a copy larger than the room', { refused: refusal ? 1 : 0, pageNew: fs.readFileSync(page).subarray(0, 12).toString() === '<h1>neu</h1>', copyLeft: fs.existsSync(`${page}.br`) });
  expect((refusal as NodeJS.ErrnoException | null)?.code).toBe('ENOSPC');
  expect(fs.readFileSync(page).equals(fresh)).toBe(true);
  expect(fs.existsSync(`${page}.br`)).toBe(false);
  expect(fs.readdirSync(site).filter((name) => name.endsWith('.tmp'))).toEqual([]);
});


it('the cache version file, the last write of a job, gets its room from the job’s kept versions on a full disk', async () => {
  const site = path.join(disk.dir, 'site-4');
  const replaced = replacedFilesIn(replacedFolderFor(site));
  const page = path.join(site, 'index.html');
  const versionOnDisk = () => (JSON.parse(fs.readFileSync(path.join(site, CACHE_VERSION_FILE), 'utf8')) as { version: number }).version;
  writeCacheVersionFile(site, 1);
  await writePublishedFile(page, pageOf(0, 'alt'), { replaced });
  // the job: the page replaced, its old version and copy kept until the job is over
  await writePublishedFile(page, pageOf(0, 'neu'), { replaced });
  expect(replaced.waiting).toBe(2);
  disk.fill();
  let withoutRoom = 'written';
  try {
    writeCacheVersionFile(site, 2);
  } catch (error) {
    withoutRoom = (error as NodeJS.ErrnoException).code ?? 'error';
  }
  const versionBefore = versionOnDisk();
  let withRoom = 'written';
  try {
    writeCacheVersionFile(site, 3, { replaced });
  } catch (error) {
    withRoom = (error as NodeJS.ErrnoException).code ?? 'error';
  }
  disk.free();
  printFigures('replaced files, the cache version on a full disk', { withoutRoom, withRoom, versionBefore, versionAfter: versionOnDisk(), waitingAfter: replaced.waiting });
  // without the kept versions to free, the full disk refuses it and the last version stays whole
  expect(withoutRoom).toBe('ENOSPC');
  expect(versionBefore).toBe(1);
  expect(withRoom).toBe('written');
  expect(versionOnDisk()).toBe(3);
  expect(fs.readdirSync(site).filter((name) => name.endsWith('.tmp'))).toEqual([]);
});

it('an admin’s save that meets a full disk frees the versions the last job kept, says to save again, and that save is stored', async () => {
  const dir = path.join(disk.dir, 'save');
  const db = guardWrites(openDatabase(path.join(dir, 'club.db')));
  const site = path.join(dir, 'site');
  const replaced = replacedFilesIn(replacedFolderFor(site));
  const small = (n: number, version: string) => Buffer.concat([Buffer.from(`<!-- ${version} ${n} -->`), crypto.randomBytes(64 * 1024)]);
  const page = (n: number) => path.join(site, `seite-${n}`, 'index.html');
  for (let n = 0; n < 4; n++) await writePublishedFile(page(n), small(n, 'alt'), { replaced });
  // the job: four pages replaced, their old versions and copies kept until it is over
  for (let n = 0; n < 4; n++) await writePublishedFile(page(n), small(n, 'neu'), { replaced });
  const keptBefore = replaced.waiting;
  const stopMakingRoom = whenDiskFull(() => replaced.freeSomeNow(200));
  // every write from here needs new room: the log starts empty
  db.$client.pragma('wal_checkpoint(TRUNCATE)');
  disk.fill();
  const save = (title: string) => {
    try {
      write('fault.save', () => db.insert(news).values({ title, content: `<p>${'Spielbericht '.repeat(8_000)}</p>` }).run(), db);
      return 'stored';
    } catch (error) {
      return (error as Error).message;
    }
  };
  const first = save('Erster Versuch');
  const keptAfter = replaced.waiting;
  const second = save('Zweiter Versuch');
  stopMakingRoom();
  disk.free();
  const titles = db.select({ title: news.title }).from(news).all().map((row) => row.title);
  db.$client.close();
  printFigures('replaced files, a save on a full disk', { keptBefore, keptAfter, first: first === 'stored' ? 'stored' : 'refused', second, stored: titles.length });
  expect(keptBefore).toBe(8);
  // the first save is refused, not acknowledged, and says what to do; the room was made
  expect(first).toBe(STORAGE_ROOM_MADE);
  expect(keptAfter).toBe(0);
  // the admin saves again: stored, and only that one
  expect(second).toBe('stored');
  expect(titles).toEqual(['Zweiter Versuch']);
});
