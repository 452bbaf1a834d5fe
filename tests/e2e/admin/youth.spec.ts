import { asc, eq } from 'drizzle-orm';
import { expect, test, type Page } from '@playwright/test';
import { loginAs } from '../../fixtures/auth';
import { makeContact, makeYouthTeam } from '../../fixtures/factories';
import { startSite, type Site } from '../../fixtures/site';
import { youthTeams } from '../../../src/server/db/schema';
import { countAction, holdAction } from '../../fixtures/actions';
import { horizontalOverflow, publicHtml, toaster } from './content-helpers';

// The youth teams manager (admin-area.md §2 Nachwuchs, §4, §5, §8) against the
// production server: every save republishes /nachwuchs.
let site: Site;
test.beforeAll(async () => {
  site = await startSite({
    seed: (db) => {
      makeContact(db, { name: 'Maria Jugendleiterin', role: 'Jugendleitung', phone: '+43 664 1234567', email: 'jugend@sv-kirchberg.at' });
    },
  });
});
test.afterAll(async () => {
  await site.stop();
});
test.beforeEach(async ({ context }) => {
  site.db().delete(youthTeams).run();
  await loginAs(context, site, 'admin');
});

const row = (page: Page, name: string) => page.locator('.youth-table tbody tr', { has: page.getByText(name, { exact: true }) });
const tableNames = (page: Page) => page.locator('.youth-table tbody .youth-name');
const storedOrder = () =>
  site.db().select({ name: youthTeams.name, display_order: youthTeams.display_order }).from(youthTeams).orderBy(asc(youthTeams.display_order)).all();

