import { expect, test } from '@playwright/test';
import { createTestUser } from '../../fixtures/auth';
import { startSite, type Site } from '../../fixtures/site';
import { knownSignInAddresses, news } from '../../../src/server/db/schema';
import { signInWithForm } from '../auth/helpers';
import { toaster } from '../admin/content-helpers';

// Serving on every core (issue 16, docs/decisions/037): the production server
// with two static workers in front of the owner. A visitor signs in and an
// admin saves through a worker; the save is stored by the owner, published,
// and the next page the worker serves shows it. The owner sees the visitor's
// address as the worker resolved it.
let site: Site;
test.beforeAll(async () => {
  site = await startSite({ env: { SERVE_WORKERS: '2' } });
});
test.afterAll(async () => {
  await site.stop();
});

test('sign in and save a news through a static worker: stored, published and served at once', async ({ page }) => {
  // logged once both workers listen; the first one already answers the start's health check
  await expect.poll(() => site.logs()).toContain('2 static workers');
  const user = await createTestUser(site, ['admin']);
  await signInWithForm(page, site, user.email, user.password);
  await expect(page.getByText('Erfolgreich angemeldet')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Admin', exact: true })).toHaveAttribute('href', '/admin');
  // the sign-in limits count the address the worker passed on, not the owner socket's empty one
  const addresses = site.db().select({ address: knownSignInAddresses.address }).from(knownSignInAddresses).all();
  expect(addresses.map((a) => a.address)).toEqual(['127.0.0.1']);

  await page.goto(`${site.url}/admin#news`);
  const form = page.getByRole('form', { name: 'Neue News erstellen' });
  await form.getByLabel('Titel *').fill('Heimsieg über alle Kerne');
  await form.getByLabel('Inhalt *').fill('Zwei Prozesse liefern, einer speichert.');
  await form.getByRole('button', { name: 'News erstellen' }).click();
  await expect(toaster(page).getByText('News erstellt!')).toBeVisible();
  const [row] = site.db().select().from(news).all();
  expect(row).toMatchObject({ title: 'Heimsieg über alle Kerne', published: true, author_id: user.id });

  // both workers serve the new page (each request on a connection of its own reaches either)
  for (let i = 0; i < 4; i++) {
    const context = await page.context().browser()!.newContext();
    const visitor = await context.newPage();
    await visitor.goto(`${site.url}/news/${row.id}`);
    await expect(visitor.getByRole('heading', { name: 'Heimsieg über alle Kerne' })).toBeVisible();
    await context.close();
  }
  await page.goto(`${site.url}/news`);
  await expect(page.getByText('Heimsieg über alle Kerne')).toBeVisible();
});

test('the headers of a proxied answer and of a published file are each set once', async ({ request }) => {
  for (const path of ['/auth', '/news', '/healthz']) {
    const response = await request.get(`${site.url}${path}`);
    expect(response.status(), path).toBe(200);
    const lines = response.headersArray().filter((h) => h.name.toLowerCase() === 'x-frame-options');
    expect(lines, path).toHaveLength(1);
  }
  const health = await request.get(`${site.url}/healthz`);
  expect(await health.json()).toMatchObject({ ok: true });
});
