// The news list in pages (issue 16, docs/decisions/039): /news/alle shows the newest articles,
// the older ones are in archive pages of 50 counted from the oldest, so no page grows with the club.
import { expect, test } from '@playwright/test';
import { makeNews } from '../../fixtures/factories';
import { useSite, withCookieChoice } from './helpers';

test.beforeEach(async ({ context }) => withCookieChoice(context));

test.describe('News-Archiv', () => {
  // 160 articles, one a day: page 1 holds the 50 oldest, page 2 the next 50, /news/alle the newest 60
  const site = useSite((db) => {
    for (let i = 0; i < 160; i++) makeNews(db, { title: `Meldung Nr. ${i}`, created_at: new Date(Date.UTC(2024, 0, 1 + i, 12)).toISOString() });
  });

  test('the newest 60 on /news/alle, then the archive pages page by page back to the oldest', async ({ page }) => {
    await page.goto(site().url + '/news/alle');
    const cards = page.locator('.news-card h2');
    await expect(cards).toHaveCount(60);
    await expect(cards.first()).toHaveText('Meldung Nr. 159');
    await expect(cards.last()).toHaveText('Meldung Nr. 100');
    const pages = page.getByRole('navigation', { name: 'Seiten des News-Archivs' });
    await expect(pages.getByRole('link', { name: /^Seite \d+$/ })).toHaveText(['Seite 2', 'Seite 1']);
    await pages.getByRole('link', { name: 'Ältere News' }).click();
    await expect(page).toHaveURL(site().url + '/news/seite/2');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('News-Archiv, Seite 2');
    // a description of its own, which search engines can tell from the other pages' (articles 50 to 99: one a day from 1 January 2024)
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', 'News-Archiv, Seite 2: 50 Artikel vom 20. Februar 2024 bis 9. April 2024.');
    await expect(cards).toHaveCount(50);
    await expect(cards.first()).toHaveText('Meldung Nr. 99');
    await expect(pages.getByRole('link', { name: 'Seite 2' })).toHaveAttribute('aria-current', 'page');
    await pages.getByRole('link', { name: 'Ältere News' }).click();
    await expect(cards.last()).toHaveText('Meldung Nr. 0');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', 'News-Archiv, Seite 1: 50 Artikel vom 1. Januar 2024 bis 19. Februar 2024.');
    await expect(pages.getByRole('link', { name: 'Ältere News' })).toHaveCount(0);
    await pages.getByRole('link', { name: 'Neuere News' }).click();
    await pages.getByRole('link', { name: 'Neuere News' }).click();
    await expect(page).toHaveURL(site().url + '/news/alle');
  });

  test("/news links to the archive beyond what 'Alle News anzeigen' shows", async ({ page }) => {
    await page.goto(site().url + '/news');
    await page.getByRole('link', { name: 'News-Archiv' }).click();
    await expect(page).toHaveURL(site().url + '/news/seite/2');
    await expect(page.locator('.news-card h2').first()).toHaveText('Meldung Nr. 99');
  });

  test("'Alle News anzeigen' on /news loads the rest of the newest page, not the whole archive", async ({ request }) => {
    const rest = (await (await request.get(site().url + '/news/alle.json')).json()) as { title: string }[];
    expect(rest).toHaveLength(54);
    expect(rest[0].title).toBe('Meldung Nr. 153');
  });

  test('an archive page that does not exist leads to /news/alle', async ({ page }) => {
    await page.goto(site().url + '/news/seite/7');
    await expect(page).toHaveURL(site().url + '/news/alle');
  });
});
