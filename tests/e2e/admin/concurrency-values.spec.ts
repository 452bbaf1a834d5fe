import { eq } from 'drizzle-orm';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { startSite, type Site } from '../../fixtures/site';
import { clubSettings, homepageContent } from '../../../src/server/db/schema';
import { pngFile, toaster } from './content-helpers';
import { twoAdmins } from './two-admins';

// Two admins on a form checked by the values it was filled with, not by a revision
// (decision 032): the home page's sections and the club's settings. The second save
// is refused naming who saved; 'Vergleichen' loads the stored values; a draft
// restored after the other's save is refused too.
let site: Site;
test.beforeAll(async () => {
  site = await startSite();
});
test.afterAll(async () => {
  await site.stop();
});

test("two admins on the home page's hero text: the one who typed before the other's save is refused, compares and keeps both", async ({ browser }) => {
  const { ben, contexts } = await twoAdmins(site, browser);
  const [a, b] = await Promise.all(contexts.map((c) => c.newPage()));
  for (const page of [a, b]) {
    await page.goto(`${site.url}/admin#startseite`);
    await expect(page.locator('#hero-line1')).not.toHaveValue('');
    await page.waitForLoadState('networkidle');
  }
  const hero = (page: typeof a) => page.getByRole('form', { name: 'Hero-Text' });
  await a.locator('#hero-line2').fill('Kirchberg an der Raab');
  await b.locator('#hero-line1').fill('USV');
  await hero(b).getByRole('button', { name: 'Hero-Text speichern' }).click();
  await expect(toaster(b).getByText('Hero-Text aktualisiert!')).toBeVisible();
  const stored = () => site.db().select().from(homepageContent).where(eq(homepageContent.section_key, 'hero_text')).get();
  expect(stored()).toMatchObject({ title: 'USV' });

  // Anna's form kept her edit and the values it was filled with: her save is refused, naming Ben
  await hero(a).getByRole('button', { name: 'Hero-Text speichern' }).click();
  const refusal = hero(a).getByRole('alert').filter({ hasText: ben.email });
  await expect(refusal).toContainText('Nicht gespeichert');
  expect(stored()).toMatchObject({ title: 'USV' });
  expect(stored()?.content).not.toBe('Kirchberg an der Raab');
  await expect(a.locator('#hero-line2')).toHaveValue('Kirchberg an der Raab');
  // compared: Ben's line 1 and her line 2 are proposed; taken over and saved, both are kept
  await refusal.getByRole('button', { name: 'Vergleichen' }).click();
  await a.getByRole('dialog', { name: 'Änderungen vergleichen' }).getByRole('button', { name: 'Übernehmen' }).click();
  await expect(a.locator('#hero-line1')).toHaveValue('USV');
  await hero(a).getByRole('button', { name: 'Hero-Text speichern' }).click();
  await expect(toaster(a).getByText('Hero-Text aktualisiert!')).toBeVisible();
  expect(stored()).toMatchObject({ title: 'USV', content: 'Kirchberg an der Raab' });
  for (const c of contexts) await c.close();
});

test("two superadmins on the club's settings: a save on values read before the other's is refused, compared and keeps both", async ({ browser }) => {
  const { ben, contexts } = await twoAdmins(site, browser, 'superadmin');
  const [a, b] = await Promise.all(contexts.map((c) => c.newPage()));
  const club = (page: typeof a) => page.getByRole('form', { name: 'Verein' });
  for (const page of [a, b]) {
    await page.goto(`${site.url}/admin#verein`);
    await expect(club(page).getByLabel('Kurzname *')).not.toHaveValue('');
    await page.waitForLoadState('networkidle');
  }
  await a.getByLabel('Heimstätte').fill('Waldstadion Kirchberg');
  await club(b).getByLabel('Kurzname *').fill('USV Kirchberg');
  await club(b).getByRole('button', { name: 'Speichern' }).click();
  await expect(toaster(b).getByText('Verein gespeichert')).toBeVisible();
  const stored = () => site.db().select().from(clubSettings).get();
  expect(stored()).toMatchObject({ short_name: 'USV Kirchberg' });

  await club(a).getByRole('button', { name: 'Speichern' }).click();
  const refusal = club(a).getByRole('alert').filter({ hasText: ben.email });
  await expect(refusal).toContainText('Nicht gespeichert');
  expect(stored()).toMatchObject({ short_name: 'USV Kirchberg' });
  expect(stored()?.home_ground).not.toBe('Waldstadion Kirchberg');
  await refusal.getByRole('button', { name: 'Vergleichen' }).click();
  await a.getByRole('dialog', { name: 'Änderungen vergleichen' }).getByRole('button', { name: 'Übernehmen' }).click();
  await expect(club(a).getByLabel('Kurzname *')).toHaveValue('USV Kirchberg');
  await club(a).getByRole('button', { name: 'Speichern' }).click();
  await expect(toaster(a).getByText('Verein gespeichert')).toBeVisible();
  expect(stored()).toMatchObject({ short_name: 'USV Kirchberg', home_ground: 'Waldstadion Kirchberg' });
  for (const c of contexts) await c.close();
});

