/// <reference lib="webworker" />
// The first page a visitor opens loads before the worker controls it: the tab sends what it loaded
// (pwa-client.ts, 'cache-urls'), and the worker stores what its rules allow, as if it had fetched it.
import type { Strategy } from 'workbox-strategies';

/** The strategy that would have stored this request, or null for one that is not stored (or precached). */
export type StoreFor = (request: Request, url: URL) => Promise<Strategy | null>;

export async function storeFirstPage(event: ExtendableMessageEvent, urls: string[], storeFor: StoreFor): Promise<void> {
  const jobs = urls.slice(0, 100).map(async (href) => {
    let url: URL;
    try {
      url = new URL(href, self.location.origin);
    } catch {
      return;
    }
    const request = new Request(url.href, { credentials: 'same-origin' });
    const strategy = await storeFor(request, url);
    await strategy?.handle({ event, request }).catch(() => undefined);
  });
  await Promise.all(jobs);
}
