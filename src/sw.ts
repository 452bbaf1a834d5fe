/// <reference lib="webworker" />
// The service worker (design §2, docs/decisions/006). Built by @vite-pwa/astro
// (injectManifest) into dist/client/sw.js.
//
// - precache: the scripts public pages run by themselves (islands are kept when
//   first used), the styles, icons, the manifest and the offline page; never a
//   published page (pages change without a new sw.js)
// - pages: network-first, the last good copy when offline, the offline page for
//   a page never visited
// - hashed files and uploaded images: cache-first
// - admin, sign-in, API, actions: never touched, never cached
// - cache version: checked on every heartbeat, with every navigation and when
//   a tab comes back; a new version forgets the pages it changed and tells the
//   tabs that show one (decision 056), or purges every page and tells every tab;
//   what it forgets is set aside for a navigation whose network fails
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { classifyRequest, isPrivatePath, isStorableResponse, pageCacheKey, pagePath, type RequestKind } from './lib/pwa-cache-policy';
import { CACHES, FRESH_PAGE_HEADER, isToWorker, type FromWorker } from './lib/pwa-protocol';
import { RecordedExpiration, freeSpaceOnQuotaError } from './sw/expiration';
import { recordPurge } from './sw/meta';
import { NetworkAndStore, askAgain, servedAfter, withTimeout, type AskFailure } from './sw/page-again';
import { storeFirstPage, type StoreFor } from './sw/first-page';
import { offlinePageInClubColours, rememberClubColours } from './sw/offline-page';
import { OncePerTab } from './sw/once-per-tab';
import { keepOutgoingBuildFiles } from './sw/outgoing-build';
import { OutdatedPages } from './sw/outdated-pages';
import { SavedCopies } from './sw/saved-copies';
import { pageIn, VersionCheck } from './sw/version-check';

declare let self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

const OFFLINE_PAGE = '/offline.html';
/** a navigation's page waits at most this long for the version check asked with it */
const NAVIGATION_CHECK_TIMEOUT_MS = 1500;
/** … and at most this long for the page asked again when the check found it changed */
const ASK_AGAIN_WAIT_MS = 3000;
/** several open tabs each send a heartbeat every 10 s: one check per few seconds is enough */
const HEARTBEAT_CHECK_INTERVAL_MS = 5000;

/** read once: workbox's build step puts the manifest in for the one place that names it */
const MANIFEST = self.__WB_MANIFEST;
/** the build files' cache's bound (the build before's kept files count in it too) */
const ASSETS_BOUND = { maxEntries: 150 };

// a new worker takes over at once: it precaches no pages, so nothing an open tab shows can mismatch; the build
// before's files its saved pages name are kept first (sw/outgoing-build.ts; a full storage keeps nothing)
self.addEventListener('install', (event) => {
  void self.skipWaiting();
  event.waitUntil(keepOutgoingBuildFiles(MANIFEST, CACHES.assets, ASSETS_BOUND, self.location.href).catch(() => 0));
});
// navigation preload: the browser asks for the page while it starts the worker (a phone's cold worker took
// 50–300 ms before the page was even asked); NetworkFirst takes the preloaded answer (decision 006)
self.addEventListener('activate', (event) => {
  // not longer than a navigation waits for its look: while a worker activates, the browser holds every request of
  // the tabs it will control, so a look on a weak connection held the whole site (the look itself ends by 5 s)
  event.waitUntil(Promise.all([self.clients.claim(), withTimeout(checkVersion(0), NAVIGATION_CHECK_TIMEOUT_MS), self.registration.navigationPreload?.enable()]));
});

cleanupOutdatedCaches();
precacheAndRoute(MANIFEST);

type CacheWillUpdate = { cacheWillUpdate: (options: { response: Response }) => Promise<Response | null> };
/** only complete 200 answers that allow storing */
const storableOnly: CacheWillUpdate = {
  cacheWillUpdate: async ({ response }) => (isStorableResponse(response) ? response : null),
};

