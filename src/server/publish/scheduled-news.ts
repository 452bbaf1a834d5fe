// Scheduled news (issue 15, docs/decisions/030): a job of the same scheduler as
// the nightly republish. It runs at the earliest stored publish or unpublish
// time, flips `published` of the news that are due, clears the times it used
// and republishes their pages. Its next run is stored like every job's, so a
// restart keeps the plan, and a time that passed while the server was down is
// due at the next start (the scheduler's `dueAt`).
import type { Db } from '../db/client';
import type { Job } from '../scheduler';
import { applyDueNewsSchedules, earliestNewsSchedule, nextNewsScheduleAfter } from '../services/admin/news';
import type { Change } from './routes';

export const SCHEDULED_NEWS_JOB = 'scheduled-news';

/**
 * Without any plan the job still looks every hour: a time that reached the
 * database without a save's poke (a restored version) is published at most an
 * hour late.
 */
export const SCHEDULED_NEWS_FALLBACK_MS = 60 * 60 * 1000;

export function scheduledNewsJob(options: {
  db: () => Db;
  /** the scheduler's clock: a due time is measured against the same time the job was armed with */
  now: () => number;
  publish: (changes: Change[]) => Promise<unknown>;
  log?: Pick<Console, 'info'>;
}): Job {
  const { db, now, publish, log = console } = options;
  return {
    name: SCHEDULED_NEWS_JOB,
    dueAt: () => earliestNewsSchedule(db()),
    nextRunAfter: (time) => Math.min(nextNewsScheduleAfter(time, db()) ?? Infinity, time + SCHEDULED_NEWS_FALLBACK_MS),
    run: async () => {
      const { published, unpublished, changes } = applyDueNewsSchedules(now(), db());
      if (changes.length === 0) return;
      log.info(`[schedule] ${published.length} news published, ${unpublished.length} taken off as planned`);
      await publish(changes);
    },
  };
}

// Saves run in the Astro bundle, which loads its own copy of this module: the
// server's poke is kept on globalThis, as the publish queue is (decision 002).
const KEY = Symbol.for('anstoss.newsSchedulePoke');
type Holder = Record<symbol, (() => void) | undefined>;

/** The running server registers how a save reaches its scheduler (undefined at its stop). */
export function registerNewsSchedulePoke(poke: (() => void) | undefined): void {
  (globalThis as unknown as Holder)[KEY] = poke;
}

/**
 * A news' times were saved: the scheduler looks again when it runs next, so a
 * news planned for a minute ahead is published in a minute, not at the next
 * fallback run. Nothing happens where no server runs (a script, a test).
 */
export function pokeNewsSchedule(): void {
  (globalThis as unknown as Holder)[KEY]?.();
}
