// What loads when (issue 16, docs/decisions/036): the layout's chrome (cookie
// banner, install button and banner, update bar, header links) runs without
// React; a returning visitor's content page loads at most 15 KB of script
// (brotli) before any input, a first visit at most 70 KB; forms and 'Alle News
// anzeigen' load React when the visitor reaches for them.
import http from 'node:http';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { loginAs } from '../../fixtures/auth';
import { makeMatch, makeNews } from '../../fixtures/factories';
import { addDays, viennaDate } from '../../../src/lib/dates-de';
import { EVENT_SOURCE_CLOSED, eventSourceStates, keepEventSources } from '../../fixtures/event-sources';
import { useSite, waitForChrome, withCookieChoice } from './helpers';

const PHONE = { viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true };
const RETURNING_LIMIT = 15 * 1024;
const FIRST_VISIT_LIMIT = 70 * 1024;

/** React's own marker, in react, react-dom and the JSX runtime alike. */
const REACT_SIGNATURE = 'react.transitional.element';

/** The body size our server sends for a URL to a client that accepts brotli. */
function brotliBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'br' } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => resolve(bytes));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** Scripts the page itself fetched from the site (not the service worker's precache). */
function recordScripts(context: BrowserContext, base: string): () => string[] {
  const scripts = new Set<string>();
  context.on('request', (request) => {
    if (request.resourceType() === 'script' && request.url().startsWith(base) && request.serviceWorker() === null) scripts.add(request.url());
  });
  return () => [...scripts];
}

async function loadsReact(scripts: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const url of scripts) if ((await (await fetch(url)).text()).includes(REACT_SIGNATURE)) found.push(new URL(url).pathname);
  return found;
}

/** Loads the page as the bench does: no input, until the network is quiet and the page's scripts ran. */
async function settle(page: Page) {
  await page.waitForLoadState('load');
  await page.waitForLoadState('networkidle');
  await waitForChrome(page);
  await expect(page.locator('html')).toHaveAttribute('data-pwa', 'started');
  await page.waitForLoadState('networkidle');
}

async function weigh(browser: Browser, base: string, route: string, returning: boolean) {
  const context = await browser.newContext({ ...PHONE, serviceWorkers: 'block' });
  if (returning) await withCookieChoice(context);
  const scripts = recordScripts(context, base);
  const page = await context.newPage();
  await page.goto(base + route);
  await settle(page);
  const files = scripts();
  let bytes = 0;
  for (const file of files) bytes += await brotliBytes(file);
  const react = await loadsReact(files);
  await context.close();
  return { bytes, react, files: files.map((f) => new URL(f).pathname) };
}

