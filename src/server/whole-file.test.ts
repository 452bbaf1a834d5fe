// A state file is replaced whole or not at all, on a real small file system that fills up: the old
// file stays, no temporary file is left, and the caller hears the disk's error. Its users (the deploy
// record, the restore journal) clean up what a killed writer left.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { mountSmallDisk, type SmallDisk } from '../../tests/fixtures/small-disk';
import { RESTORE_JOURNAL } from './backup/archive';
import { undoInterruptedRestore } from './backup/journal';
import { DeliveredManifest } from './deploy/manifest';
import type { LocalFile } from './deploy/tree';
import { ABANDONED_TEMP_MS, removeTempFilesOf, writeWhole, writeWholeSync } from './whole-file';

let disk: SmallDisk;
beforeAll(() => {
  disk = mountSmallDisk(1);
});
afterAll(() => disk.release());
afterEach(() => {
  disk.free();
  for (const name of fs.readdirSync(disk.dir)) fs.rmSync(path.join(disk.dir, name), { recursive: true, force: true });
});

const big = Buffer.alloc(256 * 1024, 0x61);
/** A process id no process has (above every system's pid_max): its writer was killed. */
const GONE = 2_147_483_646;
const page = (key: string): LocalFile => ({ key, abs: key, area: 'page', signature: 'x', contentType: 'text/html', cacheControl: '', gzip: null, compressible: true });

it('replaces a file whole, with its mode from the start, and leaves nothing beside it', async () => {
  const file = path.join(disk.dir, 'stand.json');
  writeWholeSync(file, '{"alt":1}');
  await writeWhole(file, '{"neu":2}', { mode: 0o600 });
  expect(fs.readFileSync(file, 'utf8')).toBe('{"neu":2}');
  expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  writeWholeSync(file, '{"dauerhaft":3}', { durable: true });
  expect(fs.readdirSync(disk.dir)).toEqual(['stand.json']);
});

it('keeps the old file and leaves no part of the new one when the disk fills during the write', async () => {
  const file = path.join(disk.dir, 'stand.json');
  writeWholeSync(file, 'vorher');
  disk.fill();
  const tried = [() => writeWholeSync(file, big), () => writeWhole(file, big, { durable: true }), () => writeWhole(file, big, { mode: 0o600 })];
  const refused = await Promise.all(tried.map(async (write) => Promise.resolve().then(write).then(() => '', (error: NodeJS.ErrnoException) => error.code)));
  expect(refused).toEqual(['ENOSPC', 'ENOSPC', 'ENOSPC']);
  const lost = fs.readFileSync(file, 'utf8') === 'vorher' ? 0 : 1;
  const left = fs.readdirSync(disk.dir).filter((name) => name !== 'filler' && name !== 'stand.json');
  console.info(`[whole-file] disk full: ${tried.length} writes tried, ${refused.filter(Boolean).length} refused, ${lost} old files lost, ${left.length} parts left`);
  expect(lost).toBe(0);
  expect(left).toEqual([]);
});

it('the deploy record: a full disk fails the write and keeps the record before it; a part a killed deploy left goes', () => {
  const file = path.join(disk.dir, 'deploy', 'ziel.json');
  fs.mkdirSync(path.dirname(file));
  fs.writeFileSync(file, JSON.stringify({ 'index.html': 'a' }));
  fs.writeFileSync(`${file}.${GONE}-7.tmp`, '{"halb');
  const manifest = new DeliveredManifest(file);
  expect(fs.readdirSync(path.dirname(file))).toEqual(['ziel.json']);
  // a record far larger than the room left
  manifest.announce(Array.from({ length: 20_000 }, (_, i) => page(`news/${i}/index.html`)));
  disk.fill();
  expect(() => manifest.flush()).not.toThrow();
  expect(() => manifest.announce([page('neu/index.html')])).toThrow(/ENOSPC/);
  expect(fs.readdirSync(path.dirname(file))).toEqual(['ziel.json']);
  expect(Object.keys(JSON.parse(fs.readFileSync(file, 'utf8')) as object)).toContain('news/19999/index.html');
});

