import { expect, test } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { loginAs } from '../../fixtures/auth';
import { startSite, type Site } from '../../fixtures/site';
import { contactInfo } from '../../../src/server/db/schema';
import { clickForAnswer, failAction, holdAction } from '../../fixtures/actions';
import { acceptNextConfirm, horizontalOverflow, publicHtml, toaster } from './content-helpers';

// Contacts manager (admin-area.md §2 Kontakt, §3 contact_info, §5, §8): club
// address, contact persons, officials; /kontakt follows every save.
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

const contacts = () => site.db().select().from(contactInfo).all();

test('the club address is saved as the one "Vereinsadresse" record, its website labelled "Website/Informationen"', async ({ page }) => {
  await page.goto(`${site.url}/admin#kontakt`);
  const form = page.getByRole('form', { name: 'Vereinsadresse' });
  await form.getByRole('button', { name: 'Vereinsadresse speichern' }).click();
  await expect(form.getByText('Bitte füllen Sie alle Pflichtfelder aus')).toBeVisible();
  await expect(toaster(page).getByText('Bitte füllen Sie alle Pflichtfelder aus')).toBeVisible();

  await form.getByLabel('Vereinsname *').fill('SV Kirchberg an der Raab');
  await form.getByLabel('Adresse').fill('Sportplatzweg 1\n8324 Kirchberg an der Raab');
  await form.getByLabel('E-Mail').fill('office@sv-kirchberg.at');
  await form.getByLabel('Website/Informationen').fill('https://sv-kirchberg.at');
  const save = await holdAction(page, 'admin.contacts.saveClubAddress');
  await form.getByRole('button', { name: 'Vereinsadresse speichern' }).click();
  await expect(form.getByRole('button', { name: 'Speichert...' })).toBeDisabled();
  save.release();
  await expect(toaster(page).getByText('Vereinsadresse gespeichert!')).toBeVisible();
  await expect(toaster(page).getByText('Veröffentlicht')).toBeVisible();
  expect(contacts()).toEqual([
    expect.objectContaining({ name: 'SV Kirchberg an der Raab', role: 'Vereinsadresse', office_hours: 'https://sv-kirchberg.at', email: 'office@sv-kirchberg.at' }),
  ]);
  let html = await publicHtml(site, '/kontakt');
  expect(html).toContain('Website/Informationen');
  expect(html).toContain('href="https://sv-kirchberg.at"');

  // a second save changes the same record
  await form.getByLabel('Website/Informationen').fill('Trainingszeiten am Aushang');
  await clickForAnswer(page, form.getByRole('button', { name: 'Vereinsadresse speichern' }), 'admin.contacts.saveClubAddress');
  await expect(toaster(page).getByText('Vereinsadresse gespeichert!').last()).toBeVisible();
  expect(contacts()[0]?.office_hours).toBe('Trainingszeiten am Aushang');
  expect(contacts()).toHaveLength(1);
  html = await publicHtml(site, '/kontakt');
  expect(html).toContain('Trainingszeiten am Aushang');

  // a second record with the role (older data, an import) is listed with the persons, so it can be deleted
  site.db().insert(contactInfo).values({ name: 'Alte Vereinsadresse', role: 'Vereinsadresse', created_at: '2099-01-01T00:00:00.000Z' }).run();
  await page.reload();
  const old = page.locator('.contact-person', { hasText: 'Alte Vereinsadresse' });
  await expect(old).toBeVisible();
  await expect(page.getByRole('form', { name: 'Vereinsadresse' }).getByLabel('Vereinsname *')).toHaveValue('SV Kirchberg an der Raab');
  acceptNextConfirm(page, 'Diesen Kontakt wirklich löschen?');
  await old.getByRole('button', { name: 'Löschen' }).click();
  await expect(toaster(page).getByText('Kontakt gelöscht!')).toBeVisible();
  expect(contacts().map((c) => c.name)).toEqual(['SV Kirchberg an der Raab']);
});

