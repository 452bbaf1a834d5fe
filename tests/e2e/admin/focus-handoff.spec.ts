// Where the keyboard's focus goes when the button it was on goes (keyboard.spec.ts has the lists' deletes):
// a restore from the trash, a league result's and an image's delete hand it to the next row's same button;
// the news list's 'Rückgängig' to the article it put back; a refused delete of the club address keeps it.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { expect, test } from '@playwright/test';
import { loginAs } from '../../fixtures/auth';
import { makeContact, makeNews, makePlayer, makeTeam } from '../../fixtures/factories';
import { startSite, type Site } from '../../fixtures/site';
import { contactInfo, leagueResults, leagues, news, players } from '../../../src/server/db/schema';
import { failAction, holdAction, releaseWhenAsked } from '../../fixtures/actions';
import { callAction } from '../auth/helpers';
import { toaster } from './content-helpers';

let site: Site;
let teamId: string;
test.beforeAll(async () => {
  site = await startSite({
    seed: (db) => {
      teamId = makeTeam(db, { name: 'Kampfmannschaft', category: 'Herren' }).id;
      db.insert(leagues).values({ id: 'liga', competition: 'Unterliga Ost', season: '2026/27' }).run();
      db.insert(leagueResults)
        .values([
          { id: 'r1', league_id: 'liga', matchday: 1, home_team: 'USV Paldau', away_team: 'TuS Ilz', home_score: 1, away_score: 0 },
          { id: 'r2', league_id: 'liga', matchday: 2, home_team: 'FC Gnas', away_team: 'USV Paldau', home_score: 2, away_score: 2 },
        ])
        .run();
    },
  });
});
test.afterAll(async () => {
  await site.stop();
});
test.beforeEach(async ({ context, page }) => {
  await loginAs(context, site, 'superadmin');
  page.on('dialog', (dialog) => void dialog.accept());
});

test("a restore from the trash hands the focus to the next entry's 'Wiederherstellen'; a refused one keeps it", async ({ page }) => {
  const ids = ['Dora Lang', 'Emil Wolf', 'Fritz Kern'].map((name) => makePlayer(site.db(), teamId, { name }).id);
  for (const id of ids) expect((await callAction(page.request, site, 'admin.players.remove', { id })).status).toBe(200);
  await page.goto(`${site.url}/admin#papierkorb`);
  const restore = (name: string) => page.getByRole('button', { name: `„${name}“ wiederherstellen`, exact: true });
  await expect(restore('Fritz Kern')).toBeVisible();
  const [first, second, third] = await page.locator('.trash-entry .trash-title').allTextContents();
  expect([first, second, third].map((t) => t.trim())).toEqual(['Fritz Kern', 'Emil Wolf', 'Dora Lang']);
  await restore('Emil Wolf').focus();
  await page.keyboard.press('Enter');
  await expect(restore('Emil Wolf')).toHaveCount(0);
  await expect(restore('Dora Lang')).toBeFocused();
  expect(site.db().select().from(players).all().map((p) => p.name)).toEqual(['Emil Wolf']);

  // refused by the server: the entry and its button stay, and so does the focus (it was not disabled)
  await failAction(page, 'admin.revisions.untrash');
  await page.keyboard.press('Enter');
  await expect(toaster(page).locator('.toast.destructive')).toHaveCount(1);
  await expect(restore('Dora Lang')).toBeFocused();
  expect(site.db().select().from(players).all().map((p) => p.name)).toEqual(['Emil Wolf']);
});

test("a league result's delete hands the focus to the next result's 'Löschen'", async ({ page }) => {
  await page.goto(`${site.url}/admin#tabellen`);
  await page.locator('.leagues-table tr', { hasText: 'Unterliga Ost' }).getByRole('button', { name: 'Bearbeiten' }).click();
  const rows = page.locator('.league-results tbody tr');
  await expect(rows).toHaveCount(2);
  await rows.first().getByRole('button', { name: /^Löschen/ }).focus();
  await page.keyboard.press('Enter');
  await expect(toaster(page).getByText('Ergebnis gelöscht')).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByRole('button', { name: /^Löschen/ })).toBeFocused();
  expect(site.db().select().from(leagueResults).all().map((r) => r.id)).toHaveLength(1);
});

