import { expect, test } from '@playwright/test';
import { useEmptySite } from '../../fixtures/shared-site';

// The main menu on a phone (issue 13, WCAG 2.1.1): a real button with
// aria-expanded opens and closes it by keyboard; Escape closes it and gives the
// focus back; from 768 px the menu is always there and the button is not.
const site = useEmptySite();

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the keyboard opens the menu, walks into it, and Escape closes it with the focus back on the button', async ({ page }) => {
    await page.goto(`${site().url}/`);
    const button = page.getByRole('button', { name: 'Menü' });
    const news = page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'News' });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(news).toBeHidden();
    // the skip link, the club name, then the button
    for (let i = 0; i < 3 && !(await button.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(button).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(news).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Startseite' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toBeFocused();
    await expect(news).toBeHidden();
    // Space opens it too, as on any button
    await page.keyboard.press('Space');
    await expect(news).toBeVisible();
  });

  test('without JavaScript the menu is simply shown', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 740 } });
    const page = await context.newPage();
    await page.goto(`${site().url}/`);
    await expect(page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'News' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Menü' })).toBeHidden();
    await context.close();
  });
});

test('from 768 px the menu is always shown and the button is not', async ({ page }) => {
  await page.setViewportSize({ width: 768, height: 900 });
  await page.goto(`${site().url}/`);
  await expect(page.getByRole('button', { name: 'Menü' })).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'News' })).toBeVisible();
});
