// The owner's care for its static workers (docs/decisions/037): a worker that ends is replaced, later each
// time they keep ending. Kept apart from cluster.ts so that what a failing fork does is shown without
// processes: a fork that throws (out of memory: node's spawn throws for most errors) is tried again later
// instead of ending the owner from a timer's callback, and a process that could not start at all (EAGAIN
// under a task limit, EMFILE) says so by an 'error' without an 'exit', and is replaced too.
import type { EventEmitter } from 'node:events';

/** What the owner sees of a worker (node:cluster's Worker). */
export type WatchedWorker = Pick<EventEmitter, 'on' | 'once'> & { isDead(): boolean; process: { pid?: number } };

type Timer = (callback: () => void, ms: number) => unknown;

export type WorkerRestartOptions<W extends WatchedWorker> = {
  /** starts a worker process (may throw) */
  fork: () => W;
  /** true once the owner stops: an ending worker is then not replaced */
  stopping: () => boolean;
  /** a worker has ended, or never started (it leaves the owner's list) */
  ended: (worker: W) => void;
  log: Pick<Console, 'error'>;
  setTimer?: Timer;
  /** a worker that has served this long resets the back-off (a crash a day later waits 250 ms again) */
  stableMs?: number;
};

/** The wait before the next replacement after `crashes` in a row: 250 ms, doubled each time, at most 30 s. */
export function restartDelay(crashes: number): number {
  return Math.min(30_000, 250 * 2 ** Math.min(Math.max(crashes, 1) - 1, 7));
}

export class WorkerRestarts<W extends WatchedWorker> {
  private crashes = 0;
  private readonly setTimer: Timer;

  constructor(private readonly options: WorkerRestartOptions<W>) {
    this.setTimer = options.setTimer ?? ((callback, ms) => setTimeout(callback, ms).unref());
  }

  /** Forks a worker and watches it (a fork that throws here, at the start, throws to the caller). */
  start(): W {
    const worker = this.options.fork();
    let gone = false;
    const replace = (why: string) => {
      if (gone) return;
      gone = true;
      this.options.ended(worker);
      if (this.options.stopping()) return;
      this.crashes += 1;
      const delay = restartDelay(this.crashes);
      this.options.log.error(`[server] static worker ${worker.process.pid ?? '(not started)'} ended (${why}); a new one starts in ${delay} ms`);
      this.setTimer(() => this.replaceNow(), delay);
    };
    // any other error of its channel is told, not thrown: unheard, it would end the owner
    worker.on('error', (error: Error) => {
      this.options.log.error(`[server] static worker ${worker.process.pid ?? '(not started)'}: ${error.message}`);
      if (worker.isDead()) replace(error.message);
    });
    worker.once('exit', (code: number | null, signal: string | null) => replace(String(signal ?? code)));
    worker.once('listening', () => this.setTimer(() => !gone && (this.crashes = 0), this.options.stableMs ?? 60_000));
    return worker;
  }

  /** The back-off starts afresh (all workers listen after the start). */
  resetCrashes(): void {
    this.crashes = 0;
  }

  private replaceNow(): void {
    if (this.options.stopping()) return;
    try {
      this.start();
    } catch (error) {
      this.crashes += 1;
      const delay = restartDelay(this.crashes);
      this.options.log.error(`[server] no static worker could be started (${(error as Error).message}); tried again in ${delay} ms`);
      this.setTimer(() => this.replaceNow(), delay);
    }
  }
}
