// A file that others read while we replace it is written whole or not at all:
// under a temporary name beside it first, renamed over it once complete. A
// reader (a server worker, a host's pickup script, the next start) sees the
// old file or the new one, never half of one; a full disk or a killed process
// leaves the old file as it was. The one home of this for the server's own
// state files (the deploy manifest, the restore journal, the share image
// cache, the outbox); the publisher's pages have their own variant with
// prepared blanks (publish/files.ts, decision 050). Decision 066.
import fs from 'node:fs';
import path from 'node:path';
import { NO_HARD_LINKS, processRuns } from './pid-file';

export type WholeFileOptions = {
  /** The file's mode, set when the temporary file is made (never readable by others for a moment). */
  mode?: number;
  /** Synced to the disk before the rename, and the folder after it: the file outlives a power cut. */
  durable?: boolean;
  /**
   * Never replaces a file that is there: the complete file is linked to its name, which fails with EEXIST
   * when the name is taken (an upload's random name is someone else's file then), and the temporary name goes.
   */
  exclusive?: boolean;
};

/** Temporary files end so (deploys skip them, rsync excludes them, the share cache's prune takes them). */
export const TEMP_FILE_SUFFIX = '.tmp';

// counted from a random start: a container's server has the same process id after each restart, and the
// part a killed one left must not be the name the next one asks for
let made = Math.floor(Math.random() * 1_000_000);

/** A name beside `file` that no other writer uses (process and count: two writers of one file never share it). */
function tempFileBeside(file: string): string {
  made = (made + 1) % 1_000_000;
  return `${file}.${process.pid}-${made}${TEMP_FILE_SUFFIX}`;
}

/** Tries the next name when one is taken ('wx': a file that is there already is not ours, and stays). */
const NAMES_TRIED = 5;
const taken = (error: unknown, attempt: number) => (error as NodeJS.ErrnoException).code === 'EEXIST' && attempt < NAMES_TRIED - 1;

/** A temporary file older than this was left by a killed writer, whatever its process id says (ids are reused). */
export const ABANDONED_TEMP_MS = 60 * 60 * 1000;

/**
 * The writer's process id when `name` is a temporary file made for the file named `of` (a killed process
 * leaves one); 0 for an older version's '.tmp' without one; null for any other name.
 */
function tempFileWriter(name: string, of: string): number | null {
  if (!name.startsWith(`${of}.`)) return null;
  const match = /^\.(?:(\d+)(?:-\d+)?\.)?tmp$/.exec(name.slice(of.length));
  return match ? Number(match[1] ?? 0) : null;
}

/** Whether a temporary file's writer is gone, or it is too old to be a write under way (process ids are reused). */
function leftBehind(temp: string, writer: number, now: number): boolean {
  return !(writer > 0 && processRuns(writer) && now - fs.statSync(temp).mtimeMs < ABANDONED_TEMP_MS);
}

/** A temporary file of this module's making, whatever file it was for: its writer's process id. */
const TEMP_FILE_OF_ANY = /\.(\d+)-\d+\.tmp$/;

/**
 * Removes the temporary files killed writers left in `dir` and the folders in it, whichever files they were
 * for (the uploads folder, whose files have random names: an upload killed mid-write); the paths removed.
 * The rules of removeTempFilesOf; a folder that cannot be read keeps its leftovers.
 */
export async function removeAbandonedTempFiles(dir: string, now = Date.now()): Promise<string[]> {
  const removed: string[] = [];
  let entries: fs.Dirent[];
  try {
    entries = await fs.promises.readdir(dir, { withFileTypes: true });
  } catch {
    return removed;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      removed.push(...(await removeAbandonedTempFiles(full, now)));
      continue;
    }
    const writer = entry.isFile() ? TEMP_FILE_OF_ANY.exec(entry.name)?.[1] : undefined;
    try {
      if (writer === undefined || !leftBehind(full, Number(writer), now)) continue;
      await fs.promises.rm(full, { force: true });
      removed.push(full);
    } catch {
      // gone meanwhile (its write ended), or not ours to remove: it stays for the next night
    }
  }
  return removed;
}

