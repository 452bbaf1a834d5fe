import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { loginAs } from '../../fixtures/auth';
import { makeTeam } from '../../fixtures/factories';
import { startSite, type Site } from '../../fixtures/site';
import { media, news, teams } from '../../../src/server/db/schema';
import { acceptNextConfirm, horizontalOverflow, pngFile, toaster } from './content-helpers';
import { formatDate } from '../../../src/lib/dates-de';

// The media library (issue 15) against the production server: an image uploaded
// in one form is listed in 'Medien' with where it is used, its alt text reaches
// the public pages' <img alt>, the picker of another entity's image field reuses
// it, and it can be deleted only once nothing uses it. An image stored before
// the library existed is listed too.
let site: Site;
let teamId: string;
const OLD = 'alt/vorher.png';
test.beforeAll(async () => {
  site = await startSite({
    seed: async (db, dataDir) => {
      teamId = makeTeam(db, { name: 'Kampfmannschaft', category: 'Herren' }).id;
      // an upload from before the library: a file on disk, no row
      const file = path.join(dataDir, 'uploads', OLD);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, await sharp({ create: { width: 300, height: 200, channels: 3, background: '#b91c1c' } }).png().toBuffer());
    },
  });
});
test.afterAll(async () => {
  await site.stop();
});
test.beforeEach(async ({ context }) => {
  await loginAs(context, site, 'admin');
});

const card = (page: Page, url: string) => page.locator(`.media-item[data-url="${url}"]`);
const onDisk = (url: string) => fs.existsSync(path.join(site.dataDir, url));
const ALT = 'Die Kampfmannschaft jubelt nach dem Derbysieg';

/** A library thumbnail: the 480 px WebP copy where the browser reads WebP (Chromium here), the image itself in the <img> for one that does not. */
async function expectThumbnail(image: Locator, url: string) {
  const copy = url.replace(/\.png$/, '-480.webp');
  await expect(image).toHaveAttribute('src', url);
  await expect(image.locator('xpath=preceding-sibling::source')).toHaveAttribute('type', 'image/webp');
  await expect(image.locator('xpath=preceding-sibling::source')).toHaveAttribute('srcset', copy);
  await image.scrollIntoViewIfNeeded();
  await expect(image).toHaveJSProperty('complete', true);
  expect(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).toBe(`${site.url}${copy}`);
}

