import { expect, test, type Page } from '@playwright/test';
import { useEmptySite } from '../../fixtures/shared-site';

// the empty club, shared with the other blocks of this worker that only read (shared-site.ts)
const site = useEmptySite();

const stored = (page: Page) => page.evaluate(() => localStorage.getItem('cookie-consent'));
const banner = (page: Page) => page.getByRole('region', { name: 'Wir verwenden Cookies' });

test('the banner offers "Nur notwendige" as prominently as "Alle akzeptieren" and stores nothing before a choice', async ({ page }) => {
  await page.goto(site().url);
  await expect(banner(page)).toBeVisible();
  const necessary = banner(page).getByRole('button', { name: 'Nur notwendige' });
  const all = banner(page).getByRole('button', { name: 'Alle akzeptieren' });
  const [a, b] = await Promise.all([necessary.boundingBox(), all.boundingBox()]);
  expect(Math.abs(a!.height - b!.height)).toBeLessThan(2);
  expect(Math.abs(a!.width - b!.width)).toBeLessThan(2);
  expect(await necessary.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
    await all.evaluate((el) => getComputedStyle(el).backgroundColor),
  );
  expect(await stored(page)).toBeNull();
  const cookies = await page.context().cookies();
  expect(cookies).toEqual([]);
});

test('accept all stores analytics and marketing true', async ({ page }) => {
  await page.goto(site().url);
  await banner(page).getByRole('button', { name: 'Alle akzeptieren' }).click();
  await expect(banner(page)).toBeHidden();
  expect(JSON.parse((await stored(page))!)).toEqual({ necessary: true, analytics: true, marketing: true });
  await page.goto(`${site().url}/news`);
  await expect(page.getByRole('heading', { name: 'News', level: 1 })).toBeVisible();
  await expect(banner(page)).toBeHidden();
});

test('necessary only stores both false', async ({ page }) => {
  await page.goto(site().url);
  await banner(page).getByRole('button', { name: 'Nur notwendige' }).click();
  expect(JSON.parse((await stored(page))!)).toEqual({ necessary: true, analytics: false, marketing: false });
});

test('custom settings store exactly the chosen flags; necessary is always on', async ({ page }) => {
  await page.goto(site().url);
  await banner(page).getByRole('button', { name: 'Einstellungen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cookie-Einstellungen' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: 'Notwendig' })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Notwendig' })).toBeDisabled();
  // nothing is pre-ticked
  await expect(dialog.getByRole('checkbox', { name: 'Analyse' })).not.toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Marketing' })).not.toBeChecked();
  await dialog.getByRole('checkbox', { name: 'Marketing' }).check();
  await dialog.getByRole('button', { name: 'Auswahl speichern' }).click();
  await expect(dialog).toBeHidden();
  expect(JSON.parse((await stored(page))!)).toEqual({ necessary: true, analytics: false, marketing: true });
});

test('the close icon hides the banner without saving, and it returns on the next page', async ({ page }) => {
  await page.goto(site().url);
  await banner(page).getByRole('button', { name: 'Schließen' }).click();
  await expect(banner(page)).toBeHidden();
  expect(await stored(page)).toBeNull();
  await page.goto(`${site().url}/kontakt`);
  await expect(banner(page)).toBeVisible();
});

test('the footer link "Cookie-Einstellungen" reopens the choice, which can be withdrawn', async ({ page }) => {
  await page.goto(site().url);
  await banner(page).getByRole('button', { name: 'Alle akzeptieren' }).click();
  await page.getByRole('contentinfo').getByRole('link', { name: 'Cookie-Einstellungen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cookie-Einstellungen' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: 'Analyse' })).toBeChecked();
  await dialog.getByRole('checkbox', { name: 'Analyse' }).uncheck();
  await dialog.getByRole('checkbox', { name: 'Marketing' }).uncheck();
  await dialog.getByRole('button', { name: 'Auswahl speichern' }).click();
  expect(JSON.parse((await stored(page))!)).toEqual({ necessary: true, analytics: false, marketing: false });
});
