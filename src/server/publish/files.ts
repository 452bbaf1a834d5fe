// Atomic file replacement for the published site: write a new file on the same
// file system (where the blanks are, decision 050, or beside the old one), rename
// it over the old one. A reader sees the old file or the new one, never half of
// either.
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { BROTLI_QUALITY, worthCompressing } from './render-core.mjs';
import type { BlankFiles } from './blank-files';
import type { ReplacedFiles } from './replaced-files';

const brotli = promisify(zlib.brotliCompress);

// Every file this process replaces or removes is announced, so that the static
// server's cache drops it at once instead of asking the disk on every request.
// One emitter per process (kept on globalThis, like the publish queue).
const CHANGES_KEY = Symbol.for('anstoss.publishedFileChanges');
const changes: EventEmitter = ((globalThis as Record<symbol, unknown>)[CHANGES_KEY] as EventEmitter) ?? new EventEmitter().setMaxListeners(0);
(globalThis as Record<symbol, unknown>)[CHANGES_KEY] = changes;

/** Calls the listener with the absolute path of each file replaced or removed here; returns the unsubscribe. */
export function onFileChanged(listener: (file: string) => void): () => void {
  changes.on('change', listener);
  return () => changes.off('change', listener);
}

function announce(file: string): void {
  changes.emit('change', path.resolve(file));
}

/** The compressed copies a published file may have beside it (`.gz` only from before decision 042). */
export const COMPRESSED_SUFFIXES = ['.br', '.gz'] as const;

/**
 * Replaces one file of the published site that has no brotli copy (the cache
 * version file): a temp file renamed over the old one, so a reader sees the old
 * file or the new one, never half of either. No fsync, as for every published
 * file (docs/decisions/007): `data/site/` is derived data that every start
 * publishes whole, and the fsync of this one small file cost each job 4-40 ms
 * on a virtual disk (issue 16).
 */
export function writeSiteFile(file: string, data: Buffer | string, side: SideFolders = {}): void {
  // its old version is not kept (a few bytes), but on a full disk the job's kept versions make room for it
  replaceFile(file, data, { blanks: side.blanks }, side.replaced);
}

/**
 * Writes the file, then its brotli copy. The copy comes after the file so that a
 * server which finds a copy older than the file knows it is stale and does not
 * serve it. A copy a render worker compressed already is written as it is;
 * otherwise it is compressed here (off the main thread, in libuv's pool), at the
 * quality render-core.mjs explains. No gzip copy (docs/decisions/042): one a
 * publish before that decision left is removed, since nginx's gzip_static would
 * serve it however old it is.
 *
 * The file operations themselves are synchronous (docs/decisions/046): a page's
 * handful of system calls take a fraction of a millisecond, while each of them as
 * a promise cost the main thread more than the call (a footer change of 2,248
 * pages: 3-4.6 s with promises, about 2 s without). `changed`: the caller knows
 * the bytes differ from the file's (no comparison). `replaced`: where the old
 * versions wait to be freed after the job. `blanks`: empty files made ahead, to
 * write the new versions into (blank-files.ts). Resolves to false when the file was as it is already.
 */
export async function writePublishedFile(
  file: string,
  body: Buffer,
  options: { br?: Buffer; changed?: boolean } & SideFolders = {},
): Promise<boolean> {
  const compressed = worthCompressing(file);
  if (!options.changed && sameOnDisk(file, body, compressed)) {
    if (compressed) removeStaleGzip(file);
    return false;
  }
  const br = compressed
    ? (options.br ?? (await brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } })))
    : null;
  replaceFile(file, body, options);
  if (br === null) return true;
  try {
    replaceFile(`${file}.br`, br, options);
  } catch (error) {
    // the page is new and its copy could not follow (a full disk): the old copy goes, or nginx's
    // brotli_static would serve it (our server skips a copy older than its page, a host may not)
    fs.rmSync(`${file}.br`, { force: true });
    announce(`${file}.br`);
    throw error;
  }
  removeStaleGzip(file);
  return true;
}

/** The folders beside the site a write uses: where old versions wait (replaced-files.ts), where blanks are ready (blank-files.ts). */
export type SideFolders = { replaced?: ReplacedFiles; blanks?: BlankFiles };

/** Old versions freed at once per write that meets a full disk, before it is tried again. */
const FREE_ON_FULL_DISK = 64;

/**
 * A temp file renamed over the file (replaceFileOnce). On a full disk, the old versions this process
 * keeps for after the job (replaced-files.ts, `room`) may be what takes the room: some are freed at once
 * and the file is tried again, until it fits or none are left, so that a disk that held the site before
 * decision 046 still does.
 */
function replaceFile(file: string, data: Buffer | string, side: SideFolders, room = side.replaced): void {
  for (;;) {
    try {
      replaceFileOnce(file, data, side);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOSPC' || !room || room.freeSomeNow(FREE_ON_FULL_DISK) === 0) throw error;
    }
  }
}

/**
 * A new file renamed over the file, without fsync, synchronous: a blank made ahead when one is ready, else a
 * temp file where the blanks are made, else (no blanks: the one-shot scripts) a temp file beside it. A missing
 * folder is made when the write finds it missing.
 */
