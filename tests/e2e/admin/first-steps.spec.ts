import { expect, test } from '@playwright/test';
import { loginAs } from '../../fixtures/auth';
import { makeTeam } from '../../fixtures/factories';
import { startSite, type Site } from '../../fixtures/site';

// 'Erste Schritte' (decision 071): a new club's admin sees what is left to do, each step with its tab.
let site: Site;
test.beforeAll(async () => {
  site = await startSite();
});
test.afterAll(async () => {
  await site.stop();
});

test("a new club's first steps: each opens its tab, one done elsewhere counts on the way back, and the list can be hidden", async ({ browser }) => {
  const superContext = await browser.newContext();
  await loginAs(superContext, site, 'superadmin');
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
  await loginAs(adminContext, site, 'admin');
  const adminPage = await adminContext.newPage();
  await adminPage.goto(`${site.url}/admin`);
  await expect(adminPage.locator('details.first-steps summary')).toHaveText('Erste Schritte 1 von 5 erledigt');
  await adminContext.close();

  // hidden in this browser, also after a reload
  await steps.getByRole('button', { name: 'Ausblenden' }).click();
  await expect(steps).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Kontakt' })).toBeVisible();
  await expect(steps).toHaveCount(0);
  await superContext.close();
});
