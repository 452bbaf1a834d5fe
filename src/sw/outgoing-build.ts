/// <reference lib="webworker" />
// The build before's scripts and styles, kept for its saved pages (docs/decisions/006, 070). A new build's worker
// drops the files its manifest no longer has from the precache when it activates (workbox's cleanup). Saved pages
// of that build still name them, and are forgotten only once the worker's version check sees the new publish: a
// check that failed just then (weak data), or ran before the new server's first publish had raised the version
// (it starts answering before; a static host gets `sw.js` before the pages), left them saved and without their
// styles offline. The server keeps those files 14 days (earlier-builds), but offline only the worker's caches count.
import { CacheExpiration } from 'workbox-expiration';
import type { PrecacheEntry } from 'workbox-precaching';

/** workbox's own precache's name begins so */
const PRECACHE_PREFIX = 'workbox-precache';
const REVISION_PARAMETER = '__WB_REVISION__';

/**
 * Copies the build before's hashed files (`/_astro/`) that the incoming manifest does not have from the precache
 * into the build files' cache `into` (cache-first), counted by its bound like the files it stores itself, so they
 * go as it fills. Called at install, before the activation's clean-up deletes them.
 */
export async function keepOutgoingBuildFiles(incoming: (PrecacheEntry | string)[], into: string, bound: { maxEntries: number }, base: string): Promise<number> {
  const incomingUrls = new Set(incoming.map((entry) => new URL(typeof entry === 'string' ? entry : entry.url, base).href));
  const kept = await caches.open(into);
  const expiration = new CacheExpiration(into, bound);
  let copied = 0;
  for (const name of await caches.keys()) {
    if (!name.startsWith(PRECACHE_PREFIX)) continue;
    const precache = await caches.open(name);
    for (const request of await precache.keys()) {
      const url = new URL(request.url);
      url.searchParams.delete(REVISION_PARAMETER);
      if (!url.pathname.startsWith('/_astro/') || incomingUrls.has(url.href) || (await kept.match(url.href))) continue;
      const response = await precache.match(request);
      if (!response) continue;
      await kept.put(url.href, response);
      await expiration.updateTimestamp(url.href);
      copied += 1;
    }
  }
  if (copied > 0) await expiration.expireEntries();
  return copied;
}
