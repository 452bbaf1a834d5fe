// A backup: one dated .tar.gz with the database (an online copy by SQLite's
// backup API, consistent while writes go on), the uploads and a manifest with
// each file's size and SHA-256. Written under a temporary name and renamed, so
// a backup folder never holds half an archive (docs/decisions/011).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { create } from 'tar';
import { BACKUP_TEXTS, BEFORE_RESTORE_KEEP_DAYS } from './texts';
import { syncFile, syncFolder, TEMP_FILE_SUFFIX } from '../whole-file';
import { appliedMigrations } from '../db/migrations';

export const ARCHIVE_PREFIX = 'anstoss-backup-';
export const ARCHIVE_SUFFIX = '.tar.gz';
export const MANIFEST = 'manifest.json';
export const DB_ENTRY = 'club.db';
export const UPLOADS_ENTRY = 'uploads';
/** A restore's journal in DATA_DIR while it swaps (journal.ts); named here, which loads nothing of ours. */
export const RESTORE_JOURNAL = 'restore-journal.json';
/** staging folders inside DATA_DIR (same file system: uploads are hard-linked, not copied) */
export const STAGING_PREFIX = '.backup-';
/** Where a restore keeps the data it replaced: DATA_DIR/.before-restore-<time>. */
export const BEFORE_RESTORE_PREFIX = '.before-restore-';
const DAY_MS = 24 * 60 * 60 * 1000;

export type ManifestFile = { path: string; bytes: number; sha256: string };
export type Manifest = {
  format: 'anstoss-backup';
  version: 1;
  createdAt: string;
  /** the newest migration the database has (drizzle's journal time) */
  migration: number;
  files: ManifestFile[];
};

export type BackupResult = { file: string; bytes: number; files: number; ms: number };

export class BackupError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'BackupError';
  }
}

/** A file written to while it was packed: the next try packs it as it is then (see createBackup). */
export class FileChangedDuringBackup extends BackupError {
  constructor(message: string) {
    super(message);
    this.name = 'FileChangedDuringBackup';
  }
}

/**
 * How often a backup packs again when a file changed while it was packed: a nightly backup that failed for
 * that waited a whole day for the next try (and `npm run backup` for its host); a file still changing after
 * three tries is being written all the time, which the message names.
 */
export const BACKUP_TRIES = 3;
/** The pause before the next try, times the tries so far: a writer still at it gets a moment to finish. */
export const BACKUP_RETRY_PAUSE_MS = 500;

export async function sha256(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** `anstoss-backup-2026-11-24T03-00-00Z.tar.gz`: sorts by time. */
export function archiveName(at: Date): string {
  return `${ARCHIVE_PREFIX}${at.toISOString().replace(/\.\d+Z$/, 'Z').replace(/:/g, '-')}${ARCHIVE_SUFFIX}`;
}

/** The database copy: SQLite's backup API in one step (WAL: readers do not block writers). */
async function copyDatabase(source: Database.Database, target: string): Promise<void> {
  await source.backup(target, { progress: () => 0x7fffffff });
}

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    // a temporary file is an upload being written (whole-file.ts): it is not data yet
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.') && !entry.name.endsWith(TEMP_FILE_SUFFIX))
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** Uploads are never changed in place (random names): a hard link is a copy that costs nothing. */
function linkOrCopy(from: string, to: string): void {
  fs.mkdirSync(path.dirname(to), { recursive: true });
  try {
    fs.linkSync(from, to);
  } catch {
    fs.copyFileSync(from, to);
  }
}

/** A failure in German, naming the path it met where it has one (the data folder or the backup folder). */
function describe(error: unknown, backupDir?: string): string {
  const { code, path: where } = (error ?? {}) as NodeJS.ErrnoException;
  if (code === 'ENOSPC' || code === 'SQLITE_FULL') return BACKUP_TEXTS.noSpace(where);
  // the backup folder read-only is the unit's ReadWritePaths= most likely; DATA_DIR read-only is a file system
  // that went so after an error (the unit always names DATA_DIR)
  const inBackupDir = backupDir !== undefined && where !== undefined && !path.relative(path.resolve(backupDir), path.resolve(where)).startsWith('..');
  if (code === 'EROFS') return inBackupDir ? BACKUP_TEXTS.readOnly(where) : BACKUP_TEXTS.readOnlyFileSystem(where);
  if (code === 'EACCES' || code === 'EPERM') return BACKUP_TEXTS.noPermission(where);
  if (code === 'ENOTDIR') return BACKUP_TEXTS.notAFolder(where);
  return error instanceof Error ? error.message : String(error);
}

export type BackupSource = {
  dataDir: string;
  dbFile: string;
  uploadsDir: string;
  /** the server's own connection; without it the backup opens the file read-only */
  db?: Database.Database;
};

export async function createBackup(source: BackupSource, toDir: string, now = new Date()): Promise<BackupResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await createBackupOnce(source, toDir, now);
    } catch (error) {
      if (!(error instanceof FileChangedDuringBackup) || attempt >= BACKUP_TRIES) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, BACKUP_RETRY_PAUSE_MS * attempt));
  }
}

