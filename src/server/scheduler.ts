// Jobs the server runs by itself on a schedule (the daily backup, the nightly
// republish of date-dependent pages; later the scheduled publishing of drafts). When each job runs next is stored in
// `scheduled_jobs`, so a restart neither repeats a job nor skips one: a job due
// while the server was down runs once at start. The clock is injectable, so a
// test moves time instead of waiting for it.
import { AsyncResource } from 'node:async_hooks';
import { eq } from 'drizzle-orm';
import type { Db } from './db/client';
import { scheduledJobs } from './db/schema';
import { write, writeIfPossible } from './db/write';
import { REAL_CLOCK, type Clock } from './clock';
import { nextViennaTimeAfter } from '../lib/dates-de';

export type Job = {
  name: string;
  run: () => Promise<void>;
  /**
   * When the job's data asks for a run (a scheduled news: its earliest publish or
   * unpublish time; null: none). start() and poke() bring the stored next run
   * forward to it, so a time set while the job waited, or while the server was
   * down, is not missed.
   */
  dueAt?: () => number | null;
} & (
  | {
      /** runs every so often, e.g. every 24 hours from its first run */
      everyMs: number;
      /** the first run of a job that never ran: this many ms after start (default: at once) */
      firstAfterMs?: number;
    }
  | {
      /** runs at times of the calendar: the next one after `time` (its first run too, unless `firstAtStart`) */
      nextRunAfter: (time: number) => number;
      /** the first run of a job that never ran: at once (a new install's first backup), then by the calendar */
      firstAtStart?: boolean;
    }
);

/**
 * Vienna time of the night's housekeeping (purges, retention, pruning): after the nightly republish, before
 * the backup (03:30, backup/daily.ts), never in a day's saves (run every 24 hours from the start, a start on a
 * Saturday afternoon put them into the match days').
 */
export const HOUSEKEEPING_TIME = '03:00';
export const nextHousekeepingAfter = (time: number): number => nextViennaTimeAfter(time, HOUSEKEEPING_TIME);

/** A job's last run as the scheduler would have stored it. */
export type JobOutcome = { lastRunAt: number; lastError: string | null };

// The last runs that could not be stored (the backup disk is the database's, and full: the failed backup's
// reason cannot go into scheduled_jobs either). Kept in memory until a later run is stored, so that the
// superadmin's header shows it; on globalThis, as the Astro bundle's actions load their own copy of this module.
const UNSTORED_KEY = Symbol.for('anstoss.scheduler.unstoredOutcomes');
const unstoredOutcomes: Map<string, JobOutcome> =
  ((globalThis as Record<symbol, unknown>)[UNSTORED_KEY] as Map<string, JobOutcome>) ?? new Map();
(globalThis as Record<symbol, unknown>)[UNSTORED_KEY] = unstoredOutcomes;

/** A job's last run in this process when it could not be stored; null when the stored one is the last. */
export function unstoredOutcome(name: string): JobOutcome | null {
  return unstoredOutcomes.get(name) ?? null;
}

/** When a job runs next after `time` (its last run ended then, or it is new and the server starts). */
function nextAfter(job: Job, time: number, isNew: boolean): number {
  if ('nextRunAfter' in job) return isNew && job.firstAtStart ? time : job.nextRunAfter(time);
  return time + (isNew ? (job.firstAfterMs ?? 0) : job.everyMs);
}

/**
 * The longest single wait: the timer runs on the machine's monotonic clock, which stands still while
 * the machine sleeps or its VM is paused, so a long wait would end late by as long; every minute the
 * scheduler looks at the wall clock again.
 */
const MAX_WAIT = 60_000;

/** A stored next run this much past the job's longest wait was stored while the clock ran ahead (nextRuns). */
const A_DAY_MS = 24 * 60 * 60_000;

/** The longest a job waits between runs: its interval, or a day for a calendar job (each runs at least daily). */
function longestWait(job: Job): number {
  return 'everyMs' in job ? Math.max(job.everyMs, job.firstAfterMs ?? 0) : A_DAY_MS;
}

