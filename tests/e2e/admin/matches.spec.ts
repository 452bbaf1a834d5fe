import { eq } from 'drizzle-orm';
import { expect, test, type Page } from '@playwright/test';
import { loginAs } from '../../fixtures/auth';
import { makeMatch, makeTeam } from '../../fixtures/factories';
import { startSite, type Site } from '../../fixtures/site';
import { matches } from '../../../src/server/db/schema';
import { actionUrl, countAction, holdAction } from '../../fixtures/actions';
import { horizontalOverflow, publicHtml, toaster } from './content-helpers';

// The match schedule manager (admin-area.md §2 Spielplan, §4, §5, §8, §9)
// against the production server: saves republish /spielplan and the iCal feed.
let site: Site;
test.beforeAll(async () => {
  site = await startSite();
});
test.afterAll(async () => {
  await site.stop();
});
test.beforeEach(async ({ context }) => {
  site.db().delete(matches).run();
  await loginAs(context, site, 'admin');
});

const row = (page: Page, away: string) => page.locator('.matches-table tbody tr', { has: page.getByText(away, { exact: true }) });

test('create with validation, edit (sequence raised), delete with confirmation; /spielplan and the feed follow', async ({ page }) => {
  await page.goto(`${site.url}/admin#spielplan`);
  const form = page.getByRole('form', { name: 'Neues Spiel' });

  // home team, away team, date, competition and season are required
  await form.getByLabel('Heimteam *').fill('SV Kirchberg');
  await form.getByLabel('Saison *').fill('');
  await form.getByRole('button', { name: 'Spiel hinzufügen' }).click();
  await expect(toaster(page).getByText('Fehler', { exact: true })).toBeVisible();
  await expect(toaster(page).getByText('Bitte füllen Sie alle Pflichtfelder aus')).toBeVisible();
  await expect(form.getByText('Bitte füllen Sie alle Pflichtfelder aus')).toHaveCount(4);
  expect(site.db().select().from(matches).all()).toHaveLength(0);

  // the competitions and statuses of §9
  await expect(form.getByLabel('Wettbewerb *').locator('option')).toHaveText([
    'Wettbewerb wählen', 'Regionalliga', 'Oberliga', 'Landesliga', 'Unterliga', 'Bezirksliga', 'Gebietsliga', '1. Klasse', '2. Klasse', 'Jugendliga', 'ÖFB Cup', 'Freundschaftsspiel',
  ]);
  await expect(form.getByLabel('Status')).toHaveValue('scheduled');
  await expect(form.getByLabel('Status').locator('option')).toHaveText(['Geplant', 'Live', 'Beendet', 'Verschoben', 'Abgesagt']);

  await form.getByLabel('Auswärtsteam *').fill('ASK Unbekanntdorf');
  await form.getByLabel('Datum *').fill('2026-08-15');
  await form.getByLabel('Uhrzeit').fill('17:30');
  await form.getByLabel('Wettbewerb *').selectOption('Unterliga');
  await form.getByLabel('Saison *').fill('2026/27');
  const hold = await holdAction(page, 'admin.matches.create');
  await form.getByRole('button', { name: 'Spiel hinzufügen' }).click();
  await expect(form.getByRole('button', { name: 'Speichert...' })).toBeDisabled();
  hold.release();
  await expect(toaster(page).getByText('Erfolg', { exact: true })).toBeVisible();
  await expect(toaster(page).getByText('Spiel erfolgreich hinzugefügt')).toBeVisible();
  await expect(toaster(page).getByText('Veröffentlicht', { exact: true })).toBeVisible();
  const created = site.db().select().from(matches).get()!;
  // empty values are stored as null
  expect(created).toMatchObject({
    home_team: 'SV Kirchberg', away_team: 'ASK Unbekanntdorf', match_date: '2026-08-15', match_time: '17:30',
    location: null, matchday: null, home_score: null, away_score: null, notes: null,
    status: 'scheduled', match_type: 'league', competition: 'Unterliga', season: '2026/27', sequence: 0,
  });

  const matchRow = row(page, 'ASK Unbekanntdorf');
  await expect(matchRow.locator('td')).toHaveText(['15.08.2026', '17:30', 'SV Kirchberg', '-:-', 'ASK Unbekanntdorf', 'Unterliga', 'Geplant', /Bearbeiten/]);
  let html = await publicHtml(site, '/spielplan');
  expect(html).toContain('ASK Unbekanntdorf');
  expect(html).toContain('Samstag, 15. August 2026');
  const ics = await publicHtml(site, '/spielplan.ics');
  expect(ics).toContain('ASK Unbekanntdorf');

  // edit: a 2:0 win; the calendar SEQUENCE goes up
  await matchRow.getByRole('button', { name: 'Bearbeiten' }).click();
  const dialog = page.getByRole('dialog', { name: 'Spiel bearbeiten' });
  await dialog.getByLabel('Tore Heim').fill('2');
  await dialog.getByLabel('Tore Auswärts').fill('0');
  await dialog.getByLabel('Status').selectOption('finished');
  await dialog.getByLabel('Spielart').selectOption('cup');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(toaster(page).getByText('Spiel erfolgreich aktualisiert')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(matchRow.locator('td[data-label="Ergebnis"]')).toHaveText('2:0');
  await expect(matchRow.locator('td[data-label="Status"]')).toHaveText('Beendet');
  expect(site.db().select().from(matches).get()).toMatchObject({ home_score: 2, away_score: 0, status: 'finished', match_type: 'cup', sequence: 1 });
  html = await publicHtml(site, '/spielplan');
  expect(html).toContain('2:0');
  expect(html).toContain('Pokal');
  expect(await publicHtml(site, '/spielplan.ics')).toContain('SEQUENCE:1');

  // the away score of 0 shows as an empty field (the spec), but saving without touching it keeps the 0
  await matchRow.getByRole('button', { name: 'Bearbeiten' }).click();
  await expect(dialog.getByLabel('Tore Auswärts')).toHaveValue('');
  await expect(dialog.getByLabel('Tore Auswärts')).toHaveAttribute('placeholder', '0');
  await dialog.getByLabel('Notizen').fill('Heimsieg im Cup');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => site.db().select().from(matches).get()?.notes).toBe('Heimsieg im Cup');
  expect(site.db().select().from(matches).get()).toMatchObject({ home_score: 2, away_score: 0, sequence: 2 });
  // clearing it on purpose removes the score
  await matchRow.getByRole('button', { name: 'Bearbeiten' }).click();
  await dialog.getByLabel('Tore Auswärts').fill('1');
  await dialog.getByLabel('Tore Auswärts').fill('');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(matchRow.locator('td[data-label="Ergebnis"]')).toHaveText('-:-');
  expect(site.db().select().from(matches).get()).toMatchObject({ home_score: 2, away_score: null });

  const removals = countAction(page, 'admin.matches.remove');
  // delete asks first
  const questions: string[] = [];
  page.once('dialog', (d) => {
    questions.push(d.message());
    void d.dismiss();
  });
  await matchRow.getByRole('button', { name: 'Löschen' }).click();
  await expect.poll(() => questions).toEqual(['Sind Sie sicher, dass Sie dieses Spiel löschen möchten?']);
  expect(site.db().select().from(matches).all()).toHaveLength(1);
  page.once('dialog', (d) => void d.accept());
  await matchRow.getByRole('button', { name: 'Löschen' }).click();
  await expect(toaster(page).getByText('Spiel erfolgreich gelöscht')).toBeVisible();
  // one removal: the dismissed question sent none
  expect(removals()).toBe(1);
  expect(site.db().select().from(matches).all()).toHaveLength(0);
  expect(await publicHtml(site, '/spielplan')).not.toContain('ASK Unbekanntdorf');
});

