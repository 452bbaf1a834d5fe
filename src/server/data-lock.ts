// One server per DATA_DIR: the running server holds DATA_DIR/server.lock (its
// process id). A second server refuses to start on the same data, and a restore
// refuses to replace data a server is using. A lock whose process is gone (a
// crash, a power cut) is stale and taken over.
import fs from 'node:fs';
import path from 'node:path';
import { createLock, removeOwnLock, runningHolder } from './pid-file';

export const LOCK_FILE = 'server.lock';

export const LOCK_TEXTS = {
  inUse: (pid: number, dataDir: string) =>
    `Ein Anstoss-Server (Prozess ${pid}) nutzt die Daten in ${dataDir}. Bitte zuerst den Server stoppen.`,
};

export class DataInUseError extends Error {
  constructor(
    readonly pid: number,
    dataDir: string,
  ) {
    super(LOCK_TEXTS.inUse(pid, dataDir));
    this.name = 'DataInUseError';
  }
}

/** The process that holds the lock, or null when none (or only a stale one, or this one's) does. */
export function lockHolder(dataDir: string): number | null {
  const pid = runningHolder(path.join(dataDir, LOCK_FILE));
  return pid === process.pid ? null : pid;
}

/** Takes the lock for this process; throws DataInUseError when a live server holds it. Returns the release. */
export function acquireDataLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  // of two servers starting at once, one gets it
  for (let attempt = 0; !createLock(file); attempt++) {
    const holder = lockHolder(dataDir);
    if (holder !== null) throw new DataInUseError(holder, dataDir);
    if (attempt >= 3) throw new Error(`${file} could not be taken`);
    // stale: its process is gone
    fs.rmSync(file, { force: true });
  }
  return () => removeOwnLock(file);
}