test.describe('Was wann lädt', () => {
  let articleId = '';
  let finishedId = '';
  let openId = '';
  let aheadId = '';
  let overdueId = '';
  const site = useSite((db) => {
    // seven articles: /news has its 'Alle News anzeigen' island
    for (let i = 0; i < 7; i++) articleId = makeNews(db, { title: `Bericht ${i + 1}` }).id;
    finishedId = makeMatch(db, { status: 'finished', home_score: 2, away_score: 1, match_date: '2026-03-14' }).id;
    const today = viennaDate(new Date());
    openId = makeMatch(db, { status: 'scheduled', match_date: today }).id;
    // three weeks ahead, and one whose day is long past without a result
    aheadId = makeMatch(db, { status: 'scheduled', match_date: addDays(today, 21) }).id;
    overdueId = makeMatch(db, { status: 'scheduled', match_date: addDays(today, -10) }).id;
  });
  const contentPages = () => ['/', '/news', `/news/${articleId}`, '/spielplan', '/mannschaften', `/spiel/${finishedId}`, '/kontakt', '/mitglied-werden'];

  test('a returning visitor loads no React and at most 15 KB of script on every content page; a first visit at most 70 KB', async ({ browser }) => {
    test.setTimeout(120_000);
    const figures: string[] = [];
    for (const route of contentPages()) {
      const returning = await weigh(browser, site().url, route, true);
      expect(returning.react, `${route}: React before any input`).toEqual([]);
      expect(returning.bytes, `${route}: ${returning.files.join(', ')}`).toBeLessThanOrEqual(RETURNING_LIMIT);
      const first = await weigh(browser, site().url, route, false);
      expect(first.bytes, `${route} (first visit)`).toBeLessThanOrEqual(FIRST_VISIT_LIMIT);
      figures.push(`${route}: returning ${returning.bytes} B, first visit ${first.bytes} B (${returning.files.length} files)`);
    }
    test.info().annotations.push({ type: 'script bytes (brotli)', description: figures.join('; ') });
  });

  test('the cookie banner works without React: choose, reload, reopen from the footer, withdraw', async ({ browser }) => {
    const context = await browser.newContext(PHONE);
    const scripts = recordScripts(context, site().url);
    const page = await context.newPage();
    await page.goto(site().url + '/news');
    const banner = page.getByRole('region', { name: 'Wir verwenden Cookies' });
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: 'Alle akzeptieren' }).click();
    await expect(banner).toHaveCount(0);
    await page.reload();
    await waitForChrome(page);
    await expect(banner).toHaveCount(0);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Cookie-Einstellungen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cookie-Einstellungen' });
    await expect(dialog.getByRole('checkbox', { name: 'Analyse' })).toBeChecked();
    await dialog.getByRole('checkbox', { name: 'Analyse' }).uncheck();
    await dialog.getByRole('button', { name: 'Auswahl speichern' }).click();
    await expect(dialog).toBeHidden();
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('cookie-consent')))!)).toEqual({ necessary: true, analytics: false, marketing: true });
    // the address itself opens the settings too
    await page.goto(site().url + '/spielplan#cookie-einstellungen');
    await expect(page.getByRole('dialog', { name: 'Cookie-Einstellungen' })).toBeVisible();
    expect(await loadsReact(scripts())).toEqual([]);
    await context.close();
  });

  test('an anonymous visitor asks nobody who they are; a signed-in one gets Logout and the admin link', async ({ browser }) => {
    const context = await browser.newContext();
    await withCookieChoice(context);
    const asked: string[] = [];
    context.on('request', (r) => r.url().endsWith('/api/me') && asked.push(r.url()));
    const page = await context.newPage();
    await page.goto(site().url + '/');
    await settle(page);
    expect(asked).toEqual([]);
    await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(0);
    await loginAs(context, site(), 'admin');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(page.locator('.auth-nav').getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
    expect(asked).toHaveLength(1);
    await context.close();
  });

  test('the contact form loads React on the first touch, then asks its question and sends', async ({ browser }) => {
    const context = await browser.newContext(PHONE);
    await withCookieChoice(context);
    const scripts = recordScripts(context, site().url);
    const page = await context.newPage();
    await page.goto(site().url + '/kontakt');
    await settle(page);
    const form = page.locator('.contact-form form');
    await form.scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    // on screen but untouched: no React, no question asked yet
    expect(await loadsReact(scripts())).toEqual([]);
    await expect(form.locator('.captcha-question')).toHaveCount(0);
    await form.getByLabel('Name').tap();
    const question = form.locator('.captcha-question');
    await expect(question).toHaveText(/^\d+ \+ \d+ = \?$/);
    expect((await loadsReact(scripts())).length).toBeGreaterThan(0);
    const [a, b] = ((await question.textContent()) ?? '').match(/\d+/g)!.map(Number);
    await form.getByLabel('Name').fill('Hanna Hydriert');
    await form.getByLabel('E-Mail').fill('hanna@example.at');
    await form.getByLabel('Betreff').fill('Training');
    await form.locator('textarea[name="nachricht"]').fill('Wann ist Training?');
    await form.getByLabel(/Sicherheitsfrage/).fill(String(a + b));
    await form.getByRole('button', { name: 'Nachricht senden' }).click();
    await expect(page.locator('.toast').filter({ hasText: 'Nachricht gesendet!' })).toBeVisible({ timeout: 15_000 });
    await expect(form.getByLabel('Name')).toHaveValue('');
    await context.close();
  });

  test('before React has arrived, the form cannot be typed into or sent natively', async ({ page, context }) => {
    await withCookieChoice(context);
    // React never arrives: the island's code is held back
    // eslint-disable-next-line no-restricted-syntax -- before the first goto
    await page.route(/\/_astro\/(client|InquiryForm)\.[\w-]+\.js$/, () => undefined);
    const posts: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && posts.push(r.url()));
    await page.goto(site().url + '/mitglied-werden');
    await waitForChrome(page);
    const form = page.locator('form.inquiry-form');
    const name = form.locator('[name="name"]');
    await name.focus();
    await expect(name).toBeFocused();
    await page.keyboard.type('Eilig');
    await page.keyboard.press('Enter');
    await expect(name).toHaveValue('');
    await expect(form.getByRole('button', { name: 'Nachricht senden' })).toBeDisabled();
    expect(new URL(page.url()).search).toBe('');
    expect(posts).toEqual([]);
  });

  test("'Alle News anzeigen': a tap before React follows the link; after the pointer came over it, the rest loads in place", async ({ page, context }) => {
    await withCookieChoice(context);
    // eslint-disable-next-line no-restricted-syntax -- before the first goto
    await page.route(/\/_astro\/(client|ShowAllNews)\.[\w-]+\.js$/, () => undefined);
    await page.goto(site().url + '/news');
    await waitForChrome(page);
    await page.getByRole('link', { name: 'Alle News anzeigen' }).click();
    await expect(page).toHaveURL(/\/news\/alle$/);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.goto(site().url + '/news');
    const toggle = page.getByRole('link', { name: 'Alle News anzeigen' });
    await toggle.hover();
    await expect(page.locator('astro-island[client="interaction"]')).not.toHaveAttribute('ssr', /.*/);
    await toggle.click();
    await expect(page.locator('.news-card')).toHaveCount(7);
    expect(new URL(page.url()).pathname).toBe('/news');
  });

  test('a finished match page loads nothing to follow it live; an open one listens without React', async ({ page, context }) => {
    await withCookieChoice(context);
    const scripts = recordScripts(context, site().url);
    const streams: string[] = [];
    page.on('request', (r) => r.url().includes('/api/live/') && streams.push(r.url()));
    await page.goto(`${site().url}/spiel/${finishedId}`);
    await settle(page);
    await expect(page.locator('astro-island, [data-live-reload]')).toHaveCount(0);
    expect(streams).toEqual([]);
    const chromeOnly = scripts().length;
    await page.goto(`${site().url}/spiel/${openId}`);
    await expect(page.locator('#spiel-live')).toHaveAttribute('data-live', 'on');
    expect(streams).toHaveLength(1);
    expect(scripts().length).toBe(chromeOnly + 1);
    expect(await loadsReact(scripts())).toEqual([]);
  });

  test('a match three weeks ahead opens its live stream only when its day comes; one whose day is long past opens none', async ({ page, context }) => {
    await withCookieChoice(context);
    const streams: string[] = [];
    page.on('request', (r) => r.url().includes('/api/live/') && streams.push(r.url()));
    await keepEventSources(page);
    await page.clock.install({ time: new Date() });
    await page.goto(`${site().url}/spiel/${overdueId}`);
    await settle(page);
    await page.goto(`${site().url}/spiel/${aheadId}`);
    await settle(page);
    // the page has what it needs to follow the match, and waits
    await expect(page.locator('[data-live-reload]')).toHaveCount(1);
    await page.clock.runFor(60_000);
    expect(streams).toEqual([]);
    await expect(page.locator('#spiel-live')).not.toHaveAttribute('data-live', 'on');
    // the match day in Vienna (an hour into it: the page's own mark, so that a change of summer time between
    // does not matter): the page opens the stream by itself
    const from = Number(await page.locator('#spiel-live').getAttribute('data-listen-from'));
    const until = Number(await page.locator('#spiel-live').getAttribute('data-listen-until'));
    expect(until - from).toBeGreaterThanOrEqual(47 * 60 * 60 * 1000);
    await page.clock.fastForward(from + 60 * 60 * 1000 - (await page.evaluate(() => Date.now())));
    await expect(page.locator('#spiel-live')).toHaveAttribute('data-live', 'on');
    expect(streams).toEqual([`${site().url}/api/live/${aheadId}`]);
    // the day after the match is over: the page stops listening (no result was entered) and opens no other
    await page.clock.fastForward(until - from);
    await expect(page.locator('#spiel-live')).not.toHaveAttribute('data-live', 'on');
    // its stream closed by the page itself (the server would keep it open: no new request would tell)
    expect(await eventSourceStates(page)).toEqual([EVENT_SOURCE_CLOSED]);
    await page.clock.runFor(5 * 60_000);
    expect(streams).toEqual([`${site().url}/api/live/${aheadId}`]);
    expect(await eventSourceStates(page)).toEqual([EVENT_SOURCE_CLOSED]);
  });
});
