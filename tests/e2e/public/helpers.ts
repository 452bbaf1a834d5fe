// Shared pieces of the public-site specs: one production server per describe
// block, a stored cookie choice so the banner does not cover what is tested, and
// the checks every page with hostile data must pass.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import type { Db } from '../../../src/server/db/client';
import { startSite, type Site } from '../../fixtures/site';

/** Starts a server for the enclosing describe block; the seed runs before it publishes. */
export function useSite(seed?: (db: Db, dataDir: string) => void | Promise<void>, env?: Record<string, string>): () => Site {
  let site: Site | undefined;
  test.beforeAll(async () => {
    // a seed of the whole demo club with its pictures, then a start that publishes it: past the 60 s of a
    // test in a CI run whose other worker kept both cores busy (visual.spec.ts, once)
    test.setTimeout(120_000);
    site = await startSite({ seed, env });
  });
  test.afterAll(async () => {
    await site?.stop();
  });
  return () => {
    if (!site) throw new Error('site not started');
    return site;
  };
}

/** A visitor who has already chosen 'Nur notwendige': the cookie banner stays closed. */
export async function withCookieChoice(context: BrowserContext) {
  await context.addInitScript(() => {
    localStorage.setItem('cookie-consent', JSON.stringify({ necessary: true, analytics: false, marketing: false }));
  });
}

/** No injected script ran, and no link or image points at javascript: or data:text/html. */
export async function expectNoInjectedScript(page: Page) {
  // give islands and any injected handler the chance to run
  await page.waitForLoadState('load');
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  const dangerous = await page.evaluate(() =>
    [...document.querySelectorAll('[href], [src], [action], [formaction]')]
      .flatMap((el) => ['href', 'src', 'action', 'formaction'].map((a) => el.getAttribute(a) ?? ''))
      .filter((v) => /^\s*(javascript|vbscript|data:text\/html)/i.test(v)),
  );
  expect(dangerous).toEqual([]);
  const handlers = await page.evaluate(() =>
    [...document.querySelectorAll('main *')].flatMap((el) => [...el.attributes].map((a) => a.name)).filter((n) => n.startsWith('on')),
  );
  expect(handlers).toEqual([]);
}

/** The parsed JSON-LD blocks of the page (arrays flattened). */
export async function jsonLdOf(page: Page): Promise<Record<string, unknown>[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.flatMap((t) => {
    const value = JSON.parse(t) as Record<string, unknown> | Record<string, unknown>[];
    return Array.isArray(value) ? value : [value];
  });
}

/** Emoji need a colour font; the pages use inline SVG icons instead. */
export async function expectNoEmoji(page: Page) {
  const text = await page.locator('body').innerText();
  expect(text).not.toMatch(/[\p{Emoji_Presentation}\u{1F300}-\u{1FAFF}\u{2600}-\u{26FF}]/u);
}

export const rgb = (hex: string) => {
  const v = hex.replace('#', '');
  return `rgb(${parseInt(v.slice(0, 2), 16)}, ${parseInt(v.slice(2, 4), 16)}, ${parseInt(v.slice(4, 6), 16)})`;
};

/** On a phone (375 px) nothing, not even a 5,000-character name, widens the page sideways. */
export async function expectNoSidewaysScroll(page: Page) {
  await page.setViewportSize({ width: 375, height: 800 });
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll).toBeLessThanOrEqual(client);
}

/**
 * Waits until the island holding `selector` has hydrated (Astro drops the `ssr`
 * attribute then). A `client:interaction` island hydrates only when reached for:
 * the pointer goes over it first, as a visitor's would.
 */
export async function waitForIsland(page: Page, selector: string) {
  const island = page.locator('astro-island').filter({ has: page.locator(selector) });
  await island.scrollIntoViewIfNeeded();
  if ((await island.getAttribute('client')) === 'interaction') await page.locator(selector).first().hover();
  await expect(island).not.toHaveAttribute('ssr', /.*/);
}

/** The layout's script (cookie banner, install button and banner, header links: no React) has started. */
export async function waitForChrome(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-chrome', 'ready');
}
