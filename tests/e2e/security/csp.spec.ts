import { expect, test, type Page } from '@playwright/test';
import { loginAs } from '../../fixtures/auth';
import { HOSTILE, makeNews, makeTeam } from '../../fixtures/factories';
import { startSite, type Site } from '../../fixtures/site';
import { waitForIsland } from '../public/helpers';

// The content security policy (docs/decisions/010-content-security-policy.md):
// every page's own scripts and islands work under it, and a script that got into
// a page some other way does not run.
let site: Site;
let articleId: string;
let teamId: string;
test.beforeAll(async () => {
  site = await startSite({
    seed: (db) => {
      // seven articles: /news then has the 'Alle News anzeigen' island
      for (let i = 1; i <= 7; i++) articleId = makeNews(db, { title: `Meldung ${i}` }).id;
      teamId = makeTeam(db, { name: HOSTILE.script }).id;
    },
  });
});
test.afterAll(async () => {
  await site.stop();
});

/** Collects every CSP violation the page reports, from the first byte on. */
async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return () => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
}

const PUBLIC_PAGES = () => [
  '/',
  '/news',
  '/news/alle',
  `/news/${articleId}`,
  '/mannschaften',
  `/team/${teamId}`,
  '/nachwuchs',
  '/spielplan',
  '/sponsoren',
  '/kontakt',
  '/impressum',
  '/datenschutz',
  '/mitglied-werden',
  '/shop',
  '/vereinsgeschichte',
];

test('every public page carries the policy; its islands hydrate and nothing is reported as blocked', async ({ page }) => {
  const violations = await recordViolations(page);
  for (const path of PUBLIC_PAGES()) {
    await page.goto(`${site.url}${path}`);
    const policy = await page.locator('meta[http-equiv="content-security-policy"]').getAttribute('content');
    expect(policy, path).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')*;/);
    expect(policy, path).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    // the layout's script (cookie banner, install button) ran under the policy
    await expect(page.locator('html'), path).toHaveAttribute('data-chrome', 'ready');
    expect(await violations(), path).toEqual([]);
  }
  // the cookie banner (an island rendered only in the browser) appears for a first visit
  await expect(page.getByRole('region', { name: /Cookie/ })).toBeVisible();
});

test('the news toggle still loads the rest of the list under the policy', async ({ page, context }) => {
  await context.addInitScript(() => {
    localStorage.setItem('cookie-consent', JSON.stringify({ necessary: true, analytics: false, marketing: false }));
  });
  const violations = await recordViolations(page);
  await page.goto(`${site.url}/news`);
  await waitForIsland(page, '.show-all-news');
  await page.getByRole('link', { name: 'Alle News anzeigen' }).click();
  // loaded in place: the address stays /news
  await expect(page.locator('.news-card')).toHaveCount(7);
  expect(new URL(page.url()).pathname).toBe('/news');
  expect(await violations()).toEqual([]);
});

test('a script that got into a page does not run: neither inline nor as an event handler', async ({ page }) => {
  await page.goto(`${site.url}/`);
  const { ran, refused, failedImage } = await page.evaluate(async () => {
    const w = window as unknown as { __injected?: string };
    // what the browser refused, as it reports it: both, before the check (no waiting for nothing to happen)
    const refused: string[] = [];
    const bothRefused = new Promise<void>((resolve) =>
      document.addEventListener('securitypolicyviolation', (event) => {
        refused.push(event.effectiveDirective);
        if (refused.length === 2) resolve();
      }),
    );
    const script = document.createElement('script');
    script.textContent = "window.__injected = 'script'";
    document.body.append(script);
    const image = document.createElement('img');
    image.setAttribute('onerror', "window.__injected = 'handler'");
    // the image's error, heard by a listener of the page's own: the inline handler's moment to run has passed
    const failed = new Promise<boolean>((resolve) => image.addEventListener('error', () => resolve(true)));
    image.src = '/gibt-es-nicht.png';
    document.body.append(image);
    const failedImage = await failed;
    await bothRefused;
    return { ran: w.__injected ?? null, refused: refused.sort(), failedImage };
  });
  expect(failedImage).toBe(true);
  expect(refused).toEqual(['script-src-attr', 'script-src-elem']);
  expect(ran).toBeNull();
});

test('the admin panel and the sign-in page get the policy as a header, with frame-ancestors, and work under it', async ({ page, context }) => {
  const signIn = await page.request.get(`${site.url}/auth`);
  expect(signIn.headers()['content-security-policy']).toMatch(/script-src 'self'[^;]*; .*frame-ancestors 'none'/);

  await loginAs(context, site, 'admin');
  const violations = await recordViolations(page);
  const response = await page.goto(`${site.url}/admin#news`);
  expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await expect(page.locator('.news-form').getByLabel('Titel *')).toBeVisible();
  expect(await violations()).toEqual([]);
});