test('an unknown status shows as scheduled; impossible dates are refused in German; fits a phone', async ({ page }) => {
  makeMatch(site.db(), { away_team: 'FC Alt', status: 'abandoned', match_date: '2026-05-01', home_score: 0, away_score: 0 });
  await page.goto(`${site.url}/admin#spielplan`);
  const old = row(page, 'FC Alt');
  await expect(old.locator('td[data-label="Status"]')).toHaveText('Geplant');
  // a real 0:0 shows as such in the table
  await expect(old.locator('td[data-label="Ergebnis"]')).toHaveText('0:0');

  // the date field is a date picker; an API caller could still send nonsense
  const response = await page.request.post(`${site.url}/_actions/admin.matches.create`, {
    headers: { origin: site.url, 'content-type': 'application/json' },
    data: { home_team: 'A', away_team: 'B', match_date: '2026-02-30', competition: 'Unterliga', season: '2026/27' },
  });
  expect(response.status()).toBe(400);
  expect(await response.text()).toContain('Bitte ein gültiges Datum angeben.');
  expect(site.db().select().from(matches).where(eq(matches.home_team, 'A')).all()).toHaveLength(0);

  await page.setViewportSize({ width: 375, height: 740 });
  await expect(old.getByRole('button', { name: 'Bearbeiten' })).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
});

