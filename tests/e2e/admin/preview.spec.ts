import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { expect, test } from '@playwright/test';
import { loginAs } from '../../fixtures/auth';
import { answerCaptcha } from '../auth/helpers';
import { makeNews } from '../../fixtures/factories';
import { startSite, type Site } from '../../fixtures/site';
import { news } from '../../../src/server/db/schema';
import { publicHtml } from './content-helpers';

// 'Seitenvorschau' (issue 15, docs/decisions/034) against the production server: an
// unsaved change to a news shows as the real public page at a computer's and a
// phone's width, while the published page and the database keep the saved text.
const SCREENS = path.resolve('test-results/screens');
let site: Site;
let newsId: string;
test.beforeAll(async () => {
  site = await startSite({
    seed: (db) => {
      newsId = makeNews(db, { title: 'Saisonauftakt', content: 'Der gespeicherte Text.' }).id;
    },
  });
});
test.afterAll(async () => {
  await site.stop();
});

test('a draft of a news previewed at phone and computer width; the public page still shows the saved text', async ({ page, context, browser }) => {
  const admin = await loginAs(context, site, 'admin');
  await page.goto(`${site.url}/admin#news`);
  await page.locator('.news-item', { hasText: 'Saisonauftakt' }).getByRole('button', { name: 'Bearbeiten' }).click();
  const form = page.getByRole('form', { name: 'News bearbeiten' });
  await form.getByLabel('Inhalt *').fill('Der Entwurf, noch nicht gespeichert.');

  const [tab] = await Promise.all([context.waitForEvent('page'), form.getByRole('button', { name: 'Seitenvorschau' }).click()]);
  await tab.waitForURL(/\/admin\/vorschau\/[^/]+$/);
  await expect(tab.getByRole('heading', { name: 'Vorschau', level: 1 })).toBeVisible();
  await expect(tab.getByText(/Nicht veröffentlicht: so sieht die Seite nach dem Speichern aus/)).toBeVisible();

  const phone = tab.frameLocator('[data-testid="preview-phone"]');
  await expect(phone.getByText('Der Entwurf, noch nicht gespeichert.')).toBeVisible();
  await expect(phone.getByRole('heading', { name: 'Saisonauftakt' })).toBeVisible();
  const widths = await Promise.all(tab.frames().filter((f) => f !== tab.mainFrame()).map((f) => f.evaluate(() => window.innerWidth)));
  expect(widths.sort((a, b) => a - b)).toEqual([375, 1280]);
  await expect(tab.frameLocator('[data-testid="preview-desktop"]').getByText('Der Entwurf, noch nicht gespeichert.')).toBeVisible();
  fs.mkdirSync(SCREENS, { recursive: true });
  await tab.setViewportSize({ width: 1500, height: 900 });
  await tab.screenshot({ path: path.join(SCREENS, 'admin-preview-news.png'), fullPage: true });

  // nothing was saved or published
  const published = await publicHtml(site, `/news/${newsId}`);
  expect(published).toContain('Der gespeicherte Text.');
  expect(published).not.toContain('Der Entwurf');
  expect(site.db().select({ content: news.content }).from(news).where(eq(news.id, newsId)).get()).toEqual({ content: 'Der gespeicherte Text.' });

  // the link is the admin's own: signed out it answers nothing of the draft
  const previewPath = new URL(tab.url()).pathname;
  const anonymous = await fetch(`${site.url}${previewPath}/seite`, { redirect: 'manual' });
  expect(anonymous.status).toBe(403);
  expect(await anonymous.text()).not.toContain('Der Entwurf');
  // another admin gets 'abgelaufen', not the draft
  const other = await browser.newContext();
  await loginAs(other, site, 'admin');
  const otherPage = await other.newPage();
  const response = await otherPage.goto(`${site.url}${previewPath}`);
  expect(response?.status()).toBe(410);
  await expect(otherPage.getByRole('alert')).toHaveText('Diese Vorschau ist abgelaufen. Bitte im Admin-Bereich eine neue öffnen.');
  await other.close();

  // the same admin opening the link in another browser signs in and comes back to the preview, not home
  const elsewhere = await browser.newContext();
  const signedOut = await elsewhere.newPage();
  await signedOut.goto(`${site.url}${previewPath}`);
  await expect(signedOut).toHaveURL(`${site.url}/auth?weiter=vorschau:${previewPath.split('/').pop()}`);
  await signedOut.getByLabel('E-Mail').fill(admin.email);
  await signedOut.getByLabel('Passwort', { exact: true }).fill(admin.password);
  await answerCaptcha(signedOut);
  await signedOut.getByRole('button', { name: 'Anmelden' }).click();
  await expect(signedOut).toHaveURL(`${site.url}${previewPath}`);
  await expect(signedOut.frameLocator('[data-testid="preview-desktop"]').getByText('Der Entwurf, noch nicht gespeichert.')).toBeVisible();
  // signed in, the sign-in's address leads there straight away
  await signedOut.goto(`${site.url}/auth?weiter=vorschau:${previewPath.split('/').pop()}`);
  await expect(signedOut).toHaveURL(`${site.url}${previewPath}`);
  await elsewhere.close();
});

test.describe('with service workers as a browser has them', () => {
  test.use({ serviceWorkers: 'allow' });

  test("the preview's frames start no service worker and keep nothing of the draft (decision 006)", async ({ page, context }) => {
    await loginAs(context, site, 'admin');
    await page.goto(`${site.url}/admin#news`);
    await page.locator('.news-item', { hasText: 'Saisonauftakt' }).getByRole('button', { name: 'Bearbeiten' }).click();
    const form = page.getByRole('form', { name: 'News bearbeiten' });
    await form.getByLabel('Inhalt *').fill('Ein Entwurf für die Vorschau.');
    const [tab] = await Promise.all([context.waitForEvent('page'), form.getByRole('button', { name: 'Seitenvorschau' }).click()]);
    const phone = tab.frameLocator('[data-testid="preview-phone"]');
    await expect(phone.getByText('Ein Entwurf für die Vorschau.')).toBeVisible();
    // the public page's chrome ran in each frame and decided about the worker
    for (const frame of ['preview-phone', 'preview-desktop']) {
      await expect(tab.frameLocator(`[data-testid="${frame}"]`).locator('html')).toHaveAttribute('data-pwa', 'framed');
    }
    // an admin who never visited the site has no worker for it, and no cache holds the draft's page or files
    expect(await tab.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
    expect(await tab.evaluate(async () => await caches.keys())).toEqual([]);
  });
});
