import { eq } from 'drizzle-orm';
import { expect, test, type Page } from '@playwright/test';
import { loginAs } from '../../fixtures/auth';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Db } from '../../../src/server/db/client';
import { leagueResults, leagues, matches } from '../../../src/server/db/schema';
import { seedDemoClub } from '../../../src/server/services/demo-data';
import { horizontalOverflow, publicHtml, toaster } from '../admin/content-helpers';
import { useSite } from '../public/helpers';

// Importing fixtures and results (issue 14, item 7) in the admin's 'Spielplan': a CSV through the
// column mapping, the review before anything is written, 'Übernehmen'; the same file again changes
// nothing; an iCalendar file works the same way.
const demo = (db: Db) => {
  seedDemoClub(db, new Date('2026-10-14T10:00:00.000Z'));
};

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

/** How long 'Übernehmen' may take to answer: it answers once the import's pages are published. */
const PUBLISHED_WITHIN = 30_000;

const panel = (page: Page) => page.getByRole('region', { name: 'Spiele importieren' });

async function readFile(page: Page, name: string, text: string | Buffer, mimeType: string) {
  await panel(page).locator('input[type="file"]').setInputFiles({ name, mimeType, buffer: Buffer.isBuffer(text) ? text : Buffer.from(text) });
  await panel(page).getByRole('button', { name: 'Einlesen' }).click();
}

