// One server per DATA_DIR: the running server holds DATA_DIR/server.lock (its
// process, pid-file.ts). A second server refuses to start on the same data, and
// a restore or an import refuses to replace data a server is using. A lock whose
// process is gone (a crash, a power cut) is stale and taken over.
import fs from 'node:fs';
import path from 'node:path';
import { FOREIGN_STALE_MS, holderName, keepFresh, removeOwnLock, runningHolder, sleepSync, takeLock, type LockHolder } from './pid-file';

export const LOCK_FILE = 'server.lock';

export const LOCK_TEXTS = {
  inUse: (holder: string, dataDir: string) => `Ein Anstoss-Server (${holder}) nutzt die Daten in ${dataDir}. Bitte zuerst den Server stoppen.`,
};

export class DataInUseError extends Error {
  readonly pid: number;
  constructor(holder: LockHolder, dataDir: string) {
    super(LOCK_TEXTS.inUse(holderName(holder), dataDir));
    this.name = 'DataInUseError';
    this.pid = holder.pid;
  }
}

/** The process that holds the lock, or null when none (or only a stale one, or this one's) does. */
export function lockHolder(dataDir: string): number | null {
  const holder = runningHolder(path.join(dataDir, LOCK_FILE));
  return holder === null || (holder.host === null && holder.pid === process.pid) ? null : holder.pid;
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
  for (;;) {
    // a lock naming this process's id is a previous run's: this one has not taken it yet
    const holder = takeLock(file, true);
    if (holder === null) break;
    if (holder.host === null || Date.now() >= deadline) throw new DataInUseError(holder, dataDir);
    sleepSync(250);
  }
  const stopBeating = keepFresh(file);
  return () => {
    stopBeating();
    removeOwnLock(file);
  };
}
