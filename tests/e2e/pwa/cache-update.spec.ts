import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { and, eq } from 'drizzle-orm';
import { userRoles } from '../../../src/server/db/schema';
import { loginAs } from '../../fixtures/auth';
import { makeNews } from '../../fixtures/factories';
import { startSite, type Site } from '../../fixtures/site';
import {
  acceptNecessaryCookies,
  cacheContents,
  cacheUpdateAsSuperadmin,
  publishedVersion,
  waitForCachedPage,
  waitForServiceWorker,
} from './pwa-helpers';

// The superadmin's 'Cache Update' (admin-area.md §2, §6, §8): a full republish
// that raises the version; 'Zugriff verweigert' for anyone else; a failure shows
// 'Cache-Update fehlgeschlagen'. And what the service worker keeps of an admin session.
// the service worker is what these tests are about (it is Playwright's default, stated here on purpose)
test.use({ serviceWorkers: 'allow' });

let site: Site;
test.beforeAll(async () => {
  site = await startSite({ seed: (db) => void makeNews(db, { title: 'Generalversammlung' }) });
});
test.afterAll(async () => {
  await site.stop();
});

const ACTION = '/_actions/admin.cacheUpdate';
const toast = (page: import('@playwright/test').Page, title: string) => page.locator('.toast').filter({ hasText: title });

test('the superadmin sees the new version; the site is republished with the version raised by one', async ({ browser }) => {
  const before = await publishedVersion(site);
  const homeFile = path.join(site.dataDir, 'site', 'index.html');
  const impressumFile = path.join(site.dataDir, 'site', 'impressum', 'index.html');
  const home = fs.readFileSync(homeFile);
  const impressumInode = fs.statSync(impressumFile).ino;
  // a page damaged on disk by hand
  fs.writeFileSync(homeFile, '<p>kaputt</p>');
  const version = await cacheUpdateAsSuperadmin(browser, site);
  expect(version).toBe(before + 1);
  expect(await publishedVersion(site)).toBe(version);
  // a full republish: every page rendered again; the damaged one is whole again, an unchanged one
  // was left as it was (decision 044)
  expect(fs.readFileSync(homeFile).equals(home)).toBe(true);
  expect(fs.statSync(impressumFile).ino).toBe(impressumInode);
});

test("an admin has no 'Cache Update' button, and calling the action is refused with 403 and the German message", async ({ page, context }) => {
  await loginAs(context, site, 'admin');
  await page.goto(`${site.url}/admin`);
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Abmelden' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cache Update' })).toHaveCount(0);

  const before = await publishedVersion(site);
  const response = await context.request.post(`${site.url}${ACTION}`, {
    headers: { 'content-type': 'application/json', origin: site.url },
    data: '{}',
  });
  expect(response.status()).toBe(403);
  expect(await response.json()).toMatchObject({ code: 'FORBIDDEN', message: 'Nur Superadmins können den Cache aktualisieren.' });
  expect(await publishedVersion(site)).toBe(before);
});

test("a superadmin who lost the role meanwhile gets 'Zugriff verweigert' / 'Nur Superadmins können den Cache aktualisieren.'", async ({
  page,
  context,
}) => {
  const user = await loginAs(context, site, 'superadmin');
  await page.goto(`${site.url}/admin`);
  const button = page.getByRole('button', { name: 'Cache Update' });
  await expect(button).toBeVisible();
  // another superadmin takes the role away while this panel is open
  const db = site.db();
  db.delete(userRoles).where(and(eq(userRoles.user_id, user.id), eq(userRoles.role, 'superadmin'))).run();
  db.insert(userRoles).values({ user_id: user.id, role: 'admin' }).run();
  const before = await publishedVersion(site);

  await button.click();
  const denied = toast(page, 'Zugriff verweigert');
  await expect(denied).toBeVisible();
  await expect(denied).toContainText('Nur Superadmins können den Cache aktualisieren.');
  expect(await publishedVersion(site)).toBe(before);
});

test("a failed republish shows 'Cache-Update fehlgeschlagen'; the published pages stay whole", async ({ page, context }) => {
  await loginAs(context, site, 'superadmin');
  await page.goto(`${site.url}/admin`);
  // the folder of one page is replaced by a file: that page cannot be written
  const shopDir = path.join(site.dataDir, 'site', 'shop');
  const moved = `${shopDir}.bak`;
  fs.renameSync(shopDir, moved);
  fs.writeFileSync(shopDir, 'kein Ordner');
  try {
    await page.getByRole('button', { name: 'Cache Update' }).click();
    await expect(toast(page, 'Cache-Update fehlgeschlagen')).toBeVisible();
    await expect(toast(page, 'Cache aktualisiert')).toHaveCount(0);
    // the pages that could be written are still whole pages
    expect(fs.readFileSync(path.join(site.dataDir, 'site', 'index.html'), 'utf8')).toContain('Generalversammlung');
  } finally {
    fs.rmSync(shopDir, { force: true });
    fs.renameSync(moved, shopDir);
  }
  // once the cause is gone, the next attempt succeeds
  await page.getByRole('button', { name: 'Cache Update' }).click();
  await expect(toast(page, 'Cache aktualisiert')).toContainText(/Neue Cache-Version: \d+/);
});

test('a cross-site post to the action is still refused by the origin check', async ({ request }) => {
  const response = await request.post(`${site.url}${ACTION}`, {
    headers: { 'content-type': 'text/plain', origin: 'https://boese.example' },
    data: '',
  });
  expect(response.status()).toBe(403);
});

test('after an admin session and sign-out, no cache holds an admin, sign-in or API response, nor the admin’s code', async ({ page, context }) => {
  await acceptNecessaryCookies(page);
  await loginAs(context, site, 'superadmin');
  // a public page registers the worker, which then controls every page of the origin
  await page.goto(`${site.url}/`);
  await waitForServiceWorker(page);
  await waitForCachedPage(page, '/');

  await page.goto(`${site.url}/admin`);
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  await page.getByRole('tab', { name: 'News' }).click();
  await page.getByRole('button', { name: 'Cache Update' }).click();
  await expect(toast(page, 'Cache aktualisiert')).toBeVisible();
  // public pages again (the header island asks /api/me on each), after the purge the new version brought
  await page.goto(`${site.url}/news`);
  await waitForCachedPage(page, '/news');
  await page.goto(`${site.url}/`);
  await waitForCachedPage(page, '/');
  await page.goto(`${site.url}/admin`);
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();

  // before sign-out already: nothing private was ever stored
  const during = Object.values(await cacheContents(page)).flat();
  await page.getByRole('button', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL(/\/auth$/);

  const caches = await cacheContents(page);
  const urls = Object.values(caches).flat();
  // the worker's caches are in use (the check below is not vacuous)
  expect(urls).toContain(`${site.url}/`);
  expect(urls).toContain(`${site.url}/news`);
  for (const url of [...during, ...urls]) {
    const { pathname } = new URL(url);
    expect(pathname, url).not.toMatch(/^\/(admin|auth|reset-password|api|_actions|_server-islands)(\/|$)/i);
    expect(pathname, url).not.toMatch(/AdminApp|Manager/);
  }
  for (const name of Object.keys(caches)) expect(name).not.toMatch(/admin|api/i);
});
