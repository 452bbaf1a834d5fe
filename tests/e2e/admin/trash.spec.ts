import fs from 'node:fs';
import path from 'node:path';
import { axeScan } from '../../fixtures/axe';
import { eq } from 'drizzle-orm';
import { expect, test, type Page } from '@playwright/test';
import { loginAs } from '../../fixtures/auth';
import { makeNews, makePlayer, makeTeam } from '../../fixtures/factories';
import { startSite, type Site } from '../../fixtures/site';
import { news, players, siteSettings, teams } from '../../../src/server/db/schema';
import { TEAM_TEXTS } from '../../../src/lib/schemas/team';
import { callAction } from '../auth/helpers';
import { acceptNextConfirm, horizontalOverflow, publicHtml, toaster } from './content-helpers';

// The trash 'Papierkorb' (issue 15) against the production server: a team
// deleted with its two players is one entry ('und 2 weitere Einträge'); restored,
// the team and its players are back in the admin and on /mannschaften. A
// superadmin sets how long the trash keeps entries; an admin does not see that.
const SCREENS = path.resolve('test-results/screens');
let site: Site;
let reserveId: string;
let newsId: string;
test.beforeAll(async () => {
  site = await startSite({
    seed: (db) => {
      makeTeam(db, { name: 'Kampfmannschaft', category: 'Herren' });
      reserveId = makeTeam(db, { name: 'Reserve', category: 'Herren', description: 'Die zweite Mannschaft.' }).id;
      makePlayer(db, reserveId, { name: 'Max Mustermann', jersey_number: 7 });
      makePlayer(db, reserveId, { name: 'Toni Tormann', jersey_number: 1, position: 'Tor' });
      newsId = makeNews(db, { title: 'Saisonauftakt', content: 'Am Samstag beginnt die Meisterschaft.' }).id;
    },
  });
});
test.afterAll(async () => {
  await site.stop();
});

const trashEntry = (page: Page, title: string) => page.locator('.trash-entry', { has: page.locator('.trash-title', { hasText: title }) });
const axeOf = async (page: Page, selector: string) => {
  const { violations } = await axeScan(page).include(selector).analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};

test('a team deleted with its players is one trash entry; restored, all are back in the admin and on the public site', async ({ page, context }) => {
  const me = await loginAs(context, site, 'superadmin');
  await page.goto(`${site.url}/admin#mannschaften`);
  acceptNextConfirm(page, TEAM_TEXTS.confirmDelete);
  await page.locator('.teams-table tbody tr', { has: page.getByText('Reserve', { exact: true }) }).getByRole('button', { name: 'Löschen' }).click();
  await expect(toaster(page).getByText('Team erfolgreich gelöscht')).toBeVisible();
  expect(site.db().select().from(teams).where(eq(teams.id, reserveId)).get()).toBeUndefined();
  expect(site.db().select().from(players).all()).toHaveLength(0);
  await expect.poll(() => publicHtml(site, '/mannschaften')).not.toContain('Reserve');

  // one entry for the team, the players counted with it
  await page.goto(`${site.url}/admin#papierkorb`);
  await expect(page.getByRole('heading', { name: 'Papierkorb', level: 2 })).toBeVisible();
  await expect(page.getByText('Gelöschte Einträge bleiben 30 Tage hier')).toBeVisible();
  const entry = trashEntry(page, 'Reserve');
  await expect(page.locator('.trash-entry')).toHaveCount(1);
  await expect(entry.locator('td').first()).toHaveText('Mannschaft');
  await expect(entry).toContainText('Reserve und 2 weitere Einträge');
  await expect(entry).toContainText(`von ${me.email}`);
  fs.mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENS, 'admin-trash-1280.png'), fullPage: true, animations: 'disabled' });
  expect(await axeOf(page, '.admin-card')).toEqual([]);
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await horizontalOverflow(page)).toBe(0);
  await page.screenshot({ path: path.join(SCREENS, 'admin-trash-375.png'), fullPage: true, animations: 'disabled' });
  await page.setViewportSize({ width: 1280, height: 800 });

  // restore: the team with its players, republished
  acceptNextConfirm(page, '„Reserve“ wiederherstellen?');
  await entry.getByRole('button', { name: '„Reserve“ wiederherstellen' }).click();
  await expect(toaster(page).getByText('„Reserve“ wiederhergestellt')).toBeVisible();
  await expect(toaster(page).getByText('Veröffentlicht', { exact: true }).last()).toBeVisible();
  await expect(page.getByText('Der Papierkorb ist leer.')).toBeVisible();
  expect(site.db().select().from(teams).where(eq(teams.id, reserveId)).get()).toMatchObject({ name: 'Reserve', description: 'Die zweite Mannschaft.' });
  expect(site.db().select({ name: players.name, team_id: players.team_id }).from(players).all().sort((a, b) => a.name.localeCompare(b.name))).toEqual([
    { name: 'Max Mustermann', team_id: reserveId },
    { name: 'Toni Tormann', team_id: reserveId },
  ]);
  const html = await publicHtml(site, '/mannschaften');
  expect(html).toContain('<h2>Reserve</h2>');
  expect(await publicHtml(site, `/team/${reserveId}`)).toContain('Die zweite Mannschaft.');

  await page.goto(`${site.url}/admin#mannschaften`);
  await expect(page.locator('.teams-table tbody').getByText('Reserve', { exact: true })).toBeVisible();
  await page.goto(`${site.url}/admin#spieler`);
  await expect(page.locator('.players-table tbody').getByText('Max Mustermann')).toBeVisible();
  await expect(page.locator('.players-table tbody').getByText('Toni Tormann')).toBeVisible();
});

