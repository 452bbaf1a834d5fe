import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';
import { eq } from 'drizzle-orm';
import { expect, test, type Page } from '@playwright/test';
import { TOTP_STEP_SECONDS, beginTotpSetup, confirmTotpSetup, hasSecondFactor } from '../../../src/server/auth/totp';
import { recoveryCodes, sessions } from '../../../src/server/db/schema';
import { createTestUser, signInAs } from '../../fixtures/auth';
import { startSite, type Site } from '../../fixtures/site';
import { callAction, signInWithForm } from './helpers';

// 'Mein Konto' (issue 11, docs/decisions/019): the second factor set up from the
// admin with a real authenticator's arithmetic, the superadmin's requirement,
// and the password change that ends the other sessions.
let site: Site;
test.beforeAll(async () => {
  site = await startSite();
});
test.afterAll(async () => {
  await site.stop();
});

/** What an authenticator app shows for a key typed from the screen. */
const appFor = (secret: string) => {
  const key = decodeBase32IgnorePadding(secret.replace(/\s/g, ''));
  return (at = Date.now()) => generateHOTP(key, BigInt(Math.floor(at / 1000 / TOTP_STEP_SECONDS)), 6);
};

/** Sets the factor up in the open account area; returns the app and the recovery codes shown. */
async function setUpInBrowser(page: Page) {
  await page.getByRole('button', { name: 'Einrichten' }).click();
  await expect(page.getByRole('img', { name: 'QR-Code für die Authenticator-App' })).toBeVisible();
  // each stage takes the focus where it starts: the code field, then the recovery codes' heading
  await expect(page.getByLabel('Code aus der App')).toBeFocused();
  const app = appFor((await page.getByTestId('totp-secret').textContent())!);
  await page.getByLabel('Code aus der App').fill('000000');
  await page.getByRole('button', { name: 'Bestätigen' }).click();
  await expect(page.locator('.toast').filter({ hasText: 'Der Code stimmt nicht.' })).toBeVisible();
  // a code of the step before (the test's later codes are of the current one), typed clear of a step's end: checked
  // once the next step began, it is two steps old and refused
  const stepMs = TOTP_STEP_SECONDS * 1000;
  const into = Date.now() % stepMs;
  if (into > stepMs - 5_000) await page.waitForTimeout(stepMs - into + 50);
  await page.getByLabel('Code aus der App').fill(app(Date.now() - 30_000));
  await page.getByRole('button', { name: 'Bestätigen' }).click();
  await expect(page.getByRole('heading', { name: 'Deine Wiederherstellungscodes' })).toBeFocused();
  const codes = await page.getByTestId('recovery-codes').locator('code').allTextContents();
  return { app, codes };
}

