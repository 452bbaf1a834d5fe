import { axeScan } from '../../fixtures/axe';
import { expect, test } from '@playwright/test';
import { loginAs } from '../../fixtures/auth';
import { makeMatch, makePlayer, makeTeam, setHomepageSection } from '../../fixtures/factories';
import { addDays, viennaDate } from '../../../src/lib/dates-de';
import { eq } from 'drizzle-orm';
import { matchEvents, matchLineups, matches, teams } from '../../../src/server/db/schema';
import { clickForAnswer, holdAction } from '../../fixtures/actions';
import { expectNoInjectedScript, jsonLdOf, useSite, withCookieChoice } from '../public/helpers';

// The public match page (issue 14): score, goals by minute, cards, substitutions,
// line-ups, report, place with a map link, JSON-LD with the result, its own share
// image; linked from /spielplan and the home page's last result.
let matchId = '';
let protectedId = '';
let plainId = '';
const site = useSite((db) => {
  const team = makeTeam(db, { name: 'Kampfmannschaft' });
  const huber = makePlayer(db, team.id, { name: 'Max Huber', jersey_number: 9, age: 24 });
  const gruber = makePlayer(db, team.id, { name: 'Lukas Gruber', jersey_number: 10, age: 27 });
  // a 12-year-old without recorded consent: by name only (the club protects minors)
  const kid = makePlayer(db, team.id, { name: 'Jonas Klein', jersey_number: 17, age: 12 });
  db.$client.prepare("INSERT OR REPLACE INTO site_settings (key, value) VALUES ('protect_minors', 'on')").run();
  const match = makeMatch(db, {
    home_team: 'SV Kirchberg',
    away_team: 'ASK Oberdorf',
    match_date: '2026-11-15',
    match_time: '14:30',
    location: 'Sportplatz Kirchberg, Hauptstraße 1',
    competition: 'Unterliga',
    season: '2026/27',
    status: 'finished',
    home_score: 2,
    away_score: 1,
    team_id: team.id,
    team_side: 'home',
    live_phase: 'full_time',
    opponent_lineup: 'Maier, Koller, Bauer',
    report: '<p>Ein verdienter Sieg.</p><h3>Die Tore</h3><script>window.__xss = 1</script><img src="x" onerror="window.__xss=2">',
  });
  matchId = match.id;
  // a match of the spec's kind: free-text teams only, no details yet
  plainId = makeMatch(db, { home_team: 'SC Weiz', away_team: 'SV Kirchberg', match_date: addDays(viennaDate(new Date()), 4), match_time: '13:00', competition: 'Unterliga' }).id;
  // the reserves play before, the same day: the first fixture of the list, not the one the card names
  makeMatch(db, { home_team: 'SC Weiz 1b', away_team: 'SV Kirchberg 1b', match_date: addDays(viennaDate(new Date()), 4), match_time: '11:00', competition: 'Reserve' });
  setHomepageSection(db, 'next_match', { content: 'SC Weiz VS SV Kirchberg', match_date: addDays(viennaDate(new Date()), 4), match_time: '13:00', match_location: 'Weiz' });
  protectedId = kid.id;
  db.insert(matchLineups).values([
    { match_id: match.id, player_id: huber.id, role: 'start', jersey_number: 9, display_order: 0 },
    { match_id: match.id, player_id: kid.id, role: 'start', jersey_number: 17, display_order: 1 },
    { match_id: match.id, player_id: gruber.id, role: 'sub', jersey_number: 10, display_order: 2 },
  ]).run();
  db.insert(matchEvents).values([
    { match_id: match.id, type: 'goal', side: 'home', minute: 12, goal_kind: 'regular', player_id: huber.id, related_player_id: kid.id },
    { match_id: match.id, type: 'goal', side: 'away', minute: 45, added_time: 2, goal_kind: 'penalty', player_name: 'K. Maier' },
    { match_id: match.id, type: 'yellow', side: 'away', minute: 50, player_name: 'T. Koller' },
    { match_id: match.id, type: 'substitution', side: 'home', minute: 70, player_id: gruber.id, related_player_id: huber.id },
    { match_id: match.id, type: 'goal', side: 'home', minute: 88, goal_kind: 'own_goal', player_name: 'F. Bauer' },
  ]).run();
});

test.beforeEach(async ({ context }) => {
  await withCookieChoice(context);
});

