// One server per DATA_DIR: the running server holds DATA_DIR/server.lock (its
// process id). A second server refuses to start on the same data, and a restore
// refuses to replace data a server is using. A lock whose process is gone (a
// crash, a power cut) is stale and taken over.
import fs from 'node:fs';
import path from 'node:path';

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

/** The process that holds the lock, or null when none (or only a stale one) does. */
export function lockHolder(dataDir: string): number | null {
  let text: string;
  try {
    text = fs.readFileSync(path.join(dataDir, LOCK_FILE), 'utf8');
  } catch {
    return null;
  }
  const pid = Number.parseInt(text, 10);
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  return processRuns(pid) ? pid : null;
}

/** Takes the lock for this process; throws DataInUseError when a live server holds it. Returns the release. */
export function acquireDataLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; ; attempt++) {
    try {
      // 'wx' creates only when absent: of two servers starting at once, one gets it
      const fd = fs.openSync(file, 'wx');
      try {
        fs.writeSync(fd, `${process.pid}\n`);
      } catch (error) {
        // a full disk: no empty lock left behind, which would name no holder
        try {
          fs.closeSync(fd);
        } finally {
          fs.rmSync(file, { force: true });
        }
        throw error;
      }
      fs.closeSync(fd);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 3) throw error;
      const holder = lockHolder(dataDir);
      if (holder !== null) throw new DataInUseError(holder, dataDir);
      // stale: its process is gone
      fs.rmSync(file, { force: true });
    }
  }
  return () => {
    try {
      if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.rmSync(file);
    } catch {
      // already gone
    }
  };
}
