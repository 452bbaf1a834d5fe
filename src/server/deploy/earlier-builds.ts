// The hashed files (_astro/) of earlier builds, kept for some days after a
// deploy replaced them (decision 070). A new build comes with new names for its
// scripts and styles, and the old names went with the old dist/: a page
// served before the deploy (an open tab, a fan's saved copy, a live match page
// that swaps in new markup, a page the start's republish has not reached yet)
// asked for files that answered 404 — no styles, a form that never woke. Each
// start copies the build's hashed files into DATA_DIR/earlier-builds/_astro/;
// the servers answer a name the build lacks from there, the deploy tree and
// the export carry them to the static hosts, and a name no build has had for
// EARLIER_BUILDS_KEEP_DAYS goes.
import fs from 'node:fs';
import path from 'node:path';
import { NO_HARD_LINKS } from '../pid-file';
import { TEMP_FILE_SUFFIX, writeWholeSync } from '../whole-file';

/** The folder under DATA_DIR (its _astro/ mirrors the build's). */
export const EARLIER_BUILDS_FOLDER = 'earlier-builds';
/** The hashed files' folder, in the build and in the kept folder alike. */
export const HASHED_FOLDER = '_astro';
/** How long a file stays after the build that had it was replaced: longer than a tab stays open or a saved page is read. */
export const EARLIER_BUILDS_KEEP_DAYS = 14;
/** When each kept name left the builds (null: the running build has it). */
const KEPT_LIST = 'kept.json';
const DAY_MS = 24 * 60 * 60 * 1000;

type KeptList = Record<string, number | null>;
export type KeepReport = { copied: number; removed: number; kept: number };

const hidden = (name: string) => name.startsWith('.') || name.endsWith('.tmp');

/** The files under a folder by their path relative to it ('a.js', 'sub/b.css.br'); none when it is not there. */
function filesUnder(root: string): string[] {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(root, { withFileTypes: true, recursive: true });
  } catch {
    return [];
  }
  return entries
    .filter((entry) => entry.isFile() && !hidden(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((name) => !name.split('/').some(hidden));
}

function readKeptList(file: string): KeptList {
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter(([, at]) => at === null || (typeof at === 'number' && Number.isFinite(at))));
  } catch {
    // none yet, or unreadable: every kept file counts as left the builds now (it stays its full time)
    return {};
  }
}

/**
 * Whether the kept file is the build's: the same file (a hard link), or a copy as whole and as old to the
 * millisecond (as the deploy tree's signature compares them). A copy a power cut left short is made again.
 */
function sameFile(from: string, kept: string): boolean {
  try {
    const a = fs.statSync(from);
    const b = fs.statSync(kept);
    return (a.ino === b.ino && a.dev === b.dev) || (a.size === b.size && Math.trunc(a.mtimeMs) === Math.trunc(b.mtimeMs));
  } catch {
    // not there, or no file where its folder should be: made again (or said why not)
    return false;
  }
}

/**
 * The build's file under the kept name: a hard link where the folders share a file system and the build is
 * the server's own (the same file, its time to the nanosecond, as rsync compares it), else a copy written
 * whole and durably, with the build's time as exactly as the file system takes it. A build of another user
 * (root's checkout, the service's data: deploy/install.sh) is copied: a link would put a file of that user
 * into the data folder, which is the service's alone.
 */
function keepOne(from: string, kept: string): void {
  fs.mkdirSync(path.dirname(kept), { recursive: true });
  fs.rmSync(kept, { force: true });
  if (fs.statSync(from).uid === process.getuid?.()) {
    try {
      fs.linkSync(from, kept);
      return;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? '';
      if (code !== 'EXDEV' && !NO_HARD_LINKS.has(code)) throw error;
    }
  }
  writeWholeSync(kept, fs.readFileSync(from), { durable: true });
  const stat = fs.statSync(from, { bigint: true });
  // in seconds with their fraction: a Date would round to the millisecond
  fs.utimesSync(kept, Number(stat.atimeNs) / 1e9, Number(stat.mtimeNs) / 1e9);
}

/** Temporary files of a copy a killed start left (never served: the servers refuse `.tmp` names). */
function removeLeftTempFiles(target: string): void {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(target, { withFileTypes: true, recursive: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    if (entry.isFile() && entry.name.endsWith(TEMP_FILE_SUFFIX)) fs.rmSync(path.join(entry.parentPath, entry.name), { force: true });
  }
}

/**
 * Copies the running build's hashed files into the kept folder, notes when each kept
 * file's name left the builds, and removes those gone longer than `keepDays`. A file
 * that cannot be copied (a full disk) is left out and said in `log`: the build's own
 * folder still answers it, and the next start tries again.
 */
export function keepBuildFiles(
  dirs: { clientDir: string; earlierBuildsDir: string },
  now: number,
  log: Pick<Console, 'warn'> = console,
  keepDays = EARLIER_BUILDS_KEEP_DAYS,
): KeepReport {
  const source = path.join(dirs.clientDir, HASHED_FOLDER);
  const target = path.join(dirs.earlierBuildsDir, HASHED_FOLDER);
  const current = new Set(filesUnder(source));
  // no build (a test's empty dist/): nothing to keep, and nothing to count as replaced
  if (current.size === 0) return { copied: 0, removed: 0, kept: filesUnder(target).length };
  const listFile = path.join(dirs.earlierBuildsDir, KEPT_LIST);
  const before = readKeptList(listFile);
  const list: KeptList = {};
  let copied = 0;
  let removed = 0;
  removeLeftTempFiles(target);
  for (const name of current) {
    const from = path.join(source, name);
    const kept = path.join(target, name);
    if (!sameFile(from, kept)) {
      try {
        keepOne(from, kept);
        copied++;
      } catch (error) {
        log.warn(`[earlier-builds] ${name} not kept: ${(error as Error).message}`);
        continue;
      }
    }
    list[name] = null;
  }
  for (const name of filesUnder(target)) {
    if (current.has(name)) continue;
    // a time ahead of now (a clock set back since) counts from now: kept its full time, never removed early
    const leftAt = Math.min(before[name] ?? now, now);
    if (now - leftAt < keepDays * DAY_MS) {
      list[name] = leftAt;
      continue;
    }
    try {
      fs.rmSync(path.join(target, name), { force: true });
      removed++;
    } catch (error) {
      // stays listed with its time: the next round tries again
      list[name] = leftAt;
      log.warn(`[earlier-builds] ${name} not removed: ${(error as Error).message}`);
    }
  }
  try {
    writeWholeSync(listFile, `${JSON.stringify(list)}\n`);
  } catch (error) {
    // unwritten, the times stay as before: a file kept longer, never one removed early
    log.warn(`[earlier-builds] ${KEPT_LIST} not written: ${(error as Error).message}`);
  }
  return { copied, removed, kept: Object.keys(list).length };
}