test('a superadmin sets the retention, checked; an admin does not see it', async ({ page, context, browser }) => {
  await loginAs(context, site, 'superadmin');
  await page.goto(`${site.url}/admin#papierkorb`);
  const form = page.getByRole('form', { name: 'Aufbewahrung' });
  await expect(form.getByLabel('Papierkorb (Tage)')).toHaveValue('30');
  await expect(form.getByLabel('Ältere Fassungen (Tage)')).toHaveValue('365');
  expect(await axeOf(page, '.trash-retention-form')).toEqual([]);

  // out of range: refused with the reason, nothing stored
  await form.getByLabel('Papierkorb (Tage)').fill('0');
  await form.getByRole('button', { name: 'Aufbewahrung speichern' }).click();
  await expect(toaster(page).getByText('Der Papierkorb hält Einträge 1 bis 365 Tage.')).toBeVisible();
  expect(site.db().select().from(siteSettings).where(eq(siteSettings.key, 'trash_retention_days')).get()).toBeUndefined();

  await form.getByLabel('Papierkorb (Tage)').fill('14');
  await form.getByLabel('Ältere Fassungen (Tage)').fill('90');
  await form.getByRole('button', { name: 'Aufbewahrung speichern' }).click();
  await expect(toaster(page).getByText('Aufbewahrung gespeichert')).toBeVisible();
  await expect(page.getByText('Gelöschte Einträge bleiben 14 Tage hier')).toBeVisible();
  const stored = Object.fromEntries(site.db().select().from(siteSettings).all().map((s) => [s.key, s.value]));
  expect(stored).toMatchObject({ trash_retention_days: '14', revision_retention_days: '90' });
  await page.reload();
  await expect(page.getByRole('form', { name: 'Aufbewahrung' }).getByLabel('Papierkorb (Tage)')).toHaveValue('14');

  // an admin sees the trash and its period, not the settings
  const other = await browser.newContext();
  await loginAs(other, site, 'admin');
  const adminPage = await other.newPage();
  await adminPage.goto(`${site.url}/admin#papierkorb`);
  await expect(adminPage.getByText('Gelöschte Einträge bleiben 14 Tage hier')).toBeVisible();
  await expect(adminPage.getByRole('form', { name: 'Aufbewahrung' })).toHaveCount(0);
  await other.close();
});

test('a news deleted in its tab is in the trash after its undo is gone, and comes back from there', async ({ page, context }) => {
  await loginAs(context, site, 'admin');
  await page.goto(`${site.url}/admin#news`);
  await page.locator('.news-item', { hasText: 'Saisonauftakt' }).getByRole('button', { name: 'Löschen' }).click();
  await expect(toaster(page).getByText('News gelöscht!')).toBeVisible();
  expect(site.db().select().from(news).where(eq(news.id, newsId)).get()).toBeUndefined();
  await expect.poll(async () => (await fetch(`${site.url}/news/${newsId}`)).status).toBe(404);

  // a reload drops the tab's undo; the trash still has it
  await page.goto(`${site.url}/admin#papierkorb`);
  const entry = trashEntry(page, 'Saisonauftakt');
  await expect(entry.locator('td').first()).toHaveText('News');
  await expect(entry.locator('.trash-with')).toHaveCount(0);
  acceptNextConfirm(page, '„Saisonauftakt“ wiederherstellen?');
  await entry.getByRole('button', { name: '„Saisonauftakt“ wiederherstellen' }).click();
  await expect(toaster(page).getByText('„Saisonauftakt“ wiederhergestellt')).toBeVisible();
  await expect(entry).toHaveCount(0);
  expect(site.db().select().from(news).where(eq(news.id, newsId)).get()).toMatchObject({ title: 'Saisonauftakt', published: true });
  expect(await publicHtml(site, `/news/${newsId}`)).toContain('Am Samstag beginnt die Meisterschaft.');
});

test("'Endgültig löschen': a player who asks to be forgotten is gone with every version at once, not after the trash period", async ({ page, context }) => {
  await loginAs(context, site, 'admin');
  const team = site.db().select().from(teams).where(eq(teams.name, 'Kampfmannschaft')).get()!;
  const player = site.db().insert(players).values({ team_id: team.id, name: 'Paula Privat', position: 'Torwart', jersey_number: 9 }).returning().get();
  // an edit and the delete through the panel's actions: both are versions
  expect((await callAction(context.request, site, 'admin.players.update', { id: player.id, team_id: team.id, name: 'Paula Privat', position: 'Verteidiger', jersey_number: 9 })).status).toBe(200);
  expect((await callAction(context.request, site, 'admin.players.remove', { id: player.id })).status).toBe(200);
  const versionsNaming = (text: string) => site.db().$client.prepare('SELECT COUNT(*) FROM revisions WHERE instr(data, ?) > 0').pluck().get(text);
  expect(versionsNaming('Paula Privat')).toBeGreaterThanOrEqual(2);

  await page.goto(`${site.url}/admin#papierkorb`);
  await expect(page.getByText('„Endgültig löschen“ tut das sofort')).toBeVisible();
  const entry = trashEntry(page, 'Paula Privat');
  acceptNextConfirm(page, '„Paula Privat“ endgültig löschen? Der Eintrag und alle seine früheren Fassungen sind danach weg und können nicht wiederhergestellt werden.');
  await entry.getByRole('button', { name: '„Paula Privat“ endgültig löschen' }).click();
  await expect(toaster(page).getByText('„Paula Privat“ endgültig gelöscht')).toBeVisible();
  await expect(entry).toHaveCount(0);
  expect(versionsNaming('Paula Privat')).toBe(0);
  expect(site.db().select().from(players).where(eq(players.id, player.id)).get()).toBeUndefined();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Papierkorb', level: 2 })).toBeVisible();
  await expect(trashEntry(page, 'Paula Privat')).toHaveCount(0);
});