test("a draft of the home page's footer typed before another admin's save, restored after it: refused, not taken as an edit of the newer text", async ({ browser }) => {
  const { ben, annaContext, benContext } = await twoAdmins(site, browser);
  const footer = (page: Page) => page.getByRole('form', { name: 'Footer-Texte' });
  const open = async (context: BrowserContext) => {
    const page = await context.newPage();
    await page.goto(`${site.url}/admin#startseite`);
    await expect(footer(page).getByLabel('Adresse Zeile 1')).not.toHaveValue('');
    await page.waitForLoadState('networkidle');
    return page;
  };
  const a = await open(annaContext);
  // Anna types and leaves: her draft stays in the browser
  await footer(a).getByLabel('Copyright-Text').fill('© Anna');
  await expect.poll(() => a.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('homepage_content')).length)).toBe(1);
  await a.close();

  const b = await open(benContext);
  await footer(b).getByLabel('Adresse Zeile 1').fill('Sportplatzweg 9');
  await footer(b).getByRole('button', { name: 'Footer-Texte speichern' }).click();
  await expect(toaster(b).getByText('Footer-Texte aktualisiert!')).toBeVisible();

  // back, the form shows Ben's address; Anna restores her draft and saves
  const again = await open(annaContext);
  await expect(footer(again).getByLabel('Adresse Zeile 1')).toHaveValue('Sportplatzweg 9');
  await footer(again).locator('.draft-banner').getByRole('button', { name: 'Wiederherstellen' }).click();
  await expect(footer(again).getByLabel('Copyright-Text')).toHaveValue('© Anna');
  await footer(again).getByRole('button', { name: 'Footer-Texte speichern' }).click();
  await expect(footer(again).getByRole('alert').filter({ hasText: ben.email })).toContainText('Nicht gespeichert');
  const stored = JSON.parse(site.db().select().from(homepageContent).where(eq(homepageContent.section_key, 'footer_texts')).get()!.content!) as Record<string, string>;
  expect(stored.contact_location1).toBe('Sportplatzweg 9');
  await annaContext.close();
  await benContext.close();
});

test("the home page's background image: a save on a picture read before another admin's is refused with the notice and compared", async ({ browser }) => {
  const { ben, contexts } = await twoAdmins(site, browser);
  const [a, b] = await Promise.all(contexts.map((c) => c.newPage()));
  const background = (page: Page) => page.getByRole('form', { name: 'Hintergrundbild' });
  for (const page of [a, b]) {
    await page.goto(`${site.url}/admin#startseite`);
    await expect(background(page)).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  for (const [page, name] of [[b, 'ben.png'], [a, 'anna.png']] as const) {
    await background(page).locator('input[type="file"]').setInputFiles(await pngFile(name));
    await expect(toaster(page).getByText('Bild erfolgreich hochgeladen!')).toBeVisible();
  }
  await background(b).getByRole('button', { name: 'Hintergrundbild speichern' }).click();
  await expect(toaster(b).getByText('Hintergrundbild aktualisiert!')).toBeVisible();
  const bens = site.db().select().from(homepageContent).where(eq(homepageContent.section_key, 'hero_background')).get()?.image_url;
  expect(bens).toMatch(/^\/uploads\/hero\//);
  await background(a).getByRole('button', { name: 'Hintergrundbild speichern' }).click();
  const refusal = background(a).getByRole('alert').filter({ hasText: ben.email });
  await expect(refusal).toContainText('Nicht gespeichert');
  expect(site.db().select().from(homepageContent).where(eq(homepageContent.section_key, 'hero_background')).get()?.image_url).toBe(bens);
  await refusal.getByRole('button', { name: 'Vergleichen' }).click();
  await expect(a.getByRole('dialog', { name: 'Änderungen vergleichen' })).toContainText(bens!);
  for (const c of contexts) await c.close();
});
