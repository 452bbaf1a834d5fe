import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Database from 'better-sqlite3';
import { list } from 'tar';
import { openDatabase } from '../db/client';
import { news } from '../db/schema';
import { LOCK_FILE } from '../data-lock';
import { createBackup, pruneBackups, archiveName, removeOldBeforeRestore, type Manifest } from './archive';
import { beforeRestorePruneJob, dailyBackupJob } from './daily';
import { restoreBackup, RestoreError } from './restore';
import { makeDataDir, newsTitlesIn } from './test-data';
import { BACKUP_TEXTS, BEFORE_RESTORE_KEEP_DAYS } from './texts';
import { raiseCacheVersion, readCacheVersion } from '../publish/version';

const migrationsDir = path.resolve('data/migrations');
let root: string;

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-backup-test-'));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const dataDir = (name: string, titles: string[]) => makeDataDir(root, name, titles);
const titlesIn = newsTitlesIn;

/** Everything in a folder: relative path → content. */
const snapshot = (dir: string) =>
  Object.fromEntries(
    fs
      .readdirSync(dir, { withFileTypes: true, recursive: true })
      .filter((e) => e.isFile())
      .map((e) => [path.relative(dir, path.join(e.parentPath, e.name)), fs.readFileSync(path.join(e.parentPath, e.name)).toString('base64')]),
  );

async function entries(file: string): Promise<string[]> {
  const found: string[] = [];
  await list({ file, onReadEntry: (entry) => void found.push(entry.path) });
  return found.sort();
}

/** A backup holding 'Neu', and another DATA_DIR holding 'Bleibt' to restore it into (their connections closed). */
async function backupAndDataBeside() {
  const { db, source } = dataDir('quelle', ['Neu']);
  const { file } = await createBackup(source, path.join(root, 'backups'));
  db.$client.close();
  const target = dataDir('ziel', ['Bleibt']);
  target.db.$client.close();
  return { file, target };
}

