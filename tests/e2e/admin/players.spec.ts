import { eq } from 'drizzle-orm';
import { expect, test, type Page } from '@playwright/test';
import { loginAs } from '../../fixtures/auth';
import { makePlayer, makeTeam } from '../../fixtures/factories';
import { startSite, type Site } from '../../fixtures/site';
import { players, teams } from '../../../src/server/db/schema';
import { clickForAnswer, countAction, holdAction } from '../../fixtures/actions';
import { horizontalOverflow, publicHtml, toaster } from './content-helpers';

// The players manager (admin-area.md §2 Spieler, §5, §8, §9) against the
// production server: a player's save republishes its team's pages.
let site: Site;
let kmId: string;
let u16Id: string;
test.beforeAll(async () => {
  site = await startSite({
    seed: (db) => {
      kmId = makeTeam(db, { name: 'Kampfmannschaft', category: 'Herren', display_order: 0 }).id;
      u16Id = makeTeam(db, { name: 'U16', category: 'Jugend', display_order: 1 }).id;
    },
  });
});
test.afterAll(async () => {
  await site.stop();
});
test.beforeEach(async ({ context }) => {
  site.db().delete(players).run();
  await loginAs(context, site, 'admin');
});

const row = (page: Page, name: string) => page.locator('.players-table tbody tr', { has: page.getByText(name, { exact: true }) });

test('create with validation, edit (moving teams) and delete with confirmation; team pages follow', async ({ page }) => {
  await page.goto(`${site.url}/admin#spieler`);
  const form = page.getByRole('form', { name: 'Neuer Spieler' });

  // name, position and team are required
  await form.getByLabel('Name *').fill('Max Mustermann');
  await form.getByRole('button', { name: 'Spieler hinzufügen' }).click();
  await expect(toaster(page).getByText('Bitte füllen Sie alle Pflichtfelder aus')).toBeVisible();
  await expect(form.getByText('Bitte füllen Sie alle Pflichtfelder aus')).toHaveCount(2);
  expect(site.db().select().from(players).all()).toHaveLength(0);

  // the positions of §9, in order
  await expect(form.getByLabel('Position *').locator('option')).toHaveText([
    'Position wählen', 'Torwart', 'Verteidiger', 'Mittelfeld', 'Stürmer', 'Spieler', 'Trainer', 'Co-Trainer', 'TM-Trainer',
  ]);
  await form.getByLabel('Position *').selectOption('Stürmer');
  await form.getByLabel('Team *').selectOption({ label: 'Kampfmannschaft' });
  await form.getByLabel('Alter').fill('23');
  await form.getByLabel('Rückennummer').fill('9');
  const hold = await holdAction(page, 'admin.players.create');
  await form.getByRole('button', { name: 'Spieler hinzufügen' }).click();
  await expect(form.getByRole('button', { name: 'Speichert...' })).toBeDisabled();
  hold.release();
  await expect(toaster(page).getByText('Spieler erfolgreich hinzugefügt')).toBeVisible();
  await expect(toaster(page).getByText('Veröffentlicht', { exact: true })).toBeVisible();
  expect(site.db().select().from(players).get()).toMatchObject({ name: 'Max Mustermann', position: 'Stürmer', age: 23, jersey_number: 9, team_id: kmId, image_url: null });
  const km = await publicHtml(site, `/team/${kmId}`);
  expect(km).toContain('Max Mustermann');
  expect(km).toContain('23 Jahre');

  // age and jersey number may stay empty
  await form.getByLabel('Name *').fill('Trainer Toni');
  await form.getByLabel('Position *').selectOption('Trainer');
  // the first save's toast is marked, and when it goes is noted (its own 6 s, or a toast alike taking its place)
  const added = toaster(page).locator('.toast', { hasText: 'Spieler erfolgreich hinzugefügt' });
  await added.evaluate((first) => {
    first.dataset.first = '';
    const seen: { removed?: number; added?: number } = {};
    (window as unknown as { __toasts: typeof seen }).__toasts = seen;
    new MutationObserver((records) => {
      for (const record of records) {
        if ([...record.removedNodes].includes(first)) seen.removed = performance.now();
        if ([...record.addedNodes].some((node) => node instanceof HTMLElement && node.matches('.toast') && node.textContent?.includes('Spieler erfolgreich hinzugefügt'))) seen.added = performance.now();
      }
    }).observe(first.parentElement!, { childList: true });
  });
  await clickForAnswer(page, form.getByRole('button', { name: 'Spieler hinzufügen' }), 'admin.players.create');
  // one such toast, the second save's: the first made room for it (gone a moment before, not when its 6 s ran out)
  await expect(toaster(page).locator('.toast:not([data-first])', { hasText: 'Spieler erfolgreich hinzugefügt' })).toBeVisible();
  expect(await added.count()).toBe(1);
  const { removed, added: shownAt } = await page.evaluate(() => (window as unknown as { __toasts: { removed?: number; added?: number } }).__toasts);
  expect(removed).toBeDefined();
  expect(shownAt! - removed!).toBeGreaterThanOrEqual(0);
  expect(shownAt! - removed!).toBeLessThan(1_000);
  expect(site.db().select().from(players).where(eq(players.name, 'Trainer Toni')).get()).toMatchObject({ age: null, jersey_number: null, team_id: kmId });

  const maxRow = row(page, 'Max Mustermann');
  await expect(maxRow.locator('td')).toHaveText(['Max Mustermann', 'Stürmer', '23', '9', 'Kampfmannschaft', /Bearbeiten/]);

  // edit: move him to the U16; both team pages are republished
  await maxRow.getByRole('button', { name: 'Bearbeiten' }).click();
  const dialog = page.getByRole('dialog', { name: 'Spieler bearbeiten' });
  await dialog.getByLabel('Team *').selectOption({ label: 'U16' });
  await dialog.getByLabel('Alter').fill('');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(toaster(page).getByText('Spieler erfolgreich aktualisiert')).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(site.db().select().from(players).where(eq(players.name, 'Max Mustermann')).get()).toMatchObject({ team_id: u16Id, age: null });
  expect(await publicHtml(site, `/team/${kmId}`)).not.toContain('Max Mustermann');
  expect(await publicHtml(site, `/team/${u16Id}`)).toContain('Max Mustermann');

  const removals = countAction(page, 'admin.players.remove');
  // delete: the spec's question; cancel keeps him
  const questions: string[] = [];
  page.once('dialog', (d) => {
    questions.push(d.message());
    void d.dismiss();
  });
  await maxRow.getByRole('button', { name: 'Löschen' }).click();
  await expect.poll(() => questions).toEqual(['Sind Sie sicher, dass Sie diesen Spieler löschen möchten?']);
  expect(site.db().select().from(players).all()).toHaveLength(2);
  page.once('dialog', (d) => void d.accept());
  await maxRow.getByRole('button', { name: 'Löschen' }).click();
  await expect(toaster(page).getByText('Spieler erfolgreich gelöscht')).toBeVisible();
  // one removal: the dismissed question sent none
  expect(removals()).toBe(1);
  await expect(maxRow).toHaveCount(0);
  expect(await publicHtml(site, `/team/${u16Id}`)).toContain('Noch keine Spieler für dieses Team hinzugefügt.');
});

