// One server per DATA_DIR: the running server holds DATA_DIR/server.lock (its
// process, pid-file.ts). A second server refuses to start on the same data, and
// a restore or an import refuses to replace data a server is using. A lock whose
// process is gone (a crash, a power cut) is stale and taken over.
import fs from 'node:fs';
import path from 'node:path';
import { FOREIGN_STALE_MS, holderName, keepFresh, LockTakeoverTimeout, removeOwnLock, runningHolder, sleepSync, stillHeld, takeLock, type LockHolder } from './pid-file';
import { removeTempFilesOf } from './whole-file';

export const LOCK_FILE = 'server.lock';

export const LOCK_TEXTS = {
  inUse: (holder: string, dataDir: string) => `Ein Anstoss-Server (${holder}) nutzt die Daten in ${dataDir}. Bitte zuerst den Server stoppen.`,
  notTaken: (file: string, reason: string) =>
    `Die Sperrdatei ${file} konnte nicht angelegt werden (${reason}). Ohne sie könnten zwei Prozesse dieselben Daten ändern; es wurde nichts verändert.`,
  takeoverTimedOut: 'eine verwaiste Sperre wird gerade von einem anderen Prozess übernommen; bitte in einigen Sekunden erneut versuchen',
  lost: (file: string, holder: string) =>
    `Die Sperre ${file} nennt nicht mehr diesen Prozess, sondern ${holder}: dieser Prozess stand länger als ${FOREIGN_STALE_MS / 1000} Sekunden still, und ein anderer Container hat sie übernommen. Bitte einen der beiden beenden.`,
  beatFailing: (file: string, reason: string) =>
    `Die Sperre ${file} kann nicht aufgefrischt werden (${reason}): ein Prozess in einem anderen Container hält sie sonst nach ${FOREIGN_STALE_MS / 1000} Sekunden für verwaist.`,
};

/** The lock could not be made at all (no rights, a full disk, a takeover that did not end). */
export class DataLockError extends Error {
  constructor(file: string, cause: unknown) {
    const code = (cause as NodeJS.ErrnoException)?.code;
    super(LOCK_TEXTS.notTaken(file, cause instanceof LockTakeoverTimeout ? LOCK_TEXTS.takeoverTimedOut : code ? `${code}` : String(cause)), { cause });
    this.name = 'DataLockError';
  }
}

export class DataInUseError extends Error {
  readonly pid: number;
  constructor(holder: LockHolder, dataDir: string) {
    super(LOCK_TEXTS.inUse(holderName(holder), dataDir));
    this.name = 'DataInUseError';
    this.pid = holder.pid;
  }
}

/**
 * Whether this process still holds DATA_DIR's lock (and it is fresh from now): a long step without a turn of
 * the event loop (a restore's fsync of every unpacked file on slow storage) lets the heartbeat lapse, and a
 * server in another container may have taken the data over meanwhile.
 */
export function stillHoldsDataLock(dataDir: string): boolean {
  try {
    return stillHeld(path.join(dataDir, LOCK_FILE));
  } catch {
    return false;
  }
}

/** The process that holds the lock, or null when none (or only a stale one, or this one's) does. */
export function lockHolder(dataDir: string): number | null {
  return dataInUseNow(dataDir)?.pid ?? null;
}

/**
 * The refusal taking the lock would meet now, or null: a look, no lock taken. A command says it before a build
 * of tens of seconds (which empties `dist/` under a running server), then takes the lock after it.
 */
export function dataInUseNow(dataDir: string): DataInUseError | null {
  const holder = runningHolder(path.join(dataDir, LOCK_FILE));
  return holder === null || (holder.host === null && holder.pid === process.pid) ? null : new DataInUseError(holder, dataDir);
}

/**
 * Takes the lock for this process; throws DataInUseError when a live server holds it. Returns the release.
 * A lock of another container or machine is watched for up to 7.5 s: a container restarted after a crash
 * finds its own previous run's lock there (a new PID namespace), which goes stale within that time.
 */
export function acquireDataLock(dataDir: string, waitForForeignMs = FOREIGN_STALE_MS + 500): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const deadline = Date.now() + waitForForeignMs;
  // a part a killed taker left beside the lock
  removeTempFilesOf(file);
  for (;;) {
    // a lock naming this process's id is a previous run's: this one has not taken it yet
    let holder: LockHolder | null;
    try {
      holder = takeLock(file, true);
    } catch (error) {
      throw new DataLockError(file, error);
    }
    if (holder === null) break;
    if (holder.host === null || Date.now() >= deadline) throw new DataInUseError(holder, dataDir);
    sleepSync(250);
  }
  const stopBeating = keepFresh(file, {
    onLost: (holder) => console.error(`[lock] ${LOCK_TEXTS.lost(file, holder ? holderName(holder) : 'keinen Prozess')}`),
    onFailing: (error) => console.error(`[lock] ${LOCK_TEXTS.beatFailing(file, (error as NodeJS.ErrnoException)?.code ?? String(error))}`),
  });
  return () => {
    stopBeating();
    removeOwnLock(file);
  };
}