test('an admin sets the second factor up from Mein Konto, sees ten recovery codes once, and signs in with a code', async ({ page, context }) => {
  const admin = await createTestUser(site, ['admin']);
  await signInAs(context, site, admin);
  await page.goto(`${site.url}/admin`);
  await page.getByRole('button', { name: 'Mein Konto' }).click();
  await expect(page.getByText('Nicht eingerichtet.')).toBeVisible();
  const { app, codes } = await setUpInBrowser(page);
  expect(codes).toHaveLength(10);
  for (const code of codes) expect(code).toMatch(/^[0-9a-f]{5}-[0-9a-f]{5}$/);
  // kept only as hashes
  const stored = site.db().select().from(recoveryCodes).where(eq(recoveryCodes.userId, admin.id)).all();
  expect(stored).toHaveLength(10);
  expect(stored.map((r) => r.id)).not.toContain(codes[0]);
  // 'Codes kopieren' puts them on the clipboard; a copy the browser refuses says so instead of 'kopiert'
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url });
  await page.getByRole('button', { name: 'Codes kopieren' }).click();
  await expect(page.locator('.toast').filter({ hasText: 'Codes kopiert' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(codes.join('\n'));
  await page.evaluate(() => {
    navigator.clipboard.writeText = () => Promise.reject(new DOMException('verweigert', 'NotAllowedError'));
  });
  await page.getByRole('button', { name: 'Codes kopieren' }).click();
  await expect(page.locator('.toast').filter({ hasText: 'Der Browser hat das Kopieren nicht erlaubt' })).toBeVisible();
  await page.getByRole('button', { name: 'Ich habe die Codes gesichert' }).click();
  await expect(page.getByText('Eingerichtet. 10 von 10 Wiederherstellungscodes übrig.')).toBeVisible();
  // shown once: reopening shows the status, not the codes
  await page.getByRole('button', { name: 'Schließen' }).click();
  await page.getByRole('button', { name: 'Mein Konto' }).click();
  await expect(page.getByTestId('recovery-codes')).toHaveCount(0);

  // a new browser: the password alone is not enough
  const other = await page.context().browser()!.newContext();
  const second = await other.newPage();
  await signInWithForm(second, site, admin.email, admin.password);
  await expect(second.getByText('Gib den 6-stelligen Code aus deiner Authenticator-App ein')).toBeVisible();
  await second.getByLabel('Code').fill(app());
  await second.getByRole('button', { name: 'Bestätigen' }).click();
  await expect(second).toHaveURL(`${site.url}/`);
  await other.close();
});

test('a sign-in older than ten minutes sets the second factor up only after the current password', async ({ page, context }) => {
  const admin = await createTestUser(site, ['admin']);
  await signInAs(context, site, admin);
  // the session as a thief would hold it: long after its sign-in
  site.db().update(sessions).set({ createdAt: Date.now() - 60 * 60_000 }).where(eq(sessions.userId, admin.id)).run();
  await page.goto(`${site.url}/admin`);
  await page.getByRole('button', { name: 'Mein Konto' }).click();
  await page.getByRole('button', { name: 'Einrichten' }).click();
  const factor = page.getByRole('form', { name: 'Zwei-Faktor-Anmeldung' });
  await expect(factor.getByText('Bitte bestätige zuerst mit deinem aktuellen Passwort.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR-Code für die Authenticator-App' })).toHaveCount(0);
  await factor.getByLabel('Aktuelles Passwort').fill('geraten-geraten');
  await factor.getByRole('button', { name: 'Einrichten' }).click();
  await expect(page.locator('.toast').filter({ hasText: 'Das aktuelle Passwort ist falsch.' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR-Code für die Authenticator-App' })).toHaveCount(0);
  await factor.getByLabel('Aktuelles Passwort').fill(admin.password);
  await factor.getByRole('button', { name: 'Einrichten' }).click();
  await expect(page.getByRole('img', { name: 'QR-Code für die Authenticator-App' })).toBeVisible();
});

test('switching off needs a current code', async ({ page, context }) => {
  const admin = await createTestUser(site, ['admin']);
  const { uri } = beginTotpSetup(site.db(), admin.id, admin.email);
  const app = appFor(new URL(uri).searchParams.get('secret')!);
  confirmTotpSetup(site.db(), admin.id, app(Date.now() - 30_000), Date.now() - 30_000);
  await signInAs(context, site, admin);
  await page.goto(`${site.url}/admin`);
  await page.getByRole('button', { name: 'Mein Konto' }).click();
  await page.getByLabel('Code aus der App').fill('123456');
  await page.getByRole('button', { name: 'Ausschalten' }).click();
  await expect(page.locator('.toast').filter({ hasText: 'Der Code stimmt nicht.' })).toBeVisible();
  expect(hasSecondFactor(site.db(), admin.id)).toBe(true);
  await page.getByLabel('Code aus der App').fill(app());
  await page.getByRole('button', { name: 'Ausschalten' }).click();
  await expect(page.locator('.toast').filter({ hasText: 'Zwei-Faktor-Anmeldung ausgeschaltet' })).toBeVisible();
  await expect(page.getByText('Nicht eingerichtet.')).toBeVisible();
  expect(hasSecondFactor(site.db(), admin.id)).toBe(false);
});

test('a superadmin requires the second factor: an admin without it is led to set it up and reaches nothing else until then', async ({ browser }) => {
  const owner = await createTestUser(site, ['superadmin']);
  const admin = await createTestUser(site, ['admin']);
  const ownerContext = await browser.newContext();
  await signInAs(ownerContext, site, owner);
  const ownerPage = await ownerContext.newPage();
  await ownerPage.goto(`${site.url}/admin#benutzer`);
  const requirement = ownerPage.getByLabel('Zwei-Faktor-Anmeldung für alle Admins vorschreiben');
  // not before the superadmin's own factor is in force (the box follows the stored setting)
  await requirement.click();
  await expect(ownerPage.locator('.toast').filter({ hasText: 'Richte zuerst deine eigene Zwei-Faktor-Anmeldung ein' })).toBeVisible();
  await expect(requirement).not.toBeChecked();
  await ownerPage.getByRole('button', { name: 'Mein Konto' }).click();
  await setUpInBrowser(ownerPage);
  await ownerPage.getByRole('button', { name: 'Ich habe die Codes gesichert' }).click();
  await ownerPage.getByRole('button', { name: 'Schließen' }).click();
  await requirement.click();
  await expect(ownerPage.locator('.toast').filter({ hasText: 'Zwei-Faktor-Anmeldung ist jetzt für alle Admins vorgeschrieben' })).toBeVisible();
  await expect(requirement).toBeChecked();

  const adminContext = await browser.newContext();
  await signInAs(adminContext, site, admin);
  const page = await adminContext.newPage();
  await page.goto(`${site.url}/admin#news`);
  await expect(page.getByRole('heading', { name: 'Zwei-Faktor-Anmeldung einrichten' })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveCount(0);
  // the door holds too, whatever the page shows
  const refused = await callAction(page.request, site, 'admin.news.create', { title: 'Vorbei am Schloss', content: 'x', published: true });
  expect(refused.status).toBe(403);
  expect(refused.message).toBe('Bitte richte zuerst die Zwei-Faktor-Anmeldung ein (Mein Konto).');
  const upload = await page.request.post(`${site.url}/api/admin/upload`, { headers: { origin: site.url }, multipart: { folder: 'news/' } });
  expect(upload.status()).toBe(403);

  await setUpInBrowser(page);
  await page.getByRole('button', { name: 'Ich habe die Codes gesichert' }).click();
  await expect(page.getByRole('tab', { name: 'News' })).toBeVisible();
  expect(hasSecondFactor(site.db(), admin.id)).toBe(true);

  // while required, nobody switches it off; the superadmin sees the badge and removes it (a lost phone)
  await page.getByRole('button', { name: 'Mein Konto' }).click();
  await expect(page.getByText('Für alle Admins vorgeschrieben.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ausschalten' })).toHaveCount(0);
  await ownerPage.reload();
  const row = ownerPage.locator(`tr[data-user="${admin.email}"]`);
  await expect(row.getByText('2FA', { exact: true })).toBeVisible();
  ownerPage.once('dialog', (dialog) => void dialog.accept());
  await row.getByRole('button', { name: '2FA entfernen' }).click();
  await expect(ownerPage.locator('.toast').filter({ hasText: 'Zwei-Faktor-Anmeldung entfernt' })).toBeVisible();
  expect(hasSecondFactor(site.db(), admin.id)).toBe(false);
  expect(site.db().select().from(sessions).where(eq(sessions.userId, admin.id)).all()).toHaveLength(0);
  // switched off again for the other tests of this server
  await requirement.click();
  await expect(requirement).not.toBeChecked();
  await expect(ownerPage.locator('.toast').filter({ hasText: 'nicht mehr vorgeschrieben' })).toBeVisible();
  await ownerContext.close();
  await adminContext.close();
});

test('a password change needs the current password and signs out every other browser at once', async ({ browser }) => {
  const admin = await createTestUser(site, ['admin']);
  const here = await browser.newContext();
  const elsewhere = await browser.newContext();
  await signInAs(here, site, admin);
  await signInAs(elsewhere, site, admin);
  const page = await here.newPage();
  await page.goto(`${site.url}/admin`);
  await page.getByRole('button', { name: 'Mein Konto' }).click();
  const form = page.getByRole('form', { name: 'Passwort ändern' });
  await form.getByLabel('Aktuelles Passwort').fill('nicht-das-richtige');
  await form.getByLabel('Neues Passwort', { exact: true }).fill('Ganz-neues-Passwort-7');
  await form.getByLabel('Neues Passwort bestätigen').fill('Ganz-neues-Passwort-7');
  await form.getByRole('button', { name: 'Passwort ändern' }).click();
  await expect(page.locator('.toast').filter({ hasText: 'Das aktuelle Passwort ist falsch.' })).toBeVisible();
  expect(site.db().select().from(sessions).where(eq(sessions.userId, admin.id)).all()).toHaveLength(2);

  await form.getByLabel('Aktuelles Passwort').fill(admin.password);
  await form.getByRole('button', { name: 'Passwort ändern' }).click();
  await expect(page.locator('.toast').filter({ hasText: 'Alle anderen Sitzungen wurden abgemeldet.' })).toBeVisible();
  expect(site.db().select().from(sessions).where(eq(sessions.userId, admin.id)).all()).toHaveLength(1);
  // the other browser is out; this one stays
  const other = await elsewhere.newPage();
  await other.goto(`${site.url}/admin`);
  await expect(other).toHaveURL(`${site.url}/auth?weiter=admin`);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  await here.close();
  await elsewhere.close();
});