function replaceFileOnce(file: string, data: Buffer | string, side: SideFolders): void {
  // made where the blanks are (blank-files.ts, decision 050) unless there is no such folder
  const apart = side.blanks?.take() ?? side.blanks?.tempFile() ?? null;
  const temp = apart ?? tempFileFor(file);
  try {
    try {
      fs.writeFileSync(temp, data);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || apart !== null) throw error;
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(temp, data);
    }
    side.replaced?.keep(file);
    renameInto(temp, file, apart !== null ? side.blanks : undefined);
  } catch (error) {
    // a full disk leaves half a temp file: it goes, the old file stays
    fs.rmSync(temp, { force: true });
    const code = (error as NodeJS.ErrnoException).code;
    if (apart === null || (code !== 'ENOENT' && code !== 'EXDEV')) throw error;
    // the blanks' folder cannot be used (gone, another file system): the file is written as before blanks
    if (code === 'EXDEV') side.blanks?.unusable();
    replaceFileOnce(file, data, { replaced: side.replaced });
    return;
  }
  announce(file);
}

/** The rename into the site; one from the blanks' folder may find the page's folder missing (a new page): it is made. */
function renameInto(from: string, file: string, apartFrom?: BlankFiles): void {
  try {
    fs.renameSync(from, file);
  } catch (error) {
    if (!apartFrom || (error as NodeJS.ErrnoException).code !== 'ENOENT' || !fs.existsSync(from)) throw error;
    makeFolder(path.dirname(file), apartFrom);
    fs.renameSync(from, file);
  }
}

/**
 * A missing folder of the site, made where the blanks are and renamed into place (with its missing parents):
 * a folder made beside the site's others costs what a file there costs (decision 050). One that appeared
 * meanwhile is kept (the rename of a folder onto a non-empty one fails).
 */
function makeFolder(dir: string, blanks: BlankFiles): void {
  const apart = blanks.tempFile();
  if (apart === null) {
    fs.mkdirSync(dir, { recursive: true });
    return;
  }
  fs.mkdirSync(apart);
  try {
    try {
      fs.renameSync(apart, dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || path.dirname(dir) === dir) throw error;
      makeFolder(path.dirname(dir), blanks);
      fs.renameSync(apart, dir);
    }
  } catch (error) {
    fs.rmdirSync(apart);
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOTEMPTY' && code !== 'EEXIST' && code !== 'ENOTDIR') throw error;
    if (!fs.statSync(dir).isDirectory()) throw error;
  }
}

/**
 * The file holds these bytes already, and its brotli copy is there and not older
 * than it: nothing to write (decision 044). A job renders pages that may not have
 * changed (every start publishes the whole site; a result renders the pages of
 * players whose numbers stay the same), and replacing a file costs the kernel
 * far more than reading and comparing it. Their visitors' caches stay warm too.
 */
function sameOnDisk(file: string, body: Buffer, compressed: boolean): boolean {
  try {
    const page = fs.statSync(file, { throwIfNoEntry: false });
    if (page === undefined || page.size !== body.length) return false;
    if (compressed) {
      // a copy that never got written, or one older than the page: write both
      const copy = fs.statSync(`${file}.br`, { throwIfNoEntry: false });
      if (copy === undefined || copy.mtimeMs < page.mtimeMs) return false;
    }
    return body.equals(fs.readFileSync(file));
  } catch {
    return false;
  }
}

function removeStaleGzip(file: string): void {
  const gzip = `${file}.gz`;
  if (!fs.existsSync(gzip)) return;
  try {
    fs.unlinkSync(gzip);
    announce(gzip);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

export async function removePublishedFile(file: string, siteRoot: string): Promise<boolean> {
  let existed = false;
  // the compressed copies first: a stop in between leaves the page, which the next publish of it
  // removes again, never a copy without its page, which no publish would find
  for (const candidate of [...COMPRESSED_SUFFIXES.map((s) => file + s), file]) {
    try {
      await fs.promises.unlink(candidate);
      announce(candidate);
      if (candidate === file) existed = true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  // an emptied folder (a deleted article's) goes too; the site root stays
  if (path.resolve(path.dirname(file)) === path.resolve(siteRoot)) return existed;
  try {
    await fs.promises.rmdir(path.dirname(file));
  } catch {
    // not empty, or already gone
  }
  return existed;
}

/** A temporary name beside the file, that isTempFile knows (never served, removed on start). */
function tempFileFor(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`);
}

/** Temporary files a killed process left in the site (never served, removed on start). */
export function isTempFile(name: string): boolean {
  return name.startsWith('.') && name.endsWith('.tmp');
}

/** Removes every temporary file under the folder; returns how many went. */
export async function removeTempFiles(dir: string): Promise<number> {
  let removed = 0;
  let entries: fs.Dirent[];
  try {
    entries = await fs.promises.readdir(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) removed += await removeTempFiles(full);
    else if (isTempFile(entry.name)) {
      await fs.promises.rm(full, { force: true });
      removed++;
    }
  }
  return removed;
}
