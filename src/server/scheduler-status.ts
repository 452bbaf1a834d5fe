// Which scheduled jobs failed at their last run, for the superadmin's header (lib/job-status.ts). The daily
// backup has a note of its own (backup/daily.ts dailyBackupStatus), so it is left out here.
import type { Db } from './db/client';
import { DAILY_BACKUP_JOB } from './backup/daily';
import { unstoredOutcome } from './scheduler';
import type { JobFailure } from '../lib/job-status';

// the jobs the server's scheduler runs, set by app.ts; on globalThis, as the Astro bundle's actions load their
// own copy of this module (as scheduler.ts keeps its unstored outcomes)
const RUNNING_KEY = Symbol.for('anstoss.scheduler.runningJobs');
const holder = globalThis as Record<symbol, readonly string[] | undefined>;

/** Names the jobs this server's scheduler runs (app.ts, when it makes the scheduler). */
export function registerRunningJobs(names: readonly string[]): void {
  holder[RUNNING_KEY] = [...names];
}

/** The jobs this server's scheduler runs; none in a process without one (a script). */
export function runningJobs(): readonly string[] {
  return holder[RUNNING_KEY] ?? [];
}

/** How much of a job's error the header shows (the log has it whole). */
const SHOWN_CHARS = 300;

/**
 * The jobs whose last run failed, as the scheduler stored them, or as it kept them when the database could
 * not take the outcome (a full disk: newer than the row). Only jobs this server runs: a row of a job since
 * renamed or switched off says nothing about today.
 */
export function failedJobs(db: Db, running: readonly string[] = runningJobs()): JobFailure[] {
  const rows = db.$client.prepare('SELECT name, last_run_at, last_error FROM scheduled_jobs').all() as { name: string; last_run_at: number | null; last_error: string | null }[];
  const stored = new Map(rows.map((row) => [row.name, row]));
  const failures: JobFailure[] = [];
  for (const job of running) {
    if (job === DAILY_BACKUP_JOB) continue;
    const kept = unstoredOutcome(job);
    const last = kept ? { lastRunAt: kept.lastRunAt, error: kept.lastError } : { lastRunAt: stored.get(job)?.last_run_at ?? null, error: stored.get(job)?.last_error ?? null };
    if (!last.error) continue;
    const error = last.error.length > SHOWN_CHARS ? `${last.error.slice(0, SHOWN_CHARS)}…` : last.error;
    failures.push({ job, lastRunAt: last.lastRunAt, error: /[.!?…]$/.test(error) ? error : `${error}.` });
  }
  return failures;
}
