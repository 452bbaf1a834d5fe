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
import { writeWholeSync } from '../whole-file';

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
  for (const name of current) {
    const kept = path.join(target, name);
    if (!fs.existsSync(kept)) {
      try {
        const from = path.join(source, name);
        fs.mkdirSync(path.dirname(kept), { recursive: true });
        writeWholeSync(kept, fs.readFileSync(from));
        // the build's time: a host that compares size and time (rsync) sees the file it has
        const stat = fs.statSync(from);
        fs.utimesSync(kept, stat.atime, stat.mtime);
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
    const leftAt = before[name] ?? now;
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
