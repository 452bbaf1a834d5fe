// How code inside the Astro bundle (actions, API routes) reaches the one publish
// queue of the process. The Node server creates the queue and registers it here;
// the bundle and the server load separate copies of this module, so the queue is
// kept on globalThis under a registered symbol (docs/decisions/002).
import type { PublishQueue, PublishReport } from './publisher';
import type { Change } from './routes';

const KEY = Symbol.for('anstoss.publishQueue');
type Holder = Record<symbol, PublishQueue | undefined>;

export function registerPublishQueue(queue: PublishQueue | undefined): void {
  (globalThis as unknown as Holder)[KEY] = queue;
}

export function getPublishQueue(): PublishQueue | undefined {
  return (globalThis as unknown as Holder)[KEY];
}

/**
 * Republishes the pages that depend on the changes. Resolves with the report, or
 * null where no publisher runs in this process (the data is saved either way and
 * `npm run publish` brings the site up to date).
 */
export async function requestPublish(changes: Change[] | 'all'): Promise<PublishReport | null> {
  const queue = getPublishQueue();
  if (!queue) {
    console.warn('[publish] no publisher in this process; run `npm run publish` to update the site');
    return null;
  }
  return queue.enqueue(changes);
}