test.describe('files', () => {
  const site = useSite(demo);

  test('CSV with column mapping, review, Übernehmen; the same file again changes nothing; an iCalendar file', async ({ page, context }) => {
    await loginAs(context, site(), 'admin');
    await page.goto(`${site().url}/admin#spielplan`);
    const before = site().db().select().from(matches).all().length;

    // the columns are guessed from the German header; the place column has a name no portal uses: mapped by hand
    await readFile(page, 'spielplan.csv', CSV, 'text/csv');
    // the new step has the focus, by its name (the form that had it is gone)
    await expect(panel(page).getByRole('form', { name: 'Spalten zuordnen' })).toBeFocused();
    const mapping = panel(page).getByRole('group', { name: 'Spalten zuordnen' });
    await expect(mapping.getByRole('combobox', { name: 'Datum', exact: true })).toHaveValue('1');
    await expect(mapping.getByRole('combobox', { name: 'Heimteam', exact: true })).toHaveValue('3');
    await expect(mapping.getByRole('combobox', { name: 'Spiel-ID der Quelle', exact: true })).toHaveValue('0');
    await expect(mapping.getByRole('combobox', { name: 'Spielort', exact: true })).toHaveValue('');
    await expect(panel(page).getByRole('table', { name: 'Vorschau' })).toContainText('ASK Importdorf');
    // on a phone the mapping and the preview stay inside the screen (the preview table scrolls in its own box)
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await horizontalOverflow(page)).toBe(0);
  await page.setViewportSize({ width: 1280, height: 800 });
  await mapping.getByRole('combobox', { name: 'Spielort', exact: true }).selectOption({ label: 'Austragungsort' });
    await panel(page).getByLabel('Wettbewerb (wenn die Quelle keinen nennt)').fill('Importcup');
    // no season chosen for the admin: left empty, each match takes its date's
    await expect(panel(page).getByLabel('Saison (wenn die Quelle keine nennt)')).toHaveValue('');
    await expect(panel(page).getByLabel('Saison (wenn die Quelle keine nennt)')).toHaveAttribute('placeholder', 'leer: nach dem Datum jedes Spiels (Juli bis Juni)');
    await panel(page).getByLabel('Saison (wenn die Quelle keine nennt)').fill('2026/27');
    await panel(page).getByRole('combobox', { name: 'Mannschaft (für den Kalender der Mannschaft)' }).selectOption({ label: 'Kampfmannschaft' });
    await panel(page).getByRole('button', { name: 'Prüfen' }).click();

    // the review, before anything is written
    await expect(panel(page).getByRole('status')).toHaveText('3 neu, 0 geändert, 0 unverändert');
    await expect(panel(page).locator('[data-import-step]')).toBeFocused();
    await expect(panel(page).getByRole('region', { name: 'Neue Spiele (3)' })).toContainText('07.03.2027 15:00 · SV Kirchberg an der Raab – ASK Importdorf 2:1');
    await expect(panel(page).getByRole('region', { name: 'Übersprungen (1)' })).toContainText('TuS Weitweg – SC Anderswo 0:0 · Importcup 2026/27 – nicht unser Verein – übersprungen');
    expect(site().db().select().from(matches).all()).toHaveLength(before);

    await panel(page).getByRole('button', { name: 'Übernehmen' }).click();
    // the answer comes after the publish of every fixtures page and calendar the import reaches (PUBLISHED_WITHIN):
    // alone the whole test takes 8-11 s; under the whole suite's load this one step once took more than the default 10 s
    await expect(toaster(page).getByText('Import übernommen: 3 neu, 0 geändert, 0 Ergebnisse anderer Mannschaften.')).toBeVisible({ timeout: PUBLISHED_WITHIN });
    await expect(toaster(page).getByText('Veröffentlicht', { exact: true })).toBeVisible();
    const imported = site().db().select().from(matches).where(eq(matches.competition, 'Importcup')).all();
    expect(imported.map((m) => [m.external_key, m.match_date, m.match_time, m.away_team, m.home_score, m.away_score, m.status, m.location, m.team_id]).sort()).toEqual([
      ['id:T-1', '2027-03-07', '15:00', 'ASK Importdorf', 2, 1, 'finished', 'Kunstrasen Kirchberg', 'demo-team-kampf'],
      ['id:T-2', '2027-03-14', '16:30', 'SV Kirchberg an der Raab', null, null, 'scheduled', 'Fremdenau', 'demo-team-kampf'],
      ['id:T-3', '2027-03-21', '15:00', 'USV Neuimport', null, null, 'scheduled', null, 'demo-team-kampf'],
    ]);
    // on the public fixtures list and in the team's calendar
    const visitor = await context.browser()!.newPage();
    await visitor.goto(`${site().url}/spielplan`);
    await expect(visitor.getByRole('heading', { name: 'SV Kirchberg an der Raab gegen ASK Importdorf 2:1' })).toBeVisible();
    await expect(visitor.getByRole('heading', { name: /^FC Fremdenau gegen SV Kirchberg an der Raab/ })).toBeVisible();
    await expect(visitor.getByRole('heading', { name: /^SV Kirchberg an der Raab gegen USV Neuimport/ })).toBeVisible();
    await expect(visitor.getByText('TuS Weitweg')).toHaveCount(0);
    await visitor.close();
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
    await expect(toaster(page).getByText('Import übernommen: 2 neu, 0 geändert, 0 Ergebnisse anderer Mannschaften.')).toBeVisible({ timeout: PUBLISHED_WITHIN });
    const fromIcal = site().db().select().from(matches).where(eq(matches.competition, 'Kalenderliga')).all();
    expect(fromIcal.map((m) => [m.external_key, m.match_date, m.match_time, m.status]).sort()).toEqual([
      ['id:ical-1@liga.example', '2027-04-04', '15:00', 'scheduled'],
      ['id:ical-2@liga.example', '2027-04-11', '15:00', 'cancelled'],
    ]);
    expect(await publicHtml(site(), '/spielplan')).toContain('SC Kalenderstadt');
  });

  test("a CSV saved by German Excel (Windows-1252): the 'Anstoß' column is found and the umlauts stay", async ({ page, context }) => {
    await loginAs(context, site(), 'admin');
    await page.goto(`${site().url}/admin#spielplan`);
    const excel = Buffer.from(
      ['Nr;Datum;Anstoß;Heim;Gast;Ergebnis', 'W-1;09.05.2027;17:30;SV Kirchberg an der Raab;SV Möllersdorf Süd;;'].join('\r\n'),
      'latin1',
    );
    await readFile(page, 'spielplan-excel.csv', excel, 'text/csv');
    const mapping = panel(page).getByRole('group', { name: 'Spalten zuordnen' });
    await expect(mapping.getByRole('combobox', { name: 'Uhrzeit', exact: true })).toHaveValue('2');
    await expect(mapping.getByRole('combobox', { name: 'Uhrzeit', exact: true }).locator('option:checked')).toHaveText('Anstoß');
    await expect(panel(page).getByRole('table', { name: 'Vorschau' })).toContainText('SV Möllersdorf Süd');
    await panel(page).getByLabel('Wettbewerb (wenn die Quelle keinen nennt)').fill('Excelcup');
    await panel(page).getByRole('button', { name: 'Prüfen' }).click();
    await expect(panel(page).getByRole('region', { name: 'Neue Spiele (1)' })).toContainText('09.05.2027 17:30 · SV Kirchberg an der Raab – SV Möllersdorf Süd');
    await panel(page).getByRole('button', { name: 'Übernehmen' }).click();
    await expect(toaster(page).getByText('Import übernommen: 1 neu, 0 geändert, 0 Ergebnisse anderer Mannschaften.')).toBeVisible({ timeout: PUBLISHED_WITHIN });
    expect(site().db().select().from(matches).where(eq(matches.competition, 'Excelcup')).all().map((m) => [m.away_team, m.match_time])).toEqual([['SV Möllersdorf Süd', '17:30']]);
  });
});

