// Fixtures (public-site.md §2 Fixtures, §4 status and type labels).
import { expect, test } from '@playwright/test';
import { HOSTILE, makeMatch } from '../../fixtures/factories';
import { expectNoEmoji, expectNoInjectedScript, jsonLdOf, useSite, withCookieChoice } from './helpers';
import { useEmptySite } from '../../fixtures/shared-site';

test.beforeEach(async ({ context }) => withCookieChoice(context));

async function expectSamples(page: import('@playwright/test').Page) {
  await expect(page.locator('main')).toContainText('Noch keine Spiele verfügbar.');
  const samples = page.locator('.match[data-sample="true"]');
  await expect(samples).toHaveCount(3);
  await expect(samples.nth(0).locator('.match-date')).toHaveText('Samstag, 10. August 2024');
  await expect(samples.nth(0).locator('.match-time')).toHaveText('16:00 Uhr');
  await expect(samples.nth(0).locator('.match-status')).toHaveText('Geplant');
  await expect(samples.nth(0).locator('.match-type')).toHaveText('Liga');
  await expect(samples.nth(2).locator('.match-type')).toHaveText('Pokal');
  // examples are no events for search engines, and the page with them is not indexed
  expect((await jsonLdOf(page)).filter((d) => d['@type'] === 'SportsEvent')).toHaveLength(0);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
}

test.describe('Spielplan, leere Datenbank', () => {
  const site = useEmptySite();

  test("'Noch keine Spiele verfügbar.' and the built-in sample matches, marked as examples", async ({ page }) => {
    await page.goto(site().url + '/spielplan');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Spielplan');
    await expectSamples(page);
    await expectNoEmoji(page);
  });

  test('the sitemap leaves out the fixtures while they are only examples', async ({ request }) => {
    const sitemap = await (await request.get(site().url + '/sitemap.xml')).text();
    expect(sitemap).toContain(`<loc>${site().url}/</loc>`);
    expect(sitemap).not.toContain('/spielplan<');
  });

  test('the calendar can be subscribed to', async ({ page }) => {
    await page.goto(site().url + '/spielplan');
    const host = new URL(site().url).host;
    await expect(page.getByRole('link', { name: 'Spielplan abonnieren' })).toHaveAttribute('href', `webcal://${host}/spielplan.ics`);
    await expect(page.getByRole('link', { name: 'Kalenderdatei (.ics) herunterladen' })).toHaveAttribute('href', '/spielplan.ics');
    await expect(page.locator('link[rel="alternate"][type="text/calendar"]')).toHaveAttribute('href', '/spielplan.ics');
  });
});

