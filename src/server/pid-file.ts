// Lock files that name the process holding them: the server's hold on DATA_DIR
// (data-lock.ts) and a deploy's hold on its target (deploy/target-lock.ts). A
// lock whose process is gone (a kill, a power cut) is stale; each user decides
// what to do about one that names a running process.
import fs from 'node:fs';

/** Whether a process with this id runs (ours or another user's). */
export function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, it is someone else's
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The running process the lock names, or null: none, unreadable, or a process that is gone. */
export function runningHolder(file: string): number | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  const pid = Number.parseInt(text, 10);
  return Number.isInteger(pid) && pid > 0 && processRuns(pid) ? pid : null;
}

/**
 * Makes the lock with this process's id, or returns false when there is one already. Written whole under
 * another name and linked into place: a link fails when the lock is there, so of two processes starting at
 * once one gets it, and no one reads a lock without its id (a full disk leaves none behind).
 */
export function createLock(file: string): boolean {
  const temp = `${file}.${process.pid}-${Math.random().toString(36).slice(2, 8)}.tmp`;
  try {
    // readable by all, as before: a process id is no secret
    fs.writeFileSync(temp, `${process.pid}\n`, { mode: 0o644 });
    fs.linkSync(temp, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    fs.rmSync(temp, { force: true });
  }
}

/** Removes the lock if it names this process (a stale one another process took over stays theirs). */
export function removeOwnLock(file: string): void {
  try {
    if (Number.parseInt(fs.readFileSync(file, 'utf8'), 10) === process.pid) fs.rmSync(file, { force: true });
  } catch {
    // gone already
  }
}
