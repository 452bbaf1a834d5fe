// Fixtures that serve fans (issue 13), around the spec's ascending list: the
// next match marked and one link away, past results set apart, and filters by
// competition and team as published pages that work without JavaScript.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { addDays, viennaDate } from '../../../src/lib/dates-de';
import { makeMatch } from '../../fixtures/factories';
import { adminClient } from '../../fixtures/admin-http';
import { useSite, withCookieChoice } from './helpers';

test.beforeEach(async ({ context }) => withCookieChoice(context));

// dates around the day the server publishes (today in Vienna)
const today = viennaDate(new Date());
const CLUB = 'SV Kirchberg';
// one season for all, whatever today is: the list shows the next match's season (docs/decisions/041)
const SEASON = '2026/27';

test.describe('Spielplan für Fans', () => {
  const site = useSite((db) => {
    makeMatch(db, { home_team: CLUB, away_team: 'SC Gleisdorf', match_date: addDays(today, -14), status: 'finished', home_score: 3, away_score: 1, competition: 'Unterliga Ost', season: SEASON });
    // never entered as finished: past by its date
    makeMatch(db, { home_team: 'USV Gnas', away_team: CLUB, match_date: addDays(today, -7), status: 'scheduled', competition: 'Unterliga Ost', season: SEASON });
    makeMatch(db, { home_team: CLUB, away_team: 'FC Feldbach', match_date: addDays(today, 3), status: 'cancelled', competition: 'Steirischer Cup', season: SEASON });
    makeMatch(db, { home_team: CLUB, away_team: 'USV Gnas', match_date: addDays(today, 4), status: 'scheduled', competition: 'Unterliga Ost', season: SEASON });
    makeMatch(db, { home_team: 'SK Sturm Graz Amateure', away_team: CLUB, match_date: addDays(today, 11), status: 'scheduled', competition: 'Steirischer Cup', season: SEASON });
  });

  test("the next match is marked 'Nächstes Spiel' and one link away; past matches are set apart; the order stays ascending", async ({ page }) => {
    await page.goto(site().url + '/spielplan');
    const rows = page.locator('.match');
    await expect(rows.locator('.away')).toHaveText(['SC Gleisdorf', CLUB, 'FC Feldbach', 'USV Gnas', CLUB]);
    const next = page.locator('#naechstes-spiel');
    await expect(next).toHaveCount(1);
    await expect(next.locator('.away')).toHaveText('USV Gnas');
    await expect(next.locator('.badge-next')).toHaveText('Nächstes Spiel');
    await expect(page.locator('.badge-next')).toHaveCount(1);
    await expect(page.locator('.match.match-past .away')).toHaveText(['SC Gleisdorf', CLUB]);
    // past results look different from what is still to come
    const pastBackground = await rows.nth(0).evaluate((el) => getComputedStyle(el).backgroundColor);
    const comingBackground = await rows.nth(4).evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(pastBackground).not.toBe(comingBackground);
    await page.getByRole('link', { name: 'Zum nächsten Spiel' }).click();
    await expect(page).toHaveURL(/#naechstes-spiel$/);
    await expect(next).toBeInViewport();
  });

  test("the home page shows the last result beside the spec's next match", async ({ page }) => {
    await page.goto(site().url + '/');
    const result = page.locator(".last-result");
    await expect(result.getByRole('heading', { level: 2 })).toHaveText('Letztes Ergebnis');
    await expect(result.locator(".result-line")).toHaveText(`${CLUB} 3:1 SC Gleisdorf`);
    await expect(result.getByRole('link', { name: 'Alle Ergebnisse' })).toHaveAttribute('href', '/spielplan');
    // the next match card of the spec stays as it is
    await expect(page.locator('.next-match h2')).toHaveText('Nächstes Spiel');
  });

  test('filters by competition and by team are pages of their own and work without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    await withCookieChoice(context);
    const page = await context.newPage();
    await page.goto(site().url + '/spielplan');
    const filters = page.getByRole('navigation', { name: 'Spiele filtern' });
    await expect(filters.getByRole('link')).toHaveText(['Alle Spiele', 'Steirischer Cup', 'Unterliga Ost']);
    // the opponents open on request, without JavaScript
    await filters.getByText('Nach Mannschaft filtern').click();
    await expect(filters.getByRole('link')).toHaveText(['Alle Spiele', 'Steirischer Cup', 'Unterliga Ost', 'FC Feldbach', 'SC Gleisdorf', 'SK Sturm Graz Amateure', 'USV Gnas']);
    await expect(filters.getByRole('link', { name: 'Alle Spiele' })).toHaveAttribute('aria-current', 'page');

    await filters.getByRole('link', { name: 'Steirischer Cup' }).click();
    await expect(page).toHaveURL(`${site().url}/spielplan/wettbewerb-steirischer-cup`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Spielplan: Steirischer Cup');
    await expect(page).toHaveTitle(/^Spielplan: Steirischer Cup/);
    await expect(page.locator('.match .home')).toHaveText([CLUB, 'SK Sturm Graz Amateure']);
    await expect(filters.getByRole('link', { name: 'Steirischer Cup' })).toHaveAttribute('aria-current', 'page');
    // the cancelled cup match is no next match: the one after it is
    await expect(page.locator('#naechstes-spiel .home')).toHaveText('SK Sturm Graz Amateure');

    await filters.getByText('Nach Mannschaft filtern').click();
    await filters.getByRole('link', { name: 'USV Gnas' }).click();
    await expect(page).toHaveURL(`${site().url}/spielplan/team-usv-gnas`);
    // on a team's page its list is open, the team marked
    await expect(filters.getByRole('link', { name: 'USV Gnas' })).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('.match')).toHaveCount(2);
    await expect(page.locator('.match.match-past')).toHaveCount(1);

    // a filter that does not exist leads to the whole list
    await page.goto(site().url + '/spielplan/wettbewerb-gibt-es-nicht');
    await expect(page).toHaveURL(`${site().url}/spielplan`);
    await context.close();
  });

  test('the cup renamed in the admin: the new filter page is published, the old one is gone from the site', async ({ page }) => {
    const admin = await adminClient(site());
    const cupMatches = site().db().$client.prepare(`select * from matches where competition = 'Steirischer Cup'`).all() as Record<string, unknown>[];
    expect(cupMatches).toHaveLength(2);
    for (const m of cupMatches) {
      const result = await admin.call('admin.matches.update', {
        id: m.id,
        home_team: m.home_team,
        away_team: m.away_team,
        match_date: m.match_date,
        match_time: m.match_time,
        location: m.location,
        competition: 'ÖFB Cup',
        season: SEASON,
        status: m.status,
        match_type: 'cup',
      });
      expect(result.status, JSON.stringify(result.body)).toBe(200);
    }
    await page.goto(site().url + '/spielplan/wettbewerb-oefb-cup');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Spielplan: ÖFB Cup');
    await expect(page.locator('.match .away')).toHaveText(['FC Feldbach', CLUB]);
    await expect(page.getByRole('navigation', { name: 'Spiele filtern' }).getByRole('link', { name: 'Steirischer Cup' })).toHaveCount(0);
    // the old filter's page is removed, and its address leads to the whole list
    expect(fs.existsSync(path.join(site().dataDir, 'site', 'spielplan', 'wettbewerb-steirischer-cup', 'index.html'))).toBe(false);
    await page.goto(site().url + '/spielplan/wettbewerb-steirischer-cup');
    await expect(page).toHaveURL(`${site().url}/spielplan`);
  });
});
