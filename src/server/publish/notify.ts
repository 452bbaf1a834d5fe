// How code inside the Astro bundle (actions, API routes) reaches the one publish
// queue of the process. The Node server creates the queue and registers it here;
// the bundle and the server load separate copies of this module, so the queue is
// kept on globalThis under a registered symbol (docs/decisions/002).
import { EventEmitter } from 'node:events';
import type { PublishQueue, PublishReport } from './publisher';
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
}

export function getPublishQueue(): PublishQueue | undefined {
  return (globalThis as unknown as Holder)[KEY];
}

/** An admin is at work (the static server calls this on their requests): get the publisher ready. */
export function prewarmPublisher(): void {
  getPublishQueue()?.prewarm();
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
