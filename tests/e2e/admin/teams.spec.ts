import { asc, eq } from 'drizzle-orm';
import { expect, test, type Page } from '@playwright/test';
import { loginAs } from '../../fixtures/auth';
import { makePlayer, makeTeam } from '../../fixtures/factories';
import { startSite, type Site } from '../../fixtures/site';
import { players, teams } from '../../../src/server/db/schema';
import { countAction, holdAction } from '../../fixtures/actions';
import { horizontalOverflow, publicHtml, toaster } from './content-helpers';

// The teams manager (admin-area.md §2 Mannschaften, §4, §5, §8) against the
// production server: saves and reorders republish /, /mannschaften and the team pages.
let site: Site;
test.beforeAll(async () => {
  site = await startSite();
});
test.afterAll(async () => {
  await site.stop();
});
test.beforeEach(async ({ context }) => {
  site.db().delete(teams).run();
  await loginAs(context, site, 'admin');
});

const row = (page: Page, name: string) => page.locator('.teams-table tbody tr', { has: page.getByText(name, { exact: true }) });
const tableNames = (page: Page) => page.locator('.teams-table tbody .team-name');
const storedOrder = () =>
  site.db().select({ name: teams.name, display_order: teams.display_order }).from(teams).orderBy(asc(teams.display_order)).all();
/** The names the page shows as `<tag>name</tag>`, in its order; a name it does not show is left out. */
const shownOrder = (html: string, tag: 'h2' | 'h3', names: string[]) =>
  names
    .map((name) => ({ name, at: html.indexOf(`<${tag}>${name}</${tag}>`) }))
    .filter(({ at }) => at >= 0)
    .sort((a, b) => a.at - b.at)
    .map(({ name }) => name);
/** Team names in the order /mannschaften shows them. */
// team cards on /mannschaften are h2 (under the page's h1), on the home page h3
async function publicOrder(names: string[]): Promise<string[]> {
  return shownOrder(await publicHtml(site, '/mannschaften'), 'h2', names);
}

