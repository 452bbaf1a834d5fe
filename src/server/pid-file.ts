// Lock files that name the process holding them: the server's hold on DATA_DIR
// (data-lock.ts) and a deploy's hold on its target (deploy/target-lock.ts). A
// lock whose process is gone (a kill, a power cut) is stale and taken over.
//
// A process id means something only on the machine and in the PID namespace it
// came from: a second container on the same volume (`docker compose run`, a new
// container started before the old one stopped) sees other processes under the
// same ids, and the server is process 1 in each. So a lock also names its place
// (host name and PID namespace), and its holder touches it every 2 s: a lock
// from another place is live while it is fresh, stale once it is 7 s old.
import fs from 'node:fs';
import os from 'node:os';

export const HEARTBEAT_MS = 2_000;
/** a lock from another place not touched for this long is a gone process's (three heartbeats and a half) */
export const FOREIGN_STALE_MS = 7_000;
/** the guard of a takeover is held for microseconds: one this old is a process's that died holding it */
const GUARD_STALE_MS = 5_000;

/** Blocks this thread for `ms` (a start or a command waiting for a lock: nothing else is to run meanwhile). */
export const sleepSync = (ms: number) => void Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * This process's machine, PID namespace and boot (where /proc tells them: Linux). The boot: after a power cut
 * the id in a lock may be another daemon's now, and the lock was judged live for good ('Bitte zuerst den
 * Server stoppen' with no server running); a previous boot's lock is another place's, stale 7 s after its
 * last beat.
 */