export class Scheduler {
  private timer: unknown = null;
  private running: Promise<void> | null = null;
  private stopped = false;
  /** next runs that could not be stored (a full disk): the job waits for them all the same */
  private readonly unstored = new Map<string, number>();
  /** each new job's first run, as first counted */
  private readonly firstRuns = new Map<string, number>();
  /** every job has its row in `scheduled_jobs` (the start's register may fail on a disk error) */
  private registered = false;
  /**
   * The context the scheduler was made in (the server's start: no user). Its runs go in it: a timer set by a save's
   * poke carried that request's context, and every write of the runs after it (the scheduled news' flips, in their
   * history and in a colleague's 'geändert von' refusal) counted as the admin's who saved, until the next restart.
   */
  private readonly home = new AsyncResource('anstoss.scheduler');

  constructor(
    private readonly db: () => Db,
    private readonly jobs: Job[],
    private readonly clock: Clock = REAL_CLOCK,
    private readonly log: Pick<Console, 'info' | 'error'> = console,
  ) {}

  /** When each job runs next (the stored time, or the first run for a new job). */
  nextRuns(): Map<string, number> {
    const stored = new Map(this.db().select().from(scheduledJobs).all().map((row) => [row.name, row.nextRunAt]));
    const now = this.clock.now();
    // a new job's first run is counted once: one without a row (its register failed) would otherwise be
    // counted from each look's now, and a calendar job's never come
    const first = (job: Job) => this.firstRuns.get(job.name) ?? this.firstRuns.set(job.name, nextAfter(job, now, true)).get(job.name)!;
    // once stored, the row counts (a row deleted later is a new job again, counted from then)
    for (const name of stored.keys()) this.firstRuns.delete(name);
    // but one stored a day or more past the job's longest wait is due now: stored while the clock ran days ahead
    // (a bad hardware clock, a VM snapshot, a preview's ANSTOSS_CLOCK_START on the same data), it held the job,
    // the backup and the nightly republish among them, until that date once the clock was right again
    const storedRun = (job: Job) => {
      const time = stored.get(job.name);
      if (time === undefined) return first(job);
      return time > now + longestWait(job) + A_DAY_MS ? now : time;
    };
    return new Map(this.jobs.map((job) => [job.name, Math.max(storedRun(job), this.unstored.get(job.name) ?? -Infinity)]));
  }

  /**
   * Registers the jobs and arms the timer. Never throws: a database that cannot be read (a disk error) is
   * logged, and each look of the timer (at least one a minute) tries again; thrown at the end of the start's
   * publish, it ended the server.
   */
  start(): void {
    if (this.jobs.length === 0) return;
    this.register();
    this.arm();
  }

  /**
   * Stores each job's first run (a restart before it does not postpone it) and brings runs forward; until it
   * succeeds a job has no row, and a calendar job's next run counted from each look's now never came.
   */
  private register(): void {
    if (this.registered) return;
    try {
      const next = this.nextRuns();
      writeIfPossible('scheduler.register', () => {
        for (const job of this.jobs) {
          this.db().insert(scheduledJobs).values({ name: job.name, nextRunAt: next.get(job.name)! }).onConflictDoNothing().run();
        }
      }, this.db());
      this.registered = this.jobs.every((job) => this.db().select({ name: scheduledJobs.name }).from(scheduledJobs).where(eq(scheduledJobs.name, job.name)).get());
      this.bringForward();
    } catch (error) {
      this.log.error('[scheduler] the jobs could not be registered; tried again at the next look:', error);
    }
  }

  /**
   * The data of a job with `dueAt` changed (a news was scheduled): its next run
   * comes forward if the data asks for an earlier one, and the timer follows.
   */
  poke(): void {
    if (this.stopped) return;
    try {
      this.bringForward();
    } catch (error) {
      // the save that poked is stored: it is not refused for this; the timer's next look brings it forward
      this.log.error('[scheduler] a job could not be brought forward:', error);
    }
    // a running job re-arms when it ends, and reads the stored times then
    if (this.running || this.timer === null) return;
    this.clock.clearTimeout(this.timer);
    this.timer = null;
    this.arm();
  }

