/// <reference lib="webworker" />
// The service worker's caches with a bound (workbox's ExpirationPlugin), whose every purge is recorded, and
// its answer to a full storage (src/sw.ts; docs/decisions/006).
import { registerQuotaErrorCallback } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import type { PurgeRecorder } from '../lib/pwa-purge-log';

/** A quota purge's record is tried this often, half a second apart (see purgeForQuota). */
const RECORD_TRIES = 40;

/**
 * A fan's saved pages that vanish should say why: each purge of a cache is recorded in the meta cache (which
 * cache, why, when). Two things purge: a new cache version (the page cache, `purge`), and a quota error (the
 * cheapest cache that holds anything, `purgeForQuota`). Both delete the cache itself as well: workbox's
 * `deleteCacheAndMetadata` deletes only the caches the plugin has read or written since the worker started,
 * so in a worker just woken it deleted nothing.
 */
export class RecordedExpiration extends ExpirationPlugin {
  constructor(
    private readonly cache: string,
    private readonly record: PurgeRecorder,
    config: ConstructorParameters<typeof ExpirationPlugin>[0],
  ) {
    super(config);
  }

  /** Empties the cache for a reason of ours. */
  async purge(reason: string): Promise<void> {
    await this.record(this.cache, reason);
    await this.emptyAndDelete();
  }

  /**
   * Deletes the cache's entries one by one, then the cache. Chromium frees an entry's bytes as it is deleted,
   * but a deleted cache's only when its last handle is collected (the strategies' and ours, in this worker's
   * heap): a full storage stayed full for as long as that took, the next pages and the purge's record refused.
   */
  private async emptyAndDelete(): Promise<void> {
    if (await caches.has(this.cache)) {
      const cache = await caches.open(this.cache);
      for (const request of await cache.keys()) await cache.delete(request);
    }
    await super.deleteCacheAndMetadata();
    await caches.delete(this.cache);
  }

  /** Whether the cache holds anything to free. */
  async holdsAny(): Promise<boolean> {
    if (!(await caches.has(this.cache))) return false;
    return (await (await caches.open(this.cache)).keys()).length > 0;
  }

  /**
   * Empties the cache for a quota error. The record comes after the cache is emptied: before it, the storage
   * is full and the record was refused like the page. A browser may count the freed bytes a while longer
   * (Chromium did for a cache deleted whole, see emptyAndDelete), so a refused record is tried again for up to
   * twenty seconds (the worker is kept alive for it by the write that failed), and after that with the
   * worker's next page (`flush`).
   */
  async purgeForQuota(): Promise<void> {
    await this.emptyAndDelete();
    let written = await this.record(this.cache, 'quota error');
    for (let tries = 1; !written && tries < RECORD_TRIES; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      written = await this.record.flush();
    }
  }
}

/** One purge a minute at most (freeSpaceOnQuotaError). */
const QUOTA_PURGE_PAUSE_MS = 60_000;

/**
 * A full storage (a QuotaExceededError on a write). Workbox's own answer (purgeOnQuotaError) emptied every
 * cache with an expiration plugin: a fan lost the saved pages that make the site work offline for the sake
 * of one photo. This frees the first of `cheapestFirst` that holds anything: the images (fetched again when
 * seen), else the build files outside the precache, and the saved pages only when nothing else is left. The
 * write that failed is not tried again. The writes right after a purge may fail too (a browser that counts the
 * freed bytes late; Chromium did for a cache deleted whole): without a pause each would free the next cache,
 * the saved pages within a second.
 */
export function freeSpaceOnQuotaError(cheapestFirst: RecordedExpiration[]): void {
  let lastPurge = -Infinity;
  registerQuotaErrorCallback(async () => {
    if (Date.now() - lastPurge < QUOTA_PURGE_PAUSE_MS) return;
    lastPurge = Date.now();
    for (const expiration of cheapestFirst) {
      if (!(await expiration.holdsAny())) continue;
      await expiration.purgeForQuota();
      return;
    }
  });
}
