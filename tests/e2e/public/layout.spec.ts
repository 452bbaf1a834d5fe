import { axeScan } from '../../fixtures/axe';
import { expect, test, type Page } from '@playwright/test';
import { seedDemoClub } from '../../../src/server/services/demo-data';
import { makePlayer, makeTeam } from '../../fixtures/factories';
import { useSite, withCookieChoice } from './helpers';

// The designed default look (issue 13) on the demo club, at the widths people
// use: the header on one row from 768 px, nothing wider than the screen, card
// grids without a gap when a row is not full, player cards that stay small
// without a photo, headings without jumps, AA contrast. Screenshots of the
// main pages and their visual check are in visual.spec.ts.
let singleCoachTeam = '';
const site = useSite((db) => {
  seedDemoClub(db);
  // a team whose only member is a trainer without a photo
  singleCoachTeam = makeTeam(db, { name: 'Alte Herren', display_order: 9 }).id;
  makePlayer(db, singleCoachTeam, { name: 'Hans Huber', position: 'Trainer', age: 61, jersey_number: null, image_url: null });
});

const WIDTHS = [375, 768, 1024, 1280, 1920] as const;
const ROUTES = ['/', '/news', '/mannschaften', '/nachwuchs', '/spielplan', '/shop', '/sponsoren', '/kontakt', '/mitglied-werden', '/vereinsgeschichte', '/impressum', '/datenschutz'];

test.beforeEach(async ({ context }) => {
  await withCookieChoice(context);
  // the install banner is a later page's business (tests/e2e/pwa/install.spec.ts)
  await context.addInitScript(() => sessionStorage.setItem('pwa-install-banner-closed', 'true'));
});

/** Everything the checks below need, measured in the page. */
async function measure(page: Page) {
  return page.evaluate(() => {
    const box = (el: Element | null) => (el ? el.getBoundingClientRect() : null);
    const header = document.querySelector('.site-header')!;
    const links = [...document.querySelectorAll<HTMLElement>('.site-nav a')].filter((a) => a.offsetParent !== null);
    const current = document.querySelector('.site-nav a[aria-current="page"]');
    const brand = document.querySelector('.brand')!;
    const nav = document.querySelector<HTMLElement>('.site-nav')!;
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      header: box(header)!.toJSON() as DOMRect,
      barMinHeight: parseFloat(getComputedStyle(document.querySelector('.site-header .bar')!).minHeight),
      linkTops: [...new Set(links.map((a) => Math.round(a.getBoundingClientRect().top)))],
      current: current && (current as HTMLElement).offsetParent !== null ? (box(current)!.toJSON() as DOMRect) : null,
      brandNames: [...brand.querySelectorAll('.brand-name')].filter((el) => el.getBoundingClientRect().width > 1).map((el) => el.textContent),
      // an inline box broken over two lines has two rectangles
      brandLines: Math.max(0, ...[...brand.querySelectorAll('.brand-name')].filter((el) => el.getBoundingClientRect().width > 1).map((el) => el.getClientRects().length)),
      brandClipped: [...brand.querySelectorAll<HTMLElement>('.brand-name')].some((el) => el.getBoundingClientRect().width > 1 && el.scrollWidth > el.clientWidth),
      navOverflow: nav.scrollWidth - nav.clientWidth,
    };
  });
}

for (const width of WIDTHS) {
  test(`${width} px: the header is one row, nothing overflows sideways`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    for (const route of ROUTES) {
      await page.goto(site().url + route);
      const m = await measure(page);
      expect(m.scrollWidth, `${route}: page wider than the screen`).toBeLessThanOrEqual(m.innerWidth);
      // one row: the header is exactly as tall as its bar, the club name on one line
      expect(m.header.height, `${route}: header height`).toBe(m.barMinHeight);
      expect(m.brandLines, `${route}: club name wraps`).toBeLessThanOrEqual(1);
      expect(m.brandClipped, `${route}: club name cut off`).toBe(false);
      if (width < 768) continue;
      expect(m.linkTops, `${route}: menu links on one row`).toHaveLength(1);
      expect(m.navOverflow, `${route}: the menu needs scrolling`).toBeLessThanOrEqual(0);
      // the long name where it fits, the short one or the crest alone where it does not
      expect(m.brandNames, route).toEqual(width >= 1280 ? ['SV Kirchberg an der Raab'] : width >= 1024 ? ['SV Kirchberg'] : []);
      if (m.current) {
        // the current page's highlight keeps its distance from the header's edges
        expect(m.current.top - m.header.top, `${route}: highlight at the top edge`).toBeGreaterThanOrEqual(6);
        expect(m.header.bottom - m.current.bottom, `${route}: highlight at the bottom edge`).toBeGreaterThanOrEqual(6);
      }
    }
  });
}