export const PLACE = (() => {
  const read = (get: () => string) => {
    try {
      return get().trim();
    } catch {
      // no /proc (macOS): the host name alone
      return '';
    }
  };
  const namespace = read(() => fs.readlinkSync('/proc/self/ns/pid'));
  const boot = read(() => fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8'));
  return [os.hostname(), namespace, boot && `boot:${boot.slice(0, 8)}`].filter(Boolean).join(' ');
})();

/** Who holds a lock; `host` is set when it is another place's (its process cannot be asked). */
export type LockHolder = { pid: number; host: string | null };

/** How a refusal names the holder: 'Prozess 1234', or 'Prozess 1 auf a1b2c3d4e5f6' for another place's. */
export const holderName = (holder: LockHolder) => (holder.host === null ? `Prozess ${holder.pid}` : `Prozess ${holder.pid} auf ${holder.host}`);

/** Whether a process with this id runs here (ours or another user's). */
export function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, it is someone else's
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A lock as read; `pid` 0 when it names none (written by something else): stale. */
export type LockFile = { pid: number; place: string | null; text: string; touched: number };

/** The lock, or null when there is none. */
function readLock(file: string): LockFile | null {
  try {
    const touched = fs.statSync(file).mtimeMs;
    const text = fs.readFileSync(file, 'utf8');
    const [first, place] = text.split('\n');
    const pid = Number.parseInt(first, 10);
    // a lock of a version before places were named is this place's
    return { pid: Number.isInteger(pid) && pid > 0 ? pid : 0, place: place?.trim() || null, text, touched };
  } catch {
    return null;
  }
}

const isHere = (lock: LockFile) => lock.place === null || lock.place === PLACE;
const namesThisProcess = (lock: LockFile | null) => lock !== null && isHere(lock) && lock.pid === process.pid;

/** Who a lock names (its host only when it is another place's); null when it names no process. */
function holderOf(lock: LockFile | null): LockHolder | null {
  if (lock === null || lock.pid === 0) return null;
  return { pid: lock.pid, host: isHere(lock) ? null : lock.place!.split(' ')[0] };
}

/** The live holder of a lock: a running process of this place, or another place's lock that is fresh. */
function liveHolder(lock: LockFile | null, now: number): LockHolder | null {
  const holder = holderOf(lock);
  if (holder === null) return null;
  if (holder.host === null) return processRuns(holder.pid) ? holder : null;
  return now - lock!.touched < FOREIGN_STALE_MS ? holder : null;
}

/** The live holder of the lock, or null: none, unreadable, or stale. */
export function runningHolder(file: string, now = Date.now()): LockHolder | null {
  return liveHolder(readLock(file), now);
}

const lockText = () => `${process.pid}\n${PLACE}\n`;

/** Errors of a file system without hard links (some network and FUSE mounts; whole-file.ts's exclusive writes too). */
export const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS']);

/** Writes `text` under another name and links it into place: false when the file is there already. */
function linkNew(file: string, text: string): boolean {
  // digits: the name whole-file.ts's removeTempFilesOf knows as a killed writer's part
  const temp = `${file}.${process.pid}-${Math.floor(Math.random() * 1_000_000)}.tmp`;
  try {
    // readable by all, as before: a process id is no secret
    fs.writeFileSync(temp, text, { mode: 0o644 });
    fs.linkSync(temp, file);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (NO_HARD_LINKS.has(String(code))) return createInPlace(file, text);
    throw error;
  } finally {
    fs.rmSync(temp, { force: true });
  }
}

/**
 * Without hard links: made in place ('wx' fails when it is there). A reader may meet it empty for a moment
 * and take it for stale; such a mount had no lock at all before (the server did not start there).
 */
function createInPlace(file: string, text: string): boolean {
  let fd: number;
  try {
    fd = fs.openSync(file, 'wx', 0o644);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    fs.writeFileSync(fd, text);
  } finally {
    fs.closeSync(fd);
  }
  return true;
}

/**
 * Makes the lock naming this process, or returns false when there is one already. Written whole under
 * another name and linked into place: a link fails when the lock is there, so of two processes starting at
 * once one gets it, and no one reads a lock without its id (a full disk leaves none behind).
 */
export function createLock(file: string): boolean {
  return linkNew(file, lockText());
}

/**
 * Removes a stale lock, as one process at a time: of two that found it stale at once, the second would
 * otherwise remove the first one's new lock and take it too. Under a guard (made as the lock is), the lock is
 * read again and removed only if it is still the stale one. False when another process is taking it over.
 */
export function removeStale(file: string, stale: LockFile): boolean {
  const guard = `${file}.takeover`;
  if (!linkNew(guard, lockText())) {
    const guardLock = readLock(guard);
    if (guardLock !== null && Date.now() - guardLock.touched > GUARD_STALE_MS) fs.rmSync(guard, { force: true });
    return false;
  }
  const ours = fs.statSync(guard).ino;
  try {
    // while the guard is held, no one else removes the stale lock; a new one can be linked only once it is gone
    const now = readLock(file);
    // gone already (removed by the one before): nothing to remove, and a removal now could hit a new lock
    if (now === null) return true;
    if (now.text !== stale.text || now.touched !== stale.touched) return false;
    fs.rmSync(file, { force: true });
    return true;
  } finally {
    // only our own guard: one a slower taker judged stale and replaced meanwhile is theirs
    if (fs.statSync(guard, { throwIfNoEntry: false })?.ino === ours) fs.rmSync(guard, { force: true });
  }
}

/**
 * Takes the lock for this process: null when taken, else the live process holding it. `ownIsStale`: a lock
 * naming this very process (of this place) is a previous run's with the same id (a restarted container's
 * server), not one it holds.
 */
/** Thrown when a stale lock could not be taken over in time: a takeover guard a killed process left, or a race. */
export class LockTakeoverTimeout extends Error {
  constructor(readonly file: string) {
    super(`${file}: takeover timed out`);
    this.name = 'LockTakeoverTimeout';
  }
}

export function takeLock(file: string, ownIsStale: boolean): LockHolder | null {
  // past a guard's staleness: a guard a taker killed mid-takeover left goes stale and is removed meanwhile
  // (20 tries of 2 ms gave up long before, with an English error)
  const deadline = Date.now() + GUARD_STALE_MS + 2_000;
  for (;;) {
    if (createLock(file)) return null;
    const lock = readLock(file);
    const holder = liveHolder(lock, Date.now());
    if (holder !== null && !(ownIsStale && namesThisProcess(lock))) return holder;
    if (Date.now() > deadline) throw new LockTakeoverTimeout(file);
    // stale (or gone meanwhile): removed by one process, and every one tries to take it again (a moment later
    // when another is removing it)
    if (lock !== null && !removeStale(file, lock)) sleepSync(2);
  }
}

/**
 * Touches the lock every 2 s while it names this process (another place judges it by that); returns the stop.
 * `onLost`: called once when the lock names another process (this one's loop was blocked past FOREIGN_STALE_MS
 * and another container took it), `onFailing` once when the beat cannot touch it (a read-only volume: other
 * places will take it for stale).
 */
export function keepFresh(file: string, report: { onLost?: (holder: LockHolder | null) => void; onFailing?: (error: unknown) => void } = {}): () => void {
  let lost = false;
  let failing = false;
  const timer = setInterval(() => {
    try {
      const lock = readLock(file);
      if (namesThisProcess(lock)) {
        const now = new Date();
        fs.utimesSync(file, now, now);
        failing = false;
      } else if (!lost) {
        lost = true;
        report.onLost?.(holderOf(lock));
      }
    } catch (error) {
      // the disk unreadable for a moment: the next beat tries again; said once
      if (!failing) report.onFailing?.(error);
      failing = true;
    }
  }, HEARTBEAT_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Whether the lock still names this process, touched now when it does (fresh for another place's look for
 * FOREIGN_STALE_MS): for a step that must not run once another process has taken the lock over.
 */
export function stillHeld(file: string): boolean {
  if (!namesThisProcess(readLock(file))) return false;
  const now = new Date();
  fs.utimesSync(file, now, now);
  return true;
}

/** Removes the lock if it names this process (a stale one another process took over stays theirs). */
export function removeOwnLock(file: string): void {
  if (namesThisProcess(readLock(file))) fs.rmSync(file, { force: true });
}