test('contact persons: validation, create, edit in the dialog, delete', async ({ page }) => {
  await page.goto(`${site.url}/admin#kontakt`);
  const form = page.getByRole('form', { name: 'Ansprechpartner hinzufügen' });
  await form.getByLabel('E-Mail').fill('keine-adresse');
  await form.getByRole('button', { name: 'Ansprechpartner hinzufügen' }).click();
  await expect(form.getByText('Bitte füllen Sie alle Pflichtfelder aus')).toBeVisible();
  await expect(form.getByText('Bitte eine gültige E-Mail-Adresse eingeben.')).toBeVisible();

  const hostile = '<img src=x onerror="alert(1)"> Maria Huber';
  await form.getByLabel('Name *').fill(hostile);
  // the club address's role would move her out of this list (stored, shown nowhere): said on the field
  await form.getByLabel('Rolle').fill('Vereinsadresse');
  await form.getByLabel('E-Mail').fill('maria@sv-kirchberg.at');
  await form.getByRole('button', { name: 'Ansprechpartner hinzufügen' }).click();
  await expect(form.getByText('Die Rolle „Vereinsadresse“ hat nur die Vereinsadresse oben. Bitte eine andere Rolle eingeben.')).toBeVisible();
  expect(contacts().some((c) => c.name === hostile)).toBe(false);
  await form.getByLabel('Rolle').fill('Obfrau');
  await form.getByLabel('E-Mail').fill('maria@sv-kirchberg.at');
  await form.getByLabel('Telefon').fill('+43 664 1234567');
  await form.getByRole('button', { name: 'Ansprechpartner hinzufügen' }).click();
  await expect(toaster(page).getByText('Kontakt erstellt!')).toBeVisible();
  const item = page.locator('.contact-person', { hasText: 'Maria Huber' });
  await expect(item.locator('.item-name')).toHaveText(hostile);
  expect(contacts().find((c) => c.name === hostile)).toMatchObject({ role: 'Obfrau', email: 'maria@sv-kirchberg.at' });
  let html = await publicHtml(site, '/kontakt');
  expect(html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt; Maria Huber');
  expect(html).not.toContain('<img src=x');
  expect(html).toContain('href="tel:+436641234567"');

  await item.getByRole('button', { name: 'Bearbeiten' }).click();
  const dialog = page.getByRole('dialog', { name: 'Kontakt bearbeiten' });
  await dialog.getByLabel('Name *').fill('Maria Huber');
  await dialog.getByLabel('Rolle').fill('Obfrau-Stellvertreterin');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(toaster(page).getByText('Kontakt aktualisiert!')).toBeVisible();
  await expect(dialog).toBeHidden();
  html = await publicHtml(site, '/kontakt');
  expect(html).toContain('Obfrau-Stellvertreterin');

  acceptNextConfirm(page, 'Diesen Kontakt wirklich löschen?');
  await page.locator('.contact-person', { hasText: 'Maria Huber' }).getByRole('button', { name: 'Löschen' }).click();
  await expect(toaster(page).getByText('Kontakt gelöscht!')).toBeVisible();
  expect(contacts().some((c) => c.name === 'Maria Huber')).toBe(false);
  expect(await publicHtml(site, '/kontakt')).toContain('Die Kontaktdaten werden gerade aktualisiert.');
});

test('officials: role "Funktionär", the function shown as a badge', async ({ page }) => {
  await page.goto(`${site.url}/admin#kontakt`);
  const form = page.getByRole('form', { name: 'Funktionär hinzufügen' });
  await form.getByRole('button', { name: 'Funktionär hinzufügen' }).click();
  await expect(form.getByText('Bitte füllen Sie alle Pflichtfelder aus')).toBeVisible();
  await form.getByLabel('Name *').fill('Karl Gruber');
  await form.getByLabel('Funktion').fill('Kassier');
  await form.getByRole('button', { name: 'Funktionär hinzufügen' }).click();
  await expect(toaster(page).getByText('Funktionär erstellt!')).toBeVisible();
  const item = page.locator('.contact-official', { hasText: 'Karl Gruber' });
  await expect(item.locator('.official-function')).toHaveText('Kassier');
  const [karl] = site.db().select().from(contactInfo).where(eq(contactInfo.name, 'Karl Gruber')).all();
  expect(karl).toMatchObject({ role: 'Funktionär', office_hours: 'Kassier' });
  expect(await publicHtml(site, '/kontakt')).toMatch(/official-function[^>]*>Kassier</);

  await item.getByRole('button', { name: 'Bearbeiten' }).click();
  const dialog = page.getByRole('dialog', { name: 'Kontakt bearbeiten' });
  await dialog.getByLabel('Funktion').fill('Obmann');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(toaster(page).getByText('Kontakt aktualisiert!')).toBeVisible();
  expect(await publicHtml(site, '/kontakt')).toMatch(/official-function[^>]*>Obmann</);

  acceptNextConfirm(page);
  await item.getByRole('button', { name: 'Löschen' }).click();
  await expect(toaster(page).getByText('Kontakt gelöscht!')).toBeVisible();
  expect(await publicHtml(site, '/kontakt')).toContain('Keine Funktionäre verfügbar.');
});

test('a failing save or delete keeps what was there', async ({ page }) => {
  site.db().insert(contactInfo).values({ name: 'Bleibt Hier', role: 'Trainer' }).run();
  await page.goto(`${site.url}/admin#kontakt`);
  await failAction(page, 'admin.contacts.create');
  const form = page.getByRole('form', { name: 'Ansprechpartner hinzufügen' });
  await form.getByLabel('Name *').fill('Neu');
  await form.getByRole('button', { name: 'Ansprechpartner hinzufügen' }).click();
  await expect(toaster(page).getByText('Fehler', { exact: true })).toBeVisible();
  await expect(form.getByLabel('Name *')).toHaveValue('Neu');
  await failAction(page, 'admin.contacts.remove');
  acceptNextConfirm(page);
  await page.locator('.contact-person', { hasText: 'Bleibt Hier' }).getByRole('button', { name: 'Löschen' }).click();
  await expect(toaster(page).getByText('Fehler beim Löschen')).toBeVisible();
  expect(contacts().some((c) => c.name === 'Bleibt Hier')).toBe(true);
});

test('the kontakt tab fits a 375 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`${site.url}/admin#kontakt`);
  await expect(page.locator("form[aria-label='Vereinsadresse']").first()).toBeVisible();
  await expect(page.getByTestId('tab-select')).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
});
