// Restore: never half. The archive is unpacked into a folder of its own inside
// DATA_DIR and checked whole (manifest, sizes, SHA-256, PRAGMA integrity_check,
// schema not newer than this code) before anything is touched; then the
// database and uploads are swapped in by renames on the same file system, the
// old ones kept in DATA_DIR/.before-restore-<time>, and every rename undone if
// one fails (docs/decisions/011). Republishing is the caller's step.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { z } from 'astro/zod';
import { extract } from 'tar';
import { acquireDataLock, DataInUseError, DataLockError, stillHoldsDataLock } from '../data-lock';
import { BEFORE_RESTORE_PREFIX, DB_ENTRY, MANIFEST, RESTORE_JOURNAL, UPLOADS_ENTRY, sha256, type Manifest } from './archive';
import { REPLACED, undoInterruptedRestore, writeJournal } from './journal';
import { syncFile, syncFolder } from '../whole-file';
import { BACKUP_TEXTS } from './texts';
import { stagedDatabaseProblem } from './staged-database';
import { cacheVersionOf, keepCacheVersionRising } from '../publish/version';
import { AUDIT_TEXTS } from '../../lib/schemas/audit';
import { formatDateTime } from '../../lib/dates-de';

export class RestoreError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RestoreError';
  }
}

export type RestoreTarget = {
  dataDir: string;
  migrationsDir: string;
  /** runs after the swap, while the data is still locked (republishing the site) */
  afterSwap?: () => Promise<void>;
};
export type RestoreResult = { files: number; before: string | null; ms: number };


const stamp = (at: Date) => at.toISOString().replace(/\.\d+Z$/, 'Z').replace(/:/g, '-');

function listFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

/** What createBackup writes (archive.ts's Manifest). */
const manifestSchema = z.object({
  format: z.literal('anstoss-backup'),
  version: z.literal(1),
  createdAt: z.string().datetime(),
  migration: z.number(),
  files: z.array(z.object({ path: z.string().min(1), bytes: z.number().int().nonnegative(), sha256: z.string().regex(/^[0-9a-f]{64}$/) })),
});

/**
 * Every unpacked file and folder on the disk before the swap: the journal's removal is synced, and a power
 * cut within the kernel's write-back delay after it found the renames durable and the files they name
 * empty (an empty club.db migrated into an empty club, the real data aside in .before-restore-*).
 */
function syncTree(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) syncTree(full);
    else syncFile(full);
  }
  syncFolder(dir);
}

/** Unpacks and checks; throws RestoreError with the German reason. */
async function unpackAndCheck(archive: string, staging: string, migrationsDir: string): Promise<Manifest> {
  const corrupt = (reason: string, cause?: unknown) => new RestoreError(BACKUP_TEXTS.archiveCorrupt(reason), { cause });
  try {
    await extract({
      file: archive,
      cwd: staging,
      strict: true,
      // plain files and folders only: no links, devices or paths outside the folder
      filter: (_path, entry) => 'type' in entry && (entry.type === 'File' || entry.type === 'Directory'),
    });
  } catch (error) {
    if (isNoSpace(error)) throw error;
    throw corrupt(error instanceof Error ? error.message : String(error), error);
  }
  let text: string;
  try {
    text = fs.readFileSync(path.join(staging, MANIFEST), 'utf8');
  } catch (error) {
    throw corrupt(BACKUP_TEXTS.missing(MANIFEST), error);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw corrupt(MANIFEST, error);
  }
  // a manifest of null, or a file entry of null, met a property read of null: an English TypeError
  const checked = manifestSchema.safeParse(parsed);
  if (!checked.success) throw corrupt(MANIFEST, checked.error);
  const manifest: Manifest = checked.data;
  const listed = new Set(manifest.files.map((f) => f.path));
  if (!listed.has(DB_ENTRY)) throw corrupt(BACKUP_TEXTS.missing(DB_ENTRY));
  // swapped in by name: a folder named club.db or a file named uploads passed every check and failed in the
  // swap (undone, but with the system's English reason)
  if (!fs.statSync(path.join(staging, DB_ENTRY), { throwIfNoEntry: false })?.isFile()) throw corrupt(BACKUP_TEXTS.missing(DB_ENTRY));
  const uploads = fs.statSync(path.join(staging, UPLOADS_ENTRY), { throwIfNoEntry: false });
  if (uploads && !uploads.isDirectory()) throw corrupt(BACKUP_TEXTS.notAFolderEntry(UPLOADS_ENTRY));
  // an archive made before the copies were 0600 stores 0644: the database goes into DATA_DIR as its owner's alone
  if (fs.existsSync(path.join(staging, DB_ENTRY))) fs.chmodSync(path.join(staging, DB_ENTRY), 0o600);
  for (const found of listFiles(staging)) {
    if (found !== MANIFEST && !listed.has(found)) throw corrupt(BACKUP_TEXTS.unlisted(found));
  }
  for (const file of manifest.files) {
    const full = path.join(staging, file.path);
    if (!full.startsWith(staging + path.sep) || !fs.existsSync(full)) throw corrupt(BACKUP_TEXTS.missing(file.path));
    if (fs.statSync(full).size !== file.bytes || (await sha256(full)) !== file.sha256) throw corrupt(BACKUP_TEXTS.checksum(file.path));
  }
  const problem = stagedDatabaseProblem(path.join(staging, DB_ENTRY), migrationsDir);
  if (problem && 'corrupt' in problem) throw corrupt(problem.corrupt, problem.cause);
  if (problem) throw new RestoreError(problem.refused, { cause: problem.cause });
  syncTree(staging);
  return manifest;
}

