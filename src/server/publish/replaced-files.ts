// The old versions of replaced published files are freed after the job, not in
// it (docs/decisions/046). Renaming a new page over the old one frees the old
// one's blocks inside the rename, and on ext4 with online discard that costs
// about a millisecond per file: most of a footer change (2,248 pages, two files
// each: 4-6.7 s instead of 1-1.5 s) and a part of every save. So before the
// rename, the old version gets a second name in a folder beside the site; the
// rename then only drops a link, and the old version is freed once no job runs.
// Where the second name cannot be made (another file system, a full disk), the
// rename frees it at once, as before.
import fs from 'node:fs';
import path from 'node:path';

/** Past this many old versions waiting, a replaced file is freed at once (a job that never pauses). */
const MAX_WAITING = 50_000;

export type ReplacedFiles = {
  /** Gives the file's present version a second name, so that replacing it does not free it now (synchronous, as files.ts writes). */
  keep(file: string): void;
  /** Frees the old versions kept so far, one at a time, until `busy()` (a job started) or all are gone. */
  free(busy: () => boolean): Promise<number>;
  /**
   * Frees up to `count` of the old versions kept so far, at once and synchronously, and keeps none until
   * the next `free()` has run: the room a full disk lacks (files.ts tries a write that met ENOSPC again).
   * Returns how many were freed. Synchronous, so a few at a time: each can cost a millisecond (above).
   */
  freeSomeNow(count: number): number;
  /** how many old versions wait to be freed */
  readonly waiting: number;
};

/** The folder for the site folder's old versions: beside it, on the same file system (not served, not deployed). */
export function replacedFolderFor(siteDir: string): string {
  const site = path.resolve(siteDir);
  return path.join(path.dirname(site), `.${path.basename(site)}-replaced`);
}

/**
 * The disk space the old versions waiting in `dir` hold and give back once freed: files whose only name
 * is there, on the same file system as `onDiskOf` (/healthz asks for DATA_DIR's disk). 0 without any.
 * Counting stops once it reaches `enough` (a footer change of a big club keeps thousands of them).
 */
export function waitingBytes(dir: string, onDiskOf: string, enough = Number.POSITIVE_INFINITY): number {
  try {
    const device = fs.statSync(onDiskOf).dev;
    let bytes = 0;
    for (const name of fs.readdirSync(dir)) {
      if (bytes >= enough) break;
      const stat = fs.statSync(path.join(dir, name), { throwIfNoEntry: false });
      if (stat?.isFile() && stat.nlink === 1 && stat.dev === device) bytes += stat.blocks * 512;
    }
    return bytes;
  } catch {
    return 0;
  }
}

export function replacedFilesIn(dir: string): ReplacedFiles {
  // what a killed process left is freed with the rest
  let names: string[] = [];
  let made = false;
  try {
    names = fs.readdirSync(dir);
    made = true;
  } catch {
    // not there yet
  }
  let counter = 0;
  let freeing: Promise<number> | null = null;
  // a full disk was met: old versions are freed by the rename again, as before decision 046, until the next free()
  let short = false;
  const prefix = `${process.pid}-${Date.now().toString(36)}-`;

  const freeNow = async (busy: () => boolean): Promise<number> => {
    let freed = 0;
    while (names.length > 0 && !busy()) {
      const name = names.pop()!;
      await fs.promises.unlink(path.join(dir, name)).catch(() => undefined);
      freed++;
    }
    if (names.length === 0 && made) {
      // an empty folder is not left behind (a test's temporary site, a host that looks)
      made = false;
      await fs.promises.rmdir(dir).catch(() => undefined);
    }
    return freed;
  };

  return {
    keep(file) {
      if (short || names.length >= MAX_WAITING) return;
      const name = `${prefix}${counter++}`;
      try {
        if (!made) {
          fs.mkdirSync(dir, { recursive: true });
          made = true;
        }
        fs.linkSync(file, path.join(dir, name));
        names.push(name);
      } catch (error) {
        // no old version (a new page), another file system, a full disk: the rename frees it.
        // The folder may have gone (emptied and removed meanwhile): then it is made again next time.
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') made = fs.existsSync(dir);
      }
    },
    free(busy) {
      short = false;
      // one pass at a time; a second call while one runs joins it
      freeing ??= freeNow(busy).finally(() => (freeing = null));
      // the pass joined may have begun before this job kept its old versions (a short job while the last
      // pass removed the emptied folder): once it ends, what is left is freed too
      return freeing.then(async (freed) => (names.length > 0 && !busy() ? freed + (await this.free(busy)) : freed));
    },
    freeSomeNow(count) {
      short = true;
      // the newest first, as free() takes them; a pass under way may be unlinking the one it took (ENOENT is fine)
      const some = names.splice(Math.max(0, names.length - count));
      for (const name of some) fs.rmSync(path.join(dir, name), { force: true });
      return some.length;
    },
    get waiting() {
      return names.length;
    },
  };
}