test("an image's delete in 'Medien' hands the focus to the next image's 'Löschen'", async ({ page }) => {
  const folder = path.join(site.dataDir, 'uploads', 'tastatur');
  fs.mkdirSync(folder, { recursive: true });
  for (const [name, colour] of [['erstes.png', '#b91c1c'], ['zweites.png', '#1e40af']]) {
    fs.writeFileSync(path.join(folder, name), await sharp({ create: { width: 40, height: 30, channels: 3, background: colour } }).png().toBuffer());
  }
  await page.goto(`${site.url}/admin#medien`);
  const remove = (name: string) => page.getByRole('button', { name: `Löschen: ${name}`, exact: true });
  await expect(remove('tastatur/erstes.png')).toBeVisible();
  await expect(remove('tastatur/zweites.png')).toBeVisible();
  await remove('tastatur/erstes.png').focus();
  await page.keyboard.press('Enter');
  await expect(remove('tastatur/erstes.png')).toHaveCount(0);
  await expect(remove('tastatur/zweites.png')).toBeFocused();
  expect(fs.existsSync(path.join(folder, 'erstes.png'))).toBe(false);
});

test("the news list's 'Rückgängig' puts the focus on the article it put back", async ({ page }) => {
  site.db().delete(news).run();
  makeNews(site.db(), { title: 'Erste Meldung', created_at: '2026-11-01T10:00:00.000Z' });
  makeNews(site.db(), { title: 'Zweite Meldung', created_at: '2026-11-02T10:00:00.000Z' });
  await page.goto(`${site.url}/admin#news`);
  await page.getByRole('button', { name: 'Löschen: Zweite Meldung', exact: true }).press('Enter');
  const undo = page.locator('.news-undo').getByRole('button', { name: 'Rückgängig' });
  await expect(undo).toBeVisible();
  await undo.focus();
  await page.keyboard.press('Enter');
  await expect(toaster(page).getByText('News wiederhergestellt')).toBeVisible();
  const article = page.locator('.news-item', { hasText: 'Zweite Meldung' });
  await expect(article.getByRole('button').first()).toBeFocused();
  expect(site.db().select().from(news).all().map((n) => n.title).sort()).toEqual(['Erste Meldung', 'Zweite Meldung']);
});

test("a delete while the last one's 'Rückgängig' is under way keeps its own bar; a refused undo can be tried again", async ({ page }) => {
  site.db().delete(news).run();
  for (const [title, day] of [['Meldung A', '01'], ['Meldung B', '02'], ['Meldung C', '03']]) makeNews(site.db(), { title, created_at: `2026-11-${day}T10:00:00.000Z` });
  await page.goto(`${site.url}/admin#news`);
  const bar = page.locator('.news-undo');
  const undo = bar.getByRole('button', { name: 'Rückgängig' });
  await page.getByRole('button', { name: 'Löschen: Meldung C', exact: true }).click();
  await expect(bar).toContainText('„Meldung C“ gelöscht.');
  // the first undo is refused once (a server that failed), and its bar stays to try again
  await failAction(page, 'admin.revisions.untrash');
  await undo.click();
  await expect(toaster(page).locator('.toast.destructive')).toHaveCount(1);
  await expect(bar).toContainText('„Meldung C“ gelöscht.');
  await page.unrouteAll({ behavior: 'wait' });
  // tried again, its answer held: meanwhile another article is deleted, with a bar of its own
  const held = await holdAction(page, 'admin.revisions.untrash');
  await undo.click();
  await expect.poll(held.asked).toBe(1);
  await page.getByRole('button', { name: 'Löschen: Meldung B', exact: true }).click();
  await expect(bar).toContainText('„Meldung B“ gelöscht.');
  await releaseWhenAsked(page, held, 'admin.revisions.untrash');
  await expect(toaster(page).getByText('News wiederhergestellt')).toBeVisible();
  // C is back; B's bar is still offered, and takes B back
  await expect(page.locator('.news-item', { hasText: 'Meldung C' })).toHaveCount(1);
  await expect(bar).toContainText('„Meldung B“ gelöscht.');
  await undo.click();
  await expect(page.locator('.news-item', { hasText: 'Meldung B' })).toHaveCount(1);
  expect(site.db().select().from(news).all().map((n) => n.title).sort()).toEqual(['Meldung A', 'Meldung B', 'Meldung C']);
});

test('a refused delete of the club address keeps the focus on its button (it was disabled while it worked)', async ({ page }) => {
  makeContact(site.db(), { role: 'Vereinsadresse', name: 'SV Kirchberg an der Raab' });
  await page.goto(`${site.url}/admin#kontakt`);
  const remove = page.getByRole('button', { name: 'Vereinsadresse löschen' });
  await failAction(page, 'admin.contacts.remove');
  await remove.focus();
  await page.keyboard.press('Enter');
  await expect(toaster(page).locator('.toast.destructive')).toHaveCount(1);
  await expect(remove).toBeFocused();
  expect(site.db().select().from(contactInfo).all().map((c) => c.name)).toContain('SV Kirchberg an der Raab');
});
