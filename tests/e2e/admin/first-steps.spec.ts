import { expect, test } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { loginAs, signInAs } from '../../fixtures/auth';
import { actionUrl, failAction } from '../../fixtures/actions';
import { makeTeam } from '../../fixtures/factories';
import { startSite, type Site } from '../../fixtures/site';
import { users } from '../../../src/server/db/schema';
import { toaster } from './content-helpers';

// 'Erste Schritte' (decision 071): a new club's admin sees what is left to do, each step with its tab.
let site: Site;
test.beforeAll(async () => {
  site = await startSite();
});
test.afterAll(async () => {
  await site.stop();
});
const hiddenAt = (userId: string) => site.db().select({ at: users.firstStepsHiddenAt }).from(users).where(eq(users.id, userId)).get()?.at ?? null;

test("a new club's first steps: each opens its tab, one done elsewhere counts on the way back, and the list can be hidden for this admin on each device", async ({ browser }) => {
  const superContext = await browser.newContext();
  const superadmin = await loginAs(superContext, site, 'superadmin');
  const page = await superContext.newPage();
  await page.goto(`${site.url}/admin`);
  const steps = page.locator('details.first-steps');
  await expect(steps.locator('summary')).toHaveText('Erste Schritte 0 von 7 erledigt');
  await expect(steps.locator('li strong')).toHaveText([
    'Vereinsname, Wappen und Farben',
    'Vereinsadresse',
    'Impressum',
    'Erste Mannschaft',
    'Spiele der Saison',
    'Erste News',
    'Weitere Admins einladen',
  ]);

  await steps.getByRole('button', { name: 'Erste Mannschaft: Öffnen' }).click();
  await expect(page.getByRole('tab', { name: 'Mannschaften' })).toHaveAttribute('aria-selected', 'true');
  // done meanwhile (another admin, an import): counted when the next tab is opened
  makeTeam(site.db(), { name: 'Kampfmannschaft' });
  await steps.getByRole('button', { name: 'Vereinsadresse: Öffnen' }).click();
  await expect(page.getByRole('tab', { name: 'Kontakt' })).toHaveAttribute('aria-selected', 'true');
  await expect(steps.locator('summary')).toHaveText('Erste Schritte 1 von 7 erledigt');
  await expect(steps.locator('li[data-step="mannschaft"]')).toContainText('✓');
  await expect(steps.getByRole('button', { name: 'Erste Mannschaft: Öffnen' })).toHaveCount(0);

  // an admin's list leaves out the superadmin's steps (the club, the users); the second account is a user invited
  const adminContext = await browser.newContext();
  const admin = await loginAs(adminContext, site, 'admin');
  const adminPage = await adminContext.newPage();
  await adminPage.goto(`${site.url}/admin`);
  await expect(adminPage.locator('details.first-steps summary')).toHaveText('Erste Schritte 1 von 5 erledigt');

  // 'Ausblenden' not stored (the storage refused it): said, and the list stays
  await failAction(page, 'admin.firstSteps.hide');
  await steps.getByRole('button', { name: 'Ausblenden' }).click();
  await expect(toaster(page).getByText('Ausblenden fehlgeschlagen')).toBeVisible();
  await expect(steps).toHaveCount(1);
  await page.unrouteAll({ behavior: 'wait' });
  // hidden for this admin: after a reload, and on another device of theirs
  await steps.getByRole('button', { name: 'Ausblenden' }).click();
  await expect(steps).toHaveCount(0);
  expect(hiddenAt(superadmin.id)).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Kontakt' })).toBeVisible();
  await expect(steps).toHaveCount(0);
  const phone = await browser.newContext();
  await signInAs(phone, site, superadmin);
  const phonePage = await phone.newPage();
  await phonePage.goto(`${site.url}/admin#news`);
  await expect(phonePage.getByRole('tab', { name: 'News' })).toHaveAttribute('aria-selected', 'true');
  await expect(phonePage.locator('details.first-steps')).toHaveCount(0);
  await phone.close();
  // the other admin still sees theirs
  await adminPage.reload();
  await expect(adminPage.locator('details.first-steps summary')).toHaveText('Erste Schritte 1 von 5 erledigt');
  expect(hiddenAt(admin.id)).toBeNull();
  await adminContext.close();
  await superContext.close();
});

