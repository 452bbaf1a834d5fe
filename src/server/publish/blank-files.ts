// Empty files made ahead, for the publisher's new versions (docs/decisions/046,
// update of 2026-11-29). A published file is replaced by writing a new file and
// renaming it over the old one, and making a file is what costs: on the bench's
// host about 0.4 ms of kernel time each (writing 8 KB into an existing empty file
// about 0.07 ms, a rename 0.04 ms). A match result writes some 10 to 60 files.
// So the files are made while no job runs, in a folder beside the site on the
// same file system, and a job writes into one and renames it into the site.
//
// A blank has never been published: no reader (our server, nginx, a deploy) can
// hold it open, so writing into it cannot change what anyone reads. Old versions
// are never reused for this. Each process has a folder of its own under the
// blanks folder, so that `npm run publish` beside the server never writes into
// the server's blanks; a process that ended leaves its folder to the next one.
import fs from 'node:fs';
import path from 'node:path';

/** Blanks kept ready: every save of a busy match day between two quiet moments, at no disk space (empty files). */
export const BLANKS_KEPT = 4096;

export type BlankFiles = {
  /**
   * An empty file to write a new version into and rename into the site, or null when none is ready.
   * Synchronous, as files.ts writes. The caller owns it: it renames it or removes it.
   */
  take(): string | null;
  /** Makes blanks until `target` are ready or `busy()` (a job started); one pass at a time. How many were made. */
  fill(busy: () => boolean): Promise<number>;
  /** A blank could not be renamed into the site (another file system): none is handed out any more. */
  unusable(): void;
  /** how many are ready */
  readonly ready: number;
};

/** The folder for the site folder's blanks: beside it, on the same file system (not served, not deployed). */
export function blankFolderFor(siteDir: string): string {
  const site = path.resolve(siteDir);
  return path.join(path.dirname(site), `.${path.basename(site)}-blanks`);
}

/**
 * A process's own folder is named `<pid>-<start>`; one whose process is gone can be taken over. One with
 * this process's id but not its own is an earlier process's: a container's server often has the same id
 * after every restart.
 */
function processGone(folderName: string): boolean {
  const pid = Number(folderName.split('-')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    // EPERM: alive, another user's
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

export function blankFilesIn(dir: string, siteDir: string, target = BLANKS_KEPT): BlankFiles {
  const own = path.join(dir, `${process.pid}-${Date.now().toString(36)}`);
  const names: string[] = [];
  let counter = 0;
  let usable = true;
  let started = false;
  let filling: Promise<number> | null = null;

  /** Once: checks the folder is on the site's file system, takes over a folder a process left, removes the others. */
  const start = async (): Promise<void> => {
    await fs.promises.mkdir(dir, { recursive: true });
    const [siteStat, dirStat] = await Promise.all([fs.promises.stat(siteDir), fs.promises.stat(dir)]);
    if (siteStat.dev !== dirStat.dev) {
      usable = false;
      return;
    }
    const left = (await fs.promises.readdir(dir)).filter((name) => path.join(dir, name) !== own && processGone(name));
    let adopted = false;
    for (const name of left) {
      if (!adopted) {
        // one rename takes all its blanks; another process starting now gets ENOENT and makes its own
        adopted = await fs.promises.rename(path.join(dir, name), own).then(
          () => true,
          () => false,
        );
        if (adopted) {
          // a blank a killed process was writing into may hold bytes: the write truncates it
          names.push(...(await fs.promises.readdir(own)));
          continue;
        }
      }
      await fs.promises.rm(path.join(dir, name), { recursive: true, force: true }).catch(() => undefined);
    }
    if (!adopted) await fs.promises.mkdir(own, { recursive: true });
  };

  const fillNow = async (busy: () => boolean): Promise<number> => {
    if (!started) {
      await start();
      started = true;
    }
    let made = 0;
    while (usable && names.length < target && !busy()) {
      const name = `${Date.now().toString(36)}-${counter++}`;
      try {
        await (await fs.promises.open(path.join(own, name), 'wx')).close();
      } catch {
        // a full disk, the folder gone: the writes make their own files, as before
        break;
      }
      names.push(name);
      made++;
    }
    return made;
  };

  return {
    take() {
      const name = usable ? names.pop() : undefined;
      return name === undefined ? null : path.join(own, name);
    },
    fill(busy) {
      filling ??= fillNow(busy)
        .catch(() => 0)
        .finally(() => (filling = null));
      return filling;
    },
    unusable() {
      usable = false;
    },
    get ready() {
      return usable ? names.length : 0;
    },
  };
}