test('the club name stays the link text for screen readers at every width', async ({ page }) => {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(site().url + '/news');
    await expect(page.getByRole('link', { name: 'SV Kirchberg an der Raab', exact: true })).toHaveAttribute('href', '/');
  }
});

test("a signed-in admin's two extra menu entries never make the header two rows or the page wider", async ({ page }) => {
  for (const width of [768, 1024, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(site().url + '/');
    // what the header's script shows an admin (src/scripts/auth-nav.ts asks /api/me)
    await page.locator('.auth-nav').evaluate((li) => {
      li.innerHTML = '<a href="/admin">Admin</a><button type="button">Logout</button>';
    });
    const m = await measure(page);
    expect(m.scrollWidth, `${width}px`).toBeLessThanOrEqual(m.innerWidth);
    expect(m.header.height, `${width}px`).toBe(m.barMinHeight);
    expect(m.linkTops, `${width}px`).toHaveLength(1);
  }
});

test('767 px: the menu button opens the menu by keyboard and Escape closes it', async ({ page }) => {
  await page.setViewportSize({ width: 767, height: 900 });
  await page.goto(site().url + '/kontakt');
  const button = page.getByRole('button', { name: 'Menü' });
  const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('link', { name: 'Kontakt' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Kontakt' })).toHaveAttribute('aria-current', 'page');
  await page.keyboard.press('Escape');
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(button).toBeFocused();
  await expect(nav.getByRole('link', { name: 'Kontakt' })).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});

/** The space left and right of the cards inside their grid. */
async function sideGaps(page: Page, grid: string) {
  return page.locator(grid).evaluate((el) => {
    const outer = el.getBoundingClientRect();
    const cards = [...el.children].map((c) => c.getBoundingClientRect());
    return {
      cards: cards.length,
      rows: new Set(cards.map((c) => Math.round(c.top))).size,
      left: Math.min(...cards.map((c) => c.left)) - outer.left,
      right: outer.right - Math.max(...cards.map((c) => c.right)),
      widths: cards.map((c) => Math.round(c.width)),
    };
  });
}

for (const width of [1280, 1920]) {
  test(`${width} px: three cards on a four-column width fill the row; a single card is centred`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(site().url + '/');
    for (const grid of ['.home-news .grid', '.home-teams .grid']) {
      const gaps = await sideGaps(page, grid);
      expect(gaps.cards, grid).toBe(3);
      expect(gaps.rows, grid).toBe(1);
      expect(gaps.left, grid).toBeLessThanOrEqual(1);
      expect(gaps.right, `${grid}: gap on the right`).toBeLessThanOrEqual(1);
    }
    // the demo's one content block: centred, not a narrow card on the left
    const single = await sideGaps(page, '.content-blocks .grid');
    expect(single.cards).toBe(1);
    expect(Math.abs(single.left - single.right)).toBeLessThanOrEqual(1);
    expect(single.widths[0]).toBeLessThanOrEqual(22 * 16);
    // the shop's 5 items on 4 columns: the first row full, every card as wide as the others
    await page.goto(site().url + '/shop');
    const shop = await sideGaps(page, '.grid-4');
    expect(shop.left).toBeLessThanOrEqual(1);
    expect(shop.right).toBeLessThanOrEqual(1);
    expect(new Set(shop.widths).size).toBe(1);
  });
}

test('the shop with fewer items than columns centres them at the column width', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(site().url + '/shop');
  // three of the five items taken away in the page: the grid is pure CSS
  await page.locator('.grid-4 > .product').nth(4).evaluate((el) => el.remove());
  await page.locator('.grid-4 > .product').nth(3).evaluate((el) => el.remove());
  const gaps = await sideGaps(page, '.grid-4');
  expect(gaps.cards).toBe(3);
  expect(Math.abs(gaps.left - gaps.right)).toBeLessThanOrEqual(1);
  expect(gaps.left).toBeGreaterThan(100);
});

test('a player card without a photo stays compact: on a phone and on a desktop', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(`${site().url}/team/${singleCoachTeam}`);
  const card = page.locator('.player-group[data-group="Trainer"] .player-card');
  await expect(card).toHaveCount(1);
  await expect(card.locator('h3')).toHaveText('Hans Huber');
  await expect(card.locator('.meta')).toHaveText('Trainer · 61 Jahre');
  await expect(card.locator('svg.player-placeholder')).toHaveCount(1);
  let box = (await card.boundingBox())!;
  expect(box.height, 'card height on a phone').toBeLessThanOrEqual(110);
  expect(box.width).toBeGreaterThan(300);
  await page.setViewportSize({ width: 1280, height: 900 });
  box = (await card.boundingBox())!;
  expect(box.height, 'card height on a desktop').toBeLessThanOrEqual(220);
  expect(box.width).toBeLessThanOrEqual(13 * 16 + 1);
  // a whole squad on a phone: one compact row per player
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(site().url + '/mannschaften');
  await page.getByRole('link', { name: 'Team ansehen: Kampfmannschaft' }).click();
  const heights = await page.locator('.player-card').evaluateAll((cards) => cards.map((c) => c.getBoundingClientRect().height));
  expect(heights.length).toBeGreaterThan(10);
  expect(Math.max(...heights)).toBeLessThanOrEqual(110);
});

