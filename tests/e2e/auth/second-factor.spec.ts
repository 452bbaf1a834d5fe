import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';
import { expect, test } from '@playwright/test';
import { TOTP_STEP_SECONDS, beginTotpSetup, confirmTotpSetup } from '../../../src/server/auth/totp';
import { createTestUser } from '../../fixtures/auth';
import { startSite, type Site } from '../../fixtures/site';
import { signInWithForm } from './helpers';

// Sign-in with a second factor (issue 11, docs/decisions/019): the right
// password asks for the code; the code from the app signs in; a wrong one is
// refused in German and the code can be typed again.
let site: Site;
test.beforeAll(async () => {
  site = await startSite();
});
test.afterAll(async () => {
  await site.stop();
});

test('password, then the code from the app: signed in; a wrong code is refused first', async ({ page }) => {
  const admin = await createTestUser(site, ['admin']);
  const { uri } = beginTotpSetup(site.db(), admin.id, admin.email);
  const key = decodeBase32IgnorePadding(new URL(uri).searchParams.get('secret')!);
  const code = (at: number) => generateHOTP(key, BigInt(Math.floor(at / 1000 / TOTP_STEP_SECONDS)), 6);
  confirmTotpSetup(site.db(), admin.id, code(Date.now() - 60_000), Date.now() - 60_000);

  await signInWithForm(page, site, admin.email, admin.password);
  await expect(page.getByText('Gib den 6-stelligen Code aus deiner Authenticator-App ein')).toBeVisible();
  // the code field has the focus and says what is asked for (the password form it replaced had the focus)
  await expect(page.getByLabel('Code')).toBeFocused();
  await expect(page.getByLabel('Code')).toHaveAccessibleDescription(/Gib den 6-stelligen Code/);
  // no session yet
  await expect.poll(() => site.db().$client.prepare('SELECT count(*) AS n FROM sessions WHERE user_id = ?').get(admin.id)).toEqual({ n: 0 });

  await page.getByLabel('Code').fill('123456');
  await page.getByRole('button', { name: 'Bestätigen' }).click();
  await expect(page.locator('.toast').filter({ hasText: 'Der Code stimmt nicht.' })).toBeVisible();
  await expect(page.getByLabel('Code')).toBeFocused();
  await expect(page.getByLabel('Code')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Code').fill(code(Date.now()));
  await page.getByRole('button', { name: 'Bestätigen' }).click();
  await expect(page.locator('.toast').filter({ hasText: 'Erfolgreich angemeldet' })).toBeVisible();
  await expect(page).toHaveURL(`${site.url}/`);
  await page.goto(`${site.url}/admin`);
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
});
