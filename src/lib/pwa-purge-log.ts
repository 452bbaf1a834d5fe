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

/** A function that records one purge, true when it was written; its records are written in the order asked for. */
export function purgeLog(store: MetaStore, key: string, now: () => Date = () => new Date()): (cache: string, reason: string) => Promise<boolean> {
  let recording: Promise<boolean> = Promise.resolve(true);
  return (cache, reason) => {
    recording = recording.then(async () => {
      try {
        const earlier = await store.read(key);
        const entry: PurgeEntry = { cache, reason, at: now().toISOString() };
        await store.write(key, [entry, ...(Array.isArray(earlier) ? earlier : [])].slice(0, PURGES_KEPT));
        return true;
      } catch {
        // a full storage cannot take the record either: the purge goes on
        return false;
      }
    });
    return recording;
  };
}