test('shows score, goals by minute, cards, substitutions, line-ups, the sanitised report and the place', async ({ page }) => {
  await page.goto(`${site().url}/spiel/${matchId}`);
  await expect(page.locator('h1 .score')).toHaveText('2:1');
  await expect(page.locator('.goals li .minute')).toHaveText(["12'", "45+2'", "88'"]);
  await expect(page.locator('.goals li').nth(0)).toContainText('Max Huber');
  await expect(page.locator('.goals li').nth(0)).toContainText('Vorlage: Jonas Klein');
  await expect(page.locator('.goals li').nth(1)).toContainText('K. Maier (Elfmeter)');
  await expect(page.locator('.goals li').nth(2)).toContainText('F. Bauer (Eigentor)');
  await expect(page.locator('.cards li')).toContainText('Gelb: T. Koller');
  await expect(page.locator('.substitutions li')).toContainText('Lukas Gruber für Max Huber');
  await expect(page.locator('.lineup.ours li')).toHaveText(['9 Max Huber', 'Jonas Klein', '10 Lukas Gruber']);
  await expect(page.locator('.lineup.theirs')).toContainText('Maier, Koller, Bauer');
  // the report keeps the allowed markup, as the privacy text does; script and handlers are gone
  await expect(page.locator('.report-content p')).toHaveText('Ein verdienter Sieg.');
  await expect(page.locator('.report-content h3')).toHaveText('Die Tore');
  await expect(page.locator('.map-link')).toHaveAttribute('href', 'https://www.openstreetmap.org/search?query=Sportplatz%20Kirchberg%2C%20Hauptstra%C3%9Fe%201');
  await expectNoInjectedScript(page);
  // the protected minor's id appears nowhere as a link to a page of theirs
  expect(await page.content()).not.toContain(`/spieler/${protectedId}`);
});

test('JSON-LD SportsEvent parses and carries the result; the share image is a PNG', async ({ page, request }) => {
  await page.goto(`${site().url}/spiel/${matchId}`);
  const event = (await jsonLdOf(page)).find((d) => d['@type'] === 'SportsEvent')!;
  expect(event).toMatchObject({
    name: 'SV Kirchberg 2:1 ASK Oberdorf',
    description: 'Ergebnis: SV Kirchberg 2:1 ASK Oberdorf',
    startDate: '2026-11-15T13:30:00.000Z',
    eventStatus: 'https://schema.org/EventScheduled',
    homeTeam: { '@type': 'SportsTeam', name: 'SV Kirchberg' },
    awayTeam: { '@type': 'SportsTeam', name: 'ASK Oberdorf' },
    location: { '@type': 'Place', name: 'Sportplatz Kirchberg, Hauptstraße 1' },
  });
  const image = await page.locator('meta[property="og:image"]').getAttribute('content');
  // versioned by what it shows (the score): a preview kept by a crawler follows the result
  expect(image).toMatch(new RegExp(`/teilen/spiel/${matchId}\\.png\\?v=[0-9a-f]{10}$`));
  const response = await request.get(`${site().url}${new URL(image!).pathname}`);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('image/png');
});

