import { expect, test } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { loginAs } from '../../fixtures/auth';
import { startSite, type Site } from '../../fixtures/site';
import { pageContent } from '../../../src/server/db/schema';
import { clickForAnswer, failAction, holdAction, releaseWhenAsked } from '../../fixtures/actions';
import { horizontalOverflow, publicHtml, toaster } from './content-helpers';

// Social links manager (admin-area.md §2 Social, §8): the footer of every page follows.
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

const socialRows = () => site.db().select().from(pageContent).where(eq(pageContent.page_key, 'social_media')).all();
const footer = (html: string) => html.slice(html.indexOf('<footer'));

test('one card per platform; one save for all; hidden links leave every footer', async ({ page }) => {
  await page.goto(`${site.url}/admin#social`);
  const cards = page.locator('.social-card');
  await expect(cards.locator('legend')).toHaveText(['Facebook', 'Instagram', 'WhatsApp', 'TikTok']);
  await expect(page.getByText('Deaktivierte (versteckte) Links werden im Footer der Website nicht angezeigt.')).toBeVisible();
  await expect(page.getByLabel('Facebook URL')).toHaveAttribute('type', 'url');

  // only web addresses
  await page.getByLabel('Facebook URL').fill('javascript:alert(1)');
  await page.getByRole('button', { name: 'Alle Links speichern' }).click();
  await expect(page.getByText('Bitte eine gültige Web-Adresse eingeben (https://…).').first()).toBeVisible();
  expect(socialRows()).toHaveLength(0);

  await page.getByLabel('Facebook URL').fill('https://facebook.com/svkirchberg');
  await page.getByLabel('Instagram URL').fill('https://instagram.com/svkirchberg');
  const instagram = cards.filter({ hasText: 'Instagram' });
  await instagram.getByRole('checkbox').uncheck();
  await expect(instagram.getByText('Versteckt')).toBeVisible();
  await expect(cards.filter({ hasText: 'Facebook' }).getByText('Sichtbar')).toBeVisible();
  const save = await holdAction(page, 'admin.social.save');
  await page.getByRole('button', { name: 'Alle Links speichern' }).click();
  await expect(page.getByRole('button', { name: 'Speichert...' })).toBeDisabled();
  save.release();
  await expect(toaster(page).getByText('Erfolgreich gespeichert')).toBeVisible();
  await expect(toaster(page).getByText('Social Media Links wurden aktualisiert.')).toBeVisible();
  await expect(toaster(page).getByText('Veröffentlicht')).toBeVisible();

  const rows = socialRows().sort((a, b) => a.display_order - b.display_order);
  expect(rows.map((r) => [r.section_key, r.title, r.display_order, r.button_link, r.is_active])).toEqual([
    ['facebook', 'Facebook', 1, 'https://facebook.com/svkirchberg', true],
    ['instagram', 'Instagram', 2, 'https://instagram.com/svkirchberg', false],
    ['whatsapp', 'WhatsApp', 3, null, true],
    ['tiktok', 'TikTok', 4, null, true],
  ]);
  // every page with the footer, without a manual publish
  for (const path of ['/', '/impressum', '/shop', '/kontakt']) {
    const html = footer(await publicHtml(site, path));
    expect(html, path).toContain('href="https://facebook.com/svkirchberg"');
    expect(html, path).not.toContain('instagram.com');
  }

  // showing it again updates the same rows
  await instagram.getByRole('checkbox').check();
  await clickForAnswer(page, page.getByRole('button', { name: 'Alle Links speichern' }), 'admin.social.save');
  await expect(toaster(page).getByText('Social Media Links wurden aktualisiert.').last()).toBeVisible();
  expect(socialRows()).toHaveLength(4);
  expect(footer(await publicHtml(site, '/datenschutz'))).toContain('href="https://instagram.com/svkirchberg"');
});

test('a link typed while the save goes out stays in the form, and the save\'s own live event says nothing of someone else', async ({ page }) => {
  await page.goto(`${site.url}/admin#social`);
  await expect(page.getByLabel('Facebook URL')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.getByLabel('Facebook URL').fill('https://facebook.com/svkirchberg-sonntag');
  const save = await holdAction(page, 'admin.social.save');
  const heldLoad = await holdAction(page, 'admin.social.load');
  await page.getByRole('button', { name: 'Alle Links speichern' }).click();
  await page.getByLabel('Instagram URL').fill('https://instagram.com/svkirchberg-sonntag');
  save.release();
  await expect(toaster(page).getByText('Social Media Links wurden aktualisiert.')).toBeVisible();
  await releaseWhenAsked(page, heldLoad, 'admin.social.load');
  await expect(page.getByLabel('Instagram URL')).toHaveValue('https://instagram.com/svkirchberg-sonntag');
  await expect(page.getByLabel('Facebook URL')).toHaveValue('https://facebook.com/svkirchberg-sonntag');
  await expect(page.getByText(/inzwischen von jemand anderem geändert/)).toHaveCount(0);
  const stored = Object.fromEntries(socialRows().map((row) => [row.section_key, row.button_link]));
  expect(stored.facebook).toBe('https://facebook.com/svkirchberg-sonntag');
  expect(stored.instagram ?? null).not.toBe('https://instagram.com/svkirchberg-sonntag');
  // the typed link is unsaved: closed without its beforeunload question, which would hold the teardown
  await page.close();
});

test('load and save failures show "Fehler beim Laden" and "Fehler beim Speichern"', async ({ page }) => {
  await failAction(page, 'admin.social.load');
  await page.goto(`${site.url}/admin#social`);
  await expect(toaster(page).getByText('Fehler beim Laden')).toBeVisible();
  await page.unrouteAll();
  await page.reload();
  await page.getByLabel('TikTok URL').fill('https://tiktok.com/@sv');
  await failAction(page, 'admin.social.save');
  await page.getByRole('button', { name: 'Alle Links speichern' }).click();
  await expect(toaster(page).getByText('Fehler beim Speichern')).toBeVisible();
  await expect(page.getByLabel('TikTok URL')).toHaveValue('https://tiktok.com/@sv');
});

test('the social tab fits a 375 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`${site.url}/admin#social`);
  await expect(page.locator(".social-card").first()).toBeVisible();
  await expect(page.getByTestId('tab-select')).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
});
