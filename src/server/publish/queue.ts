// The publish queue: one publish job at a time, saves that arrive meanwhile
// merged into the next, failed pages retried when due (split from publisher.ts,
// which renders and writes the pages of a job).
import { REAL_CLOCK, type Clock } from '../clock';
import { retryDelay } from './pending';
import type { Publisher } from './publisher';
import type { PublishReport } from './publish-report';
import type { Change } from './routes';

type Job = {
  all: boolean;
  changes: Change[];
  urls: string[];
  waiters: { resolve: (r: PublishReport) => void; reject: (e: unknown) => void }[];
  /** how often this job failed as a whole before */
  attempts: number;
};

/**
 * Single-flight queue: one publish runs at a time. Changes that arrive while it
 * runs, or in the same tick, are merged into the next job.
 */
export class PublishQueue {
  private pending: Job | null = null;
  private running: Promise<void> | null = null;
  private scheduled = false;
  private retryTimer: unknown = null;
  private retryAt = Infinity;
  /** timers of jobs that failed as a whole, each trying its job again */
  private readonly failedJobTimers = new Set<unknown>();
  private closed = false;
  readonly listeners = new Set<(report: PublishReport) => void>();

  constructor(
    private readonly publisher: Publisher,
    private readonly timers: Clock = REAL_CLOCK,
  ) {}

  /** Pages waiting for a retry (0 without a pending set). */
  get pendingCount(): number {
    return this.publisher.pending?.count ?? 0;
  }

  /** No more retries (a stop): what runs finishes, nothing new starts by itself. */
  close(): void {
    this.closed = true;
    if (this.retryTimer !== null) this.timers.clearTimeout(this.retryTimer);
    this.retryTimer = null;
    for (const timer of this.failedJobTimers) this.timers.clearTimeout(timer);
    this.failedJobTimers.clear();
  }

  /** An admin is at work: the next publish should not wait for code to load (resolves when ready). */
  async prewarm(): Promise<void> {
    try {
      await this.publisher.prewarm();
    } catch (error) {
      console.warn('[publish] could not prepare the renderer:', error);
    }
  }

  enqueue(changes: Change[] | 'all' | { urls: string[] }): Promise<PublishReport> {
    return new Promise((resolve, reject) => {
      const job = this.nextJob();
      if (changes === 'all') job.all = true;
      else if ('urls' in changes) job.urls.push(...changes.urls);
      else job.changes.push(...changes);
      job.waiters.push({ resolve, reject });
      this.schedule();
    });
  }

  /** The job that runs next, which saves and retries arriving now join. */
  private nextJob(): Job {
    return (this.pending ??= { all: false, changes: [], urls: [], waiters: [], attempts: 0 });
  }

  /** Resolves when nothing is queued or running. */
  async idle(): Promise<void> {
    while (this.running || this.pending) await (this.running ?? new Promise((r) => setImmediate(r)));
  }

  private schedule() {
    if (this.scheduled || this.running) return;
    this.scheduled = true;
    // setImmediate lets a synchronous burst of saves join one job
    setImmediate(() => {
      this.scheduled = false;
      this.runNext();
    });
  }

  private runNext() {
    const job = this.pending;
    if (!job || this.running) return;
    this.pending = null;
    this.running = (async () => {
      try {
        const report = job.all
          ? await this.publisher.publishAll()
          : await this.publisher.publishChanges(dedupe(job.changes), job.urls);
        for (const listener of this.listeners) listener(report);
        for (const w of job.waiters) w.resolve(report);
      } catch (error) {
        for (const w of job.waiters) w.reject(error);
        this.retryFailedJob(job, error);
      } finally {
        this.running = null;
        if (this.pending) this.schedule();
        else this.scheduleRetry();
      }
    })();
  }

  /**
   * A job that failed as a whole (its plan could not be read from the database, say) had no page to
   * mark pending: its changes are saved but would not be published until the next start. It is tried
   * again, with the pages' back-off (pending.ts), until it runs; the next start publishes everything anyway.
   */
  private retryFailedJob(job: Job, error: unknown): void {
    if (this.closed) return;
    const attempts = job.attempts + 1;
    const delay = retryDelay(attempts);
    console.error(`[publish] a publish job failed; tried again in ${Math.round(delay / 1000)} s:`, error);
    const timer = this.timers.setTimeout(() => {
      this.failedJobTimers.delete(timer);
      if (this.closed) return;
      const next = this.nextJob();
      next.all ||= job.all;
      next.changes.push(...job.changes);
      next.urls.push(...job.urls);
      next.attempts = Math.max(next.attempts, attempts);
      this.schedule();
    }, delay);
    this.failedJobTimers.add(timer);
  }

  /** Pages that failed are tried again when due, until they are published (back-off in pending.ts). */
  private scheduleRetry(): void {
    const pending = this.publisher.pending;
    if (this.closed || !pending) return;
    const at = pending.nextAttemptAt();
    // a timer that fires sooner is already set
    if (at === null || (this.retryTimer !== null && this.retryAt <= at)) return;
    if (this.retryTimer !== null) this.timers.clearTimeout(this.retryTimer);
    this.retryAt = at;
    this.retryTimer = this.timers.setTimeout(
      () => {
        this.retryTimer = null;
        this.retryAt = Infinity;
        const due = pending.due();
        if (due.length === 0) return this.scheduleRetry();
        this.enqueue({ urls: due }).catch((error) => console.error('[publish] retry failed:', error));
      },
      Math.max(0, at - this.timers.now()),
    );
  }
}

function dedupe(changes: Change[]): Change[] {
  const seen = new Map<string, Change>();
  for (const c of changes) seen.set(`${c.table}\u0000${c.key ?? ''}`, c);
  return [...seen.values()];
}
