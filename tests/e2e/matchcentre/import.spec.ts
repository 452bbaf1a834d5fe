import { eq } from 'drizzle-orm';
import { expect, test, type Page } from '@playwright/test';
import { loginAs } from '../../fixtures/auth';
import { matches } from '../../../src/server/db/schema';
import { seedDemoClub } from '../../../src/server/services/demo-data';
import { publicHtml, toaster } from '../admin/content-helpers';
import { useSite } from '../public/helpers';

// Importing fixtures and results (issue 14, item 7) in the admin's 'Spielplan': a CSV through the
// column mapping, the review before anything is written, 'Übernehmen'; the same file again changes
// nothing; an iCalendar file works the same way.
const site = useSite((db) => {
  seedDemoClub(db, new Date('2026-10-14T10:00:00.000Z'));
});

const CSV = [
  'Nr;Datum;Anstoß;Heim;Gast;Ergebnis;Austragungsort',
  'T-1;07.03.2027;15:00;SV Kirchberg an der Raab;ASK Importdorf;2:1;Kunstrasen Kirchberg',
  'T-2;14.03.2027;16:30;FC Fremdenau;SV Kirchberg an der Raab;;Fremdenau',
  'T-3;21.3.27;15:00;SV Kirchberg an der Raab;USV Neuimport;;',
  'T-4;21.03.2027;17:00;TuS Weitweg;SC Anderswo;0:0;',
].join('\n');
const ICS = [
  'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Liga//DE',
  'BEGIN:VEVENT', 'UID:ical-1@liga.example', 'DTSTAMP:20261001T000000Z', 'DTSTART:20270404T130000Z', 'SUMMARY:SV Kirchberg an der Raab - SC Kalenderstadt', 'LOCATION:Sportplatz Kirchberg', 'END:VEVENT',
  'BEGIN:VEVENT', 'UID:ical-2@liga.example', 'DTSTAMP:20261001T000000Z', 'DTSTART:20270411T130000Z', 'SUMMARY:USV Icalhausen - SV Kirchberg an der Raab', 'STATUS:CANCELLED', 'END:VEVENT',
  'END:VCALENDAR',
].join('\r\n');

const panel = (page: Page) => page.getByRole('region', { name: 'Spiele importieren' });

async function readFile(page: Page, name: string, text: string, mimeType: string) {
  await panel(page).locator('input[type="file"]').setInputFiles({ name, mimeType, buffer: Buffer.from(text) });
  await panel(page).getByRole('button', { name: 'Einlesen' }).click();
}

