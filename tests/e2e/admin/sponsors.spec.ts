import { expect, test } from '@playwright/test';
import { loginAs } from '../../fixtures/auth';
import { startSite, type Site } from '../../fixtures/site';
import { sponsors } from '../../../src/server/db/schema';
import { failAction, holdAction } from '../../fixtures/actions';
import { acceptNextConfirm, horizontalOverflow, pngFile, publicHtml, toaster } from './content-helpers';

// Sponsors manager (admin-area.md §2 Sponsoren, §5, §8): add, edit dialog,
// delete; every save republishes / and /sponsoren.
let site: Site;
test.beforeAll(async () => {
  site = await startSite();
});
test.afterAll(async () => {
  await site.stop();
});
test.beforeEach(async ({ context }) => {
  await loginAs(context, site, 'admin');
});

test('add with validation and a logo upload, edit in the dialog, delete; the public pages follow', async ({ page }) => {
  await page.goto(`${site.url}/admin#sponsoren`);
  const form = page.getByRole('form', { name: 'Sponsor hinzufügen' });
  await expect(form.getByLabel('Stufe *')).toHaveValue('standard');

  // name and tier are required
  await form.getByLabel('Stufe *').selectOption('');
  await form.getByRole('button', { name: 'Sponsor hinzufügen' }).click();
  await expect(toaster(page).getByText('Bitte füllen Sie alle Pflichtfelder aus')).toBeVisible();
  await expect(form.getByText('Bitte füllen Sie alle Pflichtfelder aus')).toHaveCount(2);

  // a website must be a web address
  const name = '<script>alert("sponsor")</script> Autohaus Huber';
  await form.getByLabel('Name *').fill(name);
  await form.getByLabel('Stufe *').selectOption('gold');
  await form.getByLabel('Website').fill('javascript:alert(1)');
  await form.getByRole('button', { name: 'Sponsor hinzufügen' }).click();
  await expect(form.getByText('Bitte eine gültige Website-Adresse eingeben (z. B. https://firma.at).')).toBeVisible();
  expect(site.db().select().from(sponsors).all()).toHaveLength(0);

  // the logo goes through the upload
  await form.locator('input[type=file]').setInputFiles(await pngFile('logo.png'));
  await expect(toaster(page).getByText('Bild erfolgreich hochgeladen!')).toBeVisible();
  await form.getByLabel('Website').fill('www.autohaus-huber.at');
  await form.getByLabel('Beschreibung').fill('Partner seit 1998');
  await form.getByRole('button', { name: 'Sponsor hinzufügen' }).click();
  await expect(toaster(page).getByText('Sponsor erstellt!')).toBeVisible();
  await expect(toaster(page).getByText('Veröffentlicht')).toBeVisible();
  const [stored] = site.db().select().from(sponsors).all();
  expect(stored).toMatchObject({ name, tier: 'gold', website_url: 'https://www.autohaus-huber.at', description: 'Partner seit 1998' });
  expect(stored.logo_url).toMatch(/^\/uploads\/sponsors\/.+\.png$/);
  await expect(page.locator('.sponsor-item .item-name', { hasText: name })).toBeVisible();

  for (const path of ['/sponsoren', '/']) {
    const html = await publicHtml(site, path);
    expect(html, path).toContain(`src="${stored.logo_url}"`);
    expect(html, path).toContain('href="https://www.autohaus-huber.at"');
    expect(html, path).not.toContain('<script>alert("sponsor")');
  }
  // in a browser the name is only text: the logo's alt, no script runs
  const visitor = await page.context().browser()!.newPage();
  let alerted = false;
  visitor.on('dialog', (d) => {
    alerted = true;
    void d.dismiss();
  });
  await visitor.goto(`${site.url}/sponsoren`);
  await expect(visitor.locator('.sponsor img')).toHaveAttribute('alt', name);
  expect(alerted).toBe(false);
  await visitor.close();

  // edit in the dialog; 'Speichert...' while saving
  const item = page.locator('.sponsor-item', { hasText: 'Autohaus Huber' });
  await item.getByRole('button', { name: 'Bearbeiten' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sponsor bearbeiten' });
  await expect(dialog.getByLabel('Name *')).toHaveValue(name);
  await dialog.getByLabel('Name *').fill('Autohaus Huber');
  await dialog.getByLabel('Stufe *').selectOption('silver');
  const save = await holdAction(page, 'admin.sponsors.update');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog.getByRole('button', { name: 'Speichert...' })).toBeDisabled();
  // the dialog stays while it saves: no way to 'discard' what is being stored
  await expect(dialog.getByRole('button', { name: 'Abbrechen' })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Schließen' })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('alertdialog', { name: 'Ungespeicherte Änderungen verwerfen?' })).toHaveCount(0);
  await expect(dialog).toBeVisible();
  save.release();
  await expect(toaster(page).getByText('Sponsor aktualisiert!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(item.locator('.sponsor-tier')).toHaveText('Silber');
  expect(await publicHtml(site, '/sponsoren')).toContain('data-tier="silver"');

  // leaving the dialog with unsaved edits asks first (the panel's own question)
  await item.getByRole('button', { name: 'Bearbeiten' }).click();
  await dialog.getByLabel('Beschreibung').fill('geändert');
  const question = page.getByRole('alertdialog', { name: 'Ungespeicherte Änderungen verwerfen?' });
  await page.keyboard.press('Escape');
  await question.getByRole('button', { name: 'Weiter bearbeiten' }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await question.getByRole('button', { name: 'Verwerfen' }).click();
  await expect(dialog).toBeHidden();
  expect(site.db().select().from(sponsors).get()?.description).toBe('Partner seit 1998');

  // delete after asking
  acceptNextConfirm(page, 'Diesen Sponsor wirklich löschen?');
  await item.getByRole('button', { name: 'Löschen' }).click();
  await expect(toaster(page).getByText('Sponsor gelöscht!')).toBeVisible();
  await expect(item).toHaveCount(0);
  expect(site.db().select().from(sponsors).all()).toHaveLength(0);
  expect(await publicHtml(site, '/sponsoren')).toContain('Noch keine Sponsoren hinzugefügt.');
});

test('a 5,000-character name is stored and the panel still fits a 375 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`${site.url}/admin#sponsoren`);
  const form = page.getByRole('form', { name: 'Sponsor hinzufügen' });
  const long = 'S'.repeat(5000);
  await form.getByLabel('Name *').fill(long);
  await form.getByRole('button', { name: 'Sponsor hinzufügen' }).click();
  await expect(toaster(page).getByText('Sponsor erstellt!')).toBeVisible();
  await expect(page.locator('.sponsor-item')).toHaveCount(1);
  expect(site.db().select().from(sponsors).get()).toMatchObject({ name: long, tier: 'standard' });
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  expect(await publicHtml(site, '/sponsoren')).toContain(long);
});

test('failures show the German messages and keep the data', async ({ page }) => {
  site.db().insert(sponsors).values({ name: 'Bleibt', tier: 'bronze' }).run();
  await page.goto(`${site.url}/admin#sponsoren`);
  await failAction(page, 'admin.sponsors.create');
  const form = page.getByRole('form', { name: 'Sponsor hinzufügen' });
  await form.getByLabel('Name *').fill('Neu');
  await form.getByRole('button', { name: 'Sponsor hinzufügen' }).click();
  await expect(toaster(page).getByText('Fehler', { exact: true })).toBeVisible();
  await expect(form.getByLabel('Name *')).toHaveValue('Neu');
  await failAction(page, 'admin.sponsors.remove');
  acceptNextConfirm(page);
  await page.locator('.sponsor-item', { hasText: 'Bleibt' }).getByRole('button', { name: 'Löschen' }).click();
  await expect(toaster(page).getByText('Fehler beim Löschen')).toBeVisible();
  expect(site.db().select().from(sponsors).all().map((s) => s.name)).toContain('Bleibt');
});

test("a sponsor of the old app's 'supporter' tier keeps it when edited; a new one is not offered it", async ({ page }) => {
  // public-site.md §3, §9: the public list knows 'supporter' (after standard); the admin spec offers five tiers
  site.db().insert(sponsors).values({ name: 'Freundeskreis des Vereins', tier: 'supporter' }).run();
  await page.goto(`${site.url}/admin#sponsoren`);
  const newForm = page.getByRole('form', { name: 'Sponsor hinzufügen' });
  await expect(newForm.getByLabel('Stufe *').locator('option')).toHaveText(['Stufe wählen', 'Premium', 'Gold', 'Silber', 'Bronze', 'Standard']);
  const item = page.locator('.sponsor-item', { hasText: 'Freundeskreis des Vereins' });
  await item.getByRole('button', { name: 'Bearbeiten' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sponsor bearbeiten' });
  await expect(dialog.getByLabel('Stufe *')).toHaveValue('supporter');
  await expect(dialog.getByLabel('Stufe *').locator('option:checked')).toHaveText('Unterstützer');
  await dialog.getByLabel('Beschreibung').fill('Danke an alle Mitglieder!');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(toaster(page).getByText('Sponsor aktualisiert!')).toBeVisible();
  const row = site.db().select().from(sponsors).all().find((s) => s.name === 'Freundeskreis des Vereins');
  expect(row).toMatchObject({ tier: 'supporter', description: 'Danke an alle Mitglieder!' });
  expect(await publicHtml(site, '/sponsoren')).toContain('data-tier="supporter"');
});
