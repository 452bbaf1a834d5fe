import { expect, test, type Page } from '@playwright/test';
import { loginAs } from '../../fixtures/auth';
import { makeTeam } from '../../fixtures/factories';
import { startSite, type Site } from '../../fixtures/site';
import { teams } from '../../../src/server/db/schema';
import { ownDraftKept } from './content-helpers';

// Leaving a form with unsaved changes asks first (issue 15): another tab, the
// edit dialog's Escape, close and 'Abbrechen' ask in a dialog of the panel's
// own ('Ungespeicherte Änderungen verwerfen?'); a reload or closing the page
// gets the browser's question.
let site: Site;
test.beforeAll(async () => {
  site = await startSite();
});
test.afterAll(async () => {
  await site.stop();
});
let admin: { id: string };
test.beforeEach(async ({ context, page }) => {
  site.db().delete(teams).run();
  admin = await loginAs(context, site, 'admin');
  // the panel's own question, never window.confirm
  page.on('dialog', (dialog) => {
    if (dialog.type() !== 'beforeunload') throw new Error(`unexpected browser dialog: ${dialog.message()}`);
  });
});

const question = (page: Page) => page.getByRole('alertdialog', { name: 'Ungespeicherte Änderungen verwerfen?' });

test('switching the tab with a dirty form asks; "Weiter bearbeiten" stays, "Verwerfen" switches', async ({ page }) => {
  await page.goto(`${site.url}/admin#mannschaften`);
  const create = page.getByRole('form', { name: 'Neues Team' });
  await create.getByLabel('Name *').fill('U12');

  await page.getByRole('tab', { name: 'News' }).click();
  await expect(question(page)).toBeVisible();
  await expect(question(page).getByRole('button', { name: 'Weiter bearbeiten' })).toBeFocused();
  await question(page).getByRole('button', { name: 'Weiter bearbeiten' }).click();
  await expect(question(page)).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Mannschaften' })).toHaveAttribute('aria-selected', 'true');
  await expect(create.getByLabel('Name *')).toHaveValue('U12');

  // Escape is 'Weiter bearbeiten' too
  await page.getByRole('tab', { name: 'News' }).click();
  await page.keyboard.press('Escape');
  await expect(question(page)).toHaveCount(0);
  await expect(create.getByLabel('Name *')).toHaveValue('U12');

  await page.getByRole('tab', { name: 'News' }).click();
  await question(page).getByRole('button', { name: 'Verwerfen' }).click();
  await expect(page.getByRole('tab', { name: 'News' })).toHaveAttribute('aria-selected', 'true');
  expect(page.url()).toMatch(/#news$/);
  // discarded means discarded: no draft is offered on the way back
  await page.getByRole('tab', { name: 'Mannschaften' }).click();
  await expect(create.getByLabel('Name *')).toHaveValue('');
  await create.getByLabel('Name *').fill('U');
  await ownDraftKept(page, admin.id);
  await expect(page.locator('.draft-banner')).toHaveCount(0);
  await create.getByLabel('Name *').fill('');

  // a clean form switches without asking
  await page.getByRole('tab', { name: 'News' }).click();
  await expect(page.getByRole('tab', { name: 'News' })).toHaveAttribute('aria-selected', 'true');
  await expect(question(page)).toHaveCount(0);
});

test('the edit dialog asks before Escape, close or "Abbrechen" drops the edit', async ({ page }) => {
  makeTeam(site.db(), { name: 'Kampfmannschaft', description: 'Erste' });
  await page.goto(`${site.url}/admin#mannschaften`);
  await page.locator('.teams-table tbody tr', { hasText: 'Kampfmannschaft' }).getByRole('button', { name: 'Bearbeiten' }).click();
  const dialog = page.getByRole('dialog', { name: 'Team bearbeiten' });
  await dialog.getByLabel('Beschreibung').fill('geändert');

  await page.keyboard.press('Escape');
  await expect(question(page)).toBeVisible();
  await question(page).getByRole('button', { name: 'Weiter bearbeiten' }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Beschreibung')).toHaveValue('geändert');

  await dialog.getByRole('button', { name: 'Schließen' }).click();
  await question(page).getByRole('button', { name: 'Weiter bearbeiten' }).click();
  await expect(dialog).toBeVisible();

  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await question(page).getByRole('button', { name: 'Verwerfen' }).click();
  await expect(dialog).toBeHidden();
  expect(site.db().select().from(teams).get()?.description).toBe('Erste');
});

test('reloading or closing the page with a dirty form gets the browser question', async ({ page }) => {
  await page.goto(`${site.url}/admin#mannschaften`);
  const create = page.getByRole('form', { name: 'Neues Team' });
  await create.getByLabel('Name *').fill('U14');
  // the warning is armed by React's effect a moment after the typing (a CI run at 95 % CPU reloaded
  // before it, and the browser rightly did not ask): the page would ask now
  await expect
    .poll(() =>
      page.evaluate(() => {
        const leaving = new Event('beforeunload', { cancelable: true });
        window.dispatchEvent(leaving);
        return leaving.defaultPrevented;
      }),
    )
    .toBe(true);

  // staying: the input is still there
  const asked = new Promise<string>((resolve) =>
    page.once('dialog', (dialog) => {
      resolve(dialog.type());
      void dialog.dismiss();
    }),
  );
  void page.reload().catch(() => undefined);
  expect(await asked).toBe('beforeunload');
  await expect(create.getByLabel('Name *')).toHaveValue('U14');

  // closing asks as well
  const askedOnClose = new Promise<string>((resolve) =>
    page.once('dialog', (dialog) => {
      resolve(dialog.type());
      void dialog.accept();
    }),
  );
  await page.close({ runBeforeUnload: true });
  expect(await askedOnClose).toBe('beforeunload');
});