test('/spielplan and the home page lead to the match page', async ({ page }) => {
  await page.goto(`${site().url}/spielplan`);
  await page.getByRole('link', { name: 'Zum Spiel: SV Kirchberg gegen ASK Oberdorf' }).click();
  await expect(page).toHaveURL(`${site().url}/spiel/${matchId}`);
  // a match page belongs to 'Spielplan' in the menu, a player's to 'Mannschaften'
  const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
  await expect(nav.getByRole('link', { name: 'Spielplan' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.locator('[aria-current]')).toHaveCount(1);
  await page.goto(`${site().url}/team/${site().db().select().from(teams).get()!.id}`);
  await expect(nav.getByRole('link', { name: 'Mannschaften' })).toHaveAttribute('aria-current', 'page');
  await page.goto(`${site().url}/spiel/${matchId}`);
  await page.goto(`${site().url}/`);
  await page.locator('.last-result').getByRole('link', { name: /^Zum Spiel: SV Kirchberg 2:1 ASK Oberdorf/ }).click();
  await expect(page).toHaveURL(`${site().url}/spiel/${matchId}`);
  await expect(page.locator('h1 .score')).toHaveText('2:1');
  // the spec's next-match card leads to the match it names (not the reserves' match before it)
  await page.goto(`${site().url}/`);
  await page.locator('.next-match').getByRole('link', { name: 'Zum Spiel: SC Weiz – SV Kirchberg' }).click();
  await expect(page).toHaveURL(`${site().url}/spiel/${plainId}`);
});

test('an unknown match leads to the fixtures', async ({ page }) => {
  const response = await page.goto(`${site().url}/spiel/gibt-es-nicht`);
  expect(response?.ok()).toBe(true);
  await expect(page).toHaveURL(`${site().url}/spielplan`);
});

test("an admin fills in a match's details in 'Spielplan'; the match page shows them", async ({ page }) => {
  await loginAs(page.context(), site(), 'admin');
  await page.goto(`${site().url}/admin#spielplan`);
  const row = page.locator(`.matches-table tr[data-row-id="${plainId}"]`);
  await row.getByRole('button', { name: 'Details' }).click();
  const dialog = page.getByRole('dialog', { name: 'Spieldetails: SC Weiz – SV Kirchberg' });

  // our team plays away; its players appear once the team is saved
  const lineup = dialog.getByRole('form', { name: 'Aufstellung' });
  await lineup.getByLabel('Unsere Mannschaft').selectOption({ label: 'Kampfmannschaft' });
  await lineup.getByLabel('Wir spielen').selectOption('away');
  await lineup.getByRole('button', { name: 'Aufstellung speichern' }).click();
  await lineup.getByLabel('Aufstellung Max Huber').selectOption('start');
  await expect(lineup.getByLabel('Nr. Max Huber')).toHaveValue('9');
  await lineup.getByLabel('Aufstellung Lukas Gruber').selectOption('sub');
  await lineup.getByLabel('Nr. Lukas Gruber').fill('9');
  await lineup.getByLabel('Aufstellung des Gegners').fill('Hofer; Pichler');
  // the same number twice is refused in German, nothing stored
  await lineup.getByRole('button', { name: 'Aufstellung speichern' }).click();
  await expect(page.locator('.toaster:not(:empty)')).toContainText('Eine Rückennummer ist doppelt vergeben.');
  await lineup.getByLabel('Nr. Lukas Gruber').fill('14');
  // the team's save above showed 'Veröffentlicht' too, perhaps still shown: the answer says this one is done
  await clickForAnswer(page, lineup.getByRole('button', { name: 'Aufstellung speichern' }), 'admin.matchDetails.saveLineup');
  await expect(page.locator('.toaster').getByText('Veröffentlicht', { exact: true }).last()).toBeVisible();

  // a goal in the 23rd minute, typed in after the match
  await dialog.getByRole('button', { name: '+ Tor' }).click();
  const goal = dialog.getByRole('form', { name: 'Tor' });
  await goal.getByLabel('Minute').fill('abc');
  await goal.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.locator('.toaster:not(:empty)')).toContainText('Bitte eine Minute von 1 bis 130 angeben.');
  await goal.getByLabel('Minute').fill('23');
  await goal.getByLabel('Torschütze').selectOption({ label: '9 Max Huber' });
  await goal.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog.locator('.match-event-list li')).toHaveText([/23'.*Tor: Max Huber.*SV Kirchberg/]);

  const report = dialog.getByRole('form', { name: 'Spielbericht' });
  await report.getByRole('textbox', { name: 'Spielbericht', exact: true }).fill('<p>Auswärtssieg in Weiz.</p>');
  const savedReport = page.waitForResponse((r) => r.url().includes('admin.matchDetails.saveReport'));
  await report.getByRole('button', { name: 'Bericht speichern' }).click();
  expect((await savedReport).ok()).toBe(true);

  await page.goto(`${site().url}/spiel/${plainId}`);
  await expect(page.locator('h1 .score')).toHaveText('0:1');
  await expect(page.locator('.goals li')).toHaveText([/23'\s*Max Huber\s+– SV Kirchberg/]);
  await expect(page.locator('.lineup.ours h3')).toHaveText('SV Kirchberg');
  await expect(page.locator('.lineup.ours li')).toHaveText(['9 Max Huber', '14 Lukas Gruber']);
  await expect(page.locator('.lineup.theirs')).toContainText('Hofer; Pichler');
  await expect(page.locator('.report-content')).toHaveText('Auswärtssieg in Weiz.');
});

test("a match's details dialog stays open while its report saves: Escape and the close button wait for the save", async ({ page }) => {
  await loginAs(page.context(), site(), 'admin');
  await page.goto(`${site().url}/admin#spielplan`);
  await page.locator(`.matches-table tr[data-row-id="${plainId}"]`).getByRole('button', { name: 'Details' }).click();
  const dialog = page.getByRole('dialog', { name: 'Spieldetails: SC Weiz – SV Kirchberg' });
  const report = dialog.getByRole('form', { name: 'Spielbericht' });
  await report.getByRole('textbox', { name: 'Spielbericht', exact: true }).fill('<p>Ein Bericht, der auf sich warten lässt.</p>');
  const held = await holdAction(page, 'admin.matchDetails.saveReport');
  await report.getByRole('button', { name: 'Bericht speichern' }).click();
  await expect.poll(held.asked).toBe(1);
  // the dialog learns of the save a render after the request left (useDialogSaving): Escape once it knows (in CI
  // under load, an Escape within those milliseconds met the discard question; noted on the issue)
  await expect(dialog.getByRole('button', { name: 'Schließen' })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(dialog.getByRole('button', { name: 'Schließen' })).toBeDisabled();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(dialog).toBeVisible();
  held.release();
  await expect(page.locator('.toaster').getByText('Veröffentlicht', { exact: true }).first()).toBeVisible();
  expect(site().db().select().from(matches).where(eq(matches.id, plainId)).get()?.report).toBe('<p>Ein Bericht, der auf sich warten lässt.</p>');
  // saved: now it closes
  await dialog.getByRole('button', { name: 'Schließen' }).click();
  await expect(dialog).toBeHidden();
});

for (const width of [375, 1280]) {
  test(`${width} px: the match page and /spielplan have no axe violations and do not widen the page`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    for (const path of [`/spiel/${matchId}`, '/spielplan']) {
      await page.goto(`${site().url}${path}`);
      const { violations } = await axeScan(page).analyze();
      expect(violations.map((v) => `${path}: ${v.id}`)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    }
  });
}
