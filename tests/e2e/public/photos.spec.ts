import path from 'node:path';
import { expect, test, type Browser, type Page, type Route } from '@playwright/test';
import { storeUpload } from '../../../src/server/services/uploads';
import { plainJpeg } from '../../fixtures/images';
import { makeMatch, makeNews, setHomepageSection } from '../../fixtures/factories';
import { routeNow } from '../../fixtures/route-now';
import { useSite, withCookieChoice } from './helpers';

// Photos on a phone with weak data: the hero and a match report's photos come as
// their small WebP copies, and a portrait photo keeps its own room while it loads,
// so the text below it does not jump when it arrives.
const ids = { news: '', match: '' };
const urls = { hero: '', portrait: '', report: '', inReport: '' };
const site = useSite(async (db, dataDir) => {
  const uploads = path.join(dataDir, 'uploads');
  const store = async (name: string, width: number, height: number, folder: string) =>
    (await storeUpload({ bytes: await plainJpeg(width, height), name, folder }, uploads, db)).url;
  urls.hero = await store('stadion.jpg', 2400, 1200, 'hero');
  urls.portrait = await store('hochformat.jpg', 900, 1200, 'news');
  urls.report = await store('jubel.jpg', 1200, 1600, 'matches');
  urls.inReport = await store('tribuene.jpg', 2000, 1000, 'matches');
  setHomepageSection(db, 'hero_background', { image_url: urls.hero });
  ids.news = makeNews(db, { title: 'Unser neuer Tormann', content: 'Er kommt aus Gnas.', image_url: urls.portrait }).id;
  ids.match = makeMatch(db, {
    status: 'finished',
    home_score: 2,
    away_score: 1,
    report: `<p>Ein Sieg vor voller Tribüne.</p><img src="${urls.inReport}">`,
    report_images: [urls.report],
  }).id;
});

const stem = (url: string) => url.replace(/\.jpg$/, '');

const PHONE = { viewport: { width: 375, height: 740 }, deviceScaleFactor: 1 };

/** A page in a fresh browser with the cookie choice stored; no service worker: each photo request is the page's own, as on a first visit. */
async function onScreen(browser: Browser, screen: typeof PHONE, use: (page: Page) => Promise<void>): Promise<void> {
  const context = await browser.newContext({ ...screen, serviceWorkers: 'block' });
  try {
    await withCookieChoice(context);
    await use(await context.newPage());
  } finally {
    await context.close();
  }
}

test('the hero photo is in the page as an image, and a phone loads its small copy first', async ({ browser }) => {
  await onScreen(browser, PHONE, async (page) => {
    await page.goto(site().url + '/');
    const hero = page.locator('.hero-image');
    await expect(hero).toHaveJSProperty('complete', true);
    expect(await hero.getAttribute('src')).toBe(urls.hero);
    expect(await hero.getAttribute('fetchpriority')).toBe('high');
    expect(await hero.getAttribute('alt')).toBe('');
    expect(await hero.evaluate((img: HTMLImageElement) => img.currentSrc)).toBe(`${site().url}${stem(urls.hero)}-480.webp`);
    // the copies are WebP only: a browser without WebP skips the <source> and shows the original
    await expect(page.locator('.hero picture source')).toHaveAttribute('type', 'image/webp');
    expect(await hero.getAttribute('srcset')).toBeNull();
    // it fills the hero behind the texts, as the background did
    const [photoBox, heroBox] = [await hero.boundingBox(), await page.locator('.hero').boundingBox()];
    expect(photoBox!.width).toBeCloseTo(heroBox!.width, 0);
    expect(photoBox!.height).toBeCloseTo(heroBox!.height - 1, 0);
    await expect(page.locator('.hero h1')).toBeVisible();
    expect(await page.locator('.hero .container').evaluate((box) => document.elementFromPoint(box.getBoundingClientRect().x + 20, box.getBoundingClientRect().y + 20)?.closest('.container') === box)).toBe(true);
  });
});

test("a wide, sharp screen gets the hero's original: the largest copy would be too small across its window", async ({ browser }) => {
  await onScreen(browser, { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 2 }, async (page) => {
    await page.goto(site().url + '/');
    const hero = page.locator('.hero-image');
    await expect(hero).toHaveJSProperty('complete', true);
    expect(await hero.evaluate((img: HTMLImageElement) => img.currentSrc)).toBe(`${site().url}${urls.hero}`);
  });
});

test('a portrait photo keeps its room while it loads: the article text does not move', async ({ browser }) => {
  await onScreen(browser, PHONE, async (page) => {
    // the photo held back, as on weak data
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await routeNow(page, '**/uploads/news/**', async (route: Route) => {
      await held;
      await route.continue();
    });
    await page.goto(site().url + `/news/${ids.news}`, { waitUntil: 'domcontentloaded' });
    const photo = page.locator('.news-image');
    const text = page.locator('.news-content');
    await expect(text).toHaveText('Er kommt aus Gnas.');
    const before = (await text.boundingBox())!.y;
    const box = (await photo.boundingBox())!;
    // 900 × 1200: three wide, four high, before a byte of it arrived
    expect(box.height / box.width).toBeCloseTo(4 / 3, 2);
    release();
    await expect(photo).toHaveJSProperty('complete', true);
    expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect((await text.boundingBox())!.y).toBe(before);
  });
});

test("a match report's photos come as their small copies, each in its own proportions", async ({ browser }) => {
  await onScreen(browser, PHONE, async (page) => {
    await page.goto(site().url + `/spiel/${ids.match}`);
    const report = page.locator('.match-report');
    await expect(report).toContainText('Ein Sieg vor voller Tribüne.');
    // the photo in the report's text: its own size, lazy, with copies
    const inText = report.locator('.report-content img');
    await expect(inText).toHaveAttribute('width', '2000');
    await expect(inText).toHaveAttribute('height', '1000');
    await expect(inText).toHaveAttribute('loading', 'lazy');
    await expect(inText).toHaveAttribute('alt', '');
    // the photos below the report
    await expect(inText.locator('xpath=..')).toHaveJSProperty('tagName', 'PICTURE');
    const below = report.locator(':scope > picture > img');
    await expect(below).toHaveAttribute('width', '1200');
    await expect(below).toHaveAttribute('height', '1600');
    for (const [image, url] of [[inText, urls.inReport], [below, urls.report]] as const) {
      await image.scrollIntoViewIfNeeded();
      await expect(image).toHaveJSProperty('complete', true);
      expect(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).toBe(`${site().url}${stem(url)}-480.webp`);
      const box = (await image.boundingBox())!;
      const [width, height] = [Number(await image.getAttribute('width')), Number(await image.getAttribute('height'))];
      expect(box.height / box.width).toBeCloseTo(height / width, 1);
    }
  });
});