describe('createBackup', () => {
  it('writes one dated archive with the database, the uploads and a manifest of checksums, while the server connection stays open', async () => {
    const { db, source } = dataDir('quelle', ['Sieg', 'Remis']);
    const result = await createBackup({ ...source, db: db.$client }, path.join(root, 'backups'), new Date('2026-11-24T03:00:00Z'));
    expect(path.basename(result.file)).toBe('anstoss-backup-2026-11-24T03-00-00Z.tar.gz');
    expect(await entries(result.file)).toEqual(['club.db', 'manifest.json', 'uploads/logo.webp', 'uploads/news/foto.webp']);
    expect(result.files).toBe(3);
    expect(fs.readdirSync(path.join(root, 'backups'))).toEqual([path.basename(result.file)]);
    // it holds the site's secret and password hashes: for the server's user alone, whatever the umask
    expect(fs.statSync(result.file).mode & 0o777).toBe(0o600);
    // nothing left behind in DATA_DIR
    expect(fs.readdirSync(source.dataDir).filter((n) => n.startsWith('.'))).toEqual([]);
    db.$client.close();
  });

  it('refuses in German when there is no database, and leaves no archive', async () => {
    await expect(
      createBackup({ dataDir: path.join(root, 'leer'), dbFile: path.join(root, 'leer', 'club.db'), uploadsDir: path.join(root, 'leer', 'uploads') }, path.join(root, 'b')),
    ).rejects.toThrow(BACKUP_TEXTS.failed(BACKUP_TEXTS.noDatabase(path.join(root, 'leer', 'club.db'))));
    expect(fs.existsSync(path.join(root, 'b'))).toBe(false);
  });

  it('says in German that a read-only backup folder must be named in ReadWritePaths (systemd), and leaves nothing behind', async () => {
    // what ProtectSystem=strict makes of a folder the unit does not name: a read-only mount (root, as CI)
    const readOnly = path.join(root, 'usb');
    fs.mkdirSync(readOnly);
    expect(spawnSync('mount', ['-t', 'tmpfs', '-o', 'ro,size=1m', 'tmpfs', readOnly], { stdio: 'pipe' }).status).toBe(0);
    try {
      const { db, source } = dataDir('quelle-ro', ['Sieg']);
      const failure = await createBackup({ ...source, db: db.$client }, readOnly).catch((error: Error) => error);
      expect(String(failure)).toMatch(
        /^BackupError: Sicherung fehlgeschlagen: der Sicherungsordner ist nur lesbar \(.*usb.*\)\. Läuft der Server als systemd-Dienst, muss der Ordner in ReadWritePaths= der Unit stehen \(deploy\/anstoss\.service\)\.$/,
      );
      expect(fs.readdirSync(source.dataDir).filter((n) => n.startsWith('.'))).toEqual([]);
      // the data folder read-only (after a disk error): no advice about the backup folder
      const dataFailure = await createBackup({ ...source, dataDir: readOnly, db: db.$client }, path.join(root, 'b')).catch((error: Error) => error);
      expect(String(dataFailure)).toMatch(/^BackupError: Sicherung fehlgeschlagen: das Dateisystem ist nur lesbar \(.*usb.*\), etwa nach einem Fehler des Datenträgers\.$/);
      db.$client.close();
    } finally {
      spawnSync('umount', ['-l', readOnly], { stdio: 'pipe' });
    }
  });

  it('a damaged database is no backup: the night fails in German and the last good archive is kept', async () => {
    const { db, source } = dataDir('quelle', ['Sieg', 'Remis', 'Niederlage']);
    const dir = path.join(root, 'backups');
    const good = await createBackup({ ...source, db: db.$client }, dir, new Date('2026-11-23T02:30:00Z'));
    // a page the site never reads is damaged (an index of an old row, as an SD card does it): the site runs on
    db.$client.close();
    const raw = new Database(source.dbFile);
    raw.exec('CREATE INDEX alt_titel ON news(title)');
    raw.unsafeMode(true);
    raw.pragma('writable_schema = ON');
    raw.prepare("UPDATE sqlite_schema SET sql = 'CREATE INDEX alt_titel ON news(content)' WHERE name = 'alt_titel'").run();
    raw.close();
    const damaged = openDatabase(source.dbFile);
    expect(damaged.select({ title: news.title }).from(news).all()).toHaveLength(3);
    expect(damaged.$client.pragma('integrity_check', { simple: true })).not.toBe('ok');
    const night = dailyBackupJob({ dir, keep: 1 }, { ...source, db: () => damaged }, { log: { info: () => undefined, warn: () => undefined }, now: () => Date.parse('2026-11-24T02:30:00Z') });
    await expect(night.run()).rejects.toThrow(/^Sicherung fehlgeschlagen: Datenbank beschädigt \(integrity_check: /);
    damaged.$client.close();
    // the good one stays, the only archive; it restores
    expect(fs.readdirSync(dir)).toEqual([path.basename(good.file)]);
    await restoreBackup(good.file, { dataDir: path.join(root, 'ziel'), migrationsDir });
    expect(titlesIn(path.join(root, 'ziel'))).toEqual(['Niederlage', 'Remis', 'Sieg']);
  });

  it('keeps the BACKUP_KEEP newest archives', () => {
    const dir = path.join(root, 'backups');
    fs.mkdirSync(dir);
    const days = [20, 21, 22, 23, 24].map((d) => archiveName(new Date(Date.UTC(2026, 10, d, 3))));
    for (const name of days) fs.writeFileSync(path.join(dir, name), name);
    fs.writeFileSync(path.join(dir, 'notizen.txt'), 'bleibt');
    expect(pruneBackups(dir, 2)).toBe(3);
    expect(fs.readdirSync(dir).sort()).toEqual([...days.slice(3), 'notizen.txt'].sort());
  });

  it("the night's archive stays, though a clock that ran days ahead named older ones after it", async () => {
    const { db, source } = dataDir('quelle', ['Sieg']);
    const dir = path.join(root, 'backups');
    fs.mkdirSync(dir);
    const ahead = [1, 2].map((d) => archiveName(new Date(Date.UTC(2099, 0, d, 2, 30))));
    for (const name of ahead) fs.writeFileSync(path.join(dir, name), name);
    const now = Date.parse('2026-11-24T02:30:00Z');
    await dailyBackupJob({ dir, keep: 2 }, { ...source, db: () => db }, { log: { info: () => undefined, warn: () => undefined }, now: () => now }).run();
    expect(fs.readdirSync(dir).sort()).toEqual([archiveName(new Date(now)), ahead[1]].sort());
    db.$client.close();
  });
});

describe('restoreBackup', () => {
  it('restores into a fresh DATA_DIR: the same rows, the same uploads', async () => {
    const { db, source } = dataDir('quelle', ['Sieg', 'Remis']);
    const { file } = await createBackup(source, path.join(root, 'backups'));
    const fresh = path.join(root, 'neu');
    const result = await restoreBackup(file, { dataDir: fresh, migrationsDir });
    expect(result.before).toBeNull();
    expect(titlesIn(fresh)).toEqual(['Remis', 'Sieg']);
    expect(snapshot(path.join(fresh, 'uploads'))).toEqual(snapshot(source.uploadsDir));
    // no staging folder and no lock left
    expect(fs.readdirSync(fresh).sort()).toEqual(['club.db', 'uploads']);
    db.$client.close();
  });

  it('over existing data: swaps in the backup and keeps the old data aside', async () => {
    const old = dataDir('alt', ['Alt']);
    old.db.$client.close();
    const { db, source } = dataDir('quelle', ['Neu']);
    const { file } = await createBackup(source, path.join(root, 'backups'));
    const result = await restoreBackup(file, { dataDir: old.dir, migrationsDir });
    // before anything opens it: the restored database is its owner's alone (nginx may pass DATA_DIR)
    expect((fs.statSync(path.join(old.dir, 'club.db')).mode & 0o777).toString(8)).toBe('600');
    expect(titlesIn(old.dir)).toEqual(['Neu']);
    expect(result.before).toMatch(/\.before-restore-/);
    // the old database and uploads kept aside are the owner's alone (nginx may pass DATA_DIR)
    expect((fs.statSync(result.before!).mode & 0o777).toString(8)).toBe('700');
    expect(titlesIn(result.before!)).toEqual(['Alt']);
    expect(fs.readFileSync(path.join(result.before!, 'uploads', 'logo.webp'), 'utf8')).toBe('bild-alt');
    db.$client.close();
    // kept for BEFORE_RESTORE_KEEP_DAYS, then deleted (at a start, or by the nightly job); nothing else in DATA_DIR
    const kept = fs.statSync(result.before!).mtimeMs;
    expect(removeOldBeforeRestore(old.dir, kept + (BEFORE_RESTORE_KEEP_DAYS - 1) * 86_400_000)).toBe(0);
    expect(fs.existsSync(result.before!)).toBe(true);
    await beforeRestorePruneJob(old.dir, () => kept + BEFORE_RESTORE_KEEP_DAYS * 86_400_000 + 1).run();
    expect(fs.existsSync(result.before!)).toBe(false);
    expect(titlesIn(old.dir)).toEqual(['Neu']);
    expect(fs.readFileSync(path.join(old.dir, 'uploads', 'logo.webp'), 'utf8')).toBe('bild-quelle');
  });

  it("the restored database goes on from the current cache version, not the backup's lower one", async () => {
    const { db, source } = dataDir('quelle', ['Damals']);
    raiseCacheVersion(db);
    const { file } = await createBackup(source, path.join(root, 'backups'));
    db.$client.close();
    // the site went on: seven publishes since, which the fans' service workers know
    const current = dataDir('aktuell', ['Heute']);
    for (let i = 0; i < 7; i++) raiseCacheVersion(current.db);
    current.db.$client.close();
    await restoreBackup(file, { dataDir: current.dir, migrationsDir });
    // no -wal left beside the restored file: the swap moved the file alone
    expect(fs.readdirSync(current.dir).filter((name) => name.startsWith('club.db-'))).toEqual([]);
    expect(titlesIn(current.dir)).toEqual(['Damals']);
    const restored = openDatabase(path.join(current.dir, 'club.db'));
    // the republish after the restore raises it to 8, above every version a worker knew
    expect(readCacheVersion(restored)).toBe(7);
    restored.$client.close();
  });

  it('two restores within the same second keep both old states aside, each in its own folder', async () => {
    // the second moved its old data into the first one's folder, the database over the one kept there (a review)
    const old = dataDir('alt', ['Alt']);
    old.db.$client.close();
    const { db, source } = dataDir('quelle', ['Neu']);
    const { file } = await createBackup(source, path.join(root, 'backups'));
    db.$client.close();
    const now = new Date('2026-12-05T22:40:00Z');
    const first = await restoreBackup(file, { dataDir: old.dir, migrationsDir }, now);
    const second = await restoreBackup(file, { dataDir: old.dir, migrationsDir }, now);
    expect(second.before).not.toBe(first.before);
    expect(titlesIn(first.before!)).toEqual(['Alt']);
    expect(titlesIn(second.before!)).toEqual(['Neu']);
    expect(titlesIn(old.dir)).toEqual(['Neu']);
  });

  it('two backups within the same second each write their own archive: neither fails on the other', async () => {
    const { db, source } = dataDir('quelle', ['Neu']);
    const now = new Date('2026-12-05T22:40:00Z');
    const results = await Promise.allSettled([createBackup(source, path.join(root, 'backups'), now), createBackup(source, path.join(root, 'backups'), now)]);
    db.$client.close();
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(fs.readdirSync(path.join(root, 'backups'))).toEqual([archiveName(now)]);
    const restored = path.join(root, 'frisch');
    await restoreBackup(path.join(root, 'backups', archiveName(now)), { dataDir: restored, migrationsDir });
    expect(titlesIn(restored)).toEqual(['Neu']);
  });

  it('refuses a missing, truncated, foreign or tampered archive in German and changes nothing', async () => {
    const target = dataDir('ziel', ['Bleibt']);
    target.db.$client.close();
    const before = snapshot(target.dir);
    const { db, source } = dataDir('quelle', ['Neu']);
    const { file } = await createBackup(source, path.join(root, 'backups'));
    db.$client.close();

    const truncated = path.join(root, 'kaputt.tar.gz');
    fs.writeFileSync(truncated, fs.readFileSync(file).subarray(0, 200));
    const foreign = path.join(root, 'fremd.tar.gz');
    fs.writeFileSync(foreign, 'keine Sicherung');
    // an archive whose upload was changed after the manifest was written
    const unpacked = path.join(root, 'entpackt');
    fs.mkdirSync(unpacked);
    spawnSync('tar', ['-xzf', file, '-C', unpacked]);
    fs.appendFileSync(path.join(unpacked, 'uploads', 'logo.webp'), 'x');
    const tampered = path.join(root, 'manipuliert.tar.gz');
    spawnSync('tar', ['-czf', tampered, '-C', unpacked, '.']);

    const missing = path.join(root, 'gibt-es-nicht.tar.gz');
    const refusals: string[] = [];
    for (const archive of [missing, truncated, foreign, tampered]) {
      const error = await restoreBackup(archive, { dataDir: target.dir, migrationsDir }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RestoreError);
      refusals.push((error as Error).message);
    }
    expect(refusals[0]).toBe(BACKUP_TEXTS.archiveMissing(missing));
    expect(refusals[1]).toMatch(/^Die Sicherung ist beschädigt oder keine Anstoss-Sicherung/);
    expect(refusals[2]).toMatch(/^Die Sicherung ist beschädigt oder keine Anstoss-Sicherung/);
    expect(refusals[3]).toBe(BACKUP_TEXTS.archiveCorrupt(BACKUP_TEXTS.checksum('uploads/logo.webp')));
    expect(snapshot(target.dir)).toEqual(before);
  });

  it('refuses a corrupt database, a backup of a newer version, an empty database and an older one that cannot be brought up', async () => {
    const { db, source } = dataDir('quelle', ['Neu']);
    const { file } = await createBackup(source, path.join(root, 'backups'));
    db.$client.close();
    const unpacked = path.join(root, 'entpackt');
    fs.mkdirSync(unpacked);
    spawnSync('tar', ['-xzf', file, '-C', unpacked]);
    const repack = async (name: string, change: (copy: string) => void) => {
      const copy = path.join(root, `kopie-${name}`);
      fs.cpSync(unpacked, copy, { recursive: true });
      change(path.join(copy, 'club.db'));
      // the manifest is made to match, so only the database check can find it
      const manifest = JSON.parse(fs.readFileSync(path.join(copy, 'manifest.json'), 'utf8')) as Manifest;
      const { sha256 } = await import('./archive');
      manifest.files[0] = { path: 'club.db', bytes: fs.statSync(path.join(copy, 'club.db')).size, sha256: await sha256(path.join(copy, 'club.db')) };
      fs.writeFileSync(path.join(copy, 'manifest.json'), JSON.stringify(manifest));
      const archive = path.join(root, `${name}.tar.gz`);
      spawnSync('tar', ['-czf', archive, '-C', copy, '.']);
      return archive;
    };
    const corrupt = await repack('korrupt', (dbFile) => {
      // scribble over the schema table's page header and cell pointers
      const bytes = fs.readFileSync(dbFile);
      bytes.fill(0x7a, 100, 160);
      fs.writeFileSync(dbFile, bytes);
    });
    const newer = await repack('neuer', (dbFile) => {
      const raw = openDatabase(':memory:').$client;
      raw.exec(`attach '${dbFile}' as b; insert into b.__drizzle_migrations (hash, created_at) values ('zukunft', 99999999999999)`);
      raw.close();
    });
    // an empty database file (and its manifest made to match): swapped into an empty folder and called restored
    const empty = await repack('leer', (dbFile) => fs.writeFileSync(dbFile, ''));
    // an older version whose next migration cannot apply (its table is there already): said after the swap, as
    // 'nicht veröffentlicht', and the next start failed
    const older = await repack('aelter', (dbFile) => {
      const raw = openDatabase(':memory:').$client;
      raw.exec(`attach '${dbFile}' as b; delete from b.__drizzle_migrations where created_at = (select max(created_at) from b.__drizzle_migrations)`);
      raw.close();
    });
    const target = path.join(root, 'ziel');
    await expect(restoreBackup(corrupt, { dataDir: target, migrationsDir })).rejects.toThrow(/beschädigt/);
    await expect(restoreBackup(newer, { dataDir: target, migrationsDir })).rejects.toThrow(BACKUP_TEXTS.newerVersion);
    await expect(restoreBackup(empty, { dataDir: target, migrationsDir })).rejects.toThrow(BACKUP_TEXTS.archiveCorrupt(BACKUP_TEXTS.notOurDatabase));
    await expect(restoreBackup(older, { dataDir: target, migrationsDir })).rejects.toThrow(/lässt sich nicht auf diese Anstoss-Version bringen \(table `[a-z_]+` already exists\)\. Es wurde nichts verändert\./);
    expect(fs.existsSync(path.join(target, 'club.db'))).toBe(false);
  });

  it('refuses while a server holds the data', async () => {
    const { file, target } = await backupAndDataBeside();
    // a live process that is not this one: the test runner's parent
    fs.writeFileSync(path.join(target.dir, LOCK_FILE), `${process.ppid}\n`);
    await expect(restoreBackup(file, { dataDir: target.dir, migrationsDir })).rejects.toThrow(
      `Ein Anstoss-Server (Prozess ${process.ppid}) nutzt die Daten in ${target.dir}. Bitte zuerst den Server stoppen.`,
    );
    expect(titlesIn(target.dir)).toEqual(['Bleibt']);
  });

  it('a server in another container that took the data over while the backup was unpacked: nothing is replaced', async () => {
    const { file, target } = await backupAndDataBeside();
    // the unpack's fsyncs took longer than the lock's 7 s on slow storage: the heartbeat could not run, and a
    // server started in another container found the lock stale and took it over (its text, freshly touched)
    const fsyncSync = fs.fsyncSync;
    let takenOver = false;
    vi.spyOn(fs, 'fsyncSync').mockImplementation((fd: number) => {
      if (!takenOver) {
        takenOver = true;
        fs.writeFileSync(path.join(target.dir, LOCK_FILE), '4242\nandere-maschine 0123456789abcdef\n');
      }
      return fsyncSync(fd);
    });
    try {
      await expect(restoreBackup(file, { dataDir: target.dir, migrationsDir })).rejects.toThrow(BACKUP_TEXTS.lockLost(target.dir));
    } finally {
      vi.restoreAllMocks();
    }
    expect(takenOver).toBe(true);
    expect(titlesIn(target.dir)).toEqual(['Bleibt']);
    // the other server's lock stays theirs
    expect(fs.readFileSync(path.join(target.dir, LOCK_FILE), 'utf8')).toBe('4242\nandere-maschine 0123456789abcdef\n');
    expect(fs.readdirSync(target.dir).filter((name) => name.startsWith('.before-restore') || name.startsWith('.restore-'))).toEqual([]);
  });
});
