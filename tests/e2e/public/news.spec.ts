// News list and article (public-site.md §2 News list, News article, §9 counts).
import { expect, test } from '@playwright/test';
import { HOSTILE, isoMinutesAgo, makeNews } from '../../fixtures/factories';
import { loginAs } from '../../fixtures/auth';
import { expectNoInjectedScript, jsonLdOf, useSite, waitForIsland, withCookieChoice } from './helpers';
import { useEmptySite } from '../../fixtures/shared-site';
import { routeNow } from '../../fixtures/route-now';

test.beforeEach(async ({ context }) => withCookieChoice(context));

test.describe('News, leere Datenbank', () => {
  const site = useEmptySite();

  test('the list shows its empty state and no toggle', async ({ page }) => {
    await page.goto(site().url + '/news');
    await expect(page.getByRole('heading', { level: 1, name: 'News' })).toBeVisible();
    await expect(page.locator('main')).toContainText('Noch keine News veröffentlicht.');
    await expect(page.getByRole('link', { name: 'Alle News anzeigen' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'RSS-Feed abonnieren' })).toHaveAttribute('href', '/news/feed.xml');
  });

  test("an unknown article shows 'Artikel nicht gefunden' with status 404 and leads back", async ({ page }) => {
    const response = await page.goto(site().url + '/news/gibt-es-nicht');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Artikel nicht gefunden' })).toBeVisible();
    await page.getByRole('link', { name: 'Zurück zu den News' }).last().click();
    await expect(page).toHaveURL(site().url + '/news');
  });
});

