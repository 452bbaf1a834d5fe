import { describe, expect, it } from 'vitest';
import {
  classifyRequest,
  compareCacheVersion,
  isPagePath,
  isPrivatePath,
  isStorableResponse,
  pageCacheKey,
  pagePath,
  pagesChangedSince,
  changeVisibleFrom,
  parseCacheVersion,
} from './pwa-cache-policy';

const origin = 'https://verein.at';
const kind = (path: string, extra: { method?: string; referrer?: string; fresh?: boolean } = {}) =>
  classifyRequest({ url: new URL(path, origin), method: extra.method ?? 'GET', origin, referrer: extra.referrer, fresh: extra.fresh });

describe('what the service worker may cache', () => {
  it('never admin, sign-in, password reset, API, actions or server islands', () => {
    for (const path of [
      '/admin', '/admin/', '/admin#news', '/ADMIN', '/auth', '/auth/setup', '/reset-password?token=x',
      '/api/me', '/api/auth/logout', '/api/admin/events', '/_actions/admin.cacheUpdate', '/_server-islands/x',
    ]) {
      expect(kind(path), path).toBe('network-only');
    }
  });

  it('never the cache version, the worker itself or the health check', () => {
    for (const path of ['/cache-version.json', '/sw.js', '/healthz']) expect(kind(path), path).toBe('network-only');
  });

  it('nothing an admin or sign-in page loads, not even hashed files or images', () => {
    expect(kind('/_astro/AdminApp.abc.js', { referrer: `${origin}/admin` })).toBe('network-only');
    expect(kind('/uploads/x.webp', { referrer: `${origin}/admin#news` })).toBe('network-only');
    expect(kind('/_astro/SignInForm.abc.js', { referrer: `${origin}/auth` })).toBe('network-only');
  });

  it('nothing but GET, nothing from another origin', () => {
    expect(kind('/news', { method: 'POST' })).toBe('network-only');
    // addresses that would be cached were they ours: only the origin can keep them out
    for (const address of ['https://cdn.example/x.js', 'https://cdn.example/uploads/x.webp', 'https://cdn.example/_astro/a.js', 'https://cdn.example/news']) {
      expect(classifyRequest({ url: new URL(address), method: 'GET', origin, referrer: `${origin}/news` }), address).toBe('network-only');
    }
  });

  it('published pages and the news JSON network-first, hashed files and uploads cache-first', () => {
    for (const path of ['/', '/news', '/news/42', '/mannschaften/7', '/vereinsgeschichte', '/news/alle.json']) {
      expect(kind(path, { referrer: `${origin}/` }), path).toBe('page');
    }
    expect(kind('/_astro/client.abc.js', { referrer: `${origin}/news` })).toBe('asset');
    expect(kind('/_astro/index.abc.css')).toBe('asset');
    expect(kind('/uploads/3f9a.webp', { referrer: 'about:client' })).toBe('image');
  });

  it("a live match's refresh of its page goes to the network only: never a saved copy in place of the news", () => {
    expect(kind('/spiel/5')).toBe('page');
    expect(kind('/spiel/5', { fresh: true })).toBe('network-only');
  });

  it('leaves other files to the network', () => {
    for (const path of ['/news/feed.xml', '/spielplan.ics', '/robots.txt', '/sitemap.xml']) expect(kind(path), path).toBe('network-only');
  });

  it('does not mistake paths that only start like a private one', () => {
    expect(isPrivatePath('/authors')).toBe(false);
    expect(isPrivatePath('/administration-news')).toBe(false);
    expect(isPrivatePath('/apis')).toBe(false);
    expect(isPrivatePath('/api')).toBe(true);
  });
});

describe('page cache keys and storable answers', () => {
  it('one entry per page, whatever the query or hash', () => {
    expect(pageCacheKey('https://verein.at/news?utm_source=x#top')).toBe('https://verein.at/news');
    // a static host's redirect to the slashed address: the same page, offline too
    for (const written of ['https://verein.at/news/7/', 'https://verein.at/news/7/index.html', 'https://verein.at/news/7?x=1']) {
      expect(pageCacheKey(written), written).toBe('https://verein.at/news/7');
    }
    expect(pageCacheKey('https://verein.at/')).toBe('https://verein.at/');
    expect(pageCacheKey('https://verein.at/news/alle.json')).toBe('https://verein.at/news/alle.json');
  });

  const response = (status: number, headers: Record<string, string> = {}, type = 'basic') => ({
    status,
    type,
    headers: new Headers(headers),
  });
  it('stores complete public 200 answers only', () => {
    expect(isStorableResponse(response(200, { 'cache-control': 'public, max-age=0, must-revalidate' }))).toBe(true);
    expect(isStorableResponse(response(404))).toBe(false);
    expect(isStorableResponse(response(206))).toBe(false);
    expect(isStorableResponse(response(200, { 'cache-control': 'no-store' }))).toBe(false);
    expect(isStorableResponse(response(200, { 'cache-control': 'private, max-age=60' }))).toBe(false);
    expect(isStorableResponse(response(0, {}, 'opaque'))).toBe(false);
  });
});

