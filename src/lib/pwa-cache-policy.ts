// What the service worker may keep (docs/decisions/006). The rule that matters
// most: nothing of the admin, sign-in or any API ever enters a cache, so that
// signing out leaves nothing personal behind.

/** Paths answered per user or per request (the Node server hands them to Astro). */
const PRIVATE_PREFIXES = ['/admin', '/auth', '/reset-password', '/api', '/_actions', '/_server-islands'];
/** Files that must always come fresh from the network. */
const NEVER_CACHED = new Set(['/cache-version.json', '/sw.js', '/healthz']);

export type RequestKind =
  /** leave it to the network, untouched: private, dynamic or not ours */
  | 'network-only'
  /** a published page (or the JSON a public island loads): network-first */
  | 'page'
  /** a hashed build file: cache-first */
  | 'asset'
  /** an uploaded image: cache-first */
  | 'image';

export function isPrivatePath(pathname: string): boolean {
  const lower = pathname.toLowerCase();
  return PRIVATE_PREFIXES.some((prefix) => lower === prefix || lower.startsWith(`${prefix}/`));
}

export type RequestFacts = {
  url: URL;
  method: string;
  /** the service worker's own origin */
  origin: string;
  /** Request.referrer: '' or 'about:client' when none */
  referrer?: string;
  /** the request asks for the page as it is now, or an error (FRESH_PAGE_HEADER) */
  fresh?: boolean;
};

function referrerPath(referrer: string | undefined, origin: string): string | null {
  if (!referrer || referrer === 'about:client') return null;
  try {
    const url = new URL(referrer);
    return url.origin === origin ? url.pathname : null;
  } catch {
    return null;
  }
}

/** How the worker treats a request. */
export function classifyRequest({ url, method, origin, referrer, fresh }: RequestFacts): RequestKind {
  // a saved copy answered for a live match's refresh would pass for the news: the page shows its reload prompt instead
  if (method !== 'GET' || url.origin !== origin || fresh) return 'network-only';
  const path = url.pathname;
  if (isPrivatePath(path) || NEVER_CACHED.has(path)) return 'network-only';
  // what an admin or sign-in page loads (its code, image previews) stays out of every cache too
  const from = referrerPath(referrer, origin);
  if (from !== null && isPrivatePath(from)) return 'network-only';
  if (path.startsWith('/_astro/')) return 'asset';
  if (path.startsWith('/uploads/')) return 'image';
  return isPagePath(path) ? 'page' : 'network-only';
}

/** Pages have no extension; '/news/alle.json' is what 'Alle News anzeigen' loads. */
export function isPagePath(pathname: string): boolean {
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !last.includes('.') || last.endsWith('.json');
}

