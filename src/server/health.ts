// What /healthz answers (docs/operations.md): 200 only when the database can be
// read and written and DATA_DIR has room; otherwise 503 with a short reason, so
// that a process manager or load balancer sees a server that would refuse saves.
import fs from 'node:fs';
import type { Db } from './db/client';
import { numberSetting } from './number-settings';
import { siteSettings } from './db/schema';
import { lastWriteFailure, lastWriteSuccessAt, write, STORAGE_TEXTS } from './db/write';

export type Health = { ok: true } | { ok: false; reason: string };

/** Below this much free space in DATA_DIR the server reports itself unhealthy (HEALTH_MIN_FREE_MB, default 100). */
export const DEFAULT_MIN_FREE_MB = 100;

export function minFreeBytes(env: NodeJS.ProcessEnv = process.env): number {
  return numberSetting('HEALTH_MIN_FREE_MB', DEFAULT_MIN_FREE_MB, env) * 1024 * 1024;
}

export function freeBytes(dir: string): number | null {
  try {
    const stats = fs.statfsSync(dir);
    return stats.bavail * stats.bsize;
  } catch {
    return null;
  }
}

/**
 * Without a save for this long, /healthz makes a small write itself: a database
 * that cannot be written from the start (a read-only mount, a full disk after a
 * quiet night) is reported before an admin's save is refused, not after.
 */
export const PROBE_EVERY_MS = 10_000;

export type HealthOptions = {
  db: () => Db;
  dataDir: string;
  minFreeBytes: number;
  now?: number;
  /** room on DATA_DIR's disk the server gives back by itself: the old versions of replaced pages (decision 046); may stop counting at `enough` */
  reclaimableBytes?: (enough: number) => number;
};

export function checkHealth(options: HealthOptions): Health {
  const now = options.now ?? Date.now();
  let db: Db;
  try {
    db = options.db();
    db.$client.prepare('SELECT 1 AS ok').get();
  } catch {
    return { ok: false, reason: 'Datenbank nicht lesbar' };
  }
  // after a refused write, or without any write for a while, a small real write tells
  // whether the database takes writes
  if (lastWriteFailure() || now - lastWriteSuccessAt() >= PROBE_EVERY_MS) {
    try {
      write('health.probe', (tx) => {
        tx.insert(siteSettings)
          .values({ key: 'health_probe', value: new Date().toISOString() })
          .onConflictDoUpdate({ target: siteSettings.key, set: { value: new Date().toISOString() } })
          .run();
      }, db);
    } catch {
      const failure = lastWriteFailure();
      return { ok: false, reason: `Datenbank nicht beschreibbar: ${failure ? STORAGE_TEXTS[failure.reason].replace(/^Speichern fehlgeschlagen: /, '') : 'unbekannter Fehler'}` };
    }
  }
  const free = freeBytes(options.dataDir);
  // a big publish job (a footer change) keeps its replaced pages' old versions until it is over: that
  // room comes back by itself, and a balancer must not take the server out for it. Counted only when short.
  const short = free !== null && free < options.minFreeBytes;
  if (short && free + (options.reclaimableBytes?.(options.minFreeBytes - free) ?? 0) < options.minFreeBytes) {
    const mb = (bytes: number) => Math.floor(bytes / (1024 * 1024));
    return { ok: false, reason: `Speicherplatz fast voll: ${mb(free)} MB frei (Minimum ${mb(options.minFreeBytes)} MB)` };
  }
  return { ok: true };
}