it('the restore journal: a half journal a restore killed while writing it left goes at the next start, the data stays', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-journal-part-'));
  try {
    fs.writeFileSync(path.join(dir, 'club.db'), 'daten');
    fs.writeFileSync(path.join(dir, `${RESTORE_JOURNAL}.${GONE}-1.tmp`), '{"staging":".rest');
    fs.writeFileSync(path.join(dir, `${RESTORE_JOURNAL}.bak`), 'des Hosts eigene Kopie');
    expect(undoInterruptedRestore(dir)).toBeNull();
    expect(fs.readdirSync(dir).sort()).toEqual(['club.db', `${RESTORE_JOURNAL}.bak`]);
    expect(fs.readFileSync(path.join(dir, 'club.db'), 'utf8')).toBe('daten');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

it("removes only the temporary files of the file named, this version's and older ones', and not one a running writer is writing", () => {
  const file = path.join(disk.dir, 'ziel.json');
  const running = `ziel.json.${process.pid}-5.tmp`;
  for (const name of ['ziel.json', `ziel.json.${GONE}-3.tmp`, `ziel.json.${GONE}.tmp`, 'ziel.json.tmp', running, 'ziel.json.bak', 'ziel.json.x.tmp', `andere.json.${GONE}-3.tmp`, `ziel.jsonl.${GONE}-1.tmp`]) {
    fs.writeFileSync(path.join(disk.dir, name), name);
  }
  expect(removeTempFilesOf(file)).toBe(3);
  expect(fs.readdirSync(disk.dir).sort()).toEqual([`andere.json.${GONE}-3.tmp`, 'ziel.json', running, 'ziel.json.bak', 'ziel.json.x.tmp', `ziel.jsonl.${GONE}-1.tmp`].sort());
  // a running process's part that old is a killed writer's whose id was given out again
  expect(removeTempFilesOf(file, Date.now() + ABANDONED_TEMP_MS + 1000)).toBe(1);
  expect(fs.existsSync(path.join(disk.dir, running))).toBe(false);
  expect(removeTempFilesOf(path.join(disk.dir, 'fehlt', 'ziel.json'))).toBe(0);
});

it('leaves a temporary file of the same name that another writer made, and writes under the next name', async () => {
  const file = path.join(disk.dir, 'stand.json');
  const others: string[] = [];
  const openSync = fs.openSync.bind(fs);
  const open = fs.promises.open.bind(fs.promises);
  // another writer (a server before a restart with the same process id) made the first name asked for
  vi.spyOn(fs, 'openSync').mockImplementation((temp, flags, mode) => {
    if (others.length === 0 && String(temp).endsWith('.tmp')) {
      fs.writeFileSync(temp, 'des anderen');
      others.push(String(temp));
    }
    return openSync(temp, flags, mode);
  });
  writeWholeSync(file, 'eins');
  vi.spyOn(fs.promises, 'open').mockImplementation(async (temp, flags, mode) => {
    if (others.length === 1 && String(temp).endsWith('.tmp')) {
      fs.writeFileSync(temp, 'des anderen');
      others.push(String(temp));
    }
    return open(temp, flags, mode);
  });
  await writeWhole(file, 'zwei');
  vi.restoreAllMocks();
  expect(fs.readFileSync(file, 'utf8')).toBe('zwei');
  expect(others).toHaveLength(2);
  for (const other of others) expect(fs.readFileSync(other, 'utf8')).toBe('des anderen');
});

it('exclusive: a new file appears whole under its name; a name that is taken keeps its file (EEXIST), and nothing is left beside it', async () => {
  const file = path.join(disk.dir, 'a1b2.webp');
  await writeWhole(file, big, { exclusive: true });
  expect(fs.readFileSync(file).equals(big)).toBe(true);
  const refused = await writeWhole(file, 'fremd', { exclusive: true }).then(
    () => '',
    (error: NodeJS.ErrnoException) => error.code,
  );
  expect(refused).toBe('EEXIST');
  expect(fs.readFileSync(file).equals(big)).toBe(true);
  expect(fs.readdirSync(disk.dir)).toEqual(['a1b2.webp']);
  // a file system without hard links: renamed into place, and still never over a file that is there
  const link = vi.spyOn(fs.promises, 'link').mockRejectedValue(Object.assign(new Error('EPERM'), { code: 'EPERM' }));
  await writeWhole(path.join(disk.dir, 'c3d4.webp'), 'neu', { exclusive: true });
  const again = await writeWhole(file, 'fremd', { exclusive: true }).then(
    () => '',
    (error: NodeJS.ErrnoException) => error.code,
  );
  link.mockRestore();
  expect(again).toBe('EEXIST');
  expect(fs.readFileSync(path.join(disk.dir, 'c3d4.webp'), 'utf8')).toBe('neu');
  expect(fs.readdirSync(disk.dir).sort()).toEqual(['a1b2.webp', 'c3d4.webp']);
});
