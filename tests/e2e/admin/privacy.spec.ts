import { expect, test } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { loginAs } from '../../fixtures/auth';
import { startSite, type Site } from '../../fixtures/site';
import { pageContent } from '../../../src/server/db/schema';
import { actionUrl, clickForAnswer, failAction, holdAction, releaseWhenAsked } from '../../fixtures/actions';
import { horizontalOverflow, publicHtml, toaster } from './content-helpers';
import { callAction } from '../auth/helpers';

// Privacy policy manager (admin-area.md §2 Datenschutz, §8).
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

const privacyRows = () => site.db().select().from(pageContent).where(eq(pageContent.page_key, 'datenschutz')).all();
const HOSTILE =
  '<h2>Datenschutz beim SV</h2>\n<p onclick="alert(1)">Wir schützen Ihre Daten.</p><script>alert(2)</script><a href="javascript:alert(3)">Trick</a><a href="https://dsb.gv.at" target="_blank">DSB</a>';

test('starts from the default text; preview, save and the public page', async ({ page }) => {
  await page.goto(`${site.url}/admin#datenschutz`);
  const editor = page.getByRole('textbox', { name: /Inhalt \(HTML\)/ });
  await expect(editor).toHaveValue(/<h3>1\. Verantwortliche Stelle<\/h3>/);
  await expect(editor).toHaveValue(/<h3>7\. Änderungen<\/h3>/);
  await expect(page.getByText('Standardtext – noch nicht gespeichert')).toBeVisible();
  expect((await editor.boundingBox())!.height).toBeGreaterThanOrEqual(500);

  // preview of the default text
  await page.getByRole('button', { name: 'Vorschau anzeigen' }).click();
  const preview = page.locator('.privacy-preview');
  await expect(preview.locator('h3').first()).toHaveText('1. Verantwortliche Stelle');

  // hostile HTML is previewed exactly as the page will sanitise it
  await editor.fill(HOSTILE);
  await expect(preview.locator('h2')).toHaveText('Datenschutz beim SV');
  await expect(preview.getByText('Wir schützen Ihre Daten.')).toBeVisible();
  const inner = await preview.innerHTML();
  expect(inner).not.toMatch(/onclick|<script|javascript:/);
  expect(inner).toContain('<br>');
  expect(inner).toContain('rel="noopener noreferrer"');

  // empty: no preview
  await editor.fill('');
  await expect(page.getByText('Keine Vorschau verfügbar')).toBeVisible();
  await page.getByRole('button', { name: 'Vorschau ausblenden' }).click();
  await expect(page.getByText('Keine Vorschau verfügbar')).toBeHidden();

  // save: inserted once
  await editor.fill(HOSTILE);
  const save = await holdAction(page, 'admin.privacy.save');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByRole('button', { name: 'Speichert...' })).toBeDisabled();
  save.release();
  await expect(toaster(page).getByText('Erfolgreich gespeichert')).toBeVisible();
  await expect(toaster(page).getByText('Die Datenschutzerklärung wurde aktualisiert.')).toBeVisible();
  await expect(toaster(page).getByText('Veröffentlicht')).toBeVisible();
  await expect(page.getByText('Standardtext – noch nicht gespeichert')).toBeHidden();
  expect(privacyRows()).toEqual([expect.objectContaining({ section_key: 'main_content', content: HOSTILE, is_active: true, display_order: 0 })]);
  const html = await publicHtml(site, '/datenschutz');
  expect(html).toContain('<h2>Datenschutz beim SV</h2>');
  expect(html).toContain('Wir schützen Ihre Daten.');
  expect(html).not.toMatch(/onclick|<script>alert\(2\)|javascript:alert/);

  // a second save updates the same row
  await editor.fill('<p>Neue Fassung</p>');
  await clickForAnswer(page, page.getByRole('button', { name: 'Speichern' }), 'admin.privacy.save');
  await expect(toaster(page).getByText('Erfolgreich gespeichert').last()).toBeVisible();
  expect(privacyRows()).toEqual([expect.objectContaining({ content: '<p>Neue Fassung</p>' })]);
  expect(await publicHtml(site, '/datenschutz')).toContain('<p>Neue Fassung</p>');
});