test('CSV with column mapping, review, Übernehmen; the same file again changes nothing; an iCalendar file', async ({ page, context }) => {
  await loginAs(context, site(), 'admin');
  await page.goto(`${site().url}/admin#spielplan`);
  const before = site().db().select().from(matches).all().length;

  // the columns are guessed from the German header; the place column has a name no portal uses: mapped by hand
  await readFile(page, 'spielplan.csv', CSV, 'text/csv');
  const mapping = panel(page).getByRole('group', { name: 'Spalten zuordnen' });
  await expect(mapping.getByRole('combobox', { name: 'Datum', exact: true })).toHaveValue('1');
  await expect(mapping.getByRole('combobox', { name: 'Heimteam', exact: true })).toHaveValue('3');
  await expect(mapping.getByRole('combobox', { name: 'Spiel-ID der Quelle', exact: true })).toHaveValue('0');
  await expect(mapping.getByRole('combobox', { name: 'Spielort', exact: true })).toHaveValue('');
  await expect(panel(page).getByRole('table', { name: 'Vorschau' })).toContainText('ASK Importdorf');
  await mapping.getByRole('combobox', { name: 'Spielort', exact: true }).selectOption({ label: 'Austragungsort' });
  await panel(page).getByLabel('Wettbewerb (wenn die Quelle keinen nennt)').fill('Importcup');
  await panel(page).getByLabel('Saison (wenn die Quelle keine nennt)').fill('2026/27');
  await panel(page).getByRole('combobox', { name: 'Mannschaft (für den Kalender der Mannschaft)' }).selectOption({ label: 'Kampfmannschaft' });
  await panel(page).getByRole('button', { name: 'Prüfen' }).click();

  // the review, before anything is written
  await expect(panel(page).getByRole('status')).toHaveText('3 neu, 0 geändert, 0 unverändert');
  await expect(panel(page).getByRole('region', { name: 'Neue Spiele (3)' })).toContainText('07.03.2027 15:00 · SV Kirchberg an der Raab – ASK Importdorf 2:1');
  await expect(panel(page).getByRole('region', { name: 'Übersprungen (1)' })).toContainText('TuS Weitweg – SC Anderswo 0:0 · Importcup 2026/27 – nicht unser Verein – übersprungen');
  expect(site().db().select().from(matches).all()).toHaveLength(before);

  await panel(page).getByRole('button', { name: 'Übernehmen' }).click();
  await expect(toaster(page).getByText('Import übernommen: 3 neu, 0 geändert, 0 Ergebnisse anderer Mannschaften.')).toBeVisible();
  await expect(toaster(page).getByText('Veröffentlicht', { exact: true })).toBeVisible();
  const imported = site().db().select().from(matches).where(eq(matches.competition, 'Importcup')).all();
  expect(imported.map((m) => [m.external_key, m.match_date, m.match_time, m.away_team, m.home_score, m.away_score, m.status, m.location, m.team_id]).sort()).toEqual([
    ['id:T-1', '2027-03-07', '15:00', 'ASK Importdorf', 2, 1, 'finished', 'Kunstrasen Kirchberg', 'demo-team-kampf'],
    ['id:T-2', '2027-03-14', '16:30', 'SV Kirchberg an der Raab', null, null, 'scheduled', 'Fremdenau', 'demo-team-kampf'],
    ['id:T-3', '2027-03-21', '15:00', 'USV Neuimport', null, null, 'scheduled', null, 'demo-team-kampf'],
  ]);
  // on the public fixtures list and in the team's calendar
  const fixtures = await publicHtml(site(), '/spielplan');
  for (const name of ['ASK Importdorf', 'FC Fremdenau', 'USV Neuimport']) expect(fixtures).toContain(name);
  expect(fixtures).not.toContain('TuS Weitweg');
  expect(await publicHtml(site(), '/mannschaften/demo-team-kampf/spielplan.ics')).toContain('ASK Importdorf (2:1)');

  // the same file again: nothing new, nothing changed, nothing to take over
  await readFile(page, 'spielplan.csv', CSV, 'text/csv');
  await panel(page).getByRole('group', { name: 'Spalten zuordnen' }).getByRole('combobox', { name: 'Spielort', exact: true }).selectOption({ label: 'Austragungsort' });
  await panel(page).getByRole('button', { name: 'Prüfen' }).click();
  await expect(panel(page).getByRole('status')).toHaveText('0 neu, 0 geändert, 3 unverändert');
  await expect(panel(page).getByText('Nichts zu übernehmen: alle Spiele sind schon so gespeichert.')).toBeVisible();
  await expect(panel(page).getByRole('button', { name: 'Übernehmen' })).toBeDisabled();
  await panel(page).getByRole('button', { name: 'Abbrechen' }).click();
  expect(site().db().select().from(matches).where(eq(matches.competition, 'Importcup')).all().map((m) => m.sequence)).toEqual([0, 0, 0]);

  // an iCalendar file: read, reviewed, taken over; the cancelled match stays cancelled
  await readFile(page, 'liga.ics', ICS, 'text/calendar');
  await expect(panel(page).getByText('2 Termine im Kalender.')).toBeVisible();
  await panel(page).getByLabel('Wettbewerb (wenn die Quelle keinen nennt)').fill('Kalenderliga');
  await panel(page).getByRole('button', { name: 'Prüfen' }).click();
  await expect(panel(page).getByRole('status')).toHaveText('2 neu, 0 geändert, 0 unverändert');
  await expect(panel(page).getByRole('region', { name: 'Neue Spiele (2)' })).toContainText('11.04.2027 15:00 · USV Icalhausen – SV Kirchberg an der Raab · Abgesagt');
  await panel(page).getByRole('button', { name: 'Übernehmen' }).click();
  await expect(toaster(page).getByText('Import übernommen: 2 neu, 0 geändert, 0 Ergebnisse anderer Mannschaften.')).toBeVisible();
  const fromIcal = site().db().select().from(matches).where(eq(matches.competition, 'Kalenderliga')).all();
  expect(fromIcal.map((m) => [m.external_key, m.match_date, m.match_time, m.status]).sort()).toEqual([
    ['id:ical-1@liga.example', '2027-04-04', '15:00', 'scheduled'],
    ['id:ical-2@liga.example', '2027-04-11', '15:00', 'cancelled'],
  ]);
  expect(await publicHtml(site(), '/spielplan')).toContain('SC Kalenderstadt');
});