test.describe('a calendar address', () => {
  // IMPORT_ALLOW_LOOPBACK=1 lets the server fetch from this test's own loopback server (test-only, decision 029)
  const site = useSite(demo, { IMPORT_ALLOW_LOOPBACK: '1' });
  let portal: http.Server;
  let portalUrl = '';
  test.beforeAll(async () => {
    const ics = [
      'BEGIN:VCALENDAR', 'VERSION:2.0',
      'BEGIN:VEVENT', 'UID:url-1@portal', 'DTSTART:20270502T130000Z', 'SUMMARY:SV Kirchberg an der Raab - SC Portalstadt', 'END:VEVENT',
      'BEGIN:VEVENT', 'UID:url-2@portal', 'DTSTART:20270502T150000Z', 'SUMMARY:FC Ligaeins - SV Ligazwei 3:2', 'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    portal = http.createServer((req, res) => {
      if (req.url === '/seite.html') return res.writeHead(200, { 'content-type': 'text/html' }).end('<p>kein Kalender</p>');
      res.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' }).end(ics);
    });
    await new Promise<void>((resolve) => portal.listen(0, '127.0.0.1', resolve));
    portalUrl = `http://127.0.0.1:${(portal.address() as AddressInfo).port}`;
  });
  test.afterAll(() => new Promise<void>((resolve) => portal.close(() => resolve())));

  test('is fetched by the server; refused inward addresses and wrong content say why; other clubs go into the league', async ({ page, context }) => {
    const league = site().db().select().from(leagues).get()!;
    await loginAs(context, site(), 'admin');
    await page.goto(`${site().url}/admin#spielplan`);
    const url = panel(page).getByLabel('oder Kalender-Adresse (https://…)');

    for (const [address, message] of [
      ['http://10.0.0.8/liga.ics', 'Diese Adresse zeigt ins interne Netz und wird nicht abgerufen.'],
      ['ftp://example.org/liga.ics', 'Nur Adressen mit http:// oder https:// können abgerufen werden.'],
      [`${portalUrl}/seite.html`, 'Die Adresse lieferte keinen Kalender (Inhaltstyp „text/html“, erwartet text/calendar oder text/plain).'],
    ]) {
      await url.fill(address);
      await panel(page).getByRole('button', { name: 'Einlesen' }).click();
      await expect(toaster(page).getByText(message)).toBeVisible();
    }

    await url.fill(`${portalUrl}/liga.ics`);
    await panel(page).getByRole('button', { name: 'Einlesen' }).click();
    await expect(panel(page).getByText('2 Termine im Kalender.')).toBeVisible();
    await panel(page).getByLabel('Wettbewerb (wenn die Quelle keinen nennt)').fill(league.competition);
    await panel(page).getByLabel('Saison (wenn die Quelle keine nennt)').fill(league.season);
    await panel(page).getByRole('button', { name: 'Prüfen' }).click();
    await expect(panel(page).getByRole('status')).toHaveText('1 neu, 0 geändert, 0 unverändert');
    await expect(panel(page).getByRole('region', { name: 'Ergebnisse anderer Mannschaften (Tabelle) (1)' })).toContainText('FC Ligaeins – SV Ligazwei 3:2');
    await panel(page).getByRole('button', { name: 'Übernehmen' }).click();
    await expect(toaster(page).getByText('Import übernommen: 1 neu, 0 geändert, 1 Ergebnis anderer Mannschaften.')).toBeVisible();
    expect(site().db().select().from(matches).where(eq(matches.external_key, 'id:url-1@portal')).get()).toMatchObject({ away_team: 'SC Portalstadt', match_time: '15:00' });
    expect(site().db().select().from(leagueResults).where(eq(leagueResults.external_key, 'id:url-2@portal')).get()).toMatchObject({ league_id: league.id, home_score: 3, away_score: 2 });
  });
});
