// How code inside the Astro bundle (actions, API routes) reaches the one publish
// queue of the process. The Node server creates the queue and registers it here;
// the bundle and the server load separate copies of this module, so the queue is
// kept on globalThis under a registered symbol (docs/decisions/002).
import { EventEmitter } from 'node:events';
import { changedPages, type PublishReport } from './publish-report';
import type { PublishQueue } from './queue';
import type { Change } from './routes';

const KEY = Symbol.for('anstoss.publishQueue');
const BUS_KEY = Symbol.for('anstoss.changeBus');
type Holder = Record<symbol, PublishQueue | undefined>;

/** Data changes, for open admin panels (server-sent events) to reload. */
const bus: EventEmitter = ((globalThis as Record<symbol, unknown>)[BUS_KEY] as EventEmitter) ?? new EventEmitter();
bus.setMaxListeners(0);
(globalThis as Record<symbol, unknown>)[BUS_KEY] = bus;

export type ChangeEvent = { changes: Change[]; report: PublishReport | null };

export function onDataChange(listener: (event: ChangeEvent) => void): () => void {
  bus.on('change', listener);
  return () => bus.off('change', listener);
}

export function registerPublishQueue(queue: PublishQueue | undefined): void {
  (globalThis as unknown as Holder)[KEY] = queue;
  queue?.listeners.add((report) => {
    // every job (an admin's save, a retry) tells open panels how many pages still wait
    bus.emit('pending', report.pending);
    bus.emit('published', report);
  });
}

/**
 * Each time a publish job of this process changed the page at `url` (an admin's save, the retry of a page or
 * of a whole job that failed: a save's 'change' is not told again when its pages come out later), with the
 * cache version it raised.
 */
export function onPagePublished(url: string, listener: (version: number) => void): () => void {
  const onReport = (report: PublishReport) => {
    if (changedPages(report).includes(url)) listener(report.version);
  };
  bus.on('published', onReport);
  return () => bus.off('published', onReport);
}

/** How many pages wait for a retry in this process (0 where no publisher runs). */
export function pendingPublishCount(): number {
  return getPublishQueue()?.pendingCount ?? 0;
}

export function onPendingChange(listener: (count: number) => void): () => void {
  bus.on('pending', listener);
  return () => bus.off('pending', listener);
}

export function getPublishQueue(): PublishQueue | undefined {
  return (globalThis as unknown as Holder)[KEY];
}

/** An admin is at work (the static server calls this on their requests): get the publisher ready. */
export function prewarmPublisher(): void {
  void getPublishQueue()?.prewarm();
}

/**
 * Republishes the pages that depend on the changes. Resolves with the report, or
 * null where no publisher runs in this process (the data is saved either way and
 * `npm run publish` brings the site up to date).
 */
export async function requestPublish(changes: Change[] | 'all'): Promise<PublishReport | null> {
  const queue = getPublishQueue();
  let report: PublishReport | null = null;
  if (queue) report = await queue.enqueue(changes);
  else console.warn('[publish] no publisher in this process; run `npm run publish` to update the site');
  bus.emit('change', { changes: changes === 'all' ? [] : changes, report } satisfies ChangeEvent);
  return report;
}