test("a new match's season follows its date until the admin types one: next season's fixtures entered in June are next season's", async ({ page }) => {
  await page.goto(`${site.url}/admin#spielplan`);
  const form = page.getByRole('form', { name: 'Neues Spiel' });
  const season = form.getByLabel('Saison *');
  await form.getByLabel('Datum *').fill('2027-08-14');
  await expect(season).toHaveValue('2027/28');
  await form.getByLabel('Datum *').fill('2027-06-05');
  await expect(season).toHaveValue('2026/27');
  // a season typed in stays, whatever the date
  await season.fill('Frühjahr 2027');
  await form.getByLabel('Datum *').fill('2027-08-14');
  await expect(season).toHaveValue('Frühjahr 2027');
  await form.getByLabel('Heimteam *').fill('SV Kirchberg');
  await form.getByLabel('Auswärtsteam *').fill('FC Saisonwechsel');
  await form.getByLabel('Wettbewerb *').selectOption('Unterliga');
  await form.getByLabel('Saison *').fill('');
  await form.getByLabel('Datum *').fill('2027-07-03');
  await expect(season).toHaveValue('');
  await season.fill('2027/28');
  await form.getByRole('button', { name: 'Spiel hinzufügen' }).click();
  await expect(toaster(page).getByText('Spiel erfolgreich hinzugefügt')).toBeVisible();
  expect(site.db().select().from(matches).where(eq(matches.away_team, 'FC Saisonwechsel')).get()).toMatchObject({ match_date: '2027-07-03', season: '2027/28' });
});

test("a big club's schedule: every match counted, the table's rows in steps of 100, the next by the row across's button", async ({ page }) => {
  // a browser without IntersectionObserver: the button is the only way on (scrolling brings the rows elsewhere)
  await page.addInitScript(() => {
    delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
  });
  const db = site.db();
  for (let i = 0; i < 130; i++) makeMatch(db, { away_team: `Gegner Nr. ${i}`, match_date: new Date(Date.UTC(2024, 0, 1 + i)).toISOString().slice(0, 10) });
  await page.goto(`${site.url}/admin#spielplan`);
  await expect(page.getByRole('heading', { name: /\(130\)$/ })).toBeVisible();
  const rows = page.locator('.matches-table tbody tr[data-row-id]');
  await expect(rows).toHaveCount(100);
  const more = page.locator('.matches-table tbody tr.admin-more').getByRole('button', { name: 'Weitere 30 anzeigen (noch 30)' });
  await more.click();
  await expect(rows).toHaveCount(130);
  await expect(page.locator('.matches-table tbody tr.admin-more')).toHaveCount(0);
});

