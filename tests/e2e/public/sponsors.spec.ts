// Sponsors (public-site.md §2 Sponsors, §9 tier order).
import { expect, test } from '@playwright/test';
import { HOSTILE, makeSponsor } from '../../fixtures/factories';
import { expectNoInjectedScript, useSite, withCookieChoice, expectNoSidewaysScroll } from './helpers';
import { useEmptySite } from '../../fixtures/shared-site';

test.beforeEach(async ({ context }) => withCookieChoice(context));

test.describe('Sponsoren, leere Datenbank', () => {
  const site = useEmptySite();

  test("'Noch keine Sponsoren hinzugefügt.' and the invitation to become a partner", async ({ page }) => {
    await page.goto(site().url + '/sponsoren');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unsere Sponsoren');
    await expect(page.locator('main')).toContainText('Noch keine Sponsoren hinzugefügt.');
    await expect(page.locator('main').getByRole('link', { name: 'Kontakt aufnehmen' })).toHaveAttribute('href', '/kontakt');
  });
});

test.describe('Sponsoren, gefüllte Datenbank', () => {
  const site = useSite((db) => {
    // inserted in no particular order
    makeSponsor(db, { name: 'Zimmerei Zach', tier: 'supporter' });
    makeSponsor(db, { name: 'Bank Beta', tier: 'gold', website_url: 'https://bank.example.at', logo_url: '/uploads/bank.webp' });
    makeSponsor(db, { name: 'Autohaus Alpha', tier: 'gold' });
    makeSponsor(db, { name: 'Metzgerei Mayer', tier: 'standard', website_url: HOSTILE.jsUrl });
    makeSponsor(db, { name: 'Ölmühle Oswald', tier: 'premium', website_url: 'https://oel.example.at' });
    makeSponsor(db, { name: 'Café Cäsar', tier: 'bronze', description: 'Kaffee seit 1950' });
    makeSponsor(db, { name: 'Sägewerk Sepp', tier: 'silver' });
    makeSponsor(db, { name: HOSTILE.longName, tier: 'bronze', logo_url: HOSTILE.jsUrl });
  });

  test('tier order premium, gold, silver, bronze, standard, supporter, then name', async ({ page }) => {
    await page.goto(site().url + '/sponsoren');
    const tiers = await page.locator('.sponsor').evaluateAll((els) => els.map((e) => e.getAttribute('data-tier')));
    expect(tiers).toEqual(['premium', 'gold', 'gold', 'silver', 'bronze', 'bronze', 'standard', 'supporter']);
    const names = await page.locator('.sponsor').evaluateAll((els) => els.map((e) => (e.querySelector('img')?.getAttribute('alt') ?? e.querySelector('.sponsor-name')?.textContent ?? '').slice(0, 20)));
    expect(names).toEqual(['Ölmühle Oswald', 'Autohaus Alpha', 'Bank Beta', 'Sägewerk Sepp', 'Café Cäsar', 'Sehr langer Name xxx', 'Metzgerei Mayer', 'Zimmerei Zach']);
  });

  test('a logo or the name; a website opens in a new tab with noopener; nothing else is a link', async ({ page }) => {
    await page.goto(site().url + '/sponsoren');
    const bank = page.locator('.sponsor').filter({ has: page.getByRole('img', { name: 'Bank Beta' }) });
    await expect(bank.locator('a')).toHaveAttribute('href', 'https://bank.example.at');
    await expect(bank.locator('a')).toHaveAttribute('target', '_blank');
    await expect(bank.locator('a')).toHaveAttribute('rel', /noopener/);
    const oel = page.locator('.sponsor').filter({ hasText: 'Ölmühle Oswald' });
    await expect(oel.getByRole('link', { name: 'Ölmühle Oswald' })).toHaveAttribute('href', 'https://oel.example.at');
    await expect(page.locator('.sponsor').filter({ hasText: 'Metzgerei Mayer' }).locator('a')).toHaveCount(0);
    await expect(page.locator('.sponsor').filter({ hasText: 'Café Cäsar' })).toContainText('Kaffee seit 1950');
    // a javascript: logo is not shown; the name stands in
    await expect(page.locator('.sponsor').filter({ hasText: 'Sehr langer Name' }).locator('img')).toHaveCount(0);
    await expectNoInjectedScript(page);
    await expectNoSidewaysScroll(page);
  });
});
