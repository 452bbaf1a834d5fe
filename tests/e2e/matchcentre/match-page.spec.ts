import { expect, test } from '@playwright/test';
import { makeMatch, makePlayer, makeTeam } from '../../fixtures/factories';
import { matchEvents, matchLineups } from '../../../src/server/db/schema';
import { expectNoInjectedScript, jsonLdOf, useSite, withCookieChoice } from '../public/helpers';

// The public match page (issue 14): score, goals by minute, cards, substitutions,
// line-ups, report, place with a map link, JSON-LD with the result, its own share
// image; linked from /spielplan and the home page's last result.
let matchId = '';
let protectedId = '';
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
  expect(image).toMatch(new RegExp(`/teilen/spiel/${matchId}\\.png$`));
  const response = await request.get(`${site().url}${new URL(image!).pathname}`);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('image/png');
});

test('/spielplan and the home page lead to the match page', async ({ page }) => {
  await page.goto(`${site().url}/spielplan`);
  await page.getByRole('link', { name: 'Zum Spiel: SV Kirchberg gegen ASK Oberdorf' }).click();
  await expect(page).toHaveURL(`${site().url}/spiel/${matchId}`);
  await page.goto(`${site().url}/`);
  await page.locator('.last-result').getByRole('link', { name: /^Zum Spiel: SV Kirchberg 2:1 ASK Oberdorf/ }).click();
  await expect(page).toHaveURL(`${site().url}/spiel/${matchId}`);
  await expect(page.locator('h1 .score')).toHaveText('2:1');
});

test('an unknown match leads to the fixtures', async ({ page }) => {
  const response = await page.goto(`${site().url}/spiel/gibt-es-nicht`);
  expect(response?.ok()).toBe(true);
  await expect(page).toHaveURL(`${site().url}/spielplan`);
});