async function createBackupOnce(source: BackupSource, toDir: string, now: Date): Promise<BackupResult> {
  const started = Date.now();
  if (!source.db && !fs.existsSync(source.dbFile)) throw new BackupError(BACKUP_TEXTS.failed(BACKUP_TEXTS.noDatabase(source.dbFile)));
  // the data is half old and half new until the next start undoes the swap: a backup of it would keep that
  if (fs.existsSync(path.join(source.dataDir, RESTORE_JOURNAL))) throw new BackupError(BACKUP_TEXTS.failed(BACKUP_TEXTS.restoreInterrupted));
  let staging: string;
  try {
    staging = fs.mkdtempSync(path.join(source.dataDir, STAGING_PREFIX));
  } catch (error) {
    throw new BackupError(BACKUP_TEXTS.failed(describe(error, toDir)), { cause: error });
  }
  const target = path.join(path.resolve(toDir), archiveName(now));
  // its own name, ending as pruneBackups knows: two backups in the same second shared one before
  const partial = `${target.slice(0, -ARCHIVE_SUFFIX.length)}-${process.pid}-${crypto.randomBytes(4).toString('hex')}${ARCHIVE_SUFFIX}.partial`;
  try {
    fs.mkdirSync(path.dirname(target), { recursive: true });
    const db = source.db ?? new Database(source.dbFile, { readonly: true, fileMustExist: true });
    try {
      await copyDatabase(db, path.join(staging, DB_ENTRY));
    } finally {
      if (!source.db) db.close();
    }
    // the archive keeps each file's mode: the database's copy is restored as its owner's alone
    fs.chmodSync(path.join(staging, DB_ENTRY), 0o600);
    const copy = new Database(path.join(staging, DB_ENTRY));
    let migration = 0;
    try {
      // a copy in rollback-journal mode: one self-contained file
      copy.pragma('journal_mode = DELETE');
      // checked as a restore checks it: a damaged page the site never reads (an old row's index) was kept as a
      // good backup each night, and after BACKUP_KEEP nights none was left that `npm run restore` takes
      const integrity = String(copy.pragma('integrity_check', { simple: true }));
      if (integrity !== 'ok') throw new BackupError(BACKUP_TEXTS.failed(BACKUP_TEXTS.integrity(integrity)));
      migration = appliedMigrations(copy).newest;
    } finally {
      copy.close();
    }
    for (const file of filesUnder(source.uploadsDir)) {
      try {
        linkOrCopy(path.join(source.uploadsDir, file), path.join(staging, UPLOADS_ENTRY, file));
      } catch (error) {
        // deleted since the listing (the media library beside `npm run backup`): it is not part of the data any more
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
    const entries = [DB_ENTRY, ...filesUnder(path.join(staging, UPLOADS_ENTRY)).map((f) => path.posix.join(UPLOADS_ENTRY, f.split(path.sep).join('/')))];
    const files: ManifestFile[] = [];
    const seen = new Map<string, fs.Stats>();
    for (const entry of entries) {
      const file = path.join(staging, entry);
      const stat = fs.statSync(file);
      seen.set(entry, stat);
      files.push({ path: entry, bytes: stat.size, sha256: await sha256(file) });
    }
    const manifest: Manifest = { format: 'anstoss-backup', version: 1, createdAt: now.toISOString(), migration, files };
    fs.writeFileSync(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    // readable by the server's user only: a backup holds the site's secret, password hashes and personal data
    await create({ gzip: true, file: partial, cwd: staging, portable: true, mode: 0o600 }, [MANIFEST, ...entries]);
    fs.chmodSync(partial, 0o600);
    refuseChangedFiles(staging, seen);
    syncFile(partial);
    fs.renameSync(partial, target);
    syncFolder(path.dirname(target));
    return { file: target, bytes: fs.statSync(target).size, files: files.length, ms: Date.now() - started };
  } catch (error) {
    try {
      fs.rmSync(partial, { force: true });
    } catch {
      // never made: the folder itself is what failed (a path through a file, no rights)
    }
    if (error instanceof BackupError) throw error;
    throw new BackupError(BACKUP_TEXTS.failed(describe(error, toDir)), { cause: error });
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * A linked file written to between its checksum and tar's read (an upload written in place by an older
 * version, or a file a host put there by hand) would make an archive every restore refuses ('Prüfsumme
 * stimmt nicht'): its inode, size and modification time are the same as when it was summed, or the backup
 * fails now.
 */
function refuseChangedFiles(staging: string, seen: Map<string, fs.Stats>): void {
  for (const [entry, before] of seen) {
    const now = fs.statSync(path.join(staging, entry));
    // not the change time: a link made or removed (the media library deleting the image, a second backup's
    // staging, an upload's own temporary name) changes it with the content untouched
    if (now.ino !== before.ino || now.size !== before.size || now.mtimeMs !== before.mtimeMs) throw new FileChangedDuringBackup(BACKUP_TEXTS.failed(BACKUP_TEXTS.changedMeanwhile(entry, BACKUP_TRIES)));
  }
}

/**
 * Keeps the `keep` newest archives in `dir` (only ours) and removes the
 * unfinished ones a killed backup left (older than an hour); returns how many
 * archives were removed.
 */
export function pruneBackups(dir: string, keep: number, now = Date.now(), justMade?: string): number {
  if (!fs.existsSync(dir) || keep < 1) return 0;
  const names = fs.readdirSync(dir);
  for (const name of names) {
    if (!name.startsWith(ARCHIVE_PREFIX) || !name.endsWith(`${ARCHIVE_SUFFIX}.partial`)) continue;
    const file = path.join(dir, name);
    if (now - fs.statSync(file).mtimeMs > 3_600_000) fs.rmSync(file, { force: true });
  }
  // the archive just made stays, whatever its name: archives named by a clock that ran days ahead sort as newer
  // than it, and it was removed right after the night said it was made
  const kept = justMade === undefined ? null : path.basename(justMade);
  const archives = names
    .filter((name) => name.startsWith(ARCHIVE_PREFIX) && name.endsWith(ARCHIVE_SUFFIX) && name !== kept)
    .sort()
    .reverse();
  const removed = archives.slice(kept !== null && names.includes(kept) ? keep - 1 : keep);
  for (const name of removed) fs.rmSync(path.join(dir, name), { force: true });
  return removed.length;
}

/**
 * The data restores replaced (DATA_DIR/.before-restore-<time>), older than BEFORE_RESTORE_KEEP_DAYS: a second
 * copy of the database and every upload each, and personal data no retention reached there (inquiries past
 * their months, purged players, old audit entries). At the server's start and every night.
 */
export function removeOldBeforeRestore(dataDir: string, now = Date.now()): number {
  if (!fs.existsSync(dataDir)) return 0;
  let removed = 0;
  for (const entry of fs.readdirSync(dataDir, { withFileTypes: true })) {
    if (!entry.isDirectory() || !entry.name.startsWith(BEFORE_RESTORE_PREFIX)) continue;
    const dir = path.join(dataDir, entry.name);
    if (now - fs.statSync(dir).mtimeMs < BEFORE_RESTORE_KEEP_DAYS * DAY_MS) continue;
    fs.rmSync(dir, { recursive: true, force: true });
    removed++;
  }
  return removed;
}

/** Staging folders a killed backup or restore left in DATA_DIR (older than an hour: none is still at work). */
export function removeStaleStaging(dataDir: string, olderThanMs = 3_600_000, now = Date.now()): number {
  if (!fs.existsSync(dataDir)) return 0;
  let removed = 0;
  for (const entry of fs.readdirSync(dataDir, { withFileTypes: true })) {
    if (!entry.isDirectory() || !(entry.name.startsWith(STAGING_PREFIX) || entry.name.startsWith('.restore-'))) continue;
    const dir = path.join(dataDir, entry.name);
    if (now - fs.statSync(dir).mtimeMs < olderThanMs) continue;
    fs.rmSync(dir, { recursive: true, force: true });
    removed++;
  }
  return removed;
}