/** A page's path as the publisher names it: '/news/7/', '/news/7/index.html' and '/news/7' are one page. */
export function pagePath(pathname: string): string {
  const path = pathname.replace(/\/index\.html$/, '/');
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/**
 * One cache entry per page: published files do not depend on the query string or hash, and '/news/7',
 * '/news/7/' and '/news/7/index.html' are one page (pagePath). A static host (S3, GitHub Pages, Netlify, Apache)
 * answers '/news/7' with a redirect to '/news/7/', which the worker cannot store: the page was kept under the
 * slashed address, and the fan who tapped the same link offline got 'noch nicht besucht'.
 */
export function pageCacheKey(href: string): string {
  const url = new URL(href);
  url.search = '';
  url.hash = '';
  url.pathname = pagePath(url.pathname);
  return url.href;
}

/**
 * What the worker may store from a response: complete 200 answers that do not
 * forbid storing (a 404 for a page never published must not turn into an entry).
 */
export function isStorableResponse(response: { status: number; type?: string; headers: { get(name: string): string | null } }): boolean {
  if (response.status !== 200 || response.type === 'opaque' || response.type === 'opaqueredirect') return false;
  const cacheControl = (response.headers.get('cache-control') ?? '').toLowerCase();
  if (/\b(no-store|private)\b/.test(cacheControl)) return false;
  if (response.headers.get('set-cookie')) return false;
  return true;
}

/** The cache version a worker compares: a positive integer from cache-version.json, else null. */
export function parseCacheVersion(body: unknown): number | null {
  if (typeof body !== 'object' || body === null) return null;
  const version = (body as { version?: unknown }).version;
  return typeof version === 'number' && Number.isInteger(version) && version >= 0 ? version : null;
}

export type VersionDecision = 'first' | 'same' | 'changed';

/** The first version a worker sees only records it; a different one means a publish happened. */
export function compareCacheVersion(known: number | null, fresh: number): VersionDecision {
  if (known === null) return 'first';
  return known === fresh ? 'same' : 'changed';
}

/** How long before the worker saw a new version on the host an answer may be and still show it (clock steps). */
const SEEN_MARGIN_MS = 5000;

/**
 * From when an answer shows a new version (ms; null: not known): the later of its `publishedAt` (the publishing
 * server's clock) and a little before the host's Date on the cache-version.json that showed it. A static host
 * gets the pages after the publish (the deploy takes seconds to a minute, cache-version.json last): a page
 * fetched from it in between is the old one though made after `publishedAt`, and a browser may keep it for
 * minutes (decision 006). The host's Date is the clock the pages' own Dates come from, too.
 */
export function changeVisibleFrom(publishedAt: number | null, hostDate: number | null): number | null {
  const seen = hostDate !== null && Number.isFinite(hostDate) ? hostDate - SEEN_MARGIN_MS : null;
  if (publishedAt === null || !Number.isFinite(publishedAt)) return seen;
  return seen === null ? publishedAt : Math.max(publishedAt, seen);
}

/**
 * The pages the versions after `known` removed (a deleted article, a player whose consent was withdrawn): listed
 * under `removed` beside their `pages`, and for a worker that knows a version before the list's start, the ones
 * removed up to it (`pagesRemovedUpTo`: a full republish names no pages, but those it removed), decision 006. A
 * worker deletes its copies of them; the other changed pages it keeps aside as outdated.
 */
export function pagesRemovedSince(body: unknown, knownVersion: number): Set<string> {
  const removed = new Set<string>();
  if (typeof body !== 'object' || body === null) return removed;
  const { version: fresh, pagesChanged: changes, pagesChangedSince: since, pagesRemovedUpTo: upTo } = body as { version?: unknown; pagesChanged?: unknown; pagesChangedSince?: unknown; pagesRemovedUpTo?: unknown };
  // a version lower than the known one (a restored backup): every page it names as removed is gone now
  const known = typeof fresh === 'number' && fresh < knownVersion ? -Infinity : knownVersion;
  if (typeof since === 'number' && known < since && Array.isArray(upTo)) for (const page of upTo) if (typeof page === 'string') removed.add(pagePath(page));
  if (!Array.isArray(changes)) return removed;
  for (const change of changes as unknown[]) {
    const { version, removed: gone } = (change ?? {}) as { version?: unknown; removed?: unknown };
    if (typeof version !== 'number' || version <= known || !Array.isArray(gone)) continue;
    for (const page of gone) if (typeof page === 'string') removed.add(pagePath(page));
  }
  return removed;
}

/**
 * The pages cache-version.json lists as changed after `known` (docs/decisions/056): each publish names the
 * pages it wrote or removed, for the versions after `pagesChangedSince`. 'all' when the list does not reach
 * back to `known` (a worker that slept through many publishes, a full republish) or cannot be read: then
 * every saved page goes and every tab is told, as before the list.
 */
export function pagesChangedSince(body: unknown, known: number): Set<string> | 'all' {
  if (typeof body !== 'object' || body === null) return 'all';
  const { version: fresh, pagesChangedSince: since, pagesChanged: changes } = body as { version?: unknown; pagesChangedSince?: unknown; pagesChanged?: unknown };
  // a version lower than the known one (a restored backup, a second publisher): nothing in the list is about it
  if (typeof fresh !== 'number' || fresh < known) return 'all';
  if (typeof since !== 'number' || !Number.isInteger(since) || since > known || !Array.isArray(changes)) return 'all';
  const pages = new Set<string>();
  for (const change of changes as unknown[]) {
    const { version, pages: named } = (change ?? {}) as { version?: unknown; pages?: unknown };
    if (typeof version !== 'number' || !Array.isArray(named) || !named.every((page) => typeof page === 'string')) return 'all';
    if (version > known) for (const page of named as string[]) pages.add(pagePath(page));
  }
  return pages;
}