/** the tabs whose page came from the saved copies, until each asks (sw/saved-copies.ts) */
const savedCopies = new SavedCopies();
/** tabs found older than a publish after they were answered, until each asks (sw/page-again.ts, sw/once-per-tab.ts) */
const lateUpdates = new OncePerTab<number>();

const pageExpiration = new RecordedExpiration(CACHES.pages, recordPurge, { maxEntries: 150 });
/** saved pages a new version changed, kept for a failed navigation until stored afresh (sw/outdated-pages.ts) */
const outdatedPages = new OutdatedPages(CACHES.pages, CACHES.outdated);
const pageStorage = [
  outdatedPages.plugin,
  storableOnly,
  // published files do not depend on the query string: one entry per page
  { cacheKeyWillBeUsed: async ({ request }: { request: Request }) => pageCacheKey(request.url) },
  pageExpiration,
];
const pages = new NetworkFirst({ cacheName: CACHES.pages, networkTimeoutSeconds: 5, plugins: [...pageStorage, savedCopies.plugin] });
/** a page asked again after the version check (sw/page-again.ts) */
const pagesAgain = new NetworkAndStore({ cacheName: CACHES.pages, plugins: pageStorage });
const assetExpiration = new RecordedExpiration(CACHES.assets, recordPurge, ASSETS_BOUND);
const assets = new CacheFirst({
  cacheName: CACHES.assets,
  // a hashed file asked again as ?retry=1 on weak data (interaction-client.ts) is the same file
  plugins: [storableOnly, { cacheKeyWillBeUsed: async ({ request }: { request: Request }) => request.url.split('?')[0] }, assetExpiration],
});
const imageExpiration = new RecordedExpiration(CACHES.images, recordPurge, { maxEntries: 100, maxAgeSeconds: 60 * 60 * 24 * 30 });
const images = new CacheFirst({ cacheName: CACHES.images, plugins: [storableOnly, imageExpiration] });

// the outdated copies' bound is kept by OutdatedPages; this one only empties them for a full storage
const outdatedExpiration = new RecordedExpiration(CACHES.outdated, recordPurge, { maxEntries: 150 });
freeSpaceOnQuotaError([imageExpiration, outdatedExpiration, assetExpiration, pageExpiration]);

function kindOf(request: Request, url: URL): RequestKind {
  return classifyRequest({
    url,
    method: request.method,
    origin: self.location.origin,
    referrer: request.referrer,
    fresh: request.headers.has(FRESH_PAGE_HEADER),
  });
}

/** Where a request the first page loaded would have been stored (sw/first-page.ts). */
const storeFor: StoreFor = async (request, url) => {
  const kind = kindOf(request, url);
  if (kind === 'network-only' || (kind !== 'page' && (await matchPrecache(url.href)))) return null;
  return kind === 'page' ? pages : kind === 'asset' ? assets : images;
};