test('every page: one h1 and no heading level skipped', async ({ page }) => {
  const teamPage = `/team/${singleCoachTeam}`;
  for (const route of [...ROUTES, teamPage, '/news/alle']) {
    await page.goto(site().url + route);
    const levels = await page.locator('main :is(h1, h2, h3, h4, h5, h6)').evaluateAll((hs) => hs.map((h) => Number(h.tagName[1])));
    expect(levels.filter((l) => l === 1), route).toHaveLength(1);
    for (let i = 1; i < levels.length; i++) expect(levels[i] - levels[i - 1], `${route}: h${levels[i - 1]} then h${levels[i]}`).toBeLessThanOrEqual(1);
  }
});

test('titles read "Seite – Vereinsname"', async ({ page }) => {
  const expected: Record<string, string> = {
    '/': 'Startseite – SV Kirchberg an der Raab',
    '/news': 'News – SV Kirchberg an der Raab',
    '/sponsoren': 'Sponsoren – SV Kirchberg an der Raab',
    '/shop': 'Vereinsshop – SV Kirchberg an der Raab',
  };
  for (const [route, title] of Object.entries(expected)) {
    await page.goto(site().url + route);
    await expect(page, route).toHaveTitle(title);
  }
});

for (const width of [375, 1280]) {
  test(`${width} px: axe finds no violations on the public pages (contrast included)`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    for (const route of [...ROUTES, `/team/${singleCoachTeam}`]) {
      await page.goto(site().url + route);
      const { violations } = await axeScan(page).analyze();
      expect(
        violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
        route,
      ).toEqual([]);
    }
  });
}

test("the home page's welcome text reads at 4.5:1 or more on its ground", async ({ page }) => {
  await page.goto(site().url + '/');
  const ratio = await page.evaluate(() => {
    const rgb = (value: string) => value.match(/[\d.]+/g)!.slice(0, 3).map(Number);
    const luminance = ([r, g, b]: number[]) => {
      const lin = (c: number) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    const text = luminance(rgb(getComputedStyle(document.querySelector('.hero-welcome')!).color));
    const ground = luminance(rgb(getComputedStyle(document.querySelector('.hero')!).backgroundColor));
    return (Math.max(text, ground) + 0.05) / (Math.min(text, ground) + 0.05);
  });
  expect(ratio).toBeGreaterThanOrEqual(4.5);
});
