import { expect, test } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS } from '../../fixtures/browsers';
import { useEmptySite } from '../../fixtures/shared-site';
import { acceptNecessaryCookies, waitForServiceWorker } from './pwa-helpers';

// Background worker liveness and the screen wake lock (public-site.md §4, §9).
// The timer rules themselves are unit-tested (src/lib/pwa-liveness.test.ts,
// src/lib/pwa-wake-lock.test.ts); here the real browser and worker take part.
// the service worker is what these tests are about (it is Playwright's default, stated here on purpose)
test.use({ serviceWorkers: 'allow' });
// in Chromium itself: the headless shell never answers a screen wake lock request, the browser's layer does (tests/fixtures/browsers.ts)
test.use({ launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS } });

// the empty club, shared with the other blocks of this worker that only read (shared-site.ts)
const site = useEmptySite();

test.beforeEach(async ({ page }) => {
  await acceptNecessaryCookies(page);
});

test('the page sends heartbeats every 10 s and the worker answers them', async ({ page }) => {
  await page.clock.install();
  await page.addInitScript(() => {
    const record = window as unknown as { __heartbeatReplies: number };
    record.__heartbeatReplies = 0;
    navigator.serviceWorker?.addEventListener('message', (event) => {
      if ((event.data as { type?: string } | null)?.type === 'heartbeat-reply') record.__heartbeatReplies += 1;
    });
  });
  await page.goto(`${site().url}/`);
  await waitForServiceWorker(page);
  const replies = () => page.evaluate(() => (window as unknown as { __heartbeatReplies: number }).__heartbeatReplies);
  // the first heartbeat goes out as soon as the worker is ready
  await expect.poll(replies).toBeGreaterThanOrEqual(1);
  // far enough ahead that the page's clock, still running, has not passed it on a busy machine
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 2_000);
  const before = await replies();
  await page.clock.runFor(10_000);
  await expect.poll(replies).toBe(before + 1);
  await page.clock.runFor(20_000);
  await expect.poll(replies).toBe(before + 3);
});

test('the screen wake lock is held while the page is visible and asked for again on focus', async ({ page }) => {
  // counts the page's requests and keeps the locks it got, around the real API
  await page.addInitScript(() => {
    const record = window as unknown as { __wakeLockRequests: number; __wakeLocks: WakeLockSentinel[] };
    record.__wakeLockRequests = 0;
    record.__wakeLocks = [];
    const request = WakeLock.prototype.request;
    WakeLock.prototype.request = async function (this: WakeLock, type?: WakeLockType) {
      record.__wakeLockRequests += 1;
      const lock = await request.call(this, type);
      record.__wakeLocks.push(lock);
      return lock;
    };
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(`${site().url}/`);
  const state = () =>
    page.evaluate(() => {
      const record = window as unknown as { __wakeLockRequests: number; __wakeLocks: WakeLockSentinel[] };
      return { requests: record.__wakeLockRequests, held: record.__wakeLocks.filter((l) => !l.released).length };
    });
  await expect.poll(state).toEqual({ requests: 1, held: 1 });
  // focus while it is held asks for nothing new
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect.poll(state).toEqual({ requests: 1, held: 1 });
  // the browser let it go (e.g. battery saver): coming back to the tab asks again
  await page.evaluate(() => Promise.all((window as unknown as { __wakeLocks: WakeLockSentinel[] }).__wakeLocks.map((l) => l.release())));
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect.poll(state).toEqual({ requests: 2, held: 1 });
  expect(errors).toEqual([]);
});

test('where the browser has no Wake Lock API, or refuses it, nothing fails and nothing is reported as an error', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  // first a browser that refuses, then one without the API (Firefox before 126, older Safari)
  await page.addInitScript(() => {
    WakeLock.prototype.request = () => Promise.reject(new DOMException('Wake Lock permission request denied', 'NotAllowedError'));
  });
  await page.goto(`${site().url}/`);
  await waitForServiceWorker(page);
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));

  const bare = await page.context().newPage();
  bare.on('pageerror', (error) => errors.push(error.message));
  bare.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await bare.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'wakeLock', { get: () => undefined, configurable: true });
  });
  await bare.goto(`${site().url}/news`);
  await waitForServiceWorker(bare);
  await bare.evaluate(() => window.dispatchEvent(new Event('focus')));
  // the page works as ever: the worker's client started, the footer button answers
  await expect(bare.locator('html')).toHaveAttribute('data-pwa', 'started');
  await expect(bare.getByRole('button', { name: 'App installieren' })).toBeEnabled();
  expect(errors).toEqual([]);
});
