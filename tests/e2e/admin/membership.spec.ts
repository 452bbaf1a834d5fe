import { expect, test } from '@playwright/test';
import { and, eq } from 'drizzle-orm';
import { loginAs } from '../../fixtures/auth';
import { startSite, type Site } from '../../fixtures/site';
import { membershipInquiries, pageContent } from '../../../src/server/db/schema';
import { clickForAnswer, countAction, holdAction } from '../../fixtures/actions';
import { acceptNextConfirm, horizontalOverflow, pngFile, publicHtml, toaster } from './content-helpers';

// Membership manager (admin-area.md §2 Mitglied, §4, §8): the texts and QR code
// of /mitglied-werden, and the inquiry inbox.
let site: Site;
test.beforeAll(async () => {
  site = await startSite({
    seed: (db) => {
      db.insert(membershipInquiries)
        .values([
          { name: 'Alte Anfrage', email: 'alt@test.at', betreff: 'Training', nachricht: 'Wann ist Training?', created_at: '2026-10-01T08:00:00.000Z' },
          {
            name: 'Neue Anfrage',
            email: 'neu@test.at',
            betreff: '<script>alert("betreff")</script>',
            nachricht: 'Zeile 1\nZeile 2',
            created_at: '2026-11-20T08:00:00.000Z',
          },
        ])
        .run();
    },
  });
});
test.afterAll(async () => {
  await site.stop();
});
test.beforeEach(async ({ context }) => {
  await loginAs(context, site, 'admin');
});

const section = (key: string) =>
  site.db().select().from(pageContent).where(and(eq(pageContent.page_key, 'mitglied'), eq(pageContent.section_key, key))).all();

test('inquiries newest first; read/unread toggle; delete; another open panel follows', async ({ page, context }) => {
  await page.goto(`${site.url}/admin#mitglied`);
  const items = page.locator('.inquiry');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0).locator('.inquiry-name')).toHaveText('Neue Anfrage');
  await expect(items.nth(1).locator('.inquiry-name')).toHaveText('Alte Anfrage');
  // hostile text is shown as text
  await expect(items.nth(0).locator('.inquiry-subject')).toHaveText('<script>alert("betreff")</script>');
  await expect(items.nth(0)).toContainText('20. November 2026');
  await expect(items.nth(0).getByText('Ungelesen')).toBeVisible();

  const other = await context.newPage();
  await other.goto(`${site.url}/admin#mitglied`);
  await expect(other.locator('.inquiry').nth(0).getByText('Ungelesen')).toBeVisible();

  await items.nth(0).getByRole('button', { name: 'Als gelesen markieren' }).click();
  await expect(toaster(page).getByText('Status aktualisiert!')).toBeVisible();
  await expect(items.nth(0).getByText('Gelesen', { exact: true })).toBeVisible();
  expect(site.db().select().from(membershipInquiries).where(eq(membershipInquiries.name, 'Neue Anfrage')).get()?.status).toBe('read');
  // the second panel reloads by itself
  await expect(other.locator('.inquiry').nth(0).getByText('Gelesen', { exact: true })).toBeVisible();

  await items.nth(0).getByRole('button', { name: 'Als ungelesen markieren' }).click();
  await expect(items.nth(0).getByText('Ungelesen')).toBeVisible();
  // the list shows the new status at once; the save's answer may come a moment later
  await expect.poll(() => site.db().select().from(membershipInquiries).where(eq(membershipInquiries.name, 'Neue Anfrage')).get()?.status).toBe('unread');

  const removals = countAction(page, 'admin.inquiries.remove');
  page.once('dialog', (d) => void d.dismiss());
  await items.nth(1).getByRole('button', { name: 'Löschen' }).click();
  await expect(items).toHaveCount(2);
  acceptNextConfirm(page, 'Diese Anfrage wirklich löschen?');
  await items.nth(1).getByRole('button', { name: 'Löschen' }).click();
  await expect(toaster(page).getByText('Anfrage gelöscht!')).toBeVisible();
  // one removal: the dismissed question sent none
  expect(removals()).toBe(1);
  await expect(items).toHaveCount(1);
  expect(site.db().select().from(membershipInquiries).all().map((i) => i.name)).toEqual(['Neue Anfrage']);
  await expect(other.locator('.inquiry')).toHaveCount(1);
  await other.close();
});

