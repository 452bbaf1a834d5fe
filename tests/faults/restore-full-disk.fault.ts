// A restore onto a full disk (issue 10): the archive cannot be unpacked. The host is told that the disk is
// full, not that the backup is damaged (they would go looking for another archive), and the data that was
// there stays as it was, with no unpacked half left behind.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { news } from '../../src/server/db/schema';
import { seed } from '../../src/server/db/test-db';
import { guardWrites } from '../../src/server/db/write';
import { createBackup } from '../../src/server/backup/archive';
import { restoreBackup, RestoreError } from '../../src/server/backup/restore';
import { BACKUP_TEXTS } from '../../src/server/backup/texts';
import { mountSmallDisk } from '../fixtures/small-disk';
import { printFigures } from './figures';

const disk = mountSmallDisk(16);
const folders: string[] = [];
afterAll(() => {
  disk.release();
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

/** A DATA_DIR in `dir` with `titles` as news and an upload of `bytes`. */
function dataDir(dir: string, titles: string[], bytes: number) {
  const db = guardWrites(openDatabase(path.join(dir, 'club.db')));
  seed(db, () => titles.forEach((title) => db.insert(news).values({ title, content: `Text ${title}` }).run()));
  db.$client.close();
  fs.mkdirSync(path.join(dir, 'uploads'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'uploads', 'foto.webp'), Buffer.alloc(bytes, 7));
  return { dataDir: dir, dbFile: path.join(dir, 'club.db'), uploadsDir: path.join(dir, 'uploads') };
}

const contents = (dir: string) =>
  fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => `${path.relative(dir, path.join(e.parentPath, e.name))}:${fs.readFileSync(path.join(e.parentPath, e.name)).toString('base64').slice(0, 64)}`)
    .sort();

const migrationsDir = path.resolve('data/migrations');
let archive = '';
beforeAll(async () => {
  // the backup: on the ordinary disk, with a photo of 4 MB
  const source = dataDir(fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-restore-source-')), ['Aus der Sicherung'], 4 * 1024 * 1024);
  folders.push(source.dataDir);
  archive = (await createBackup(source, path.join(source.dataDir, 'backups'))).file;
});

// nothing free at all (not even for the restore's lock file), and a little free: the lock and the
// folder are made, the archive's 4 MB photo does not fit
for (const room of [0, 256 * 1024]) {
  it(`a restore onto a full disk (${room / 1024} KB free) says the disk is full, changes nothing and leaves nothing behind`, async () => {
    const target = path.join(disk.dir, `data-${room}`);
    dataDir(target, ['Vor der Wiederherstellung'], 1024);
    const before = contents(target);
    const filled = disk.fill();
    if (room > 0) fs.truncateSync(path.join(disk.dir, 'filler'), filled - room);

    const error = await restoreBackup(archive, { dataDir: target, migrationsDir }).catch((e: unknown) => e);
    disk.free();
    expect(error).toBeInstanceOf(RestoreError);
    expect((error as Error).message).toBe(BACKUP_TEXTS.noSpaceToUnpack(target));
    // the data as it was: no lock file, no unpacked half, nothing set aside
    expect(contents(target)).toEqual(before);
    expect(fs.readdirSync(target).filter((name) => name.startsWith('.'))).toEqual([]);
    printFigures('restore-full-disk', { freeBytes: room, tried: 1, refusedAsFull: 1, lost: 0 });
  });
}