/** The cache version the current database reached, or null (none yet, or it cannot be read: a reason to restore). */
function currentCacheVersion(dataDir: string): number | null {
  const currentFile = path.join(dataDir, DB_ENTRY);
  if (!fs.existsSync(currentFile)) return null;
  try {
    const live = new Database(currentFile, { readonly: true, fileMustExist: true });
    try {
      return cacheVersionOf(live);
    } finally {
      live.close();
    }
  } catch (error) {
    console.warn(`[restore] cache version of ${currentFile} not read: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

/**
 * The restored database before the swap. It goes on from the cache version the current one reached
 * (publish/version.ts), so that the republish after the restore raises it above every version a fan's service
 * worker knows. And its Protokoll says it was restored, from which archive of which day: the log rewinds with the
 * data, and the sign-ins and role changes since were gone without a word.
 */
function readyRestoredDatabase(dataDir: string, staging: string, archive: { file: string; createdAt: string }, now: Date): void {
  const current = currentCacheVersion(dataDir);
  const restoredFile = path.join(staging, DB_ENTRY);
  const restored = new Database(restoredFile, { fileMustExist: true });
  try {
    if (current !== null) keepCacheVersionRising(restored, current);
    restored
      .prepare(`INSERT INTO audit_log (at, action, detail) VALUES (?, 'backup.restore', ?)`)
      .run(now.getTime(), AUDIT_TEXTS.restored(formatDateTime(Date.parse(archive.createdAt)), path.basename(archive.file)));
    // the swap moves the database file alone: nothing may stay in a -wal beside it
    restored.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    restored.close();
  }
  syncFile(restoredFile);
}

/** Moves the current data aside and the checked data in; undoes every move if one fails. */
function swapIn(dataDir: string, staging: string, before: string): boolean {
  const movedAside: string[] = [];
  const placed: string[] = [];
  writeJournal(dataDir, { staging: path.basename(staging), before: path.basename(before), aside: REPLACED.filter((name) => fs.existsSync(path.join(dataDir, name))) });
  try {
    for (const name of REPLACED) {
      if (!fs.existsSync(path.join(dataDir, name))) continue;
      fs.mkdirSync(before, { recursive: true, mode: 0o700 });
      fs.renameSync(path.join(dataDir, name), path.join(before, name));
      movedAside.push(name);
    }
    // the data it replaced is the way back for 14 days: its names in the folder are on the disk too
    if (movedAside.length > 0) syncFolder(before);
    fs.mkdirSync(path.join(staging, UPLOADS_ENTRY), { recursive: true });
    syncFolder(staging);
    for (const name of [DB_ENTRY, UPLOADS_ENTRY]) {
      fs.renameSync(path.join(staging, name), path.join(dataDir, name));
      placed.push(name);
    }
    syncFolder(dataDir);
    fs.rmSync(path.join(dataDir, RESTORE_JOURNAL));
    // durable before anything opens the new data: a journal brought back by a power cut would undo
    // the restore after the server had written to it
    syncFolder(dataDir);
    return movedAside.length > 0;
  } catch (error) {
    for (const name of placed.reverse()) fs.renameSync(path.join(dataDir, name), path.join(staging, name));
    for (const name of movedAside.reverse()) fs.renameSync(path.join(before, name), path.join(dataDir, name));
    fs.rmSync(before, { recursive: true, force: true });
    // undone here; had the undo itself failed, the journal would have the next start finish it
    fs.rmSync(path.join(dataDir, RESTORE_JOURNAL), { force: true });
    throw new RestoreError(BACKUP_TEXTS.rolledBack(error instanceof Error ? error.message : String(error)), { cause: error });
  }
}

// SQLite says a full disk as SQLITE_FULL (the restored database's Protokoll entry is written before the swap)
const isNoSpace = (error: unknown) => ['ENOSPC', 'EDQUOT', 'SQLITE_FULL'].includes(String((error as NodeJS.ErrnoException)?.code));

/**
 * Before anything is replaced: a full disk is said to be one, not a damaged backup (the host should make
 * room, not look for another archive), and nothing was changed then.
 */
async function beforeTheSwap<T>(dataDir: string, step: () => T | Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (isNoSpace(error)) throw new RestoreError(BACKUP_TEXTS.noSpaceToUnpack(dataDir), { cause: error });
    throw error;
  }
}

/**
 * The path, or with '-2', '-3' … where it is taken: a second restore within the same second moved its old data
 * into the first one's folder (its database over the one kept there) and, failing, removed the folder.
 */
function unusedPath(wanted: string): string {
  let candidate = wanted;
  for (let n = 2; fs.existsSync(candidate); n++) candidate = `${wanted}-${n}`;
  return candidate;
}

export async function restoreBackup(archive: string, target: RestoreTarget, now = new Date()): Promise<RestoreResult> {
  const started = Date.now();
  const file = path.resolve(archive);
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) throw new RestoreError(BACKUP_TEXTS.archiveMissing(file));
  // refused while a server holds the data, and held while restoring: no server starts on half-swapped data
  const release = await beforeTheSwap(target.dataDir, () => {
    try {
      return acquireDataLock(target.dataDir);
    } catch (error) {
      // a full disk is said as one ('Kein Speicherplatz frei …'): the host should make room (beforeTheSwap)
      if (error instanceof DataLockError && isNoSpace(error.cause)) throw error.cause;
      if (error instanceof DataInUseError || error instanceof DataLockError) throw new RestoreError(error.message);
      throw error;
    }
  });
  try {
    const undone = undoInterruptedRestore(target.dataDir);
    if (undone) console.warn(`[restore] ${undone}`);
  } catch (error) {
    release();
    throw error;
  }
  const staging = path.join(target.dataDir, `.restore-${stamp(now)}`);
  const before = unusedPath(path.join(target.dataDir, `${BEFORE_RESTORE_PREFIX}${stamp(now)}`));
  try {
    const manifest = await beforeTheSwap(target.dataDir, () => {
      fs.rmSync(staging, { recursive: true, force: true });
      // the unpacked database is as private as the archive it came from (0600): nginx may pass DATA_DIR
      fs.mkdirSync(staging, { recursive: true, mode: 0o700 });
      return unpackAndCheck(file, staging, target.migrationsDir);
    });
    await beforeTheSwap(target.dataDir, () => readyRestoredDatabase(target.dataDir, staging, { file, createdAt: manifest.createdAt }, now));
    // the unpack's fsyncs run without a turn of the event loop: on slow storage the lock's heartbeat lapsed,
    // a server in another container took the data over, and the swap renamed its database from under it
    if (!stillHoldsDataLock(target.dataDir)) throw new RestoreError(BACKUP_TEXTS.lockLost(target.dataDir));
    const keptOld = swapIn(target.dataDir, staging, before);
    await target.afterSwap?.();
    return { files: manifest.files.length, before: keptOld ? before : null, ms: Date.now() - started };
  } finally {
    try {
      await removeStaging(staging);
    } finally {
      release();
    }
  }
}

/**
 * Removes the unpacked folder. tar's extract() settles at its first error while the unpack goes on with the
 * entries it holds (on a full disk one file fails and the next folders are still made): a removal right then
 * can find the folder filling again ('ENOTEMPTY'), and that error, not "the disk is full", reached the host.
 * Tried again while the unpack's last writes land; once the folder is gone, tar makes no more in it.
 */
async function removeStaging(staging: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      fs.rmSync(staging, { recursive: true, force: true });
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOTEMPTY' || attempt >= 100) {
        console.error(`[restore] ${staging} could not be removed:`, error);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}