registerRoute(
  ({ request, url }) => kindOf(request, url) === 'page',
  async (options) => {
    const request = options.request as Request;
    const navigation = request.mode === 'navigate';
    if (!navigation && (await requestedByPrivatePage(options.event))) return fetch(request);
    // a version that changed while no tab was open is recorded before the page
    // is shown, so that the fresh page does not get an update banner of its own
    const check = navigation ? withTimeout(checkVersion(0), NAVIGATION_CHECK_TIMEOUT_MS) : undefined;
    try {
      // the strategy's second promise: its storing of the answer (the event is kept alive for it)
      const [answered, stored] = pages.handleAll(options);
      let response = await answered;
      // asked together with the page (a phone on weak data paid the check's round trip before every page);
      // a page the check found changed may be older than the version now recorded: it is asked again
      const event = options.event as FetchEvent;
      const change = await check;
      // a page changed by a publish an earlier check saw (the news island's JSON too) may still come from before
      // it: a static host lets the browser keep a page for minutes (an answer without a Date is not judged so:
      // it would be asked twice always)
      const justChanged = change !== null && change !== undefined && pageIn(change.pages, request.url);
      const remembered = justChanged ? null : await versions.lastChangeOf(request.url).catch(() => null);
      const late = justChanged ? change : remembered && response.headers.has('date') ? remembered : null;
      let failed: AskFailure | null = null;
      if (late && !servedAfter(response, late.publishedAt)) {
        const first = response;
        const [tellTab, tellFailed] = navigation
          ? [() => tellLateTab(event.resultingClientId, late.version), (why: AskFailure) => tellOutdatedTab(event, first, why)]
          : [async () => undefined, async () => undefined];
        ({ response, failed } = await askAgain(pagesAgain, options, first, stored, ASK_AGAIN_WAIT_MS, tellTab, tellFailed));
      }
      // the network worked and the server failed (a restart behind a CDN, S3's 503 SlowDown): the saved copy is
      // better than the host's error page, as when asking again fails (NetworkFirst falls back only when the
      // fetch throws, and a preloaded navigation skips its plugins)
      if (response.status >= 500 && !failed) {
        const copy = await pageCopyOf(request.url);
        if (copy) {
          if (navigation) savedCopies.answeredForServerError(event, copy);
          return copy;
        }
      }
      if (!navigation) return response;
      // the page from before the publish, because asking again failed: shown, and said to be outdated
      if (failed) savedCopies.answeredOutdated(event, response, failed === 'server');
      else savedCopies.answered(event, response);
      // a purge's record the full storage refused is written once a page is asked again (sw/expiration.ts)
      void recordPurge.flush();
      return response;
    } catch (error) {
      if (navigation) {
        // the page a publish changed since it was saved, set aside: better than no page, and said so
        const outdated = await outdatedPages.copyOf(pageCacheKey(request.url)).catch(() => undefined);
        if (outdated) {
          savedCopies.answeredOutdated(options.event as FetchEvent, outdated);
          return outdated;
        }
        const offline = await matchPrecache(OFFLINE_PAGE);
        if (offline) return offlinePageInClubColours(offline);
      }
      throw error;
    }
  },
);
/** The page's saved copy, else the one a publish set aside (sw/outdated-pages.ts); undefined when there is none. */
async function pageCopyOf(href: string): Promise<Response | undefined> {
  const key = pageCacheKey(href);
  const saved = await caches
    .open(CACHES.pages)
    .then((cache) => cache.match(key))
    .catch(() => undefined);
  return saved ?? (await outdatedPages.copyOf(key).catch(() => undefined));
}

/** A message from a tab or frame at a private address (the Vorschau's frame is under /admin). */
function sentByPrivatePage(event: ExtendableMessageEvent): boolean {
  const source = event.source;
  return source !== null && 'url' in source && isPrivatePath(new URL(source.url).pathname);
}

// What an admin or sign-in page loads (its code, image previews) is fetched but
// never stored. The referrer does not tell (a module imported by a module names
// the importing script), the requesting page does.
async function requestedByPrivatePage(event: ExtendableEvent | undefined): Promise<boolean> {
  const clientId = event && 'clientId' in event ? (event as FetchEvent).clientId : '';
  if (!clientId) return false;
  const client = await self.clients.get(clientId);
  return client !== undefined && isPrivatePath(new URL(client.url).pathname);
}
// a navigation the worker does not store (the admin, the sign-in) takes the preloaded answer: left to the
// browser, it was asked a second time
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && kindOf(request, url) === 'network-only',
  async ({ event, request }) => ((await (event as FetchEvent).preloadResponse) as Response | undefined) ?? fetch(request),
);
registerRoute(
  ({ request, url }) => kindOf(request, url) === 'asset',
  async (options) => ((await requestedByPrivatePage(options.event)) ? fetch(options.request) : assets.handle(options)),
);
registerRoute(
  ({ request, url }) => kindOf(request, url) === 'image',
  async (options) => ((await requestedByPrivatePage(options.event)) ? fetch(options.request) : images.handle(options)),
);

// ---- cache version -------------------------------------------------------

