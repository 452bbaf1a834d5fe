import { expect, test } from '@playwright/test';
import { loginAs } from '../../fixtures/auth';
import { startSite, type Site } from '../../fixtures/site';

// The /admin gate (admin-area.md §2, §6) and the header island (public-site.md §2),
// for each of the five identities.
let site: Site;
test.beforeAll(async () => {
  site = await startSite();
});
test.afterAll(async () => {
  await site.stop();
});

test('anonymous: /admin sends to /auth; the header shows neither Logout nor the admin link', async ({ page }) => {
  await page.goto(`${site.url}/admin`);
  await expect(page).toHaveURL(`${site.url}/auth?weiter=admin`);
  await page.goto(`${site.url}/`);
  const me = await page.request.get(`${site.url}/api/me`);
  expect(await me.json()).toEqual({ user: null, isAdmin: false, isSuperAdmin: false });
  await expect(page.getByRole('link', { name: 'News' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);
});

for (const role of ['user', 'moderator'] as const) {
  test(`${role}: /admin sends home; the header shows Logout but no admin link`, async ({ page, context }) => {
    await loginAs(context, site, role);
    await page.goto(`${site.url}/admin`);
    await expect(page).toHaveURL(`${site.url}/`);
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);
  });
}

test('admin: the panel opens without the Benutzer tab and without Cache Update; the header links to /admin', async ({ page, context }) => {
  await loginAs(context, site, 'admin');
  await page.goto(`${site.url}/`);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await page.getByRole('link', { name: 'Admin', exact: true }).click();
  await expect(page).toHaveURL(`${site.url}/admin`);
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Startseite' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Benutzer' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cache Update' })).toHaveCount(0);
  // even asking for the tab by its address shows no user list
  await page.goto(`${site.url}/admin#benutzer`);
  await expect(page.getByRole('heading', { name: 'Benutzerverwaltung' })).toHaveCount(0);
});

test('superadmin: the panel shows the Benutzer tab and Cache Update', async ({ page, context }) => {
  await loginAs(context, site, 'superadmin');
  await page.goto(`${site.url}/admin`);
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cache Update' })).toBeVisible();
  await page.getByRole('tab', { name: 'Benutzer' }).click();
  await expect(page.getByRole('heading', { name: 'Benutzerverwaltung' })).toBeVisible();
});

test('a failing role lookup means no admin rights, logged as the spec says', async ({ page, context }) => {
  await loginAs(context, site, 'superadmin');
  const db = site.db();
  // the server's next role lookup fails: the table is briefly gone
  db.$client.prepare('ALTER TABLE user_roles RENAME TO user_roles_away').run();
  try {
    await page.goto(`${site.url}/admin`);
    await expect(page).toHaveURL(`${site.url}/`);
    const me = await page.request.get(`${site.url}/api/me`);
    expect(await me.json()).toMatchObject({ isAdmin: false, isSuperAdmin: false });
  } finally {
    db.$client.prepare('ALTER TABLE user_roles_away RENAME TO user_roles').run();
  }
  expect(site.logs()).toContain('Error checking admin status:');
  await page.goto(`${site.url}/admin`);
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
});
