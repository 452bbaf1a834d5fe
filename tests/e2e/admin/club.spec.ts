// 'Verein' (issue 13): a superadmin sets the club's names, crest and colours; the
// whole site, its icons, manifest and share images follow; a colour that does
// not read on white is warned about and replaced by a readable variant. Admins
// neither see the tab nor may call its actions.
import sharp from 'sharp';
import { expect, test } from '@playwright/test';
import { contrastRatio } from '../../../src/lib/contrast';
import { loginAs } from '../../fixtures/auth';
import { startSite, type Site } from '../../fixtures/site';
import { publicHtml, toaster } from './content-helpers';

let site: Site;
test.beforeAll(async () => {
  site = await startSite();
});
test.afterAll(async () => {
  await site.stop();
});

const CREST = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 120"><path d="M5 5H95V60C95 100 50 115 50 115C50 115 5 100 5 60Z" fill="#0f766e" stroke="#fde047" stroke-width="6"/><text x="50" y="72" font-size="34" font-family="DejaVu Sans" font-weight="bold" text-anchor="middle" fill="#fff">UG</text></svg>';

test("an admin has no 'Verein' tab, and its actions are refused in German", async ({ browser }) => {
  const context = await browser.newContext();
  await loginAs(context, site, 'admin');
  const page = await context.newPage();
  await page.goto(`${site.url}/admin`);
  await expect(page.getByRole('navigation', { name: 'Bereiche' }).getByText('Startseite').first()).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Bereiche' }).getByText('Verein', { exact: true })).toHaveCount(0);
  const refused = await page.evaluate(async () => {
    const response = await fetch('/_actions/admin.club.save', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ short_name: 'X', long_name: 'X', primary_color: '#000000', secondary_color: '#000000' }),
    });
    return { status: response.status, body: await response.json() };
  });
  expect(refused.status).toBe(403);
  expect(refused.body.message).toBe('Nur Superadmins können die Vereinsdaten ändern.');
  expect(site.db().$client.prepare('select count(*) as n from club_settings').get()).toEqual({ n: 0 });
  await context.close();
});

test("a new name that keeps the built-in club's short name and ground is pointed out before the save (decision 055)", async ({ page, context }) => {
  await loginAs(context, site, 'superadmin');
  await page.goto(`${site.url}/admin#verein`);
  const form = page.getByRole('form', { name: 'Verein' });
  await expect(form.getByLabel('Heimstätte')).toHaveValue('Sportplatz Kirchberg');
  await expect(form.locator('.still-built-in')).toHaveCount(0);
  await form.getByLabel('Vollständiger Name *').fill('SV Union Gnas 1946');
  await expect(form.locator('.still-built-in')).toHaveText([
    'Noch der Kurzname des SV Kirchberg an der Raab: bitte den eigenen eintragen.',
    'Noch die Heimstätte des SV Kirchberg an der Raab: bitte die eigene eintragen oder das Feld leeren.',
  ]);
  await form.getByLabel('Kurzname *').fill('Union Gnas');
  await form.getByLabel('Heimstätte').fill('');
  await expect(form.locator('.still-built-in')).toHaveCount(0);
  expect(site.db().$client.prepare('select count(*) as n from club_settings').get()).toEqual({ n: 0 });
  await context.clearCookies();
});

