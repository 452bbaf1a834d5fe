import { expect, test } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { sessions } from '../../../src/server/db/schema';
import { createTestUser } from '../../fixtures/auth';
import { startSite, type Site } from '../../fixtures/site';
import { signInWithForm } from '../auth/helpers';
import { toaster } from './content-helpers';

// 'Meine Sitzungen' (issue 11): an admin sees where they are signed in and signs
// out any of those sessions; the other browser is out at its next request.
let site: Site;
test.beforeAll(async () => {
  site = await startSite();
});
test.afterAll(async () => {
  await site.stop();
});

test('two browsers: the list shows both, this one marked; ending the other signs it out at once', async ({ browser }) => {
  const admin = await createTestUser(site, ['admin']);
  const here = await browser.newContext({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36' });
  const phone = await browser.newContext({ userAgent: 'Mozilla/5.0 (Android 14; Mobile; rv:132.0) Gecko/132.0 Firefox/132.0' });
  const page = await here.newPage();
  const other = await phone.newPage();
  for (const p of [other, page]) {
    await signInWithForm(p, site, admin.email, admin.password);
    // signed in, the form leads home; the admin panel is one step away
    await expect(p).toHaveURL(`${site.url}/`);
    await p.goto(`${site.url}/admin`);
    await expect(p.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  }

  await page.getByRole('button', { name: 'Sitzungen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Meine Sitzungen' });
  const rows = dialog.locator('.admin-session');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Chrome auf Linux');
  await expect(rows.nth(0)).toContainText('Dieses Gerät');
  await expect(rows.nth(1)).toContainText('Firefox auf Android');
  await expect(rows.nth(1)).not.toContainText('Dieses Gerät');

  // each 'Abmelden' names its session (two read the same); by keyboard the focus stays in the dialog after it
  await expect(dialog.getByRole('button', { name: /^Abmelden: Firefox auf Android, / })).toHaveCount(1);
  await rows.nth(1).getByRole('button', { name: 'Abmelden' }).focus();
  await page.keyboard.press('Enter');
  await expect(toaster(page).getByText('Sitzung abgemeldet')).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(rows.nth(0).getByRole('button', { name: /^Abmelden: Chrome auf Linux/ })).toBeFocused();
  expect(site.db().select().from(sessions).where(eq(sessions.userId, admin.id)).all()).toHaveLength(1);
  // the phone is out at its next request
  await other.goto(`${site.url}/admin`);
  await expect(other).toHaveURL(/\/auth/);

  // ending this one signs out here
  await rows.nth(0).getByRole('button', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL(/\/auth/);
  expect(site.db().select().from(sessions).where(eq(sessions.userId, admin.id)).all()).toEqual([]);
  await here.close();
  await phone.close();
});
