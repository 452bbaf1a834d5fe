/// <reference lib="webworker" />
// The tabs whose page the service worker answered from its saved copies (no network, or none within the 5 s
// of NetworkFirst), by the tab's client id, with the copy's Date header: each tab asks once it runs
// (pwa-client.ts) and says from when its copy is (docs/decisions/006).

import { OncePerTab } from './once-per-tab';

export class SavedCopies {
  /** the copy's Date (null: unknown) for each tab whose navigation was answered from the cache */
  private readonly byClient = new OncePerTab<number | null>();
  /** the responses the page cache gave: NetworkFirst reads it only when the network failed or was slow */
  private readonly fromCache = new WeakSet<Response>();

  /** The page strategy's plugin: marks each response read from the cache. */
  readonly plugin = {
    cachedResponseWillBeUsed: async ({ cachedResponse }: { cachedResponse?: Response }) => {
      if (cachedResponse) this.fromCache.add(cachedResponse);
      return cachedResponse ?? null;
    },
  };

  /**
   * Notes a navigation's answer if it is a saved copy. Only what the strategy answered counts: after the 5 s
   * NetworkFirst reads the cache and races it against the network, and the network may still win.
   */
  answered(event: FetchEvent, response: Response): void {
    if (event.request.mode !== 'navigate' || !event.resultingClientId || !this.fromCache.has(response)) return;
    const date = Date.parse(response.headers.get('date') ?? '');
    this.byClient.keep(event.resultingClientId, Number.isFinite(date) ? date : null);
  }

  /** The tab's saved copy's time (null: unknown), once; undefined when its page was no saved copy. */
  take(clientId: string): number | null | undefined {
    return this.byClient.take(clientId);
  }
}