test('texts: create from the default, edit, delete back to the default; the page follows', async ({ page }) => {
  await page.goto(`${site.url}/admin#mitglied`);
  const quote = page.locator('.membership-section[data-section="quote"]');
  await expect(quote.getByText('Standardtext')).toBeVisible();
  await quote.getByRole('button', { name: 'Bearbeiten' }).click();
  const dialog = page.getByRole('dialog', { name: 'Zitat bearbeiten' });
  // the dialog starts from the text the page shows now
  await expect(dialog.getByRole('textbox', { name: 'Text', exact: true })).toHaveValue('„Gemeinsam sind wir stärker – werde Teil unserer Vereinsfamilie!“');
  await dialog.getByRole('textbox', { name: 'Text', exact: true }).fill('Gemeinsam <b>stark</b>!');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(toaster(page).getByText('Inhalt erstellt!')).toBeVisible();
  await expect(toaster(page).getByText('Veröffentlicht')).toBeVisible();
  expect(section('quote')).toEqual([expect.objectContaining({ content: 'Gemeinsam <b>stark</b>!', is_active: true })]);
  await expect(quote.locator('.section-content')).toHaveText('Gemeinsam <b>stark</b>!');
  expect(await publicHtml(site, '/mitglied-werden')).toMatch(/class="quote"[^>]*>Gemeinsam &lt;b&gt;stark&lt;\/b&gt;!</);

  // the header shows its title
  const header = page.locator('.membership-section[data-section="header"]');
  await header.getByRole('button', { name: 'Bearbeiten' }).click();
  const headerDialog = page.getByRole('dialog', { name: 'Überschrift bearbeiten' });
  await headerDialog.getByRole('textbox', { name: 'Text', exact: true }).fill('JETZT MITGLIED WERDEN');
  const save = await holdAction(page, 'admin.pageContent.create');
  const answered = clickForAnswer(page, headerDialog.getByRole('button', { name: 'Speichern' }), 'admin.pageContent.create');
  await expect(headerDialog.getByRole('button', { name: 'Speichert...' })).toBeDisabled();
  save.release();
  await answered;
  await expect(toaster(page).getByText('Inhalt erstellt!').last()).toBeVisible();
  expect(await publicHtml(site, '/mitglied-werden')).toContain('<h1>JETZT MITGLIED WERDEN</h1>');

  // edit the stored quote
  await quote.getByRole('button', { name: 'Bearbeiten' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Text', exact: true })).toHaveValue('Gemeinsam <b>stark</b>!');
  await dialog.getByRole('textbox', { name: 'Text', exact: true }).fill('Mitglied sein heißt dabei sein.');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(toaster(page).getByText('Inhalt aktualisiert!')).toBeVisible();
  expect(section('quote')).toHaveLength(1);
  expect(await publicHtml(site, '/mitglied-werden')).toContain('Mitglied sein heißt dabei sein.');

  // deleting brings the built-in text back
  acceptNextConfirm(page, 'Diesen Inhalt löschen? Die Website zeigt dann wieder den Standardtext.');
  await quote.getByRole('button', { name: 'Löschen' }).click();
  await expect(toaster(page).getByText('Inhalt gelöscht!')).toBeVisible();
  expect(section('quote')).toHaveLength(0);
  await expect(quote.getByText('Standardtext')).toBeVisible();
  expect(await publicHtml(site, '/mitglied-werden')).toContain('Gemeinsam sind wir stärker');
});

test('QR code: upload, save as section qr_code (display_order 99, title "QR Code"), bad addresses refused', async ({ page }) => {
  await page.goto(`${site.url}/admin#mitglied`);
  const form = page.getByRole('form', { name: 'QR Code für die Überweisung' });
  await form.getByLabel('QR-Code-Bild: Bild-Adresse').fill('javascript:alert(1)');
  await form.getByRole('button', { name: 'QR Code speichern' }).click();
  await expect(form.getByText('Bitte eine gültige Bild-Adresse angeben.')).toBeVisible();
  expect(section('qr_code')).toHaveLength(0);

  await form.locator('input[type=file]').setInputFiles(await pngFile('qr.png'));
  await expect(toaster(page).getByText('Bild erfolgreich hochgeladen!')).toBeVisible();
  const url = await form.getByLabel('QR-Code-Bild: Bild-Adresse').inputValue();
  expect(url).toMatch(/^\/uploads\/mitglied\/.+\.png$/);
  await form.getByRole('button', { name: 'QR Code speichern' }).click();
  await expect(toaster(page).getByText('QR Code aktualisiert!')).toBeVisible();
  expect(section('qr_code')).toEqual([expect.objectContaining({ title: 'QR Code', display_order: 99, image_url: url, is_active: true })]);
  expect(await publicHtml(site, '/mitglied-werden')).toContain(`src="${url}"`);

  // removing the image keeps the one entry and brings the placeholder back
  await form.getByRole('button', { name: 'Bild entfernen' }).click();
  await clickForAnswer(page, form.getByRole('button', { name: 'QR Code speichern' }), 'admin.membership.saveQrCode');
  await expect(toaster(page).getByText('QR Code aktualisiert!').last()).toBeVisible();
  expect(section('qr_code')).toEqual([expect.objectContaining({ image_url: null })]);
  expect(await publicHtml(site, '/mitglied-werden')).not.toContain(`src="${url}"`);
});

test('the mitglied tab fits a 375 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`${site.url}/admin#mitglied`);
  await expect(page.locator(".inquiry").first()).toBeVisible();
  await expect(page.getByTestId('tab-select')).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
});
