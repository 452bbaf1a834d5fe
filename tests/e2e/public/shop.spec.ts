// Shop (public-site.md §2 Shop, §4 states, §8 errors and sample products).
import { expect, test } from '@playwright/test';
import { HOSTILE, makeShopItem } from '../../fixtures/factories';
import { expectNoEmoji, expectNoInjectedScript, useSite, withCookieChoice, expectNoSidewaysScroll } from './helpers';
import { useEmptySite } from '../../fixtures/shared-site';

test.beforeEach(async ({ context }) => withCookieChoice(context));

test.describe('Shop, leere Datenbank', () => {
  const site = useEmptySite();

  test("hero 'Vereinsshop', the empty state, title, description and canonical /shop", async ({ page }) => {
    await page.goto(site().url + '/shop');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vereinsshop');
    await expect(page.locator('.page-head')).toContainText('Zeig deine Farben');
    await expect(page.locator('.shop-empty h2')).toHaveText('Noch keine Produkte verfügbar');
    await expect(page.locator('.shop-empty')).toContainText('Unser Shop wird bald mit tollen Fanartikeln gefüllt.');
    await expect(page.locator('.shop-error')).toHaveCount(0);
    await expect(page).toHaveTitle('Vereinsshop – SV Kirchberg an der Raab');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', 'Trikots, Schals und Fanartikel des SV Kirchberg an der Raab.');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${site().url}/shop`);
  });
});

test.describe('Shop, gefüllte Datenbank', () => {
  const site = useSite((db) => {
    makeShopItem(db, { name: 'Heimtrikot 2026', price: '49,90 €', image_url: '/uploads/trikot.webp', external_link: 'https://shop.example.at/trikot', display_order: 2 });
    makeShopItem(db, { name: 'Vereinsschal', price: '15 €', external_link: 'Im Vereinsheim erhältlich', display_order: 1 });
    makeShopItem(db, { name: 'Kappe', price: '12 €', external_link: null, display_order: 3 });
    makeShopItem(db, { name: 'Alte Jacke', price: '5 €', is_active: false, display_order: 0 });
    makeShopItem(db, { name: HOSTILE.longName, price: HOSTILE.script, external_link: HOSTILE.jsUrl, image_url: HOSTILE.jsUrl, display_order: 4 });
  });

  test('active items in display order with price badge and the three kinds of link', async ({ page }) => {
    await page.goto(site().url + '/shop');
    const products = page.locator('.product');
    await expect(products).toHaveCount(4);
    await expect(products.locator('h2').nth(0)).toHaveText('Vereinsschal');
    await expect(products.locator('h2').nth(1)).toHaveText('Heimtrikot 2026');
    await expect(products.locator('h2').nth(2)).toHaveText('Kappe');
    await expect(products.locator('.price')).toHaveText(['15 €', '49,90 €', '12 €', HOSTILE.script]);
    // free text instead of a link
    await expect(products.nth(0).locator('.product-link-text')).toHaveText('Im Vereinsheim erhältlich');
    await expect(products.nth(0).locator('a, button')).toHaveCount(0);
    const buy = products.nth(1).getByRole('link', { name: 'Jetzt kaufen' });
    await expect(buy).toHaveAttribute('href', 'https://shop.example.at/trikot');
    await expect(buy).toHaveAttribute('target', '_blank');
    await expect(buy).toHaveAttribute('rel', /noopener/);
    await expect(products.nth(1).locator('img')).toHaveAttribute('src', '/uploads/trikot.webp');
    await expect(products.nth(2).getByRole('button', { name: 'Nicht verfügbar' })).toBeDisabled();
    await expect(products.nth(2).locator('svg.product-placeholder')).toHaveCount(1);
    // a javascript: link is no URL: it is shown as text, never as a link
    await expect(products.nth(3).locator('.product-link-text')).toHaveText(HOSTILE.jsUrl);
    await expect(products.nth(3).locator('img')).toHaveCount(0);
    await expect(page.locator('main')).not.toContainText('Alte Jacke');
    await expectNoInjectedScript(page);
    await expectNoEmoji(page);
    await expectNoSidewaysScroll(page);
  });

  test('the grid has 1, 2, 3 or 4 columns by width', async ({ page }) => {
    await page.goto(site().url + '/shop');
    for (const [width, columns] of [[375, 1], [700, 2], [1000, 3], [1300, 4]] as const) {
      await page.setViewportSize({ width, height: 900 });
      const template = await page.locator('.grid-4').evaluate((el) => getComputedStyle(el).gridTemplateColumns);
      expect(template.split(' ').length, `${width}px`).toBe(columns);
    }
  });
});

test.describe('Shop, Tabelle nicht lesbar', () => {
  const site = useSite((db) => {
    db.$client.exec('ALTER TABLE shop_items RENAME TO shop_items_unreadable');
  });

  test("'Fehler beim Laden' and the four built-in sample products", async ({ page }) => {
    await page.goto(site().url + '/shop');
    await expect(page.locator('.shop-error')).toHaveText('Fehler beim Laden Shop-Produkte konnten nicht geladen werden.');
    await expect(page.locator('.product h2')).toHaveText(['Heimtrikot', 'Fanschal', 'Kappe', 'Trainingsanzug']);
    await expect(page.locator('.product .price')).toHaveText([/€$/, /€$/, /€$/, /€$/]);
    await expect(page.locator('.shop-empty')).toHaveCount(0);
    expect(site().logs()).toContain('[content] could not read shop_items');
  });
});
