// What a backup must not archive and what a restore must not trust (a review of 2026-12-04): a file changed
// while it was packed, an interrupted restore's half data, a manifest of the wrong shape; and what a restore
// must have on the disk before its journal goes.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { BACKUP_TRIES, createBackup, RESTORE_JOURNAL, STAGING_PREFIX } from './archive';
import { beforeRestorePruneJob, STALE_STAGING_AT_NIGHT_MS } from './daily';
import { restoreBackup, RestoreError } from './restore';
import { makeDataDir, newsTitlesIn } from './test-data';
import { BACKUP_TEXTS } from './texts';

/** Runs before tar packs the staging folder, when a test sets it (as a writer appending meanwhile would). */
const packing = vi.hoisted(() => ({ before: null as null | ((cwd: string) => void) }));
vi.mock('tar', async (original) => {
  const tar = await original<typeof import('tar')>();
  const create = ((options: { cwd: string }, files: string[]) => {
    packing.before?.(options.cwd);
    return (tar.create as (o: unknown, f: string[]) => unknown)(options, files);
  }) as typeof tar.create;
  return { ...tar, create, c: create };
});

const migrationsDir = path.resolve('data/migrations');
let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-archive-checks-'));
});
afterEach(() => {
  packing.before = null;
  vi.restoreAllMocks();
  fs.rmSync(root, { recursive: true, force: true });
});

/** A DATA_DIR whose database is closed (the backups here open it themselves). */
function dataDir(name: string, titles: string[]) {
  const { dir, db, source } = makeDataDir(root, name, titles);
  db.$client.close();
  return { dir, source };
}
const titlesIn = newsTitlesIn;

it('a file written to each time the backup packs it fails the backup in German after three tries and leaves no archive (every restore of it had been refused)', async () => {
  const { dir, source } = dataDir('quelle', ['Sieg']);
  // the upload's next chunk lands after its checksum, before tar reads it (an upload written in place), at every try
  let packed = 0;
  packing.before = (staging) => {
    packed++;
    fs.appendFileSync(path.join(staging, 'uploads', 'news', 'foto.webp'), Buffer.alloc(700_000, 1));
  };
  const error = await createBackup(source, path.join(root, 'backups')).catch((e: unknown) => e);
  expect((error as Error).message).toBe(BACKUP_TEXTS.failed(BACKUP_TEXTS.changedMeanwhile('uploads/news/foto.webp', BACKUP_TRIES)));
  expect((error as Error).message).toContain('3-mal hintereinander Dateien verändert (zuletzt uploads/news/foto.webp)');
  expect(packed).toBe(BACKUP_TRIES);
  expect(fs.readdirSync(path.join(root, 'backups'))).toEqual([]);
  expect(fs.readdirSync(dir).filter((n) => n.startsWith(STAGING_PREFIX))).toEqual([]);
});

it('a file written to once while the backup packs it is packed again as it is then: the backup succeeds and restores (a night had been lost)', async () => {
  const { source } = dataDir('quelle', ['Sieg']);
  const upload = path.join(source.uploadsDir, 'news', 'foto.webp');
  let packed = 0;
  packing.before = (staging) => {
    if (packed++ === 0) fs.appendFileSync(path.join(staging, 'uploads', 'news', 'foto.webp'), Buffer.alloc(700_000, 1));
  };
  const { file } = await createBackup(source, path.join(root, 'backups'));
  expect(packed).toBe(2);
  expect(fs.readdirSync(path.join(root, 'backups'))).toEqual([path.basename(file)]);
  const target = path.join(root, 'ziel');
  await restoreBackup(file, { dataDir: target, migrationsDir });
  // the upload as the second try found it (one file, linked: the first try's chunk is in it)
  expect(fs.readFileSync(path.join(target, 'uploads', 'news', 'foto.webp'))).toEqual(fs.readFileSync(upload));
  expect(titlesIn(target)).toEqual(['Sieg']);
  expect(fs.readdirSync(source.dataDir).filter((n) => n.startsWith(STAGING_PREFIX))).toEqual([]);
});

it('a link made to an upload while the backup packs it (a second backup, an image deleted) changes nothing: the backup succeeds', async () => {
  const { source } = dataDir('quelle', ['Sieg']);
  packing.before = (staging) => fs.linkSync(path.join(staging, 'uploads', 'logo.webp'), path.join(source.dataDir, 'zweite-sicherung.webp'));
  const { file } = await createBackup(source, path.join(root, 'backups'));
  const target = path.join(root, 'ziel');
  await restoreBackup(file, { dataDir: target, migrationsDir });
  expect(fs.readFileSync(path.join(target, 'uploads', 'logo.webp'), 'utf8')).toBe('bild-quelle');
});

it('an upload still being written under its temporary name is not archived; the backup restores', async () => {
  const { source } = dataDir('quelle', ['Sieg']);
  fs.writeFileSync(path.join(source.uploadsDir, 'news', `ab12.webp.${process.pid}-7.tmp`), 'halb');
  const { file } = await createBackup(source, path.join(root, 'backups'));
  const listing = spawnSync('tar', ['-tzf', file], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean).sort();
  expect(listing).toEqual(['club.db', 'manifest.json', 'uploads/logo.webp', 'uploads/news/foto.webp']);
  const target = path.join(root, 'ziel');
  await restoreBackup(file, { dataDir: target, migrationsDir });
  expect(titlesIn(target)).toEqual(['Sieg']);
});