test('create with validation and a contact person, edit, deactivate and delete with confirmation', async ({ page }) => {
  await page.goto(`${site.url}/admin#nachwuchs`);
  const form = page.getByRole('form', { name: 'Neue Nachwuchsmannschaft' });

  await form.getByRole('button', { name: 'Nachwuchsmannschaft hinzufügen' }).click();
  await expect(toaster(page).getByText('Bitte geben Sie einen Namen ein')).toBeVisible();
  await expect(form.getByText('Bitte geben Sie einen Namen ein')).toBeVisible();
  expect(site.db().select().from(youthTeams).all()).toHaveLength(0);

  await form.getByLabel('Name *').fill('U12');
  await form.getByLabel('Altersgruppe').fill('10–12 Jahre');
  await form.getByLabel('Beschreibung').fill('Spaß am Spiel.\nZweite Zeile.');
  await form.getByLabel('Trainingszeiten').fill('Di und Do, 17:00–18:30');
  await form.getByLabel('Trainer').fill('Hans Huber');
  await form.getByLabel('Kontaktperson').selectOption({ label: 'Maria Jugendleiterin (Jugendleitung)' });
  // players: empty becomes 0
  await form.getByLabel('Spieleranzahl').fill('');
  const hold = await holdAction(page, 'admin.youthTeams.create');
  await form.getByRole('button', { name: 'Nachwuchsmannschaft hinzufügen' }).click();
  await expect(form.getByRole('button', { name: 'Speichert...' })).toBeDisabled();
  hold.release();
  await expect(toaster(page).getByText('Nachwuchsmannschaft erfolgreich hinzugefügt')).toBeVisible();
  await expect(toaster(page).getByText('Veröffentlicht', { exact: true })).toBeVisible();
  expect(site.db().select().from(youthTeams).get()).toMatchObject({ name: 'U12', players: 0, is_active: true, display_order: 0, coach: 'Hans Huber' });

  let html = await publicHtml(site, '/nachwuchs');
  expect(html).toContain('U12');
  expect(html).toContain('Maria Jugendleiterin');
  expect(html).toContain('href="tel:+436641234567"');
  await expect(row(page, 'U12').locator('td[data-label="Kontaktperson"]')).toHaveText('Maria Jugendleiterin');

  // edit: 14 players, then inactive: it leaves the public page
  await row(page, 'U12').getByRole('button', { name: 'Bearbeiten' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nachwuchsmannschaft bearbeiten' });
  await dialog.getByLabel('Spieleranzahl').fill('14');
  await dialog.getByLabel('Aktiv').uncheck();
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(toaster(page).getByText('Nachwuchsmannschaft erfolgreich aktualisiert')).toBeVisible();
  await expect(row(page, 'U12').getByText('Inaktiv')).toBeVisible();
  expect(site.db().select().from(youthTeams).get()).toMatchObject({ players: 14, is_active: false });
  html = await publicHtml(site, '/nachwuchs');
  expect(html).not.toContain('Hans Huber');

  const removals = countAction(page, 'admin.youthTeams.remove');
  // delete asks first
  const questions: string[] = [];
  page.once('dialog', (d) => {
    questions.push(d.message());
    void d.dismiss();
  });
  await row(page, 'U12').getByRole('button', { name: 'Löschen' }).click();
  await expect.poll(() => questions).toEqual(['Sind Sie sicher, dass Sie diese Nachwuchsmannschaft löschen möchten?']);
  expect(site.db().select().from(youthTeams).all()).toHaveLength(1);
  page.once('dialog', (d) => void d.accept());
  await row(page, 'U12').getByRole('button', { name: 'Löschen' }).click();
  await expect(toaster(page).getByText('Nachwuchsmannschaft erfolgreich gelöscht')).toBeVisible();
  // one removal: the dismissed question sent none
  expect(removals()).toBe(1);
  expect(site.db().select().from(youthTeams).all()).toHaveLength(0);
});

test('reordering by keyboard and by dragging rewrites display_order and republishes /nachwuchs', async ({ page }) => {
  for (const [i, name] of ['U8', 'U10', 'U12'].entries()) makeYouthTeam(site.db(), { name, display_order: i + 5, coach: `Coach ${name}` });
  await page.goto(`${site.url}/admin#nachwuchs`);
  await expect(tableNames(page)).toHaveText(['U8', 'U10', 'U12']);

  await row(page, 'U8').getByRole('button', { name: /Reihenfolge ändern: U8/ }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(tableNames(page)).toHaveText(['U10', 'U8', 'U12']);
  await expect(toaster(page).getByText('Reihenfolge erfolgreich aktualisiert')).toBeVisible();
  await expect.poll(storedOrder).toEqual([
    { name: 'U10', display_order: 0 },
    { name: 'U8', display_order: 1 },
    { name: 'U12', display_order: 2 },
  ]);

  await row(page, 'U12').getByRole('button', { name: /Reihenfolge ändern: U12/ }).dragTo(row(page, 'U10'));
  await expect(tableNames(page)).toHaveText(['U12', 'U10', 'U8']);
  await expect.poll(storedOrder).toEqual([
    { name: 'U12', display_order: 0 },
    { name: 'U10', display_order: 1 },
    { name: 'U8', display_order: 2 },
  ]);
  // the public page follows once the save has been published
  const publicOrder = async () => {
    const html = await publicHtml(site, '/nachwuchs');
    // a team the page does not show is left out (index -1 would sort it first)
    return ['U8', 'U10', 'U12'].filter((name) => html.includes(`Coach ${name}<`)).sort((a, b) => html.indexOf(`Coach ${a}<`) - html.indexOf(`Coach ${b}<`));
  };
  await expect.poll(publicOrder).toEqual(['U12', 'U10', 'U8']);
});

test('a failed reorder reloads the list; bad numbers get a German message; fits a phone', async ({ page }) => {
  const a = makeYouthTeam(site.db(), { name: 'U9', display_order: 0 });
  makeYouthTeam(site.db(), { name: 'U11', display_order: 1 });
  await page.goto(`${site.url}/admin#nachwuchs`);
  await expect(tableNames(page)).toHaveText(['U9', 'U11']);
  site.db().delete(youthTeams).where(eq(youthTeams.id, a.id)).run();
  await row(page, 'U11').getByRole('button', { name: /Reihenfolge ändern/ }).focus();
  await page.keyboard.press('ArrowUp');
  await expect(toaster(page).getByText('Fehler beim Aktualisieren der Reihenfolge')).toBeVisible();
  await expect(tableNames(page)).toHaveText(['U11']);

  // a number the browser lets through but that is no whole number
  const form = page.getByRole('form', { name: 'Neue Nachwuchsmannschaft' });
  await form.getByLabel('Name *').fill('U13');
  await form.getByLabel('Spieleranzahl').fill('1.5');
  await form.getByRole('button', { name: 'Nachwuchsmannschaft hinzufügen' }).click();
  await expect(form.getByText('Bitte eine ganze Zahl eingeben.')).toBeVisible();
  expect(site.db().select().from(youthTeams).where(eq(youthTeams.name, 'U13')).all()).toHaveLength(0);

  await page.setViewportSize({ width: 375, height: 740 });
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
});
