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
//
// Where a new file is made matters as much (docs/decisions/050): on ext4 without
// a journal, making a file scans past every inode freed in the last minutes in
// its folder's block group, and the publisher frees thousands. So the process's
// folder asks ext4 to place each of its subfolders apart (`chattr +T`), each fill
// makes its blanks in a new subfolder, and a job that runs out of blanks makes
// its temp files there too (`tempFile`) rather than beside the page.
import { execFile } from 'node:child_process';
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
  /**
   * A name for a new file where the blanks are made (their newest subfolder), for a write that found no
   * blank: null before `prepare()` or `fill()` made the folder, or when it is unusable. The caller makes
   * and owns the file, as a blank.
   */
  tempFile(): string | null;
  /**
   * Before a job: makes the folders (once), so that the first job's temp files have their place, and a new
   * subfolder when the last job made temp files in the current one (their old versions are freed there next).
   */
  prepare(): Promise<void>;
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

/**
 * ext4's hint that a folder's subfolders are unrelated, so its allocator places each in a block group of
 * its own choosing (chattr(1), attribute T). Nothing happens where it is not ext2/3/4 or chattr is missing.
 */
function placeSubfoldersApart(dir: string): Promise<void> {
  return new Promise((resolve) => execFile('chattr', ['+T', dir], { timeout: 5000 }, () => resolve()));
}

export function blankFilesIn(dir: string, siteDir: string, target = BLANKS_KEPT): BlankFiles {
  const own = path.join(dir, `${process.pid}-${Date.now().toString(36)}`);
  /** the blanks ready (absolute paths), the newest last */
  const names: string[] = [];
  /** per subfolder, its blanks not yet taken: a subfolder whose are all taken is removed at the next fill */
  const untaken = new Map<string, number>();
  /** the newest subfolder: where blanks and temp files are made now */
  let current: string | null = null;
  /** temp files handed out in the current subfolder since it was made */
  let tempsInCurrent = 0;
  /** blanks made in the current subfolder: a fill after them makes its own (theirs may be freed by now) */
  let blanksInCurrent = 0;
  let counter = 0;
  let usable = true;
  let starting: Promise<void> | null = null;
  let filling: Promise<number> | null = null;

  /** The blanks of a taken-over folder: its files and its subfolders' (a folder a killed job was making there goes). */
  const adopt = async (folder: string): Promise<void> => {
    const take = (sub: string, files: fs.Dirent[]) => {
      for (const file of files) names.push(path.join(sub, file.name));
      untaken.set(sub, (untaken.get(sub) ?? 0) + files.length);
    };
    const entries = await fs.promises.readdir(folder, { withFileTypes: true });
    take(folder, entries.filter((entry) => entry.isFile()));
    for (const entry of entries.filter((entry) => entry.isDirectory())) {
      const sub = path.join(folder, entry.name);
      const inside = await fs.promises.readdir(sub, { withFileTypes: true });
      take(sub, inside.filter((file) => file.isFile()));
      for (const left of inside.filter((file) => !file.isFile())) await fs.promises.rm(path.join(sub, left.name), { recursive: true, force: true });
    }
  };

  /**
   * A new subfolder, placed by the file system away from the last ones; the emptied ones go. One at a time
   * (a fill and the next job's prepare() may both ask), and never the one writes are using now.
   */
  let making: Promise<void> = Promise.resolve();
  const newSubfolder = (): Promise<void> => (making = making.catch(() => undefined).then(makeSubfolder));
  const makeSubfolder = async (): Promise<void> => {
    const sub = path.join(own, `${Date.now().toString(36)}-${counter++}`);
    await fs.promises.mkdir(sub);
    untaken.set(sub, 0);
    current = sub;
    tempsInCurrent = 0;
    blanksInCurrent = 0;
    for (const folder of [...untaken.keys()]) {
      if (untaken.get(folder) !== 0 || folder === own || folder === current) continue;
      // a temp file being written there keeps it (ENOTEMPTY: tried again next time), or its write finds it
      // gone and writes beside the page
      if (await fs.promises.rmdir(folder).then(() => true, () => false)) untaken.delete(folder);
    }
  };

  /** Once: checks the folder is on the site's file system, takes over a folder a process left, removes the others. */
  const startOnce = async (): Promise<void> => {
    // a first start has no site folder yet: it is made here, as the first write would
    await Promise.all([fs.promises.mkdir(dir, { recursive: true }), fs.promises.mkdir(siteDir, { recursive: true })]);
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
          await adopt(own);
          continue;
        }
      }
      await fs.promises.rm(path.join(dir, name), { recursive: true, force: true }).catch(() => undefined);
    }
    if (!adopted) await fs.promises.mkdir(own, { recursive: true });
    await placeSubfoldersApart(own);
    await newSubfolder();
  };
  const start = (): Promise<void> => (starting ??= startOnce().catch(() => void (usable = false)));

  const fillNow = async (busy: () => boolean): Promise<number> => {
    await start();
    if (!usable || names.length >= target || busy()) return 0;
    // the blanks of the last fill may be what the last job freed (the old versions of its pages); the first
    // fill after the start has the empty subfolder the start made
    if (blanksInCurrent > 0 || tempsInCurrent > 0) await newSubfolder();
    const sub = current!;
    let made = 0;
    while (usable && names.length < target && !busy()) {
      const file = path.join(sub, String(counter++));
      try {
        await (await fs.promises.open(file, 'wx')).close();
      } catch {
        // a full disk, the folder gone: the writes make their own files, as before
        break;
      }
      names.push(file);
      untaken.set(sub, (untaken.get(sub) ?? 0) + 1);
      if (sub === current) blanksInCurrent++;
      made++;
    }
    return made;
  };

  return {
    take() {
      const file = usable ? names.pop() : undefined;
      if (file === undefined) return null;
      const sub = path.dirname(file);
      untaken.set(sub, (untaken.get(sub) ?? 1) - 1);
      return file;
    },
    tempFile() {
      if (!usable || current === null) return null;
      tempsInCurrent++;
      return path.join(current, `t${counter++}`);
    },
    async prepare() {
      await start();
      // a footer change's thousands of new files are the next one's old versions: the next one makes its apart
      if (usable && tempsInCurrent > 0) await newSubfolder().catch(() => undefined);
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