test('create with validation, edit, view and delete with confirmation; the public pages follow', async ({ page }) => {
  await page.goto(`${site.url}/admin#mannschaften`);
  const form = page.getByRole('form', { name: 'Neues Team' });

  // name and category are required
  await form.getByRole('button', { name: 'Team hinzufügen' }).click();
  await expect(toaster(page).getByText('Bitte füllen Sie alle Pflichtfelder aus')).toBeVisible();
  await expect(form.getByText('Bitte füllen Sie alle Pflichtfelder aus')).toHaveCount(2);
  expect(site.db().select().from(teams).all()).toHaveLength(0);

  await form.getByLabel('Name *').fill('Kampfmannschaft');
  await form.getByLabel('Kategorie *').selectOption('Herren');
  await form.getByLabel('Beschreibung').fill('Unsere erste Mannschaft in der Unterliga.');
  await form.getByLabel('Erfolge').fill(' Meister 2019 ,Cupsieger 2021,  ');
  const hold = await holdAction(page, 'admin.teams.create');
  await form.getByRole('button', { name: 'Team hinzufügen' }).click();
  await expect(form.getByRole('button', { name: 'Speichert...' })).toBeDisabled();
  hold.release();
  await expect(toaster(page).getByText('Team erfolgreich hinzugefügt')).toBeVisible();
  await expect(toaster(page).getByText('Veröffentlicht', { exact: true })).toBeVisible();
  const team = site.db().select().from(teams).get()!;
  expect(team).toMatchObject({ name: 'Kampfmannschaft', category: 'Herren', achievements: ['Meister 2019', 'Cupsieger 2021'], display_order: 0 });

  const html = await publicHtml(site, '/mannschaften');
  expect(html).toContain('Kampfmannschaft');
  expect(html).toContain('<li>Cupsieger 2021</li>');
  expect(await publicHtml(site, `/team/${team.id}`)).toContain('Unsere erste Mannschaft in der Unterliga.');

  // the view button opens the public team page in a new tab
  const teamRow = row(page, 'Kampfmannschaft');
  const view = teamRow.getByRole('link', { name: 'Ansehen' });
  await expect(view).toHaveAttribute('href', `/team/${team.id}`);
  await expect(view).toHaveAttribute('target', '_blank');
  await expect(teamRow.getByText('Herren')).toBeVisible();

  // edit in the dialog; players are counted
  makePlayer(site.db(), team.id, { name: 'Toni Torwart', position: 'Torwart' });
  await page.reload();
  await expect(row(page, 'Kampfmannschaft').locator('td[data-label="Spieler"]')).toHaveText('1');
  await row(page, 'Kampfmannschaft').getByRole('button', { name: 'Bearbeiten' }).click();
  const dialog = page.getByRole('dialog', { name: 'Team bearbeiten' });
  await expect(dialog.getByLabel('Erfolge')).toHaveValue('Meister 2019, Cupsieger 2021');
  await dialog.getByLabel('Name *').fill('');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog.locator('form').getByText('Bitte füllen Sie alle Pflichtfelder aus')).toBeVisible();
  await dialog.getByLabel('Name *').fill('KM 1');
  // the half length for the match-day clock: 45 unless the team plays shorter halves
  await expect(dialog.getByLabel('Minuten je Halbzeit')).toHaveValue('45');
  await dialog.getByLabel('Minuten je Halbzeit').fill('50');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog.locator('form').getByText('Bitte eine ganze Zahl von 10 bis 45 eingeben.')).toBeVisible();
  expect(site.db().select().from(teams).get()).toMatchObject({ name: 'Kampfmannschaft', half_minutes: 45 });
  await dialog.getByLabel('Minuten je Halbzeit').fill('35');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(toaster(page).getByText('Team erfolgreich aktualisiert')).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(site.db().select().from(teams).get()).toMatchObject({ name: 'KM 1', half_minutes: 35 });
  expect(await publicHtml(site, `/team/${team.id}`)).toContain('KM 1');

  const removals = countAction(page, 'admin.teams.remove');
  // delete: the spec's confirmation; cancelling keeps the team
  const messages: string[] = [];
  page.once('dialog', (d) => {
    messages.push(d.message());
    void d.dismiss();
  });
  await row(page, 'KM 1').getByRole('button', { name: 'Löschen' }).click();
  await expect.poll(() => messages.length).toBe(1);
  expect(messages[0]).toBe('Sind Sie sicher, dass Sie dieses Team löschen möchten? Alle zugehörigen Spieler werden ebenfalls gelöscht!');
  expect(site.db().select().from(teams).all()).toHaveLength(1);
  page.once('dialog', (d) => void d.accept());
  await row(page, 'KM 1').getByRole('button', { name: 'Löschen' }).click();
  await expect(toaster(page).getByText('Team erfolgreich gelöscht')).toBeVisible();
  // one removal: the dismissed question sent none
  expect(removals()).toBe(1);
  await expect(row(page, 'KM 1')).toHaveCount(0);
  expect(site.db().select().from(teams).all()).toHaveLength(0);
  expect(site.db().select().from(players).where(eq(players.team_id, team.id)).all()).toHaveLength(0);
  // the team page is gone: the static server sends visitors to the overview
  const gone = await fetch(`${site.url}/team/${team.id}`, { redirect: 'manual' });
  expect(gone.status).toBe(302);
  expect(gone.headers.get('location')).toBe('/mannschaften');
  expect(await publicHtml(site, '/mannschaften')).not.toContain('KM 1');
});

test("a youth category says that /nachwuchs shows the 'Nachwuchs' tab's teams", async ({ page }) => {
  await page.goto(`${site.url}/admin#mannschaften`);
  const form = page.getByRole('form', { name: 'Neues Team' });
  const hint = form.locator('.youth-category-hint');
  await form.getByLabel('Kategorie *').selectOption('Herren');
  await expect(hint).toHaveCount(0);
  for (const category of ['Nachwuchs', 'Jugend']) {
    await form.getByLabel('Kategorie *').selectOption(category);
    await expect(hint).toHaveText('Diese Mannschaft erscheint unter „Mannschaften“. Die Seite „Nachwuchs“ zeigt die Teams aus dem Tab „Nachwuchs“ (mit Trainingszeiten und Ansprechperson): die Mannschaft bitte dort zusätzlich anlegen.');
  }
});

