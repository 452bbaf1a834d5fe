// The service worker's log of emptied caches (which cache, why, when), kept in
// its meta cache, newest first. Two purges can come at once (a new cache version
// and workbox's answer to a quota error) and each reads the list, adds its entry
// and writes it back: run side by side, the second write would drop the first
// entry. So the records are written one after the other.

/** Where the worker keeps its own JSON values (its meta cache). */
export type MetaStore = {
  read: (key: string) => Promise<unknown>;
  write: (key: string, value: unknown) => Promise<void>;
};

export type PurgeEntry = { cache: string; reason: string; at: string };

/** the purges the log keeps, newest first */
export const PURGES_KEPT = 10;

/**
 * Records one purge; true when it is written. A record the storage refused (it is full: the purge is what makes
 * room, and Chromium may count the emptied cache's bytes a while longer) is kept and written with the next
 * record or `flush`, in its place in the order: the log says why the saved pages went even when the write
 * right after the purge failed. Kept in memory only: a worker stopped before a write succeeds loses it.
 */
export type PurgeRecorder = ((cache: string, reason: string) => Promise<boolean>) & {
  /** writes the records kept from refused writes; true when none is left (also when there was none) */
  flush: () => Promise<boolean>;
};

/** A recorder whose records are written in the order asked for. */
export function purgeLog(store: MetaStore, key: string, now: () => Date = () => new Date()): PurgeRecorder {
  let recording: Promise<boolean> = Promise.resolve(true);
  /** refused records, newest first */
  let unwritten: PurgeEntry[] = [];
  const write = (entry?: PurgeEntry) => {
    recording = recording.then(async () => {
      const waiting = entry ? [entry, ...unwritten] : unwritten;
      if (waiting.length === 0) return true;
      try {
        const earlier = await store.read(key);
        await store.write(key, [...waiting, ...(Array.isArray(earlier) ? earlier : [])].slice(0, PURGES_KEPT));
        unwritten = [];
        return true;
      } catch {
        // a full storage cannot take the record either: the purge goes on, the record waits
        unwritten = waiting.slice(0, PURGES_KEPT);
        return false;
      }
    });
    return recording;
  };
  return Object.assign((cache: string, reason: string) => write({ cache, reason, at: now().toISOString() }), { flush: () => write() });
}
