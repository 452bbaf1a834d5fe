import { and, eq } from 'drizzle-orm';
import { expect, test, type Page } from '@playwright/test';
import { makeMatch, makePlayer, makeTeam } from '../../fixtures/factories';
import { startSite, type Site } from '../../fixtures/site';
import { addDays, viennaDate } from '../../../src/lib/dates-de';
import { leagueResults, leagues, matchLineups, matches, pageContent } from '../../../src/server/db/schema';
import { pngFile, toaster } from './content-helpers';
import { twoAdmins } from './two-admins';
import { actionUrl, holdAction } from '../../fixtures/actions';

// Two admins on the small forms (decision 032): the social links (four links, one form
// over up to four rows) and the membership page's QR code, compared by the values
// they read, and a league's result of two other teams, checked by its revision. The
// second save is refused naming who saved; nothing of it is stored unseen. The
// line-up (match day: one admin at the pitch, one at home) is merged into the form.
let site: Site;
let matchId = '';
const players: Record<string, string> = {};
test.beforeAll(async () => {
  site = await startSite({
    seed: (db) => {
      const team = makeTeam(db, { name: 'Reserve' });
      for (const [name, jersey_number] of [['Max Huber', 9], ['Lukas Gruber', 10], ['Jonas Klein', 17]] as const) {
        players[name] = makePlayer(db, team.id, { name, jersey_number }).id;
      }
      const match = makeMatch(db, { home_team: 'SV Kirchberg', away_team: 'FC Gleisdorf', match_date: addDays(viennaDate(new Date()), 3), team_id: team.id, team_side: 'home' });
      matchId = match.id;
    },
  });
});
test.afterAll(async () => {
  await site.stop();
});

const link = (platform: string) =>
  site.db().select().from(pageContent).where(and(eq(pageContent.page_key, 'social_media'), eq(pageContent.section_key, platform))).get();

