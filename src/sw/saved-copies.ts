/// <reference lib="webworker" />
// The tabs whose page the service worker answered from its saved copies (no network, or none within the 5 s
// of NetworkFirst), by the tab's client id, with the copy's Date header: each tab asks once it runs
// (pwa-client.ts) and says from when its copy is (docs/decisions/006).

import { OncePerTab } from './once-per-tab';

export class SavedCopies {
  /** the copy's Date (null: unknown) for each tab whose navigation was answered from the cache, and whether it is outdated */
  private readonly byClient = new OncePerTab<{ savedAt: number | null; outdated: boolean }>();
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
    if (this.fromCache.has(response)) this.keep(event, response, false);
  }

  /** Notes a navigation answered with an outdated copy (sw/outdated-pages.ts): the network failed. */
  answeredOutdated(event: FetchEvent, response: Response): void {
    this.keep(event, response, true);
  }

  private keep(event: FetchEvent, response: Response, outdated: boolean): void {
    if (event.request.mode !== 'navigate' || !event.resultingClientId) return;
    const date = Date.parse(response.headers.get('date') ?? '');
    this.byClient.keep(event.resultingClientId, { savedAt: Number.isFinite(date) ? date : null, outdated });
  }

  /** The tab's saved copy's time (null: unknown) and whether it is outdated, once; undefined when its page was no saved copy. */
  take(clientId: string): { savedAt: number | null; outdated: boolean } | undefined {
    return this.byClient.take(clientId);
  }
}