test("a hidden list is offered again under 'Mein Konto' while a step is open, and comes back on each device", async ({ browser }) => {
  const context = await browser.newContext();
  const admin = await loginAs(context, site, 'admin');
  const page = await context.newPage();
  await page.goto(`${site.url}/admin`);
  const steps = page.locator('details.first-steps');
  // shown: nothing to offer under 'Mein Konto'
  await page.getByRole('button', { name: 'Mein Konto' }).click();
  const account = page.getByRole('dialog', { name: 'Mein Konto' });
  await expect(account.getByRole('heading', { name: 'Passwort ändern' })).toBeVisible();
  await expect(account.getByRole('button', { name: 'Wieder anzeigen' })).toHaveCount(0);
  await account.getByRole('button', { name: 'Schließen' }).click();

  await steps.getByRole('button', { name: 'Ausblenden' }).click();
  await expect(steps).toHaveCount(0);
  await page.getByRole('button', { name: 'Mein Konto' }).click();
  await expect(account.getByRole('region', { name: 'Erste Schritte' })).toContainText(/Du hast die Liste ausgeblendet\. \d Schritte sind noch offen\./);
  // not stored: said, and the list stays hidden
  await failAction(page, 'admin.firstSteps.show');
  await account.getByRole('button', { name: 'Wieder anzeigen' }).click();
  await expect(toaster(page).getByText('Anzeigen fehlgeschlagen')).toBeVisible();
  expect(hiddenAt(admin.id)).not.toBeNull();
  await page.unrouteAll({ behavior: 'wait' });
  await account.getByRole('button', { name: 'Wieder anzeigen' }).click();
  await expect(account).toBeHidden();
  await expect(steps.locator('summary')).toContainText('Erste Schritte');
  expect(hiddenAt(admin.id)).toBeNull();
  // on another device of theirs too
  const phone = await browser.newContext();
  await signInAs(phone, site, admin);
  const phonePage = await phone.newPage();
  await phonePage.goto(`${site.url}/admin`);
  await expect(phonePage.locator('details.first-steps summary')).toContainText('Erste Schritte');
  await phone.close();
  await context.close();
});

test("a list hidden in a browser by the first version is carried to the account of the admin signed in there", async ({ browser }) => {
  const context = await browser.newContext();
  const admin = await loginAs(context, site, 'admin');
  await context.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) localStorage.setItem('anstoss-first-steps-hidden', '1');
    sessionStorage.setItem('seeded', '1');
  });
  const page = await context.newPage();
  await page.goto(`${site.url}/admin#news`);
  await expect(page.getByRole('tab', { name: 'News' })).toHaveAttribute('aria-selected', 'true');
  await expect.poll(() => hiddenAt(admin.id)).toMatch(/^\d{4}-/);
  await expect(page.locator('details.first-steps')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('anstoss-first-steps-hidden'))).toBeNull();
  await context.close();
});

test('the list comes with the tabs, not after them: a tab pressed at once is the tab opened (the page reads the steps)', async ({ browser }) => {
  const context = await browser.newContext();
  await loginAs(context, site, 'admin');
  const page = await context.newPage();
  // a slow server: the steps' own question never answers while the tabs are already there
  let asked = 0;
  // eslint-disable-next-line no-restricted-syntax -- before the first goto
  await page.route(actionUrl('admin.firstSteps.load'), () => {
    asked += 1;
  });
  await page.goto(`${site.url}/admin`);
  const tabs = page.getByRole('tablist');
  await expect(tabs).toBeVisible();
  await expect(page.locator('details.first-steps summary')).toContainText('Erste Schritte');
  const where = await tabs.boundingBox();
  await page.getByRole('tab', { name: 'Spielplan' }).click();
  await expect(page.getByRole('tab', { name: 'Spielplan' })).toHaveAttribute('aria-selected', 'true');
  // the tabs did not move under the pointer: the list was there before the first paint of the tabs
  expect((await tabs.boundingBox())?.y).toBe(where?.y);
  // opening another tab asks again (a step done there counts on the way back)
  await expect.poll(() => asked).toBe(1);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await context.close();
});
