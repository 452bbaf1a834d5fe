/// <reference lib="webworker" />
// Saved pages a new cache version changed (decision 056) are no longer answered from the page cache, but set
// aside in a cache of their own until each one's new copy is stored (decision 006): a fan whose network fails
// right after a publish (on weak data, the update bar's reload) gets the page they had, said to be outdated,
// instead of the offline page. Only a failed navigation reads them; a page stored afresh drops its old copy.

import { pagePath } from '../lib/pwa-cache-policy';

/** At most this many outdated copies (the page cache's bound): the oldest set aside go first. */
const OUTDATED_BOUND = 150;

/** The same stored answer, as far as its headers tell (a page stored afresh has another Date or ETag). */
function sameAnswer(a: Response, b: Response): boolean {
  return a.headers.get('date') === b.headers.get('date') && a.headers.get('etag') === b.headers.get('etag');
}

export class OutdatedPages {
  constructor(
    private readonly pagesCache: string,
    private readonly outdatedCache: string,
  ) {}

  /**
   * Moves the saved copies `which` picks from the page cache to the outdated one, one by one (a storage too
   * full for the copy keeps none of it: the page is forgotten, as before). Returns the moved pages' paths.
   */
  async setAside(which: (request: Request) => boolean): Promise<string[]> {
    if (!(await caches.has(this.pagesCache))) return [];
    const from = await caches.open(this.pagesCache);
    const to = await caches.open(this.outdatedCache);
    const moved: string[] = [];
    for (const request of await from.keys()) {
      if (!which(request)) continue;
      const copy = await from.match(request);
      // the copy is put before the saved one goes: a worker stopped between the two has two, not none
      if (copy) await to.put(request, copy.clone()).catch(() => undefined);
      // a page stored afresh meanwhile (fetched while this ran) stays, and the old copy goes instead
      const now = await from.match(request);
      if (copy && now && !sameAnswer(copy, now)) {
        await to.delete(request);
        continue;
      }
      await from.delete(request);
      moved.push(new URL(request.url).pathname);
    }
    const kept = await to.keys();
    for (const request of kept.slice(0, Math.max(0, kept.length - OUTDATED_BOUND))) await to.delete(request);
    return moved;
  }

  /** Deletes the saved and the outdated copies of these pages (their paths): removed from the site. */
  async drop(paths: Set<string>): Promise<void> {
    if (paths.size === 0) return;
    for (const name of [this.pagesCache, this.outdatedCache]) {
      if (!(await caches.has(name))) continue;
      const cache = await caches.open(name);
      for (const request of await cache.keys()) if (paths.has(pagePath(new URL(request.url).pathname))) await cache.delete(request);
    }
  }

  /** The outdated copy of the page at `key` (the page cache's key), if one is kept. */
  async copyOf(key: string): Promise<Response | undefined> {
    if (!(await caches.has(this.outdatedCache))) return undefined;
    return (await caches.open(this.outdatedCache)).match(key);
  }

  /** The page strategies' plugin: a page stored afresh drops its outdated copy. */
  readonly plugin = {
    cacheDidUpdate: async ({ request }: { request: Request }) => {
      if (await caches.has(this.outdatedCache)) await (await caches.open(this.outdatedCache)).delete(request);
    },
  };
}