test('upload, where used, alt text on the public pages, reuse through the picker, delete refused while used and allowed after', async ({ page }) => {
  // 1. upload in the news form
  await page.goto(`${site.url}/admin#news`);
  const form = page.getByRole('form', { name: 'Neue News erstellen' });
  await form.getByLabel('Titel *').fill('Derbysieg');
  await form.getByLabel('Inhalt *').fill('Ein großer Tag für den Verein.');
  await form.locator('.image-upload input[type="file"]').setInputFiles(await pngFile('jubel.png'));
  await expect(toaster(page).getByText('Bild erfolgreich hochgeladen!')).toBeVisible();
  await form.getByRole('button', { name: 'News erstellen' }).click();
  await expect(toaster(page).getByText('News erstellt!')).toBeVisible();
  const article = site.db().select().from(news).get()!;
  const url = article.image_url!;
  expect(url).toMatch(/^\/uploads\/news\/[0-9a-f]{32}\.png$/);
  // recorded with the upload, with its size
  expect(site.db().select().from(media).where(eq(media.url, url)).get()).toMatchObject({ alt: '', width: 24, height: 24 });

  // 2. the library lists it with where it is used, and the older upload found on disk, used nowhere
  await page.goto(`${site.url}/admin#medien`);
  await expect(card(page, url).getByText('Verwendet in:')).toBeVisible();
  await expect(card(page, url).getByRole('listitem').filter({ hasText: 'News „Derbysieg“ (Bild)' })).toBeVisible();
  await expect(card(page, `/uploads/${OLD}`).getByText('Nirgends verwendet')).toBeVisible();
  await expect(card(page, `/uploads/${OLD}`).getByText('300 × 200 px')).toBeVisible();
  // an unused image names the day from which the night's sweep deletes it: the trash's 30 days after its upload
  const oldRow = site.db().select().from(media).where(eq(media.url, `/uploads/${OLD}`)).get()!;
  // (found on disk by the listing: from then on)
  const sweepDay = formatDate(new Date(Date.parse(oldRow.found_at!) + 30 * 24 * 60 * 60 * 1000));
  await expect(card(page, `/uploads/${OLD}`).locator('.media-sweep')).toHaveText(`Wird ab dem ${sweepDay} nachts automatisch gelöscht, wenn es bis dahin nirgends verwendet wird.`);
  await expect(card(page, url).locator('.media-sweep')).toHaveCount(0);
  // its thumbnail is the small WebP copy, the image itself for a browser without WebP; the older one has no copies
  await expectThumbnail(card(page, url).locator('img'), url);
  await expect(card(page, `/uploads/${OLD}`).locator('img')).toHaveAttribute('src', `/uploads/${OLD}`);
  await expect(card(page, `/uploads/${OLD}`).locator('picture')).toHaveCount(0);
  // on a phone the library fits the screen
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await horizontalOverflow(page)).toBe(0);
  await page.setViewportSize({ width: 1280, height: 800 });

  // 3. its alt text, saved in the library, is the public page's <img alt> (republished at once)
  const publicPage = await page.context().newPage();
  await publicPage.goto(`${site.url}/news/${article.id}`);
  // before: the article's picture beside its own headline says nothing
  await expect(publicPage.locator('img.news-image')).toHaveAttribute('alt', '');
  await card(page, url).getByLabel('Alternativtext').fill(ALT);
  await card(page, url).getByRole('button', { name: 'Alternativtext speichern' }).click();
  await expect(toaster(page).getByText('Alternativtext gespeichert')).toBeVisible();
  await expect(toaster(page).getByText('Veröffentlicht', { exact: true }).last()).toBeVisible();
  await publicPage.reload();
  await expect(publicPage.getByRole('img', { name: ALT })).toHaveAttribute('src', url);
  // the home page's news card shows it with the same text
  await publicPage.goto(`${site.url}/`);
  await expect(publicPage.getByRole('img', { name: ALT })).toHaveAttribute('src', url);

  // 4. reused in another entity's image field through the picker
  await page.goto(`${site.url}/admin#mannschaften`);
  await page.locator('.teams-table tbody tr', { hasText: 'Kampfmannschaft' }).getByRole('button', { name: 'Bearbeiten' }).click();
  const dialog = page.getByRole('dialog', { name: 'Team bearbeiten' });
  await dialog.getByRole('button', { name: 'Aus Mediathek wählen' }).click();
  const picker = dialog.getByRole('region', { name: 'Teamfoto: Bild aus der Mediathek' });
  await expectThumbnail(picker.getByRole('listitem').filter({ has: page.locator(`img[src="${url}"]`) }).locator('img'), url);
  await picker.getByRole('button', { name: `Dieses Bild wählen: ${ALT} (${url.slice('/uploads/'.length)})` }).click();
  await expect(picker).toBeHidden();
  await expect(dialog.getByRole('img', { name: 'Vorschau: Teamfoto' })).toHaveAttribute('src', url);
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(toaster(page).getByText('Team erfolgreich aktualisiert')).toBeVisible();
  expect(site.db().select().from(teams).where(eq(teams.id, teamId)).get()!.image_url).toBe(url);
  await publicPage.goto(`${site.url}/team/${teamId}`);
  // the stored alt text replaces the page's own 'Mannschaftsfoto …'
  await expect(publicPage.locator('img.team-photo')).toHaveAttribute('alt', ALT);
  await expect(publicPage.locator('img.team-photo')).toHaveAttribute('src', url);

  // 5. delete is refused while the image is used, naming where
  await page.goto(`${site.url}/admin#medien`);
  await expect(card(page, url).getByRole('listitem')).toHaveText(['News „Derbysieg“ (Bild)', 'Mannschaft „Kampfmannschaft“ (Bild)']);
  acceptNextConfirm(page, 'Dieses Bild wirklich löschen? Die Datei wird entfernt.');
  await card(page, url).getByRole('button', { name: /^Löschen/ }).click();
  await expect(toaster(page).getByText('Bild nicht gelöscht')).toBeVisible();
  await expect(
    toaster(page).getByText('Das Bild wird noch verwendet: News „Derbysieg“ (Bild), Mannschaft „Kampfmannschaft“ (Bild). Bitte es zuerst dort entfernen.'),
  ).toBeVisible();
  await expect(card(page, url)).toBeVisible();
  expect(onDisk(url)).toBe(true);

  // the older, unused one goes at once, with its file
  acceptNextConfirm(page);
  await card(page, `/uploads/${OLD}`).getByRole('button', { name: /^Löschen/ }).click();
  await expect(toaster(page).getByText('Bild gelöscht')).toBeVisible();
  await expect(card(page, `/uploads/${OLD}`)).toHaveCount(0);
  expect(onDisk(`/uploads/${OLD}`)).toBe(false);

  // 6. taken out of the team and the news, it can be deleted: the file, its WebP copies and its row go
  await page.goto(`${site.url}/admin#mannschaften`);
  await page.locator('.teams-table tbody tr', { hasText: 'Kampfmannschaft' }).getByRole('button', { name: 'Bearbeiten' }).click();
  await dialog.getByRole('button', { name: 'Bild entfernen' }).click();
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  // the toast of step 4 may still be shown: the dialog closing, and the row, say that this save is done
  await expect(dialog).toBeHidden();
  expect(site.db().select().from(teams).where(eq(teams.id, teamId)).get()!.image_url).toBeNull();
  await page.goto(`${site.url}/admin#news`);
  await page.locator('.news-item', { hasText: 'Derbysieg' }).getByRole('button', { name: /Bearbeiten/ }).click();
  const edit = page.getByRole('form', { name: 'News bearbeiten' });
  await edit.getByRole('button', { name: 'Bild entfernen' }).click();
  await edit.getByRole('button', { name: 'News aktualisieren' }).click();
  await expect(toaster(page).getByText('News aktualisiert!')).toBeVisible();

  await page.goto(`${site.url}/admin#medien`);
  await expect(card(page, url).getByText('Nirgends verwendet')).toBeVisible();
  // the versions before keep it from the night's sweep (a restore brings the photo back); by hand it can go
  await expect(card(page, url).locator('.media-sweep')).toHaveText('Steht in einer älteren Fassung eines Inhalts: bleibt, solange diese Fassung aufbewahrt wird.');
  acceptNextConfirm(page);
  await card(page, url).getByRole('button', { name: /^Löschen/ }).click();
  // the older image's 'Bild gelöscht' of step 5 may still be shown (6 s; the admin's hash navigations keep the
  // page): the card, the files and the row below say that this delete is done
  await expect(toaster(page).getByText('Bild gelöscht').last()).toBeVisible();
  await expect(card(page, url)).toHaveCount(0);
  for (const file of [url, ...[480, 960, 1600].map((w) => url.replace(/\.png$/, `-${w}.webp`))]) expect(onDisk(file), file).toBe(false);
  expect(site.db().select().from(media).all()).toEqual([]);
  // and a reload does not bring it back
  await page.reload();
  await expect(page.getByText('Noch keine Bilder hochgeladen.')).toBeVisible();
});

