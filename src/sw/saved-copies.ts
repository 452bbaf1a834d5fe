/// <reference lib="webworker" />
// The tabs whose page the service worker answered from its saved copies (no network, or none within the 5 s
// of NetworkFirst), by the tab's client id, with the copy's Date header: each tab asks once it runs
// (pwa-client.ts) and says from when its copy is (docs/decisions/006).

import { OncePerTab } from './once-per-tab';

/** A saved copy's Date (null: unknown), whether a publish changed its page since, and whether the server failed (not the network). */
type SavedCopy = { savedAt: number | null; outdated: boolean; serverDown?: boolean };

export class SavedCopies {
  /** the copy for each tab whose navigation was answered from the cache */
  private readonly byClient = new OncePerTab<SavedCopy>();
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

  /**
   * Notes a navigation answered with an outdated copy (sw/outdated-pages.ts; a page from before a publish whose
   * page asked again did not come): the network failed, or the server (`serverDown`). Returns what the tab is
   * told (undefined: no tab's page).
   */
  answeredOutdated(event: FetchEvent, response: Response, serverDown = false): SavedCopy | undefined {
    return this.keep(event, response, true, serverDown);
  }

  /** Notes a navigation answered with the saved copy because the server answered with an error (5xx). */
  answeredForServerError(event: FetchEvent, response: Response): SavedCopy | undefined {
    return this.keep(event, response, false, true);
  }

  private keep(event: FetchEvent, response: Response, outdated: boolean, serverDown = false): SavedCopy | undefined {
    if (event.request.mode !== 'navigate' || !event.resultingClientId) return undefined;
    const date = Date.parse(response.headers.get('date') ?? '');
    const copy = { savedAt: Number.isFinite(date) ? date : null, outdated, ...(serverDown ? { serverDown } : {}) };
    this.byClient.keep(event.resultingClientId, copy);
    return copy;
  }

  /** The tab's saved copy's time (null: unknown) and whether it is outdated, once; undefined when its page was no saved copy. */
  take(clientId: string): SavedCopy | undefined {
    return this.byClient.take(clientId);
  }
}
