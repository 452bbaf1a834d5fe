import { expect, test } from '@playwright/test';
import { loginAs } from '../../fixtures/auth';
import { startSite, type Site } from '../../fixtures/site';
import { shopItems } from '../../../src/server/db/schema';
import { countAction, failAction, holdAction } from '../../fixtures/actions';
import { horizontalOverflow, pngFile, publicHtml, toaster } from './content-helpers';

// The shop manager (admin-area.md §2 Shop, §5, §8) against the production server:
// every save republishes /shop, which the static server then serves.
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

const publicShop = () => publicHtml(site, '/shop');

test('create with validation, edit, toggle and delete a product; /shop follows each save', async ({ page }) => {
  await page.goto(`${site.url}/admin#shop`);
  const form = page.getByRole('form', { name: 'Neues Produkt' });

  // name and price are required: nothing is stored
  await form.getByRole('button', { name: 'Produkt erstellen' }).click();
  await expect(toaster(page).getByText('Bitte füllen Sie alle Pflichtfelder aus')).toBeVisible();
  await expect(form.getByText('Bitte füllen Sie alle Pflichtfelder aus')).toHaveCount(2);
  expect(site.db().select().from(shopItems).all()).toHaveLength(0);

  // a non-integer display order gets its own message
  await form.getByLabel('Name *').fill('Auswärtstrikot');
  await form.getByLabel('Preis *').fill('49,00 €');
  await form.getByLabel('Reihenfolge').fill('zwei');
  await form.getByRole('button', { name: 'Produkt erstellen' }).click();
  await expect(form.getByText('Bitte eine ganze Zahl eingeben.')).toBeVisible();

  // while saving, the button is disabled and reads 'Speichert...'
  await form.getByLabel('Reihenfolge').fill('');
  await form.getByLabel('Link (URL oder Text)').fill('https://shop.example.at/trikot');
  const save = await holdAction(page, 'admin.shop.create');
  await form.getByRole('button', { name: 'Produkt erstellen' }).click();
  await expect(form.getByRole('button', { name: 'Speichert...' })).toBeDisabled();
  save.release();
  await expect(toaster(page).getByText('Produkt erstellt!')).toBeVisible();
  await expect(toaster(page).getByText('Veröffentlicht')).toBeVisible();
  const stored = site.db().select().from(shopItems).all();
  expect(stored).toHaveLength(1);
  // empty image_url is stored as null, display_order defaults to 0
  expect(stored[0]).toMatchObject({ name: 'Auswärtstrikot', price: '49,00 €', image_url: null, display_order: 0, is_active: true });
  await expect(form.getByLabel('Name *')).toHaveValue('');

  // the public page shows it without a manual publish
  let html = await publicShop();
  expect(html).toContain('Auswärtstrikot');
  expect(html).toContain('href="https://shop.example.at/trikot"');

  // edit in the dialog
  const row = page.locator('.shop-item', { hasText: 'Auswärtstrikot' });
  await row.getByRole('button', { name: 'Bearbeiten' }).click();
  const dialog = page.getByRole('dialog', { name: 'Produkt bearbeiten' });
  await dialog.getByLabel('Preis *').fill('39,00 €');
  await dialog.getByLabel('Link (URL oder Text)').fill('');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(toaster(page).getByText('Produkt aktualisiert!')).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(site.db().select().from(shopItems).get()).toMatchObject({ price: '39,00 €', external_link: null });
  html = await publicShop();
  expect(html).toContain('39,00 €');
  expect(html).toContain('Nicht verfügbar');

  // inactive items leave the public page
  await row.getByRole('button', { name: 'Deaktivieren' }).click();
  await expect(row.getByText('Inaktiv')).toBeVisible();
  expect(await publicShop()).not.toContain('Auswärtstrikot');
  await row.getByRole('button', { name: 'Aktivieren' }).click();
  await expect(row.getByText('Aktiv', { exact: true })).toBeVisible();
  expect(await publicShop()).toContain('Auswärtstrikot');

  const removals = countAction(page, 'admin.shop.remove');
  // delete asks first; dismissing keeps the product
  page.once('dialog', (d) => void d.dismiss());
  await row.getByRole('button', { name: 'Löschen' }).click();
  expect(site.db().select().from(shopItems).all()).toHaveLength(1);
  page.once('dialog', (d) => {
    expect(d.message()).toBe('Dieses Produkt wirklich löschen?');
    void d.accept();
  });
  await row.getByRole('button', { name: 'Löschen' }).click();
  await expect(toaster(page).getByText('Produkt gelöscht!')).toBeVisible();
  // one removal: the dismissed question sent none
  expect(removals()).toBe(1);
  await expect(row).toHaveCount(0);
  expect(site.db().select().from(shopItems).all()).toHaveLength(0);
  expect(await publicShop()).toContain('Noch keine Produkte verfügbar');
});