  /** Stores an earlier next run for each job whose data is due sooner than it would run. */
  private bringForward(): void {
    const next = this.nextRuns();
    for (const job of this.jobs) {
      const due = job.dueAt?.() ?? null;
      if (due === null || due >= next.get(job.name)!) continue;
      this.unstored.delete(job.name);
      writeIfPossible(`scheduler.${job.name}.due`, () => {
        this.db().update(scheduledJobs).set({ nextRunAt: due }).where(eq(scheduledJobs.name, job.name)).run();
      }, this.db());
    }
  }

  /** Resolves when no job is running (tests, and a caller that wants to wait for a run). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /**
   * No new runs; waits up to `waitMs` for a running job to finish. A job cut
   * short by the exit must leave nothing half done (a backup writes under a
   * temporary name); its next run is still due and comes at the next start.
   */
  async stop(waitMs = 5_000): Promise<void> {
    this.stopped = true;
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
    if (!this.running) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.running, new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)))]);
    clearTimeout(timer);
  }

  /**
   * Sets the timer for the soonest run. A read that fails (a disk error) waits the longest wait and looks again:
   * thrown here, in a timer's callback, it ended the server, or (under Astro's handler of unhandled rejections)
   * left the scheduler without a timer until the next start: no backup, no scheduled news.
   */
  private arm(): void {
    if (this.stopped) return;
    let wait = MAX_WAIT;
    try {
      const soonest = Math.min(...this.nextRuns().values());
      wait = Math.max(0, Math.min(MAX_WAIT, soonest - this.clock.now()));
    } catch (error) {
      this.log.error('[scheduler] the next runs could not be read; looked at again in a minute:', error);
    }
    const run = () => {
      this.timer = null;
      this.register();
      this.running = this.runDue()
        .catch((error: unknown) => this.log.error('[scheduler] the due jobs could not be run:', error))
        .finally(() => {
          this.running = null;
          this.arm();
        });
    };
    this.timer = this.clock.setTimeout(() => this.home.runInAsyncScope(run), wait);
  }

  /** Runs every job that is due, one after the other, and stores when each runs next. */
  async runDue(): Promise<void> {
    const next = this.nextRuns();
    for (const job of this.jobs) {
      if (this.stopped || next.get(job.name)! > this.clock.now()) continue;
      let error: string | null = null;
      // the next run is counted from the run's start: counted from its end, what came due while it ran (a
      // news planned a minute after the one it published, behind a whole-site publish) waited for the next
      // turn after that (an hour for the news)
      const started = this.clock.now();
      try {
        await job.run();
      } catch (failure) {
        error = failure instanceof Error ? failure.message : String(failure);
        this.log.error(`[scheduler] ${job.name}: ${error}`);
      }
      const finished = this.clock.now();
      const nextRun = nextAfter(job, started, false);
      // a job that failed waits for its next turn too: a broken backup disk is not tried every second.
      // Inserted when its row is missing (the start could not register it): an update of no row left the
      // job new, and so due, again at once
      try {
        const outcome = { lastRunAt: finished, nextRunAt: nextRun, lastError: error };
        write(`scheduler.${job.name}`, () =>
          this.db()
            .insert(scheduledJobs)
            .values({ name: job.name, ...outcome })
            .onConflictDoUpdate({ target: scheduledJobs.name, set: outcome })
            .run(),
          this.db(),
        );
        this.unstored.delete(job.name);
        unstoredOutcomes.delete(job.name);
      } catch (failure) {
        // kept here instead: with the stored time still past, the job ran again at once, without end
        this.unstored.set(job.name, nextRun);
        unstoredOutcomes.set(job.name, { lastRunAt: finished, lastError: error });
        this.log.error(`[scheduler] ${job.name}: next run not stored:`, failure);
      }
    }
  }
}