test('two admins on the social links: the later save is refused, keeps its own link and takes the other one', async ({ browser }) => {
  const { ben, contexts } = await twoAdmins(site, browser);
  const [a, b] = await Promise.all(contexts.map((c) => c.newPage()));
  for (const page of [a, b]) {
    await page.goto(`${site.url}/admin#social`);
    await expect(page.getByLabel('Facebook URL')).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  await a.getByLabel('Instagram URL').fill('https://instagram.com/anna');
  await b.getByLabel('Facebook URL').fill('https://facebook.com/ben');
  await b.getByRole('button', { name: 'Alle Links speichern' }).click();
  await expect(toaster(b).getByText('Social Media Links wurden aktualisiert.')).toBeVisible();
  expect(link('facebook')?.button_link).toBe('https://facebook.com/ben');

  // Anna read the links before Ben's save: refused, nothing of hers stored, Ben named
  await a.getByRole('button', { name: 'Alle Links speichern' }).click();
  await expect(toaster(a).getByText(ben.email)).toBeVisible();
  await expect(a.getByText('Die Links wurden inzwischen von jemand anderem geändert.')).toBeVisible();
  expect(link('instagram')?.button_link ?? null).toBeNull();
  expect(link('facebook')?.button_link).toBe('https://facebook.com/ben');
  // her form holds Ben's Facebook and her Instagram; saved again, both are kept
  await expect(a.getByLabel('Facebook URL')).toHaveValue('https://facebook.com/ben');
  await expect(a.getByLabel('Instagram URL')).toHaveValue('https://instagram.com/anna');
  await a.getByRole('button', { name: 'Alle Links speichern' }).click();
  await expect(toaster(a).getByText('Social Media Links wurden aktualisiert.')).toBeVisible();
  expect([link('facebook')?.button_link, link('instagram')?.button_link]).toEqual(['https://facebook.com/ben', 'https://instagram.com/anna']);
  for (const c of contexts) await c.close();
});

test("two admins on the membership page's QR code: a save over the other's image is refused, then made knowingly", async ({ browser }) => {
  const { ben, contexts } = await twoAdmins(site, browser);
  const [a, b] = await Promise.all(contexts.map((c) => c.newPage()));
  const qr = (page: Page) => page.getByRole('form', { name: 'QR Code für die Überweisung' });
  const stored = () => site.db().select().from(pageContent).where(and(eq(pageContent.page_key, 'mitglied'), eq(pageContent.section_key, 'qr_code'))).get();
  for (const page of [a, b]) {
    await page.goto(`${site.url}/admin#mitglied`);
    await expect(qr(page)).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  for (const [page, name] of [[b, 'ben-qr.png'], [a, 'anna-qr.png']] as const) {
    await qr(page).locator('input[type=file]').setInputFiles(await pngFile(name));
    await expect(toaster(page).getByText('Bild erfolgreich hochgeladen!')).toBeVisible();
  }
  const annas = await qr(a).getByLabel('QR-Code-Bild: Bild-Adresse').inputValue();
  await qr(b).getByRole('button', { name: 'QR Code speichern' }).click();
  await expect(toaster(b).getByText('QR Code aktualisiert!')).toBeVisible();
  const bens = stored()?.image_url;
  expect(bens).toMatch(/^\/uploads\/mitglied\//);

  // the refusal reads the stored image again; until that read answers the card stays busy, since a second
  // save sent before it would still name the image Anna saw first and be refused once more
  const reread = await holdAction(a, 'admin.membership.texts');
  const refusal = a.waitForResponse(actionUrl('admin.membership.saveQrCode'));
  await qr(a).getByRole('button', { name: 'QR Code speichern' }).click();
  expect((await refusal).status()).toBe(409);
  await expect(qr(a).getByRole('button', { name: 'Speichert...' })).toBeDisabled();
  reread.release();
  await expect(qr(a).getByText(ben.email)).toBeVisible();
  expect(stored()?.image_url).toBe(bens);
  // her image stays chosen; her second save is made over Ben's, knowingly
  await expect(qr(a).getByLabel('QR-Code-Bild: Bild-Adresse')).toHaveValue(annas);
  await qr(a).getByRole('button', { name: 'QR Code speichern' }).click();
  await expect(toaster(a).getByText('QR Code aktualisiert!')).toBeVisible();
  expect(stored()?.image_url).toBe(annas);
  for (const c of contexts) await c.close();
});

test("two admins on a league's result of two other teams: the later edit is refused, compared and keeps both", async ({ browser }) => {
  site.db().insert(leagues).values({ id: 'liga-gm', competition: 'Gebietsliga Mitte', season: '2026/27' }).run();
  site.db().insert(leagueResults).values({ id: 'gm-1', league_id: 'liga-gm', matchday: 3, home_team: 'SC Weiz', away_team: 'USV Gleisdorf', home_score: 1, away_score: 1 }).run();
  const stored = () => site.db().select().from(leagueResults).where(eq(leagueResults.id, 'gm-1')).get();
  const { ben, contexts } = await twoAdmins(site, browser);
  const [a, b] = await Promise.all(contexts.map((c) => c.newPage()));
  for (const page of [a, b]) {
    await page.goto(`${site.url}/admin#tabellen`);
    await page.locator('.leagues-table tr', { hasText: 'Gebietsliga Mitte' }).getByRole('button', { name: 'Bearbeiten' }).click();
    await page.locator('.league-results tr', { hasText: 'SC Weiz' }).getByRole('button', { name: 'Bearbeiten' }).click();
    await expect(page.getByRole('form', { name: 'Ergebnis bearbeiten' }).getByLabel('Tore Heim')).toHaveValue('1');
  }
  const edit = (page: Page) => page.getByRole('form', { name: 'Ergebnis bearbeiten' });
  await edit(b).getByLabel('Tore Heim').fill('2');
  await edit(b).getByRole('button', { name: 'Speichern' }).click();
  await expect(toaster(b).getByText('Ergebnis gespeichert')).toBeVisible();
  expect(stored()).toMatchObject({ home_score: 2, away_score: 1 });

  // Anna's dialog was opened on the result before Ben's save: refused, naming him
  await edit(a).getByLabel('Tore Auswärts').fill('3');
  await edit(a).getByRole('button', { name: 'Speichern' }).click();
  const refusal = edit(a).getByRole('alert').filter({ hasText: ben.email });
  await expect(refusal).toContainText('Nicht gespeichert');
  expect(stored()).toMatchObject({ home_score: 2, away_score: 1 });
  // compared: Ben's home goals and her away goals; taken over and saved, both are kept
  await refusal.getByRole('button', { name: 'Vergleichen' }).click();
  await a.getByRole('dialog', { name: 'Änderungen vergleichen' }).getByRole('button', { name: 'Übernehmen' }).click();
  await expect(edit(a).getByLabel('Tore Heim')).toHaveValue('2');
  await edit(a).getByRole('button', { name: 'Speichern' }).click();
  await expect(toaster(a).getByText('Ergebnis gespeichert')).toBeVisible();
  expect(stored()).toMatchObject({ home_score: 2, away_score: 3 });
  for (const c of contexts) await c.close();
});

test("two admins on a match's line-up: the later save is refused, the other's picks are put into the form beside its own", async ({ browser }) => {
  const { ben, contexts } = await twoAdmins(site, browser);
  const [a, b] = await Promise.all(contexts.map((c) => c.newPage()));
  const lineup = (page: Page) => page.getByRole('dialog', { name: 'Spieldetails: SV Kirchberg – FC Gleisdorf' }).getByRole('form', { name: 'Aufstellung' });
  for (const page of [a, b]) {
    await page.goto(`${site.url}/admin#spielplan`);
    await page.locator(`.matches-table tr[data-row-id="${matchId}"]`).getByRole('button', { name: 'Details' }).click();
    await expect(lineup(page).getByLabel('Aufstellung Max Huber')).toHaveValue('');
  }
  const stored = () =>
    site.db().select().from(matchLineups).where(eq(matchLineups.match_id, matchId)).all().map((l) => [l.player_id, l.role, l.jersey_number]).sort();
  await lineup(b).getByLabel('Aufstellung Max Huber').selectOption('start');
  await lineup(b).getByRole('button', { name: 'Aufstellung speichern' }).click();
  await expect(b.locator('.toaster').getByText('Veröffentlicht', { exact: true }).first()).toBeVisible();
  expect(stored()).toEqual([[players['Max Huber'], 'start', 9]]);

  // Anna's form was filled before Ben's save: refused naming him; her pick and his are in the form now
  await lineup(a).getByLabel('Aufstellung Lukas Gruber').selectOption('sub');
  await lineup(a).getByRole('button', { name: 'Aufstellung speichern' }).click();
  await expect(a.locator('.toaster:not(:empty)')).toContainText(`Nicht gespeichert: ${ben.email} hat die Aufstellung inzwischen geändert`);
  await expect(lineup(a).getByRole('status')).toContainText('Die gespeicherte Aufstellung ist jetzt eingetragen');
  expect(stored()).toEqual([[players['Max Huber'], 'start', 9]]);
  await expect(lineup(a).getByLabel('Aufstellung Max Huber')).toHaveValue('start');
  await expect(lineup(a).getByLabel('Aufstellung Lukas Gruber')).toHaveValue('sub');
  await lineup(a).getByRole('button', { name: 'Aufstellung speichern' }).click();
  await expect(lineup(a).getByRole('status')).toHaveCount(0);
  await expect.poll(stored).toEqual([[players['Max Huber'], 'start', 9], [players['Lukas Gruber'], 'sub', 10]].sort());
  for (const c of contexts) await c.close();
});

test("two admins on a match's edit form: the comparison names only what the form has, not our team kept under 'Details'", async ({ browser }) => {
  // a season, which the edit form requires (the seed's match has none)
  site.db().update(matches).set({ season: '2026/27' }).where(eq(matches.id, matchId)).run();
  const { anna, contexts } = await twoAdmins(site, browser);
  const [a, b] = await Promise.all(contexts.map((c) => c.newPage()));
  const dialog = (page: Page) => page.getByRole('dialog', { name: 'Spiel bearbeiten' });
  for (const page of [a, b]) {
    await page.goto(`${site.url}/admin#spielplan`);
    await page.locator(`.matches-table tr[data-row-id="${matchId}"]`).getByRole('button', { name: /^Bearbeiten/ }).click();
    await expect(dialog(page).getByLabel('Heimteam *')).toHaveValue('SV Kirchberg');
    await page.waitForLoadState('networkidle');
  }
  await dialog(a).getByLabel('Ort').fill('Sportplatz Gleisdorf');
  await dialog(a).getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog(a)).toBeHidden();

  await dialog(b).getByLabel('Notizen').fill('Anstoß vorverlegt');
  await dialog(b).getByRole('button', { name: 'Speichern' }).click();
  const refusal = dialog(b).getByRole('alert').filter({ hasText: anna.email });
  await refusal.getByRole('button', { name: 'Vergleichen' }).click();
  const merge = b.getByRole('dialog', { name: 'Änderungen vergleichen' });
  await expect(merge.locator('fieldset[data-field="location"]')).toContainText('Sportplatz Gleisdorf');
  await expect(merge.locator('fieldset[data-field="team_id"], fieldset[data-field="team_side"]')).toHaveCount(0);
  for (const c of contexts) await c.close();
});