test("'Minderjährige schützen' stands beside its box and the colour pickers are swatches, on a desktop and a phone", async ({ browser }) => {
  for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
    const context = await browser.newContext({ viewport });
    await loginAs(context, site, 'superadmin');
    const page = await context.newPage();
    await page.goto(`${site.url}/admin#verein`);
    const form = page.getByRole('form', { name: 'Verein' });
    const checkbox = form.locator('input[name="protect_minors"]');
    const box = await checkbox.boundingBox();
    // where the label's words begin: the text itself, not its <label>, which holds the box too
    const wordsX = await checkbox.evaluate((input) => {
      const text = [...input.parentElement!.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim())!;
      const range = document.createRange();
      range.selectNodeContents(text);
      return range.getBoundingClientRect().x;
    });
    // the box is a box, its words right beside it (it was as wide as the form, the words at its far end)
    expect(box!.width, `${viewport.width}px`).toBeLessThan(40);
    expect(wordsX - (box!.x + box!.width), `${viewport.width}px`).toBeLessThan(40);
    for (const name of ['Hauptfarbe wählen', 'Zweitfarbe wählen']) {
      const swatch = await form.getByLabel(name).boundingBox();
      // a swatch to tap, beside the hex field (it was a bar 27 px high across the form)
      expect(swatch!.height, `${name} ${viewport.width}px`).toBeGreaterThanOrEqual(40);
      expect(swatch!.width, `${name} ${viewport.width}px`).toBeLessThan(100);
    }
    await context.close();
  }
});