test("typing on while the save goes out: the save's own live event, answered after it, says nothing of someone else", async ({ page }) => {
  await page.goto(`${site.url}/admin#datenschutz`);
  const editor = page.getByRole('textbox', { name: /Inhalt \(HTML\)/ });
  await expect(editor).toHaveValue(/\S/);
  await editor.fill('<p>Fassung vom Sonntag</p>');
  const save = await holdAction(page, 'admin.privacy.save');
  // the text the save's live event asks for is answered once the save's own answer is shown
  const heldLoad = await holdAction(page, 'admin.privacy.load');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await editor.press('End');
  await editor.pressSequentially('<p>Noch ein Absatz</p>');
  save.release();
  await expect(toaster(page).getByText('Die Datenschutzerklärung wurde aktualisiert.')).toBeVisible();
  await releaseWhenAsked(page, heldLoad, 'admin.privacy.load');
  await expect(page.getByText('Diese Inhalte wurden inzwischen von jemand anderem geändert.')).toHaveCount(0);
  await expect(editor).toHaveValue('<p>Fassung vom Sonntag</p><p>Noch ein Absatz</p>');
  expect(privacyRows().map((row) => row.content)).toEqual(['<p>Fassung vom Sonntag</p>']);
  // what was typed on is unsaved: closed without its beforeunload question, which would hold the teardown
  await page.close();
});

test('load and save failures show "Fehler beim Laden" and "Fehler beim Speichern"', async ({ page }) => {
  await failAction(page, 'admin.privacy.load');
  await page.goto(`${site.url}/admin#datenschutz`);
  await expect(toaster(page).getByText('Fehler beim Laden')).toBeVisible();
  await page.unrouteAll();
  await page.reload();
  const editor = page.getByRole('textbox', { name: /Inhalt \(HTML\)/ });
  await expect(editor).not.toHaveValue('');
  await failAction(page, 'admin.privacy.save');
  await editor.fill('<p>Geht nicht</p>');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(toaster(page).getByText('Fehler beim Speichern')).toBeVisible();
  await expect(editor).toHaveValue('<p>Geht nicht</p>');
  expect(privacyRows().map((r) => r.content)).not.toContain('<p>Geht nicht</p>');
});

test('the datenschutz tab fits a 375 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`${site.url}/admin#datenschutz`);
  await expect(page.locator("#privacy-content").first()).toBeVisible();
  await expect(page.getByTestId('tab-select')).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
});

test("another admin's save while this one types: said so, and 'Neu laden' asks before it drops what was typed", async ({ page }) => {
  // the panel's live events are heard once their stream answered (the save below must not come before)
  const listening = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/admin/events');
  await page.goto(`${site.url}/admin#datenschutz`);
  await listening;
  const editor = page.getByRole('textbox', { name: /Inhalt \(HTML\)/ });
  await expect(editor).toHaveValue(/\S/);
  await editor.fill('<p>Mein Entwurf</p>');
  // saved elsewhere (another tab, another admin): the live event brings it, the typing stays
  const other = await callAction(page.request, site, 'admin.privacy.save', { content: '<p>Fassung von Maria</p>' });
  expect(other.status).toBe(200);
  const notice = page.getByText('Diese Inhalte wurden inzwischen von jemand anderem geändert.');
  await expect(notice).toBeVisible();
  await expect(editor).toHaveValue('<p>Mein Entwurf</p>');

  // 'Neu laden' would drop the draft: asked first; 'Weiter bearbeiten' keeps it (and reads nothing)
  let loads = 0;
  page.on('request', (request) => void (actionUrl('admin.privacy.load').test(request.url()) && (loads += 1)));
  await page.getByRole('button', { name: 'Neu laden' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Ungespeicherte Änderungen verwerfen?' });
  await ask.getByRole('button', { name: 'Weiter bearbeiten' }).click();
  await expect(ask).toHaveCount(0);
  await expect(editor).toHaveValue('<p>Mein Entwurf</p>');
  expect(loads).toBe(0);
  await expect(notice).toBeVisible();
  // 'Verwerfen': the stored text, and nothing more to say
  await page.getByRole('button', { name: 'Neu laden' }).click();
  await ask.getByRole('button', { name: 'Verwerfen' }).click();
  await expect(editor).toHaveValue('<p>Fassung von Maria</p>');
  await expect(notice).toHaveCount(0);
  expect(privacyRows().map((row) => row.content)).toEqual(['<p>Fassung von Maria</p>']);
});