test("'Details' of one match, closed before it came, then of another: the other's report shows, is saved there, and the late answer changes nothing", async ({ page }) => {
  const slow = makeMatch(site.db(), { away_team: 'FC Langsam', report: 'Bericht Langsam', status: 'finished' });
  const last = makeMatch(site.db(), { away_team: 'FC Zuletzt', report: 'Bericht Zuletzt', status: 'finished' });
  // the first match's details are held back until the second one's dialog is open
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let heldAnswer: Promise<unknown> | undefined;
  // eslint-disable-next-line no-restricted-syntax -- before the first goto
  await page.route(actionUrl('admin.matchDetails.get'), async (route) => {
    if (!(route.request().postData() ?? '').includes(slow.id)) return route.continue();
    await held;
    heldAnswer = page.waitForResponse((response) => response.request() === route.request());
    await route.continue();
  });
  await page.goto(`${site.url}/admin#spielplan`);
  await row(page, 'FC Langsam').getByRole('button', { name: 'Details' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Lädt...')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await row(page, 'FC Zuletzt').getByRole('button', { name: 'Details' }).click();
  const report = page.getByRole('form', { name: 'Spielbericht' }).getByRole('textbox', { name: 'Spielbericht', exact: true });
  await expect(report).toHaveValue('Bericht Zuletzt');

  release();
  await expect.poll(() => heldAnswer !== undefined).toBe(true);
  await heldAnswer;
  // the page has handled the late answer (its JSON read, React rendered): the dialog is the second match's still
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))));
  await expect(dialog).toContainText('FC Zuletzt');
  await expect(report).toHaveValue('Bericht Zuletzt');
  await report.fill('Bericht Zuletzt, ergänzt.');
  await page.getByRole('form', { name: 'Spielbericht' }).getByRole('button', { name: 'Bericht speichern' }).click();
  const reportOf = (id: string) => site.db().select({ report: matches.report }).from(matches).where(eq(matches.id, id)).get()?.report;
  await expect.poll(() => reportOf(last.id)).toBe('Bericht Zuletzt, ergänzt.');
  expect(reportOf(slow.id)).toBe('Bericht Langsam');
});

test("a new match names our team and side: the team page lists it at once, and the next match keeps the choice", async ({ page }) => {
  const team = makeTeam(site.db(), { name: 'Reserve' });
  await page.goto(`${site.url}/admin#spielplan`);
  const form = page.getByRole('form', { name: 'Neues Spiel' });
  await form.getByLabel('Heimteam *').fill('FC Gleisdorf');
  await form.getByLabel('Auswärtsteam *').fill('SV Kirchberg');
  await form.getByLabel('Datum *').fill('2027-03-20');
  await form.getByLabel('Wettbewerb *').selectOption('Unterliga');
  // the side is asked once a team is chosen
  await expect(form.getByLabel('Wir spielen')).toHaveCount(0);
  await form.getByLabel('Unsere Mannschaft').selectOption({ label: 'Reserve' });
  await form.getByLabel('Wir spielen').selectOption({ label: 'Auswärts' });
  await form.getByRole('button', { name: 'Spiel hinzufügen' }).click();
  await expect(toaster(page).getByText('Spiel erfolgreich hinzugefügt')).toBeVisible();
  expect(site.db().select().from(matches).where(eq(matches.home_team, 'FC Gleisdorf')).get()).toMatchObject({ team_id: team.id, team_side: 'away' });
  await expect.poll(() => publicHtml(site, `/team/${team.id}`)).toContain('FC Gleisdorf');
  // the form starts over with the same team and side: the next fixture is most likely the same team's
  await expect(form.getByLabel('Heimteam *')).toHaveValue('');
  await expect(form.getByLabel('Unsere Mannschaft')).toHaveValue(team.id);
  await expect(form.getByLabel('Wir spielen')).toHaveValue('away');
  // home and away take turns: our name typed as the home team picks 'Heim' (kept, it made the opponent us)
  await form.getByLabel('Heimteam *').fill('sv kirchberg');
  await form.getByLabel('Auswärtsteam *').fill('FC Weiz');
  await expect(form.getByLabel('Wir spielen')).toHaveValue('home');
  // a side the admin chose stays whatever is typed after
  await form.getByLabel('Wir spielen').selectOption({ label: 'Auswärts' });
  await form.getByLabel('Heimteam *').fill('SV Kirchberg');
  await expect(form.getByLabel('Wir spielen')).toHaveValue('away');
});