test('reordering by keyboard rewrites display_order as each row index and republishes', async ({ page }) => {
  for (const [i, name] of ['Erste', 'Zweite', 'Dritte'].entries()) makeTeam(site.db(), { name, display_order: i * 10 });
  await page.goto(`${site.url}/admin#mannschaften`);
  await expect(tableNames(page)).toHaveText(['Erste', 'Zweite', 'Dritte']);

  const handle = row(page, 'Dritte').getByRole('button', { name: /Reihenfolge ändern: Dritte/ });
  await handle.focus();
  await page.keyboard.press('ArrowUp');
  await expect(tableNames(page)).toHaveText(['Erste', 'Dritte', 'Zweite']);
  await expect(toaster(page).getByText('Reihenfolge erfolgreich aktualisiert').first()).toBeVisible();
  // focus stays on the moved row's handle, so it can move on
  await expect(row(page, 'Dritte').getByRole('button', { name: /Reihenfolge ändern/ })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(tableNames(page)).toHaveText(['Dritte', 'Erste', 'Zweite']);
  await expect(page.getByText('Dritte an Position 1 von 3 verschoben.')).toBeAttached();
  await expect.poll(storedOrder).toEqual([
    { name: 'Dritte', display_order: 0 },
    { name: 'Erste', display_order: 1 },
    { name: 'Zweite', display_order: 2 },
  ]);
  await expect.poll(() => publicOrder(['Erste', 'Zweite', 'Dritte'])).toEqual(['Dritte', 'Erste', 'Zweite']);
  // the home page shows the first three in the new order too (the same job writes it, perhaps after /mannschaften)
  await expect.poll(async () => shownOrder(await publicHtml(site, '/'), 'h3', ['Erste', 'Zweite', 'Dritte'])).toEqual(['Dritte', 'Erste', 'Zweite']);
});

test('reordering by dragging the handle', async ({ page }) => {
  for (const [i, name] of ['Alpha', 'Beta', 'Gamma'].entries()) makeTeam(site.db(), { name, display_order: i });
  await page.goto(`${site.url}/admin#mannschaften`);
  await expect(tableNames(page)).toHaveText(['Alpha', 'Beta', 'Gamma']);
  await row(page, 'Alpha').getByRole('button', { name: /Reihenfolge ändern: Alpha/ }).dragTo(row(page, 'Gamma'));
  await expect(tableNames(page)).toHaveText(['Beta', 'Gamma', 'Alpha']);
  await expect(toaster(page).getByText('Reihenfolge erfolgreich aktualisiert')).toBeVisible();
  await expect.poll(storedOrder).toEqual([
    { name: 'Beta', display_order: 0 },
    { name: 'Gamma', display_order: 1 },
    { name: 'Alpha', display_order: 2 },
  ]);
  expect(await publicOrder(['Alpha', 'Beta', 'Gamma'])).toEqual(['Beta', 'Gamma', 'Alpha']);
});

test('a failed reorder says so and reloads the stored order; the table fits a phone', async ({ page }) => {
  for (const [i, name] of ['Eins', 'Zwei'].entries()) makeTeam(site.db(), { name, display_order: i });
  await page.goto(`${site.url}/admin#mannschaften`);
  await expect(tableNames(page)).toHaveText(['Eins', 'Zwei']);
  // another admin deletes 'Zwei' meanwhile: the order sent names a team that is gone
  site.db().delete(teams).where(eq(teams.name, 'Zwei')).run();
  await row(page, 'Zwei').getByRole('button', { name: /Reihenfolge ändern/ }).focus();
  await page.keyboard.press('ArrowUp');
  await expect(toaster(page).getByText('Fehler beim Aktualisieren der Reihenfolge')).toBeVisible();
  await expect(tableNames(page)).toHaveText(['Eins']);
  expect(storedOrder()).toEqual([{ name: 'Eins', display_order: 0 }]);

  await page.setViewportSize({ width: 375, height: 740 });
  await expect(row(page, 'Eins').getByRole('button', { name: 'Bearbeiten' })).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
});