test.describe('News, gefüllte Datenbank', () => {
  const ids: Record<string, string> = {};
  const site = useSite((db) => {
    ids.draft = makeNews(db, { title: 'Unveröffentlichter Entwurf', published: false, created_at: isoMinutesAgo(0) }).id;
    ids.first = makeNews(db, {
      title: 'Sieg im Derby',
      excerpt: 'Ein knapper Sieg gegen den Nachbarn.',
      content: 'Erste Zeile des Berichts.\nZweite Zeile des Berichts.\n\nNeuer Absatz.',
      image_url: '/uploads/derby.webp',
      created_at: '2026-03-14T18:30:00.000Z',
    }).id;
    ids.hostile = makeNews(db, {
      title: HOSTILE.script,
      content: `${HOSTILE.imgOnError}\n${HOSTILE.svgOnLoad}\n${'z'.repeat(300)}`,
      image_url: HOSTILE.jsUrl,
      created_at: isoMinutesAgo(2),
    }).id;
    for (let i = 3; i <= 8; i++) makeNews(db, { title: `Meldung ${i}`, created_at: isoMinutesAgo(i * 10) });
  });

  test('six of eight published news, newest first, then the toggle loads the other two', async ({ page }) => {
    await page.goto(site().url + '/news');
    const cards = page.locator('.news-card');
    await expect(cards).toHaveCount(6);
    await expect(cards.locator('h2')).toHaveText([HOSTILE.script, 'Meldung 3', 'Meldung 4', 'Meldung 5', 'Meldung 6', 'Meldung 7']);
    const toggle = page.getByRole('link', { name: 'Alle News anzeigen' });
    await expect(toggle).toHaveAttribute('href', '/news/alle');
    await waitForIsland(page, '.show-all-news');
    await toggle.click();
    await expect(cards).toHaveCount(8);
    await expect(page).toHaveURL(site().url + '/news');
    await expect(cards.locator('h2').nth(6)).toHaveText('Meldung 8');
    await expect(cards.locator('h2').nth(7)).toHaveText('Sieg im Derby');
    await expect(page.getByRole('link', { name: 'Alle News anzeigen' })).toHaveCount(0);
    await expect(page.locator('main')).not.toContainText('Unveröffentlichter Entwurf');
  });

  test("cards show 'Kein Bild', the excerpt or 150 characters plus '…', and link with 'Weiterlesen'", async ({ page }) => {
    await page.goto(site().url + '/news/alle');
    const hostile = page.locator('.news-card').filter({ hasText: HOSTILE.script });
    await expect(hostile.locator('.card-media')).toHaveText('Kein Bild');
    const expected = `${HOSTILE.imgOnError}\n${HOSTILE.svgOnLoad}\n${'z'.repeat(300)}`.slice(0, 150) + '…';
    expect(await hostile.locator('.excerpt').textContent()).toBe(expected);
    const derby = page.locator('.news-card').filter({ hasText: 'Sieg im Derby' });
    await expect(derby.locator('.excerpt')).toHaveText('Ein knapper Sieg gegen den Nachbarn.');
    await expect(derby.locator('time')).toHaveText('14. März 2026');
    await expect(derby.locator('img')).toHaveAttribute('src', '/uploads/derby.webp');
    await derby.getByRole('link', { name: /Weiterlesen/ }).click();
    await expect(page).toHaveURL(`${site().url}/news/${ids.first}`);
  });

  test('an article shows image, date, title and content with its line breaks', async ({ page }) => {
    await page.goto(`${site().url}/news/${ids.first}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Sieg im Derby' })).toBeVisible();
    await expect(page.locator('.news-article time')).toHaveText('14. März 2026');
    await expect(page.locator('.news-image')).toHaveAttribute('src', '/uploads/derby.webp');
    expect(await page.locator('.news-content').innerText()).toBe('Erste Zeile des Berichts.\nZweite Zeile des Berichts.\n\nNeuer Absatz.');
    await expect(page.getByRole('link', { name: /Zurück zu den News/ })).toHaveAttribute('href', '/news');
    // search and sharing: its own title, description, image and NewsArticle data
    await expect(page).toHaveTitle('Sieg im Derby – SV Kirchberg an der Raab');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', 'Ein knapper Sieg gegen den Nachbarn.');
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', `${site().url}/uploads/derby.webp`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${site().url}/news/${ids.first}`);
    const article = (await jsonLdOf(page)).find((d) => d['@type'] === 'NewsArticle');
    expect(article).toMatchObject({ headline: 'Sieg im Derby', datePublished: '2026-03-14T18:30:00.000Z', image: [`${site().url}/uploads/derby.webp`] });
  });

  test('hostile article content is shown as text and runs nothing', async ({ page }) => {
    await page.goto(`${site().url}/news/${ids.hostile}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(HOSTILE.script);
    await expect(page.locator('.news-content')).toContainText(HOSTILE.imgOnError);
    await expect(page.locator('.news-image')).toHaveCount(0);
    await expectNoInjectedScript(page);
  });

  test("an unpublished article is 'Artikel nicht gefunden'", async ({ page }) => {
    const response = await page.goto(`${site().url}/news/${ids.draft}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Artikel nicht gefunden' })).toBeVisible();
    await expect(page.locator('main').getByRole('link', { name: 'Zurück zu den News' })).toHaveAttribute('href', '/news');
  });
});

test.describe('News, genau sechs veröffentlicht', () => {
  const site = useSite((db) => {
    for (let i = 1; i <= 6; i++) makeNews(db, { title: `Meldung ${i}` });
    makeNews(db, { title: 'Entwurf', published: false });
  });

  test("six news and no 'Alle News anzeigen' button", async ({ page }) => {
    await page.goto(site().url + '/news');
    await expect(page.locator('.news-card')).toHaveCount(6);
    await expect(page.getByRole('link', { name: 'Alle News anzeigen' })).toHaveCount(0);
  });
});

test.describe('News, 1.000 Artikel', () => {
  const site = useSite();

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(300_000);
    const db = site().db();
    db.transaction(() => {
      for (let i = 0; i < 1000; i++) makeNews(db, { title: `Artikel ${String(i).padStart(4, '0')}`, content: 'Bericht '.repeat(60), created_at: isoMinutesAgo(i) });
    });
    // an admin's full republish, as after a bulk import
    const context = await browser.newContext();
    await loginAs(context, site(), 'superadmin');
    const response = await context.request.post(`${site().url}/_actions/admin.cacheUpdate`, {
      headers: { origin: site().url, 'content-type': 'application/json' },
      data: {},
      timeout: 280_000,
    });
    expect(response.status()).toBe(200);
    await context.close();
  });

  test('the list page stays light: six cards, the rest only on demand', async ({ page, request }) => {
    const html = await (await request.get(site().url + '/news', { headers: { 'accept-encoding': 'identity' } })).text();
    expect(html.length).toBeLessThan(60_000);
    await page.goto(site().url + '/news');
    await expect(page.locator('.news-card')).toHaveCount(6);
    // the newest page's 50 (the older 950 are in 19 archive pages of 50, docs/decisions/039)
    const rest = (await (await request.get(site().url + '/news/alle.json')).json()) as { title: string }[];
    expect(rest).toHaveLength(44);
    expect(rest[0].title).toBe('Artikel 0006');
  });

  test("the toggle reads 'News werden geladen...' while it loads, then shows the newest 50", async ({ page }) => {
    test.setTimeout(120_000);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await routeNow(page, '**/news/alle.json', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(site().url + '/news');
    await waitForIsland(page, '.show-all-news');
    await page.getByRole('link', { name: 'Alle News anzeigen' }).click();
    await expect(page.locator('.show-all-news')).toHaveText('News werden geladen...');
    release();
    await expect(page.locator('.news-card')).toHaveCount(50, { timeout: 60_000 });
    await expect(page.locator('.news-card h2').last()).toHaveText('Artikel 0049');
  });

  test('without JavaScript the toggle is a link to the list, whose archive pages reach the oldest', async ({ browser }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(site().url + '/news');
    await page.getByRole('link', { name: 'Alle News anzeigen' }).click();
    await expect(page).toHaveURL(site().url + '/news/alle');
    await expect(page.locator('.news-card')).toHaveCount(50);
    await page.getByRole('navigation', { name: 'Seiten des News-Archivs' }).getByRole('link', { name: 'Seite 1', exact: true }).click();
    await expect(page.locator('.news-card h2').last()).toHaveText('Artikel 0999');
    await context.close();
  });
});
