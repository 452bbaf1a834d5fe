import { expect, test } from '@playwright/test';
import { startSite, type Site } from '../../fixtures/site';

// The first superadmin (README): while none exists, the start prints a one-time
// link with which the first person chooses e-mail and password.
let site: Site;
test.beforeAll(async () => {
  site = await startSite();
});
test.afterAll(async () => {
  await site.stop();
});

function printedLink(): string {
  const match = site.logs().match(/\[setup\] (http\S+\/auth\/setup\?token=\S+)/);
  expect(match, site.logs()).not.toBeNull();
  return match![1];
}

test('the printed link lets the first person become superadmin once; a used link sends to /auth', async ({ page }) => {
  const link = printedLink();
  expect(link.startsWith(`${site.url}/auth/setup?token=`)).toBe(true);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Ersten Superadmin einrichten' })).toBeVisible();

  // the password rules apply here too
  await page.getByLabel('E-Mail').fill('vorstand@verein.at');
  await page.getByLabel('Passwort', { exact: true }).fill('kurz');
  await page.getByLabel('Passwort bestätigen').fill('kurz');
  await page.getByRole('button', { name: 'Superadmin anlegen' }).click();
  await expect(page.getByText('Das Passwort muss mindestens 8 Zeichen lang sein.')).toBeVisible();
  await page.getByLabel('Passwort', { exact: true }).fill('Ein-gutes-Passwort');
  await page.getByLabel('Passwort bestätigen').fill('Ein-anderes-Passwort');
  await page.getByRole('button', { name: 'Superadmin anlegen' }).click();
  await expect(page.getByText('Die Passwörter stimmen nicht überein.')).toBeVisible();

  await page.getByLabel('Passwort bestätigen').fill('Ein-gutes-Passwort');
  await page.getByRole('button', { name: 'Superadmin anlegen' }).click();
  await expect(page).toHaveURL(`${site.url}/admin`);
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cache Update' })).toBeVisible();
  const row = site.db().$client
    .prepare("SELECT u.email, r.role FROM users u JOIN user_roles r ON r.user_id = u.id")
    .all();
  expect(row).toEqual([{ email: 'vorstand@verein.at', role: 'superadmin' }]);

  // the link is used up (for a visitor who is not signed in)
  await page.context().clearCookies();
  await page.goto(link);
  await expect(page).toHaveURL(/\/auth\?link=ungueltig$/);
  await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible();
});

test('a made-up set-up token sends to /auth', async ({ page }) => {
  await page.goto(`${site.url}/auth/setup?token=ausgedacht`);
  await expect(page).toHaveURL(/\/auth\?link=ungueltig$/);
});
