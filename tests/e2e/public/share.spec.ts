// Share images (issue 13): every page has og:image and twitter:card; the image is
// the page's own photo, else one generated at publish time from the club's look
// and the page's title (src/server/content/share-image.ts), absolute, 200, image/png.
import { expect, test, type Page } from '@playwright/test';
import { formatDate } from '../../../src/lib/dates-de';
import { defaultShareIdentity, renderSharePng, shareImageSvg } from '../../../src/server/content/share-image';
import { adminClient } from '../../fixtures/admin-http';
import { makeNews, makeTeam } from '../../fixtures/factories';
import { useSite, withCookieChoice } from './helpers';

test.beforeEach(async ({ context }) => withCookieChoice(context));

const ids: { plain: string; withPhoto: string; team: string } = { plain: '', withPhoto: '', team: '' };

const site = useSite((db) => {
  ids.plain = makeNews(db, { title: 'Derbysieg gegen Gleisdorf' }).id;
  ids.withPhoto = makeNews(db, { title: 'Mit Foto', image_url: 'https://bilder.example.at/derby.jpg' }).id;
  ids.team = makeTeam(db, { name: 'Kampfmannschaft', category: 'Herren' }).id;
});

const meta = (page: Page, selector: string) => page.locator(`meta[${selector}]`).getAttribute('content');

/** The image as the server must have drawn it: the same SVG through the same sharp. */
async function expectedImage(kicker: string, title: string): Promise<Buffer> {
  return renderSharePng(shareImageSvg({ kicker, title }, defaultShareIdentity(new URL(site().url).host)));
}

test('every public page has og:image and twitter:card; the generated images answer 200 with image/png', async ({ page, request }) => {
  const paths = ['/', '/news', '/mannschaften', '/nachwuchs', '/spielplan', '/shop', '/sponsoren', '/kontakt', '/mitglied-werden', '/vereinsgeschichte', '/impressum', '/datenschutz', `/team/${ids.team}`, `/news/${ids.plain}`];
  for (const path of paths) {
    await page.goto(site().url + path);
    const image = await meta(page, 'property="og:image"');
    expect(image, path).toMatch(new RegExp(`^${site().url}/teilen/`));
    expect(await meta(page, 'name="twitter:card"'), path).toBe('summary_large_image');
    expect(await meta(page, 'name="twitter:image"'), path).toBe(image);
    expect(await meta(page, 'property="og:image:width"'), path).toBe('1200');
    const response = await request.get(image!);
    expect(response.status(), image!).toBe(200);
    expect(response.headers()['content-type'], image!).toBe('image/png');
  }
});

test("an article without a photo shares an image with its title; one with a photo shares the photo", async ({ page, request }) => {
  await page.goto(`${site().url}/news/${ids.plain}`);
  const image = await meta(page, 'property="og:image"');
  // the address carries a version of what the image shows: crawlers keep a preview by its URL
  expect(image).toMatch(new RegExp(`^${site().url}/teilen/news/${ids.plain}\\.png\\?v=[0-9a-f]{10}$`));
  const created = site().db().$client.prepare('select created_at from news where id = ?').get(ids.plain) as { created_at: string };
  const served = Buffer.from(await (await request.get(image!)).body());
  expect(served.equals(await expectedImage(`News · ${formatDate(created.created_at)}`, 'Derbysieg gegen Gleisdorf'))).toBe(true);

  await page.goto(`${site().url}/news/${ids.withPhoto}`);
  expect(await meta(page, 'property="og:image"')).toBe('https://bilder.example.at/derby.jpg');

  // the title changed in the admin: the image follows
  const admin = await adminClient(site());
  const saved = await admin.call('admin.news.update', { id: ids.plain, title: 'Derbysieg nach Elfmeterschießen', content: 'Bericht', excerpt: '', image_url: '', published: true });
  expect(saved.status).toBe(200);
  const after = Buffer.from(await (await request.get(image!)).body());
  expect(after.equals(served)).toBe(false);
  // and the page names the new image by a new address, at the same file
  await page.goto(`${site().url}/news/${ids.plain}`);
  const renamed = await meta(page, 'property="og:image"');
  expect(renamed).not.toBe(image);
  expect(renamed!.split('?')[0]).toBe(image!.split('?')[0]);
  expect(Buffer.from(await (await request.get(renamed!)).body()).equals(after)).toBe(true);
  expect(after.equals(await expectedImage(`News · ${formatDate(created.created_at)}`, 'Derbysieg nach Elfmeterschießen'))).toBe(true);
});

test('a team without a photo shares its name; the sections share theirs', async ({ page, request }) => {
  await page.goto(`${site().url}/mannschaften/${ids.team}`);
  const image = await meta(page, 'property="og:image"');
  expect(image).toMatch(new RegExp(`^${site().url}/teilen/team/${ids.team}\\.png\\?v=[0-9a-f]{10}$`));
  expect(Buffer.from(await (await request.get(image!)).body()).equals(await expectedImage('Herren', 'Kampfmannschaft'))).toBe(true);
  await page.goto(`${site().url}/spielplan`);
  const fixtures = await meta(page, 'property="og:image"');
  expect(Buffer.from(await (await request.get(fixtures!)).body()).equals(await expectedImage('Termine und Ergebnisse', 'Spielplan'))).toBe(true);
});
