// The render pool's settings and their defaults (render-pool.ts): how many
// processes, for which jobs, and how long a process may take for what.
import os from 'node:os';
import { numberSetting } from '../number-settings';

/**
 * Renders in flight per process: two, so that a process has the next page at
 * hand when it finishes one instead of waiting for a message round trip.
 */
export const DEPTH = 2;

/**
 * Pages a render process of a big job must have to render before the job takes
 * another: starting one costs about 1.9 s of CPU (loading the built site), about
 * as much as rendering 150 pages. A small club's whole site (a start, a footer
 * change) renders in one; a normal club's 2,500 pages still get every core
 * (docs/decisions/051-render-processes-by-pages.md).
 */
export const PAGES_PER_PROCESS = 200;

export type RenderPoolOptions = {
  /** dist/server/entry.mjs of the production build */
  serverEntry: string;
  /** most render processes at once */
  size: number;
  /** jobs of at least this many pages get every process, one per pagesPerProcess pages */
  bigJob?: number;
  /** a big job gets one process for each this many pages (PAGES_PER_PROCESS), up to size */
  pagesPerProcess?: number;
  /** processes a small job (an admin's save) may use; they stay keepAliveMs for the next save */
  smallJob?: number;
  /** an idle process exits after this long, unless it is the one kept for the next save */
  idleMs?: number;
  /** the processes of small jobs stay this long for the next save (and after prewarm()) */
  keepAliveMs?: number;
  /** a render that takes longer fails and its process is replaced */
  renderTimeoutMs?: number;
  /** a process not ready this long after it was started is replaced (it hangs while it loads the build) */
  startTimeoutMs?: number;
  /** after processes could not start, the pool tries again after this long (a host short of memory recovers) */
  retryBrokenAfterMs?: number;
  /** NODE_ENV of the render processes: 'production' unless the build needs React's development build */
  nodeEnv?: string;
  log?: Pick<Console, 'info' | 'warn' | 'error'>;
  /** called once by close(): what was registered for this pool elsewhere goes with it */
  onClose?: () => void;
};

/** How many render processes fit this machine: PUBLISH_WORKERS, else one per core, at most four. */
export function defaultPoolSize(): number {
  return numberSetting('PUBLISH_WORKERS', Math.max(1, Math.min(os.availableParallelism(), 4)));
}
