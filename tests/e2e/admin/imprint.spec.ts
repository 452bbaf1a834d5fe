import { expect, test } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { loginAs } from '../../fixtures/auth';
import { startSite, type Site } from '../../fixtures/site';
import { pageContent } from '../../../src/server/db/schema';
import { holdAction } from '../../fixtures/actions';
import { acceptNextConfirm, horizontalOverflow, publicHtml, toaster } from './content-helpers';

// Imprint manager (admin-area.md §2 Impressum): four fixed sections with their
// built-in texts, and extra sections that can be active or inactive.
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

const imprintRows = () => site.db().select().from(pageContent).where(eq(pageContent.page_key, 'imprint')).all();
const imprintSection = (html: string, key: string) => {
  const start = html.indexOf(`data-section="${key}"`);
  return start === -1 ? '' : html.slice(start, html.indexOf('</section>', start));
};

test('fixed sections show the default text, can be replaced and restored', async ({ page }) => {
  await page.goto(`${site.url}/admin#impressum`);
  const fixed = page.locator('.imprint-section');
  await expect(fixed).toHaveCount(4);
  await expect(fixed.locator('.section-title')).toHaveText(['Medieninhaber und Herausgeber', 'Vereinsregister', 'Datenschutz', 'Haftungsausschluss']);
  await expect(fixed.filter({ hasText: 'Standardtext' })).toHaveCount(4);

  const register = page.locator('.imprint-section[data-section="vereinsregister"]');
  await register.getByRole('button', { name: 'Bearbeiten' }).click();
  const dialog = page.getByRole('dialog', { name: 'Vereinsregister bearbeiten' });
  await expect(dialog.getByRole('textbox', { name: 'Titel' })).toHaveValue('Vereinsregister');
  await expect(dialog.getByRole('textbox', { name: 'Inhalt' })).toHaveValue(/ZVR-Zahl: 123456789/);
  await dialog.getByRole('textbox', { name: 'Inhalt' }).fill('ZVR-Zahl: 987654321\nLandespolizeidirektion Steiermark');
  const save = await holdAction(page, 'admin.pageContent.create');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog.getByRole('button', { name: 'Speichert...' })).toBeDisabled();
  save.release();
  await expect(toaster(page).getByText('Seiteninhalt erstellt!')).toBeVisible();
  await expect(toaster(page).getByText('Veröffentlicht')).toBeVisible();
  await expect(register.getByText('Standardtext', { exact: true })).toHaveCount(0);
  expect(imprintRows()).toEqual([expect.objectContaining({ section_key: 'vereinsregister', content: 'ZVR-Zahl: 987654321\nLandespolizeidirektion Steiermark', is_active: true })]);
  let section = imprintSection(await publicHtml(site, '/impressum'), 'vereinsregister');
  expect(section).toContain('ZVR-Zahl: 987654321');
  expect(section).not.toContain('123456789');

  await register.getByRole('button', { name: 'Bearbeiten' }).click();
  await dialog.getByRole('textbox', { name: 'Titel' }).fill('Vereinsregister (ZVR)');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(toaster(page).getByText('Seiteninhalt aktualisiert!')).toBeVisible();
  expect(imprintSection(await publicHtml(site, '/impressum'), 'vereinsregister')).toContain('<h2>Vereinsregister (ZVR)</h2>');

  acceptNextConfirm(page, 'Den eigenen Text löschen? Die Website zeigt dann wieder den Standardtext.');
  // with the keyboard: the button goes with the own text, the focus stays in its section
  await register.getByRole('button', { name: 'Standardtext wiederherstellen' }).focus();
  await page.keyboard.press('Enter');
  await expect(toaster(page).getByText('Seiteninhalt gelöscht!')).toBeVisible();
  await expect(register.getByText('Standardtext', { exact: true })).toBeVisible();
  await expect(register.getByRole('button', { name: 'Bearbeiten' })).toBeFocused();
  expect(imprintRows()).toHaveLength(0);
  section = imprintSection(await publicHtml(site, '/impressum'), 'vereinsregister');
  expect(section).toContain('ZVR-Zahl: 123456789');
});

test('extra sections: create with validation, deactivate, activate, delete', async ({ page }) => {
  await page.goto(`${site.url}/admin#impressum`);
  await page.getByRole('button', { name: 'Abschnitt hinzufügen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Abschnitt hinzufügen' });
  await dialog.getByRole('textbox', { name: 'Titel' }).fill('Bildnachweis');
  await dialog.getByRole('textbox', { name: 'Inhalt' }).fill('Fotos: <script>alert("impressum")</script> Vereinsarchiv');
  await dialog.getByRole('textbox', { name: 'Reihenfolge' }).fill('zehn');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog.locator('form').getByText('Bitte eine ganze Zahl eingeben.')).toBeVisible();
  await expect(toaster(page).getByText('Fehler', { exact: true })).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Reihenfolge' }).fill('10');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(toaster(page).getByText('Seiteninhalt erstellt!')).toBeVisible();

  const extra = page.locator('.imprint-extra', { hasText: 'Bildnachweis' });
  await expect(extra.getByText('Aktiv', { exact: true })).toBeVisible();
  const [row] = imprintRows();
  expect(row).toMatchObject({ title: 'Bildnachweis', display_order: 10, is_active: true });
  expect(row.section_key).toMatch(/^abschnitt_\d+$/);
  let html = await publicHtml(site, '/impressum');
  expect(html).toContain('<h2>Bildnachweis</h2>');
  expect(html).toContain('Fotos: &lt;script&gt;alert(&quot;impressum&quot;)&lt;/script&gt; Vereinsarchiv');
  expect(html).not.toContain('<script>alert("impressum")');
  // after the four fixed sections
  expect(html.indexOf('Bildnachweis')).toBeGreaterThan(html.indexOf('Haftungsausschluss'));

  await extra.getByRole('button', { name: 'Deaktivieren' }).click();
  await expect(extra.getByText('Inaktiv')).toBeVisible();
  await expect(toaster(page).getByText('Seiteninhalt aktualisiert!')).toBeVisible();
  expect(await publicHtml(site, '/impressum')).not.toContain('Bildnachweis');
  await extra.getByRole('button', { name: 'Aktivieren' }).click();
  await expect(extra.getByText('Aktiv', { exact: true })).toBeVisible();
  expect(await publicHtml(site, '/impressum')).toContain('Bildnachweis');

  await extra.getByRole('button', { name: 'Bearbeiten' }).click();
  const edit = page.getByRole('dialog', { name: 'Abschnitt bearbeiten' });
  await edit.getByRole('checkbox', { name: /Aktiv/ }).uncheck();
  await edit.getByRole('button', { name: 'Speichern' }).click();
  await expect(extra.getByText('Inaktiv')).toBeVisible();
  expect(imprintRows()[0].is_active).toBe(false);

  acceptNextConfirm(page, 'Diesen Abschnitt wirklich löschen?');
  await extra.getByRole('button', { name: 'Löschen' }).click();
  await expect(toaster(page).getByText('Seiteninhalt gelöscht!')).toBeVisible();
  await expect(extra).toHaveCount(0);
  expect(imprintRows()).toHaveLength(0);
  html = await publicHtml(site, '/impressum');
  expect(html).not.toContain('Bildnachweis');
});

test('the impressum tab fits a 375 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`${site.url}/admin#impressum`);
  await expect(page.locator(".imprint-section").first()).toBeVisible();
  await expect(page.getByTestId('tab-select')).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
});
