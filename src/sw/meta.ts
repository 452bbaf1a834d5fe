/// <reference lib="webworker" />
// What the worker keeps for itself in its meta cache (the version it knows, its purge log): small JSON
// values under fixed keys, read and written by the worker only.
import { CACHES } from '../lib/pwa-protocol';
import { purgeLog } from '../lib/pwa-purge-log';

const PURGES_KEY = '/__anstoss/purges';

/** A JSON value this worker keeps for itself in the meta cache (undefined: none, or not JSON). */
export async function readMeta(key: string): Promise<unknown> {
  const stored = await (await caches.open(CACHES.meta)).match(key);
  return stored ? stored.json().catch(() => undefined) : undefined;
}

export async function writeMeta(key: string, value: unknown): Promise<void> {
  await (await caches.open(CACHES.meta)).put(key, new Response(JSON.stringify(value), { headers: { 'content-type': 'application/json' } }));
}

/** Records a purge of a cache with its reason (src/lib/pwa-purge-log.ts). */
export const recordPurge = purgeLog({ read: readMeta, write: writeMeta }, PURGES_KEY);
