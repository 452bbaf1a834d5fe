// The fixtures by season (issue 16, docs/decisions/041): /spielplan lists the
// current season (the next match's), every other season is a page of its own,
// linked from the filters, and works without JavaScript. An admin's result of an
// old season republishes that season's page and leaves the list alone; the
// season's last result turns the list to the next season.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { addDays, viennaDate } from '../../../src/lib/dates-de';
import { makeMatch } from '../../fixtures/factories';
import { adminClient } from '../../fixtures/admin-http';
import { useSite, withCookieChoice } from './helpers';

const today = viennaDate(new Date());
const CLUB = 'SV Kirchberg';
const [PAST, CURRENT, COMING] = ['2024/25', '2025/26', '2026/27'];

test.describe('Spielplan nach Saisonen', () => {
  const site = useSite((db) => {
    makeMatch(db, { home_team: CLUB, away_team: 'FC Gnas', match_date: addDays(today, -400), status: 'finished', home_score: 1, away_score: 1, competition: 'Gebietsliga', season: PAST });
    makeMatch(db, { home_team: 'SC Gleisdorf', away_team: CLUB, match_date: addDays(today, -380), status: 'finished', home_score: 0, away_score: 2, competition: 'Gebietsliga', season: PAST });
    makeMatch(db, { home_team: CLUB, away_team: 'USV Gnas', match_date: addDays(today, -10), status: 'finished', home_score: 3, away_score: 1, competition: 'Unterliga Ost', season: CURRENT });
    makeMatch(db, { home_team: 'FC Feldbach', away_team: CLUB, match_date: addDays(today, 7), status: 'scheduled', competition: 'Unterliga Ost', season: CURRENT });
    makeMatch(db, { home_team: CLUB, away_team: 'ASK Straden', match_date: addDays(today, 300), status: 'scheduled', competition: 'Unterliga Ost', season: COMING });
  });

  test('the list shows the current season; every other season is a page of its own, without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    await withCookieChoice(context);
    const page = await context.newPage();
    await page.goto(site().url + '/spielplan');
    await expect(page.locator('.match .away')).toHaveText(['USV Gnas', CLUB]);
    await expect(page.locator('#naechstes-spiel .home')).toHaveText('FC Feldbach');
    const filters = page.getByRole('navigation', { name: 'Spiele filtern' });
    const seasons = filters.locator('.filter-seasons');
    await expect(seasons).toContainText('Saison:');
    // the current season first (the list itself), then the others, the latest first
    await expect(seasons.getByRole('link')).toHaveText([CURRENT, COMING, PAST]);
    await expect(seasons.getByRole('link', { name: CURRENT })).toHaveAttribute('aria-current', 'page');
    await expect(seasons.getByRole('link', { name: CURRENT })).toHaveAttribute('href', '/spielplan');
    // competitions of the current season only
    await expect(filters.getByRole('link', { name: 'Gebietsliga' })).toHaveCount(0);

    await seasons.getByRole('link', { name: PAST }).click();
    await expect(page).toHaveURL(`${site().url}/spielplan/saison-2024-25`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Spielplan: Saison ${PAST}`);
    await expect(page).toHaveTitle(new RegExp(`^Spielplan: Saison ${PAST.replace('/', '\\/')}`));
    await expect(page.locator('.match .away')).toHaveText(['FC Gnas', CLUB]);
    await expect(page.locator('.match .score')).toHaveText(['1:1', '0:2']);
    await expect(page.locator('.match.match-past')).toHaveCount(2);
    // another season's page marks no next match and does not say none is planned
    await expect(page.locator('.badge-next')).toHaveCount(0);
    await expect(page.locator('.no-next')).toHaveCount(0);
    await expect(seasons.getByRole('link', { name: PAST })).toHaveAttribute('aria-current', 'page');

    // a season to come: its matches, none of them marked as the next one
    await seasons.getByRole('link', { name: COMING }).click();
    await expect(page.locator('.match .away')).toHaveText(['ASK Straden']);
    await expect(page.locator('.badge-next')).toHaveCount(0);

    // the current season has no page of its own: its address leads to the list
    await page.goto(site().url + '/spielplan/saison-2025-26');
    await expect(page).toHaveURL(`${site().url}/spielplan`);
    await context.close();
  });

  test("an old season's result republishes its page and leaves the list alone; the season's last result turns the list to the next season", async ({ page }) => {
    const admin = await adminClient(site());
    const file = (url: string) => path.join(site().dataDir, 'site', url.slice(1), 'index.html');
    const byAway = (away: string) => site().db().$client.prepare('select * from matches where away_team = ?').get(away) as Record<string, unknown>;
    const save = async (m: Record<string, unknown>, change: Record<string, unknown>) => {
      const fields = ['home_team', 'away_team', 'match_date', 'match_time', 'location', 'competition', 'season', 'status', 'match_type', 'home_score', 'away_score'];
      const result = await admin.call('admin.matches.update', { id: m.id, ...Object.fromEntries(fields.map((f) => [f, m[f]])), ...change });
      expect(result.status, JSON.stringify(result.body)).toBe(200);
    };
    const listBefore = fs.statSync(file('/spielplan')).mtimeMs;

    await save(byAway('FC Gnas'), { home_score: 4, away_score: 1 });
    await page.goto(site().url + '/spielplan/saison-2024-25');
    await expect(page.locator('.match .score')).toHaveText(['4:1', '0:2']);
    expect(fs.statSync(file('/spielplan')).mtimeMs).toBe(listBefore);

    // the current season's last match is played: the list turns to the next season
    const last = site().db().$client.prepare("select * from matches where home_team = 'FC Feldbach'").get() as Record<string, unknown>;
    await save(last, { status: 'finished', home_score: 0, away_score: 5 });
    await page.goto(site().url + '/spielplan');
    await expect(page.locator('.match .away')).toHaveText(['ASK Straden']);
    await expect(page.locator('.filter-seasons').getByRole('link')).toHaveText([COMING, CURRENT, PAST]);
    await page.goto(site().url + '/spielplan/saison-2025-26');
    await expect(page.locator('.match .score')).toHaveText(['3:1', '0:5']);
    expect(fs.existsSync(file('/spielplan/saison-2026-27'))).toBe(false);
    await page.goto(site().url + '/spielplan/saison-2026-27');
    await expect(page).toHaveURL(`${site().url}/spielplan`);
  });
});