describe('cache version', () => {
  it('reads the version the publisher writes', () => {
    expect(parseCacheVersion({ version: 12, publishedAt: '2026-11-22T10:00:00.000Z' })).toBe(12);
    expect(parseCacheVersion({ version: '12' })).toBeNull();
    expect(parseCacheVersion({ version: -1 })).toBeNull();
    expect(parseCacheVersion(null)).toBeNull();
    expect(parseCacheVersion('<html>')).toBeNull();
  });
  it('the first version seen is only recorded; a different one is a change', () => {
    expect(compareCacheVersion(null, 3)).toBe('first');
    expect(compareCacheVersion(3, 3)).toBe('same');
    expect(compareCacheVersion(3, 4)).toBe('changed');
    // a restored backup can lower the number: still new content
    expect(compareCacheVersion(4, 1)).toBe('changed');
  });
});

describe('from when an answer shows a new version (decision 006)', () => {
  it('is the publish, or, after a static host\'s deploy, a little before the host had it', () => {
    const published = Date.UTC(2026, 11, 5, 18, 0, 0);
    // our own server: the check comes right after the publish
    expect(changeVisibleFrom(published, published + 1000)).toBe(published);
    // a static host: its deploy ended a minute later; a page it served at +30 s was still the old one
    expect(changeVisibleFrom(published, published + 60_000)).toBe(published + 55_000);
    expect(changeVisibleFrom(published, Number.NaN)).toBe(published);
    expect(changeVisibleFrom(Number.NaN, published + 60_000)).toBe(published + 55_000);
    expect(changeVisibleFrom(null, null)).toBeNull();
  });
});

describe('the pages a new cache version changed (decision 056)', () => {
  const file = (since: number, changes: [number, string[]][]) => ({
    version: changes.at(-1)?.[0] ?? since,
    pagesChangedSince: since,
    pagesChanged: changes.map(([version, pages]) => ({ version, pages })),
  });

  it('a page has one path however it is asked for', () => {
    expect(['/news/7', '/news/7/', '/news/7/index.html'].map(pagePath)).toEqual(['/news/7', '/news/7', '/news/7']);
    expect(['/', '/index.html'].map(pagePath)).toEqual(['/', '/']);
    expect(isPagePath('/spielplan')).toBe(true);
    expect(isPagePath('/news/alle.json')).toBe(true);
    expect(isPagePath('/spielplan.ics')).toBe(false);
    expect(isPagePath('/teilen/news/7.png')).toBe(false);
  });

  it('names the pages of every version after the one the worker knows', () => {
    const body = file(10, [
      [11, ['/news/3', '/news']],
      [12, ['/spiel/5/', '/']],
      [13, ['/spielplan']],
    ]);
    expect(pagesChangedSince(body, 11)).toEqual(new Set(['/spiel/5', '/', '/spielplan']));
    expect(pagesChangedSince(body, 10)).toEqual(new Set(['/news/3', '/news', '/spiel/5', '/', '/spielplan']));
    expect(pagesChangedSince(body, 13)).toEqual(new Set());
  });

  it('is every page when the list does not reach back to the known version, or cannot be read', () => {
    expect(pagesChangedSince(file(10, [[11, ['/news/3']]]), 9)).toBe('all');
    expect(pagesChangedSince({ version: 4 }, 3)).toBe('all');
    expect(pagesChangedSince({ version: 4, pagesChangedSince: 2, pagesChanged: [{ version: 3, pages: [7] }] }, 2)).toBe('all');
    expect(pagesChangedSince({ version: 4, pagesChangedSince: '2', pagesChanged: [] }, 3)).toBe('all');
    expect(pagesChangedSince(null, 3)).toBe('all');
    // a restored backup brought a lower version back: whatever the worker kept may be newer than the site
    expect(pagesChangedSince(file(41, []), 50)).toBe('all');
    expect(pagesChangedSince({ version: 42, pagesChangedSince: 40, pagesChanged: [{ version: 41, pages: ['/'] }, { version: 42, pages: [] }] }, 50)).toBe('all');
  });
});
