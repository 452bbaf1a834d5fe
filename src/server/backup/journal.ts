// The restore's journal (docs/decisions/011): written before the swap's first
// rename and removed after its last. A restore killed between two renames (a
// SIGKILL, a power cut) left the data half old and half new, and the next start
// found no database and began an empty club; now the next start, restore or
// import undoes the swap before anything opens the data, and every other opener
// refuses while the journal is there (src/server/db/client.ts).
import fs from 'node:fs';
import path from 'node:path';
import { DB_ENTRY, RESTORE_JOURNAL, UPLOADS_ENTRY } from './archive';
import { BACKUP_TEXTS } from './texts';
import { removeTempFilesOf, syncFolder, writeWholeSync } from '../whole-file';

/** What a restore replaces: the database with its WAL files, and the uploads. */
export const REPLACED = [DB_ENTRY, `${DB_ENTRY}-wal`, `${DB_ENTRY}-shm`, UPLOADS_ENTRY];

/** Folder names are DATA_DIR's own (a restore's two folders); `aside` what existed before the swap. */
export type Journal = { staging: string; before: string; aside: string[] };


export function writeJournal(dataDir: string, journal: Journal): void {
  writeWholeSync(path.join(dataDir, RESTORE_JOURNAL), JSON.stringify(journal), { durable: true });
}

/** The journal, checked: names a restore writes, nothing else (an empty name would be DATA_DIR itself). */
function readJournal(file: string): Journal {
  let journal: Partial<Journal>;
  try {
    journal = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Journal>;
  } catch (error) {
    throw new Error(BACKUP_TEXTS.journalUnreadable(error instanceof Error ? error.message : String(error)), { cause: error });
  }
  const valid =
    typeof journal.staging === 'string' &&
    /^\.restore-[\w-]+$/.test(journal.staging) &&
    typeof journal.before === 'string' &&
    /^\.before-restore-[\w-]+$/.test(journal.before) &&
    Array.isArray(journal.aside) &&
    journal.aside.every((name) => REPLACED.includes(name));
  if (!valid) throw new Error(BACKUP_TEXTS.journalUnreadable(RESTORE_JOURNAL));
  return journal as Journal;
}

/**
 * Undoes a restore that was killed during its swap: what the restore had placed goes (with WAL
 * files that belong to no old database), the old files come back from where it had moved them.
 * Called by the server's start, a restore and an import right after they take the data's lock;
 * run again after a crash inside it, it ends in the same state. Returns what the host is told, or
 * null when no restore was interrupted.
 */
export function undoInterruptedRestore(dataDir: string): string | null {
  const file = path.join(dataDir, RESTORE_JOURNAL);
  // killed while the journal was written: the swap had not begun, only the half journal goes
  removeTempFilesOf(file);
  if (!fs.existsSync(file)) return null;
  const journal = readJournal(file);
  const staging = path.join(dataDir, journal.staging);
  const before = path.join(dataDir, journal.before);
  for (const name of REPLACED) {
    const here = path.join(dataDir, name);
    // placed by the restore (or made beside it): the old one is still aside, or there was none
    const placed = fs.existsSync(path.join(before, name)) || !journal.aside.includes(name);
    if (fs.existsSync(here) && placed) fs.rmSync(here, { recursive: true, force: true });
  }
  for (const name of journal.aside) {
    if (fs.existsSync(path.join(before, name))) fs.renameSync(path.join(before, name), path.join(dataDir, name));
  }
  syncFolder(dataDir);
  fs.rmSync(staging, { recursive: true, force: true });
  fs.rmSync(before, { recursive: true, force: true });
  fs.rmSync(file, { force: true });
  syncFolder(dataDir);
  return BACKUP_TEXTS.interruptedUndone;
}
