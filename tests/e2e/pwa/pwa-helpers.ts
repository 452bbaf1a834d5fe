// Helpers for the PWA specs: wait until the service worker controls a page and
// has stored it, and read what every cache of the origin holds.
import { expect, type Browser, type Page } from '@playwright/test';
import { loginAs } from '../../fixtures/auth';
import type { Site } from '../../fixtures/site';

/** Waits until the page is controlled by the service worker. */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, { timeout: 20_000 });
}

/** Every cache of the origin with the URLs it holds. */
export async function cacheContents(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const result: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const keys = await (await caches.open(name)).keys();
      result[name] = keys.map((request) => request.url);
    }
    return result;
  });
}

/** Waits until the worker's page cache holds this path (the worker stores in the background). */
export async function waitForCachedPage(page: Page, path: string): Promise<void> {
  await page.waitForFunction(
    async (wanted) => {
      const cache = await caches.open('anstoss-pages');
      return (await cache.match(new URL(wanted, location.origin).href)) !== undefined;
    },
    path,
    { timeout: 20_000, polling: 200 },
  );
}

/** The cache version the worker has recorded (null before its first check). */
export async function workerVersion(page: Page): Promise<number | null> {
  return page.evaluate(async () => {
    const stored = await (await caches.open('anstoss-meta')).match('/__anstoss/cache-version');
    return stored ? ((await stored.json()) as { version: number }).version : null;
  });
}

/** The purges of a cache the worker recorded, newest first: which cache, why, when. */
export async function workerPurges(page: Page): Promise<{ cache: string; reason: string; at: string }[]> {
  return page.evaluate(async () => {
    const stored = await (await caches.open('anstoss-meta')).match('/__anstoss/purges');
    return stored ? ((await stored.json()) as { cache: string; reason: string; at: string }[]) : [];
  });
}

/** Stores a cookie choice so that the cookie banner does not cover the page. */
export async function acceptNecessaryCookies(page: Page): Promise<void> {
  await page.addInitScript(() => {
    localStorage.setItem('cookie-consent', JSON.stringify({ necessary: true, analytics: false, marketing: false }));
  });
}

/**
 * The superadmin's 'Cache Update' in the admin panel, in a browser context of its
 * own: returns the new version the panel shows.
 */
export async function cacheUpdateAsSuperadmin(browser: Browser, site: Site): Promise<number> {
  const context = await browser.newContext();
  try {
    await loginAs(context, site, 'superadmin');
    const admin = await context.newPage();
    await admin.goto(`${site.url}/admin`);
    await admin.getByRole('button', { name: 'Cache Update' }).click();
    const toast = admin.locator('.toast').filter({ hasText: 'Cache aktualisiert' });
    await expect(toast).toContainText(/Neue Cache-Version: \d+/);
    const text = (await toast.textContent()) ?? '';
    return Number(/Neue Cache-Version: (\d+)/.exec(text)![1]);
  } finally {
    await context.close();
  }
}

/** An admin publishes an article (in a browser context of its own): returns its title. */
export async function publishNewsAsAdmin(browser: Browser, site: Site): Promise<string> {
  const admin = await browser.newContext();
  try {
    await loginAs(admin, site, 'admin');
    const title = `Trainerwechsel ${Date.now()}`;
    const saved = await admin.request.post(`${site.url}/_actions/admin.news.create`, {
      headers: { origin: site.url },
      data: { title, content: 'Ab Montag übernimmt ein neues Trainerteam.', published: true },
    });
    expect(saved.status()).toBe(200);
    return title;
  } finally {
    await admin.close();
  }
}

/** The version in the published cache-version.json. */
export async function publishedVersion(site: Site): Promise<number> {
  const response = await fetch(`${site.url}/cache-version.json`);
  return ((await response.json()) as { version: number }).version;
}