it('refuses to back up while an interrupted restore has the data half swapped', async () => {
  const { dir, source } = dataDir('quelle', ['Sieg']);
  fs.writeFileSync(path.join(dir, RESTORE_JOURNAL), JSON.stringify({ staging: '.restore-1', before: '.before-restore-1', aside: ['club.db'] }));
  await expect(createBackup(source, path.join(root, 'backups'))).rejects.toThrow(BACKUP_TEXTS.failed(BACKUP_TEXTS.restoreInterrupted));
  expect(fs.existsSync(path.join(root, 'backups'))).toBe(false);
});

/** The backup of `source` unpacked, changed by `change` and packed again. */
async function tampered(name: string, change: (unpacked: string) => void): Promise<string> {
  const { source } = dataDir(`quelle-${name}`, ['Neu']);
  const { file } = await createBackup(source, path.join(root, 'backups'));
  const unpacked = path.join(root, `entpackt-${name}`);
  fs.mkdirSync(unpacked);
  spawnSync('tar', ['-xzf', file, '-C', unpacked]);
  change(unpacked);
  const archive = path.join(root, `${name}.tar.gz`);
  spawnSync('tar', ['-czf', archive, '-C', unpacked, '.']);
  return archive;
}

it('refuses a manifest of the wrong shape and an archive whose uploads is a file, in German, before anything is swapped', async () => {
  const manifestOf = (dir: string) => JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as { files: unknown[] };
  const writeManifest = (dir: string, value: unknown) => fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(value));
  const archives = [
    await tampered('null', (dir) => writeManifest(dir, null)),
    await tampered('null-eintrag', (dir) => writeManifest(dir, { ...manifestOf(dir), files: [...manifestOf(dir).files, null] })),
    await tampered('uploads-datei', (dir) => {
      fs.rmSync(path.join(dir, 'uploads'), { recursive: true });
      fs.writeFileSync(path.join(dir, 'uploads'), 'keine Bilder');
      writeManifest(dir, { ...manifestOf(dir), files: manifestOf(dir).files.filter((f) => !(f as { path: string }).path.startsWith('uploads/')) });
    }),
  ];
  const { dir: target } = dataDir('ziel', ['Bleibt']);
  const messages: string[] = [];
  for (const archive of archives) {
    const error = await restoreBackup(archive, { dataDir: target, migrationsDir }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RestoreError);
    messages.push((error as Error).message);
  }
  expect(messages).toEqual([
    BACKUP_TEXTS.archiveCorrupt('manifest.json'),
    BACKUP_TEXTS.archiveCorrupt('manifest.json'),
    BACKUP_TEXTS.archiveCorrupt(BACKUP_TEXTS.notAFolderEntry('uploads')),
  ]);
  expect(titlesIn(target)).toEqual(['Bleibt']);
  expect(fs.readFileSync(path.join(target, 'uploads', 'logo.webp'), 'utf8')).toBe('bild-ziel');
  expect(fs.readdirSync(target).sort()).toEqual(['club.db', 'uploads']);
});

it('has every restored file and folder, and the folder of the data it replaced, on the disk before its journal goes', async () => {
  const { source } = dataDir('quelle', ['Neu']);
  const { file } = await createBackup(source, path.join(root, 'backups'));
  const { dir: target } = dataDir('ziel', ['Alt']);
  // which files were synced, by inode (the unpacked files are renamed into place after their sync)
  const synced = new Set<number>();
  const fsync = fs.fsyncSync;
  vi.spyOn(fs, 'fsyncSync').mockImplementation((fd: number) => {
    synced.add(fs.fstatSync(fd).ino);
    fsync(fd);
  });
  const result = await restoreBackup(file, { dataDir: target, migrationsDir });
  const restored = [path.join(target, 'club.db'), ...fs.readdirSync(path.join(target, 'uploads'), { recursive: true }).map((f) => path.join(target, 'uploads', String(f)))];
  const unsynced = [...restored, path.join(target, 'uploads'), result.before!].filter((f) => !synced.has(fs.statSync(f).ino));
  expect(unsynced).toEqual([]);
  expect(titlesIn(target)).toEqual(['Neu']);
});

it('the nightly job removes the staging folder a killed backup left half a day ago, not one of a backup at work', async () => {
  const { dir } = dataDir('quelle', ['Sieg']);
  const left = path.join(dir, `${STAGING_PREFIX}alt`);
  const atWork = path.join(dir, `${STAGING_PREFIX}jetzt`);
  for (const folder of [left, atWork]) {
    fs.mkdirSync(folder);
    fs.copyFileSync(path.join(dir, 'club.db'), path.join(folder, 'club.db'));
  }
  const now = Date.now() + STALE_STAGING_AT_NIGHT_MS + 1000;
  fs.utimesSync(atWork, new Date(now - 60_000), new Date(now - 60_000));
  await beforeRestorePruneJob(dir, () => now).run();
  expect(fs.existsSync(left)).toBe(false);
  expect(fs.existsSync(atWork)).toBe(true);
});