/**
 * Removes the temporary files a killed writer of `file` left beside it; how many went (none: no folder, no
 * rights). One whose process still runs may be a write under way (`npm run deploy` beside the server's
 * deploy): it stays until it is older than ABANDONED_TEMP_MS.
 */
export function removeTempFilesOf(file: string, now = Date.now()): number {
  const dir = path.dirname(file);
  const name = path.basename(file);
  let removed = 0;
  try {
    for (const each of fs.readdirSync(dir)) {
      const writer = tempFileWriter(each, name);
      if (writer === null) continue;
      const temp = path.join(dir, each);
      if (!leftBehind(temp, writer, now)) continue;
      fs.rmSync(temp, { force: true });
      removed++;
    }
  } catch {
    // a folder that cannot be read keeps its leftovers: they cost space, never a wrong read
  }
  return removed;
}

/** Writes `content` to `file` whole (see above); the folder must exist. Throws what the disk reports, with no temporary file left. */
export function writeWholeSync(file: string, content: string | Buffer, options: WholeFileOptions = {}): void {
  let temp: string;
  let fd: number;
  for (let attempt = 0; ; attempt++) {
    temp = tempFileBeside(file);
    try {
      fd = fs.openSync(temp, 'wx', options.mode ?? 0o666);
      break;
    } catch (error) {
      if (!taken(error, attempt)) throw error;
    }
  }
  try {
    try {
      fs.writeFileSync(fd, content);
      if (options.durable) fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(temp, file);
  } catch (error) {
    fs.rmSync(temp, { force: true });
    throw error;
  }
  if (options.durable) syncFolder(path.dirname(file));
}

/** writeWholeSync without blocking the event loop (a render or a request goes on meanwhile). */
export async function writeWhole(file: string, content: string | Buffer, options: WholeFileOptions = {}): Promise<void> {
  let temp: string;
  let handle: fs.promises.FileHandle;
  for (let attempt = 0; ; attempt++) {
    temp = tempFileBeside(file);
    try {
      handle = await fs.promises.open(temp, 'wx', options.mode ?? 0o666);
      break;
    } catch (error) {
      if (!taken(error, attempt)) throw error;
    }
  }
  try {
    try {
      await handle.writeFile(content);
      if (options.durable) await handle.sync();
    } finally {
      await handle.close();
    }
    if (options.exclusive) await linkInPlace(temp, file);
    else await fs.promises.rename(temp, file);
  } catch (error) {
    await fs.promises.rm(temp, { force: true });
    throw error;
  }
  if (options.durable) syncFolder(path.dirname(file));
}

/** The complete `temp` under the name `file` unless that is taken (EEXIST); `temp` is gone after. */
async function linkInPlace(temp: string, file: string): Promise<void> {
  try {
    await fs.promises.link(temp, file);
  } catch (error) {
    if (!NO_HARD_LINKS.has(String((error as NodeJS.ErrnoException).code))) throw error;
    // without links a rename: only a writer choosing the same random name in this moment could be replaced
    const there = await fs.promises.lstat(file).then(
      () => true,
      () => false,
    );
    if (there) throw Object.assign(new Error(`EEXIST: file already exists, link '${temp}' -> '${file}'`), { code: 'EEXIST', path: file });
    await fs.promises.rename(temp, file);
    return;
  }
  await fs.promises.rm(temp, { force: true });
}

/** Makes a rename or removal in `dir` durable: the folder's entries are synced to the disk. */
export function syncFolder(dir: string): void {
  syncToDisk(dir);
}

/** Makes a file's content durable (one written by someone else: tar, an unpacked archive). */
export function syncFile(file: string): void {
  syncToDisk(file);
}

function syncToDisk(target: string): void {
  const fd = fs.openSync(target, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