test('the search filters by name, position or team name and the title counts the matches', async ({ page }) => {
  const db = site.db();
  makePlayer(db, kmId, { name: 'Anna Abwehr', position: 'Verteidiger' });
  makePlayer(db, kmId, { name: 'Berta Tor', position: 'Torwart' });
  makePlayer(db, u16Id, { name: 'Carla Mitte', position: 'Mittelfeld' });
  await page.goto(`${site.url}/admin#spieler`);
  const heading = page.getByRole('heading', { name: /^Spieler \(\d+\)$/ });
  await expect(heading).toHaveText('Spieler (3)');
  const search = page.getByPlaceholder('Suche nach Name, Position oder Team');
  await search.fill('carla');
  await expect(heading).toHaveText('Spieler (1)');
  await expect(row(page, 'Carla Mitte')).toBeVisible();
  await search.fill('Torwart');
  await expect(heading).toHaveText('Spieler (1)');
  await expect(row(page, 'Berta Tor')).toBeVisible();
  await search.fill('kampfmann');
  await expect(heading).toHaveText('Spieler (2)');
  await search.fill('niemand');
  await expect(heading).toHaveText('Spieler (0)');
  await expect(page.getByText('Keine Spieler gefunden.')).toBeVisible();
});

test('a team deleted meanwhile gives a German message, not a server error; the table fits a phone', async ({ page }) => {
  const gone = makeTeam(site.db(), { name: 'Reserve', category: 'Herren' });
  await page.goto(`${site.url}/admin#spieler`);
  const form = page.getByRole('form', { name: 'Neuer Spieler' });
  await form.getByLabel('Name *').fill('Zu spät');
  await form.getByLabel('Position *').selectOption('Spieler');
  await form.getByLabel('Team *').selectOption({ label: 'Reserve' });
  site.db().delete(teams).where(eq(teams.id, gone.id)).run();
  await form.getByRole('button', { name: 'Spieler hinzufügen' }).click();
  await expect(toaster(page).getByText('Fehler beim Speichern des Spielers')).toBeVisible();
  await expect(toaster(page).getByText('Das gewählte Team existiert nicht mehr.')).toBeVisible();
  // what was typed stays
  await expect(form.getByLabel('Name *')).toHaveValue('Zu spät');

  makePlayer(site.db(), kmId, { name: 'Sehr langer Name '.repeat(20).trim() });
  await page.setViewportSize({ width: 375, height: 740 });
  await page.reload();
  await expect(page.locator('.players-table')).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
});