test('an image deleted in the library while a form held it: the save is refused in German, nothing stored with a broken image', async ({ page, context }) => {
  await page.goto(`${site.url}/admin#news`);
  const form = page.getByRole('form', { name: 'Neue News erstellen' });
  await form.getByLabel('Titel *').fill('Vereinsfest');
  await form.getByLabel('Inhalt *').fill('Am Samstag feiern wir.');
  await form.locator('.image-upload input[type="file"]').setInputFiles(await pngFile('fest.png'));
  await expect(toaster(page).getByText('Bild erfolgreich hochgeladen!')).toBeVisible();
  const url = await form.getByRole('img', { name: /^Vorschau/ }).getAttribute('src');
  expect(url).toMatch(/^\/uploads\/news\/[0-9a-f]{32}\.png$/);

  // meanwhile, in another tab, the image is deleted: nothing uses it yet
  const library = await context.newPage();
  await library.goto(`${site.url}/admin#medien`);
  acceptNextConfirm(library);
  await card(library, url!).getByRole('button', { name: /^Löschen/ }).click();
  await expect(toaster(library).getByText('Bild gelöscht')).toBeVisible();
  expect(onDisk(url!)).toBe(false);

  await form.getByRole('button', { name: 'News erstellen' }).click();
  await expect(form.getByText('Dieses Bild gibt es nicht mehr (inzwischen gelöscht). Bitte ein anderes wählen.')).toBeVisible();
  expect(site.db().select().from(news).where(eq(news.title, 'Vereinsfest')).all()).toEqual([]);
  // another image, and it is saved
  await form.locator('.image-upload input[type="file"]').setInputFiles(await pngFile('fest2.png'));
  // the first upload's toast may still be shown: the preview showing another image says this one is stored
  await expect(form.getByRole('img', { name: /^Vorschau/ })).not.toHaveAttribute('src', url!);
  await expect(toaster(page).getByText('Bild erfolgreich hochgeladen!').last()).toBeVisible();
  await form.getByRole('button', { name: 'News erstellen' }).click();
  await expect(toaster(page).getByText('News erstellt!')).toBeVisible();
  expect(onDisk(site.db().select().from(news).where(eq(news.title, 'Vereinsfest')).get()!.image_url!)).toBe(true);
});