const versions = new VersionCheck({
  forgetAll: async (removed, reason) => {
    // a page removed from the site is deleted, not kept aside (a full republish names those it removed)
    await outdatedPages.drop(removed);
    await outdatedPages.setAside(() => true);
    await pageExpiration.purge(reason);
  },
  forgetPages,
  tellTabs: (version, pages) => broadcast({ type: 'cache-updated', version }, pages),
});
const checkVersion = (minIntervalMs: number) => versions.run(minIntervalMs);

/** Tells the tab a navigation made that its page is older than what came after (sw/page-again.ts). */
async function tellLateTab(clientId: string, version: number): Promise<void> {
  // kept too: a tab that does not listen yet asks when it runs
  lateUpdates.keep(clientId, version);
  await postToTab(clientId, { type: 'cache-updated', version });
}

/** Tells the tab a navigation made that its page, shown after the 3 s, is older than a publish whose page did not come. */
async function tellOutdatedTab(event: FetchEvent, shown: Response, why: AskFailure): Promise<void> {
  // kept too: a tab that does not listen yet asks when it runs
  const saved = savedCopies.answeredOutdated(event, shown, why === 'server');
  if (saved) await postToTab(event.resultingClientId, { type: 'saved-copy', ...saved });
}

/** Posts to the tab if it runs (a tab that does not listen yet asks for what was kept for it; the tab acts on each once). */
async function postToTab(clientId: string, message: FromWorker): Promise<void> {
  const tab = clientId ? await self.clients.get(clientId) : undefined;
  tab?.postMessage(message);
}

/** Tells the tabs that show one of `pages` (every tab: 'all'). */
async function broadcast(message: FromWorker, pages: Set<string> | 'all'): Promise<void> {
  const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const tab of tabs) if (pages === 'all' || pages.has(pagePath(new URL(tab.url).pathname))) tab.postMessage(message);
}

/**
 * Forgets the saved copies of these pages (the next visit fetches them; offline, the others stay), setting
 * them aside for a navigation whose network fails (sw/outdated-pages.ts); a page removed from the site (a
 * deleted article, a player whose consent was withdrawn) is deleted, its outdated copy too.
 */
async function forgetPages(pages: Set<string>, removed: Set<string>, reason: string): Promise<void> {
  if (pages.size === 0) return;
  await outdatedPages.drop(removed);
  const paths = await outdatedPages.setAside((request) => pages.has(pagePath(new URL(request.url).pathname)));
  if (paths.length === 0) return;
  await recordPurge(CACHES.pages, `${reason}: ${paths.slice(0, 5).join(', ')}${paths.length > 5 ? ` (+${paths.length - 5})` : ''}`);
}

// ---- messages from the tabs ----------------------------------------------

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data: unknown = event.data;
  if (!isToWorker(data)) return;
  switch (data.type) {
    case 'heartbeat':
      event.source?.postMessage({ type: 'heartbeat-reply' } satisfies FromWorker);
      event.waitUntil(checkVersion(HEARTBEAT_CHECK_INTERVAL_MS));
      break;
    case 'check-version':
      event.waitUntil(checkVersion(1000));
      break;
    case 'restart':
      event.waitUntil(restart());
      break;
    case 'cache-urls':
      // a public page in a private one's frame (the admin's Vorschau of a draft) keeps nothing: its photos
      // are a draft's (decision 006)
      if (!sentByPrivatePage(event)) event.waitUntil(storeFirstPage(event, data.urls, storeFor));
      break;
    case 'club-colours':
      if (!sentByPrivatePage(event)) event.waitUntil(rememberClubColours(data.colours).catch(() => undefined));
      break;
    case 'ask-page-state': {
      const tab = event.source && 'id' in event.source ? event.source.id : '';
      const saved = savedCopies.take(tab);
      if (saved !== undefined) event.source?.postMessage({ type: 'saved-copy', ...saved } satisfies FromWorker);
      const version = lateUpdates.take(tab);
      if (version !== undefined) event.source?.postMessage({ type: 'cache-updated', version } satisfies FromWorker);
      break;
    }
  }
});

/** The tab heard nothing for too long: forget the state in memory and look for a new worker script. */
async function restart(): Promise<void> {
  versions.reset();
  await self.registration.update().catch(() => undefined);
  await checkVersion(0);
}