test("a superadmin's crest, names and colours reach every page, the icons, the manifest and the share images", async ({ page, context, request }) => {
  const before = {
    ico: Buffer.from(await (await request.get(`${site.url}/favicon.ico`)).body()),
    share: Buffer.from(await (await request.get(`${site.url}/teilen/spielplan.png`)).body()),
  };
  await loginAs(context, site, 'superadmin');
  await page.goto(`${site.url}/admin#verein`);
  const form = page.getByRole('form', { name: 'Verein' });
  await expect(form.getByLabel('Vollständiger Name *')).toHaveValue('SV Kirchberg an der Raab');
  await form.getByLabel('Kurzname *').fill('Union Gnas');
  await form.getByLabel('Vollständiger Name *').fill('SV Union Gnas 1946');
  await form.getByLabel('Heimstätte').fill('Sportzentrum Gnas');
  await page.locator('input[type="file"]').setInputFiles({ name: 'wappen.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(CREST) });
  await expect(toaster(page).getByText('Wappen hochgeladen')).toBeVisible();
  const crest = await form.locator('img.crest-preview').getAttribute('src');
  expect(crest).toMatch(/^\/uploads\/verein\/[0-9a-f]{32}\.png$/);
  // a yellow that does not read on white: the admin is told, and which variant is used
  await form.getByLabel('Hauptfarbe', { exact: true }).fill('#fde047');
  await expect(form.locator('.contrast-warning').filter({ hasText: 'Hauptfarbe' })).toContainText('Hauptfarbe ist auf hellem Grund schwer lesbar (Kontrast 1,');
  await form.getByLabel('Zweitfarbe', { exact: true }).fill('#0f766e');
  await form.getByRole('button', { name: 'Speichern' }).click();
  await expect(toaster(page).getByText('Verein gespeichert')).toBeVisible();
  await expect(toaster(page).getByText('Veröffentlicht', { exact: true })).toBeVisible();

  // every page: the crest and the name in the header, the title, the theme's readable primary
  for (const path of ['/', '/news', '/spielplan', '/kontakt']) {
    // the page itself: the not-found page has the same header, title and colours
    expect((await page.goto(site.url + path))?.status(), path).toBe(200);
    await expect(page.locator('.site-header img.brand-crest')).toHaveAttribute('src', crest!);
    await expect(page.locator('.site-header .brand')).toContainText('SV Union Gnas 1946');
    if (path !== '/') await expect(page).toHaveTitle(/ – SV Union Gnas 1946$/);
    const primary = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim());
    expect(primary).not.toBe('#fde047');
    expect(contrastRatio(primary, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', primary);
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/verein/manifest.webmanifest');
  }

  // the plain sign-in pages too, for a visitor not signed in (decision 059)
  const readable = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim());
  const visitor = await page.context().browser()!.newPage();
  for (const path of ['/auth', '/auth/passwort-vergessen']) {
    await visitor.goto(site.url + path);
    await expect(visitor).toHaveTitle(/ – SV Union Gnas 1946$/);
    expect(await visitor.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim()), path).toBe(readable);
    await expect(visitor.locator('meta[name="theme-color"]')).toHaveAttribute('content', readable);
    await expect(visitor.locator('link[rel="icon"]')).toHaveAttribute('href', '/verein/favicon.png');
  }
  await visitor.close();

  // the club's structured data, feed and calendar name it too
  await page.goto(site.url + '/');
  const organisation = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!);
  expect(organisation).toMatchObject({ '@type': 'SportsOrganization', name: 'SV Union Gnas 1946', logo: `${site.url}${crest}` });
  expect(await (await request.get(`${site.url}/news/feed.xml`)).text()).toContain('<title>News – SV Union Gnas 1946</title>');
  expect(await (await request.get(`${site.url}/spielplan.ics`)).text()).toContain('X-WR-CALNAME:Spielplan SV Union Gnas 1946');
  // the built-in titles, intros and descriptions no admin edits name the club as saved, never the built-in one
  const feed = await (await request.get(`${site.url}/news/feed.xml`)).text();
  expect(feed).toContain('<description>Neuigkeiten rund um den SV Union Gnas 1946.</description>');
  await page.goto(site.url + '/shop');
  await expect(page).toHaveTitle('Vereinsshop – SV Union Gnas 1946');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', 'Trikots, Schals und Fanartikel des SV Union Gnas 1946.');
  await page.goto(site.url + '/vereinsgeschichte');
  await expect(page.locator('h1')).toHaveText('Vereinsgeschichte SV Union Gnas 1946');
  await page.goto(site.url + '/spielplan');
  await expect(page.locator('.page-head')).toContainText('Alle Spiele des SV Union Gnas 1946.');
  for (const path of ['/', '/news', '/spielplan', '/shop', '/vereinsgeschichte', '/kontakt']) {
    const head = (await publicHtml(site, path)).split('</head>')[0];
    expect(head, path).not.toContain('SV Kirchberg an der Raab');
  }
  // and so do the built-in hero and footer texts, until an admin writes their own
  await page.goto(site.url + '/');
  await expect(page.locator('.hero-line1')).toHaveText('SV Union Gnas 1946');
  await expect(page.locator('.hero-welcome')).toContainText('Willkommen beim SV Union Gnas 1946');
  await expect(page.locator('footer .club-title')).toHaveText('SV Union Gnas 1946');
  await expect(page.locator('footer .bottom')).toContainText('© 2024 SV Union Gnas 1946. Alle Rechte vorbehalten.');

  // the icons and the manifest, drawn from the crest
  const manifest = await (await request.get(`${site.url}/verein/manifest.webmanifest`)).json();
  expect(manifest).toMatchObject({ name: 'SV Union Gnas 1946', short_name: 'Union Gnas', lang: 'de', display: 'standalone' });
  for (const icon of manifest.icons as { src: string; sizes: string }[]) {
    const response = await request.get(site.url + icon.src);
    expect(response.headers()['content-type']).toBe('image/png');
    const meta = await sharp(Buffer.from(await response.body())).metadata();
    expect(`${meta.width}x${meta.height}`).toBe(icon.sizes);
  }
  // the home screen icon of an iPhone, which fills transparency with black: opaque, the crest on white
  await page.goto(site.url + '/');
  const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  expect(touchIcon).toBe('/verein/apple-touch-icon.png');
  const touch = sharp(Buffer.from(await (await request.get(site.url + touchIcon)).body()));
  expect(await touch.metadata()).toMatchObject({ width: 180, height: 180 });
  expect((await touch.stats()).isOpaque).toBe(true);
  const ico = await request.get(`${site.url}/favicon.ico`);
  expect(ico.headers()['content-type']).toBe('image/x-icon');
  const icoBytes = Buffer.from(await ico.body());
  expect(icoBytes.readUInt16LE(2)).toBe(1);
  expect(icoBytes.equals(before.ico)).toBe(false);
  // the share images show the new club
  const share = Buffer.from(await (await request.get(`${site.url}/teilen/spielplan.png`)).body());
  expect(share.equals(before.share)).toBe(false);
});