test("the search finds an imported file by the name people read ('Spieler Müller.png'), in the tab and in an image field's picker", async ({ page }) => {
  // a file the old site stored with a space and an umlaut: the library lists it under its encoded address
  const file = path.join(site.dataDir, 'uploads', 'alt', 'Spieler Müller.png');
  fs.writeFileSync(file, await sharp({ create: { width: 200, height: 200, channels: 3, background: '#1d4ed8' } }).png().toBuffer());
  const url = '/uploads/alt/Spieler%20M%C3%BCller.png';
  try {
    await page.goto(`${site.url}/admin#medien`);
    await expect(card(page, url)).toBeVisible();
    const search = page.getByLabel('Suchen (Datei, Alternativtext oder Verwendung)');
    await search.fill('Müller');
    await expect(page.locator('.media-item')).toHaveCount(1);
    await expect(card(page, url)).toBeVisible();
    await search.fill('Spieler M');
    await expect(page.locator('.media-item')).toHaveCount(1);
    await search.fill('Meier');
    await expect(page.locator('.media-item')).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: 'Kein Bild passt zur Suche.' })).toBeVisible();

    // the picker of an image field: the same search, by name or alt text
    await page.goto(`${site.url}/admin#mannschaften`);
    await page.locator('.teams-table tbody tr', { hasText: 'Kampfmannschaft' }).getByRole('button', { name: 'Bearbeiten' }).click();
    const dialog = page.getByRole('dialog', { name: 'Team bearbeiten' });
    await dialog.getByRole('button', { name: 'Aus Mediathek wählen' }).click();
    const picker = dialog.getByRole('region', { name: 'Teamfoto: Bild aus der Mediathek' });
    await expect(picker.getByRole('button', { name: /^Dieses Bild wählen/ }).first()).toBeVisible();
    expect(await picker.getByRole('button', { name: /^Dieses Bild wählen/ }).count()).toBeGreaterThan(1);
    await picker.getByLabel('Suchen (Datei, Alternativtext oder Verwendung)').fill('müller');
    await expect(picker.getByRole('button', { name: /^Dieses Bild wählen/ })).toHaveCount(1);
    await picker.getByRole('button', { name: 'Dieses Bild wählen: alt/Spieler Müller.png' }).click();
    await expect(dialog.getByRole('img', { name: 'Vorschau: Teamfoto' })).toHaveAttribute('src', url);
  } finally {
    fs.rmSync(file, { force: true });
  }
});
