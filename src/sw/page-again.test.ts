import { beforeAll, describe, expect, it } from 'vitest';
import type { AskFailure, NetworkAndStore, askAgain as AskAgain } from './page-again';

// workbox's modules look at the worker's global `self` when they load
let askAgain: typeof AskAgain;
beforeAll(async () => {
  (globalThis as { self?: unknown }).self ??= globalThis;
  ({ askAgain } = await import('./page-again'));
});

const page = (etag: string, status = 200) => new Response('<h1>News</h1>', { status, headers: { etag, date: new Date().toUTCString() } });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The page asked again, answered by `second` after `ms`; what the tab is told, once the fetch event's work is done. */
async function asked(second: () => Promise<Response>, ms: number) {
  const kept: Promise<unknown>[] = [];
  const told: string[] = [];
  const strategy = { handle: async () => (await sleep(ms), second()) } as unknown as NetworkAndStore;
  const options = { event: { waitUntil: (work: Promise<unknown>) => void kept.push(work) }, request: new Request('http://verein.test/news') };
  const first = page('"alt"');
  const result = await askAgain(strategy, options as never, first, Promise.resolve(), 100, async () => void told.push('neue Inhalte'), async (why: AskFailure) => void told.push(`veraltet (${why})`));
  await Promise.all(kept);
  return { shownFirst: result.response === first, failed: result.failed, told };
}

describe('a page asked again after a publish', () => {
  it('in time: the fresh page; a failure shows the first, said why (no network, or the server)', async () => {
    expect(await asked(async () => page('"neu"'), 0)).toEqual({ shownFirst: false, failed: null, told: [] });
    expect(await asked(async () => page('"neu"', 503), 0)).toEqual({ shownFirst: true, failed: 'server', told: [] });
    expect(await asked(async () => Promise.reject(new TypeError('Failed to fetch')), 0)).toEqual({ shownFirst: true, failed: 'network', told: [] });
  });

  it('too slow: the first page at once, and the tab told what came later (a newer page, nothing new, or no page)', async () => {
    expect(await asked(async () => page('"neu"'), 300)).toEqual({ shownFirst: true, failed: null, told: ['neue Inhalte'] });
    expect(await asked(async () => page('"alt"'), 300)).toEqual({ shownFirst: true, failed: null, told: [] });
    expect(await asked(async () => page('"neu"', 502), 300)).toEqual({ shownFirst: true, failed: null, told: ['veraltet (server)'] });
    expect(await asked(async () => Promise.reject(new TypeError('Failed to fetch')), 300)).toEqual({ shownFirst: true, failed: null, told: ['veraltet (network)'] });
  });
});
