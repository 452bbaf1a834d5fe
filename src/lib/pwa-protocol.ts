// What the page and the service worker say to each other, the names of the
// worker's caches and the spec's timings (public-site.md §4, §9). Shared by
// src/sw.ts and the PWA islands, so both sides agree on every string.

/** Update banner countdown (§9: 5 s). */
export const UPDATE_COUNTDOWN_SECONDS = 5;
/** Worker heartbeat (§9: 10 s). */
export const HEARTBEAT_MS = 10_000;
/** A restart is asked for when the worker has not answered for longer than this (§9: 35 s) ... */
export const RESTART_AFTER_MS = 35_000;
/** ... checked this often (§9: 30 s). */
export const LIVENESS_CHECK_MS = 30_000;
/** Mobile breakpoint (§9: 768 px): the install banner shows below it. */
export const MOBILE_QUERY = '(max-width: 767.98px)';

export const CACHE_VERSION_URL = '/cache-version.json';
/**
 * Sent by a page that wants a published page as it is now, or an error (the live match page's refresh):
 * the worker hands such a request to the network and never answers it from its cache.
 */
export const FRESH_PAGE_HEADER = 'x-anstoss-fresh';

/** Cache Storage names. None contains 'admin' or 'api' (the admin's sign-out deletes those). */
export const CACHES = {
  /** published pages (and the JSON the news island loads), network-first; purged when the version changes */
  pages: 'anstoss-pages',
  /** hashed build files not in the precache, cache-first */
  assets: 'anstoss-assets',
  /** uploaded images (random, never reused names), cache-first */
  images: 'anstoss-images',
  /** saved pages a new version changed, set aside until each is stored afresh: a failed navigation's fallback */
  outdated: 'anstoss-pages-outdated',
  /** the last cache version the worker saw, and its last purges of a cache (which, why, when) */
  meta: 'anstoss-meta',
} as const;

/** Page → worker. */
export type ToWorker =
  | { type: 'heartbeat' }
  | { type: 'restart' }
  /** the tab came back (focus, visible): look at the cache version now */
  | { type: 'check-version' }
  /** what the first page loaded before the worker controlled it */
  | { type: 'cache-urls'; urls: string[] }
  /** the tab runs: was its page a saved copy (no network, or none within 5 s), or found older while it loaded? */
  | { type: 'ask-page-state' }
  /** the club's colours as the page has them, for the offline page the worker shows (sw/offline-page.ts) */
  | { type: 'club-colours'; colours: ClubColours };

/** The colour tokens the offline page takes from the site (site.css's names), as a page computes them. */
export const OFFLINE_PAGE_COLOURS = ['--color-primary', '--color-primary-strong', '--color-primary-contrast'] as const;
export type ClubColours = Partial<Record<(typeof OFFLINE_PAGE_COLOURS)[number], string>>;

/** A colour as the club's theme writes one (clubThemeCss): nothing that could end the style it goes into. */
const COLOUR_VALUE = /^(?:#[0-9a-f]{3,8}|rgba?\([0-9.,\s/%]{1,40}\))$/i;

export function isClubColours(value: unknown): value is ClubColours {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.entries(value).every(
    ([name, colour]) => (OFFLINE_PAGE_COLOURS as readonly string[]).includes(name) && typeof colour === 'string' && COLOUR_VALUE.test(colour),
  );
}

/**
 * Worker → page. `savedAt`: when the saved copy was fetched (its Date header, ms), null when it does not say;
 * `outdated`: a publish changed the page since (the copy was set aside, sw/outdated-pages.ts); `serverDown`: the
 * server answered with an error, the connection worked (sw/page-again.ts).
 */
export type FromWorker =
  | { type: 'heartbeat-reply' }
  | { type: 'cache-updated'; version: number }
  | { type: 'saved-copy'; savedAt: number | null; outdated?: boolean; serverDown?: boolean };

export function isFromWorker(data: unknown): data is FromWorker {
  if (typeof data !== 'object' || data === null) return false;
  const { type, version, savedAt, outdated, serverDown } = data as { type?: unknown; version?: unknown; savedAt?: unknown; outdated?: unknown; serverDown?: unknown };
  const flag = (value: unknown) => value === undefined || typeof value === 'boolean';
  if (type === 'saved-copy') return (savedAt === null || typeof savedAt === 'number') && flag(outdated) && flag(serverDown);
  return type === 'heartbeat-reply' || (type === 'cache-updated' && typeof version === 'number');
}

export function isToWorker(data: unknown): data is ToWorker {
  if (typeof data !== 'object' || data === null) return false;
  const { type, urls, colours } = data as { type?: unknown; urls?: unknown; colours?: unknown };
  if (type === 'cache-urls') return Array.isArray(urls) && urls.every((u) => typeof u === 'string');
  if (type === 'club-colours') return isClubColours(colours);
  return type === 'heartbeat' || type === 'restart' || type === 'check-version' || type === 'ask-page-state';
}