test.describe('Spielplan, gefüllte Datenbank', () => {
  const site = useSite((db) => {
    makeMatch(db, { home_team: 'SV Kirchberg', away_team: 'SC Gleisdorf', match_date: '2026-04-12', match_time: '16:00', status: 'finished', home_score: 3, away_score: 1, competition: 'Unterliga', match_type: 'league', location: 'Sportplatz Kirchberg' });
    makeMatch(db, { home_team: 'USV Gnas', away_team: 'SV Kirchberg', match_date: '2026-03-29', match_time: '15:00', status: 'upcoming', match_type: 'cup', competition: 'ÖFB Cup' });
    makeMatch(db, { home_team: 'SV Kirchberg', away_team: 'FC Feldbach', match_date: '2026-05-03', match_time: null, status: 'live', match_type: 'friendly', competition: null });
    makeMatch(db, { home_team: 'SV Kirchberg', away_team: 'SV Fehring', match_date: '2026-05-10', status: 'cancelled', match_type: null });
    makeMatch(db, { home_team: 'SV Kirchberg', away_team: 'TUS Paldau', match_date: '2026-05-17', status: 'postponed' });
    makeMatch(db, { home_team: 'SV Kirchberg', away_team: 'SV Straden', match_date: '2026-05-24', status: 'scheduled', notes: 'Anpfiff verschoben\nauf 17:00' });
    makeMatch(db, { home_team: HOSTILE.script, away_team: 'ASK Ilz', match_date: '2026-05-31', status: 'Abgebrochen' });
  });

  test('matches ascending by date with labels, score, competition, long date, time and place', async ({ page }) => {
    await page.goto(site().url + '/spielplan');
    const rows = page.locator('.match');
    await expect(rows).toHaveCount(7);
    await expect(page.locator('.match[data-sample]')).toHaveCount(0);
    await expect(page.locator('main')).not.toContainText('Noch keine Spiele verfügbar.');
    await expect(rows.locator('.away')).toHaveText(['SV Kirchberg', 'SC Gleisdorf', 'FC Feldbach', 'SV Fehring', 'TUS Paldau', 'SV Straden', 'ASK Ilz']);
    await expect(rows.locator('.match-status')).toHaveText(['Geplant', 'Beendet', 'Live', 'Abgesagt', 'Verschoben', 'Geplant', 'Abgebrochen']);
    await expect(rows.locator('.match-type')).toHaveText(['Pokal', 'Liga', 'Freundschaft', 'Freundschaft', 'Liga', 'Liga', 'Liga']);
    await expect(rows.nth(1).locator('.score')).toHaveText('3:1');
    await expect(rows.nth(0).locator('.score')).toHaveCount(0);
    await expect(rows.nth(0).locator('.match-competition')).toHaveText('ÖFB Cup');
    await expect(rows.nth(1).locator('.match-date')).toHaveText('Sonntag, 12. April 2026');
    await expect(rows.nth(1).locator('.match-time')).toHaveText('16:00 Uhr');
    await expect(rows.nth(1).locator('.match-location')).toHaveText('Sportplatz Kirchberg');
    await expect(rows.nth(2).locator('.match-time')).toHaveCount(0);
    expect(await rows.nth(5).locator('.match-notes').innerText()).toBe('Anpfiff verschoben\nauf 17:00');
    await expect(rows.nth(6).locator('.home')).toHaveText(HOSTILE.script);
    await expectNoInjectedScript(page);
    await expectNoEmoji(page);
  });

  test('one SportsEvent per match, with the Vienna start time in UTC', async ({ page }) => {
    await page.goto(site().url + '/spielplan');
    // real matches: the page is indexed
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
    const events = (await jsonLdOf(page)).filter((d) => d['@type'] === 'SportsEvent');
    expect(events.map((e) => e.name)).toEqual([
      'USV Gnas gegen SV Kirchberg',
      'SV Kirchberg gegen SC Gleisdorf',
      'SV Kirchberg gegen FC Feldbach',
      'SV Kirchberg gegen SV Fehring',
      'SV Kirchberg gegen TUS Paldau',
      'SV Kirchberg gegen SV Straden',
      `${HOSTILE.script} gegen ASK Ilz`,
    ]);
    const derby = events.find((e) => e.name === 'SV Kirchberg gegen SC Gleisdorf');
    // 16:00 in Vienna in summer time is 14:00 UTC
    expect(derby).toMatchObject({ startDate: '2026-04-12T14:00:00.000Z', homeTeam: { name: 'SV Kirchberg' }, awayTeam: { name: 'SC Gleisdorf' } });
    // the day the clocks went forward: 15:00 is already summer time
    const gnas = events.find((e) => e.name === 'USV Gnas gegen SV Kirchberg');
    expect(gnas?.startDate).toBe('2026-03-29T13:00:00.000Z');
    expect(events.find((e) => e.name === 'SV Kirchberg gegen SV Fehring')?.eventStatus).toBe('https://schema.org/EventCancelled');
  });
});

test.describe('Spielplan, Tabelle nicht lesbar', () => {
  const site = useSite((db) => {
    makeMatch(db, { away_team: 'Unsichtbar' });
    db.$client.exec('ALTER TABLE matches RENAME TO matches_unreadable');
  });

  test('shows the sample matches and logs the failed read', async ({ page }) => {
    await page.goto(site().url + '/spielplan');
    await expectSamples(page);
    expect(site().logs()).toContain('[content] could not read matches');
  });
});