test('hostile names and links are stored as typed and shown escaped', async ({ page }) => {
  await page.goto(`${site.url}/admin#shop`);
  const form = page.getByRole('form', { name: 'Neues Produkt' });
  const script = '<script>alert("shop")</script> Schal';
  await form.getByLabel('Name *').fill(script);
  await form.getByLabel('Preis *').fill('<b>15 €</b>');
  await form.getByLabel('Link (URL oder Text)').fill('javascript:alert(1)');
  await form.getByRole('button', { name: 'Produkt erstellen' }).click();
  await expect(toaster(page).getByText('Produkt erstellt!')).toBeVisible();
  await expect(page.locator('.shop-item .item-name', { hasText: script })).toBeVisible();

  const long = 'L'.repeat(5000);
  await form.getByLabel('Name *').fill(long);
  await form.getByLabel('Preis *').fill('1 €');
  await form.getByRole('button', { name: 'Produkt erstellen' }).click();
  await expect(toaster(page).getByText('Produkt erstellt!').first()).toBeVisible();
  await expect(page.locator('.shop-item')).toHaveCount(2);

  const names = site.db().select().from(shopItems).all().map((r) => r.name);
  expect(names).toContain(script);
  expect(names).toContain(long);
  const html = await publicShop();
  expect(html).toContain('&lt;script&gt;alert(&quot;shop&quot;)&lt;/script&gt; Schal');
  expect(html).not.toContain('<script>alert("shop")');
  expect(html).toContain('&lt;b&gt;15 €&lt;/b&gt;');
  // a link that is not a web address is shown as text, never as an href
  expect(html).not.toMatch(/href="javascript:/i);
  expect(html).toContain(long);
  // no horizontal scrolling on a phone, even with a 5,000-character name
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
});

test('when the list cannot be loaded, the four sample products are shown', async ({ page }) => {
  await failAction(page, 'admin.shop.list');
  await page.goto(`${site.url}/admin#shop`);
  await expect(toaster(page).getByText('Fehler beim Laden')).toBeVisible();
  const samples = page.locator('.shop-samples li');
  await expect(samples).toHaveCount(4);
  for (const name of ['Heimtrikot', 'Fanschal', 'Kappe', 'Trainingsanzug']) await expect(samples.getByText(name)).toBeVisible();
});

test('a failing save shows "Fehler" and keeps the form; a failing delete shows "Fehler beim Löschen"', async ({ page }) => {
  site.db().insert(shopItems).values({ name: 'Kappe', price: '18,00 €' }).run();
  await page.goto(`${site.url}/admin#shop`);
  const form = page.getByRole('form', { name: 'Neues Produkt' });
  await failAction(page, 'admin.shop.create');
  await form.getByLabel('Name *').fill('Fahne');
  await form.getByLabel('Preis *').fill('25 €');
  await form.getByRole('button', { name: 'Produkt erstellen' }).click();
  await expect(toaster(page).getByText('Fehler', { exact: true })).toBeVisible();
  await expect(form.getByLabel('Name *')).toHaveValue('Fahne');

  await failAction(page, 'admin.shop.remove');
  page.once('dialog', (d) => void d.accept());
  await page.locator('.shop-item', { hasText: 'Kappe' }).getByRole('button', { name: 'Löschen' }).click();
  await expect(toaster(page).getByText('Fehler beim Löschen')).toBeVisible();
  const names = site.db().select({ name: shopItems.name }).from(shopItems).all().map((r) => r.name);
  expect(names).toContain('Kappe');
  expect(names).not.toContain('Fahne');
});

test('a product image is uploaded into shop/ with the shop\'s own toasts', async ({ page }) => {
  await page.goto(`${site.url}/admin#shop`);
  const form = page.getByRole('form', { name: 'Neues Produkt' });
  await form.locator('input[type=file]').setInputFiles({ name: 'kein-bild.png', mimeType: 'image/png', buffer: Buffer.from('kein Bild') });
  await expect(toaster(page).getByText('Upload-Fehler')).toBeVisible();
  await form.locator('input[type=file]').setInputFiles(await pngFile('trikot.png'));
  await expect(toaster(page).getByText('Bild hochgeladen!')).toBeVisible();
  const address = form.getByLabel('Produktbild: Bild-Adresse');
  await expect(address).toHaveValue(/^\/uploads\/shop\/.+\.png$/);
  const url = await address.inputValue();
  await form.getByLabel('Name *').fill('Trikot mit Bild');
  await form.getByLabel('Preis *').fill('50 €');
  await form.getByRole('button', { name: 'Produkt erstellen' }).click();
  await expect(toaster(page).getByText('Produkt erstellt!')).toBeVisible();
  const row = site.db().select().from(shopItems).all().find((r) => r.name === 'Trikot mit Bild');
  expect(row?.image_url).toBe(url);
  expect(await publicShop()).toContain(`src="${url}"`);
  expect((await fetch(`${site.url}${url}`)).status).toBe(200);
});

test('another open admin panel shows a new product without reloading', async ({ page, context }) => {
  const other = await context.newPage();
  await other.goto(`${site.url}/admin#shop`);
  await expect(other.getByRole('form', { name: 'Neues Produkt' })).toBeVisible();
  await page.goto(`${site.url}/admin#shop`);
  const form = page.getByRole('form', { name: 'Neues Produkt' });
  await form.getByLabel('Name *').fill('Live-Schal');
  await form.getByLabel('Preis *').fill('12 €');
  await form.getByRole('button', { name: 'Produkt erstellen' }).click();
  await expect(toaster(page).getByText('Produkt erstellt!')).toBeVisible();
  await expect(other.locator('.shop-item', { hasText: 'Live-Schal' })).toBeVisible();
  await other.close();
});
