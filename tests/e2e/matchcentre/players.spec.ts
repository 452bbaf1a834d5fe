import { axeScan } from '../../fixtures/axe';
import { eq } from 'drizzle-orm';
import { expect, test } from '@playwright/test';
import { seedDemoClub } from '../../../src/server/services/demo-data';
import { loginAs } from '../../fixtures/auth';
import { makeMatch, makePlayer, makeTeam } from '../../fixtures/factories';
import type { Db } from '../../../src/server/db/client';
import { leagues, matchEvents, matchLineups, players, siteSettings } from '../../../src/server/db/schema';
import { publicHtml, toaster } from '../admin/content-helpers';
import { jsonLdOf, useSite, withCookieChoice } from '../public/helpers';
import { clickForAnswer } from '../../fixtures/actions';

// Player statistics, player pages and the consent rule for minors (issue 14,
// docs/decisions/028-player-consent.md), against the production server.
test.beforeEach(async ({ context }) => withCookieChoice(context));

const ids: Record<string, string> = {};

/** A team with three adults and a 12-year-old, two finished matches with line-ups and events. */
function seedSquad(db: Db, withMatches: boolean) {
  const team = makeTeam(db, { name: 'Kampfmannschaft', description: 'Unsere Erste.' });
  ids.team = team.id;
  ids.anna = makePlayer(db, team.id, { name: 'Anna Angreiferin', position: 'Stürmer', age: 24, jersey_number: 9, image_url: '/uploads/anna.webp' }).id;
  ids.berta = makePlayer(db, team.id, { name: 'Berta Mittel', position: 'Mittelfeld', age: 22, jersey_number: 8 }).id;
  ids.carl = makePlayer(db, team.id, { name: 'Carl Joker', position: 'Stürmer', age: 20, jersey_number: 14 }).id;
  ids.lena = makePlayer(db, team.id, { name: 'Lena Klein', position: 'Verteidiger', age: 12, jersey_number: 71, image_url: '/uploads/lena-klein.webp' }).id;
  if (!withMatches) return;
  const finished = { status: 'finished', season: '2026/27', team_id: team.id, team_side: 'home' as const, home_team: 'SV Kirchberg', competition: 'Unterliga' };
  ids.m1 = makeMatch(db, { ...finished, away_team: 'ASK Oberdorf', match_date: '2026-09-05', home_score: 2, away_score: 1 }).id;
  ids.m2 = makeMatch(db, { ...finished, away_team: 'FC Unterdorf', match_date: '2026-09-12', home_score: 0, away_score: 0 }).id;
  db.insert(matchLineups)
    .values([
      { match_id: ids.m1, player_id: ids.anna, role: 'start', jersey_number: 9 },
      { match_id: ids.m1, player_id: ids.berta, role: 'start', jersey_number: 8 },
      { match_id: ids.m1, player_id: ids.carl, role: 'sub', jersey_number: 14 },
      { match_id: ids.m1, player_id: ids.lena, role: 'sub', jersey_number: 71 },
      { match_id: ids.m2, player_id: ids.anna, role: 'start', jersey_number: 9 },
    ])
    .run();
  const event = { side: 'home' as const, goal_kind: null, player_name: null, related_player_id: null };
  db.insert(matchEvents)
    .values([
      { ...event, match_id: ids.m1, type: 'goal', minute: 12, goal_kind: 'regular', player_id: ids.anna, related_player_id: ids.berta },
      { ...event, match_id: ids.m1, type: 'goal', minute: 50, goal_kind: 'regular', side: 'away', player_id: null, player_name: 'Otto Gegner' },
      { ...event, match_id: ids.m1, type: 'substitution', minute: 60, player_id: ids.carl, related_player_id: ids.berta },
      { ...event, match_id: ids.m1, type: 'yellow', minute: 70, player_id: ids.anna },
      { ...event, match_id: ids.m1, type: 'goal', minute: 80, goal_kind: 'penalty', player_id: ids.carl },
      { ...event, match_id: ids.m2, type: 'red', minute: 30, player_id: ids.anna },
    ])
    .run();
  ids.league = db.insert(leagues).values({ competition: 'Unterliga', season: '2026/27', team_id: team.id }).returning().get().id;
}

test.describe('Minderjährige geschützt (neue Installation)', () => {
  const site = useSite((db) => seedSquad(db, true));

  test('a player page shows the season statistics computed from line-ups and events, and the recent matches', async ({ page }) => {
    await page.goto(`${site().url}/spieler/${ids.anna}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Anna Angreiferin' })).toBeVisible();
    await expect(page.locator('.player-position')).toHaveText('Stürmer');
    await expect(page.locator('.player-number')).toHaveText('9');
    await expect(page.locator('.player-age')).toHaveText('24 Jahre');
    await expect(page.locator('.player-photo')).toHaveAttribute('src', '/uploads/anna.webp');
    const season = page.locator('.player-season-stats tr[data-season="2026/27"] td');
    // 2 matches, 90 + 30 minutes (red card in the 30th), 1 goal, 1 yellow, 1 red
    await expect(season).toHaveText(['2', '120', '1', '0', '1', '0', '1']);
    const recent = page.locator('.player-matches li');
    await expect(recent).toHaveCount(2);
    await expect(recent.nth(0).getByRole('link')).toHaveAttribute('href', `/spiel/${ids.m2}`);
    await expect(recent.nth(1).getByRole('link')).toHaveAttribute('href', `/spiel/${ids.m1}`);
    const person = (await jsonLdOf(page)).find((d) => d['@type'] === 'Person');
    expect(person).toMatchObject({ name: 'Anna Angreiferin', memberOf: { '@type': 'SportsTeam', name: 'Kampfmannschaft' } });

    // the substitute counts from his minute on; the replaced starter until then, with the assist
    await page.goto(`${site().url}/spieler/${ids.carl}`);
    await expect(page.locator('.player-season-stats tr[data-season="2026/27"] td')).toHaveText(['1', '30', '1', '0', '0', '0', '0']);
    await expect(page.locator('.player-matches li').first()).toContainText('eingewechselt');
    await page.goto(`${site().url}/spieler/${ids.berta}`);
    await expect(page.locator('.player-season-stats tr[data-season="2026/27"] td')).toHaveText(['1', '60', '0', '1', '0', '0', '0']);
  });

  test('a 12-year-old without consent shows only the name: no photo, number, age or position anywhere, no page', async ({ page, request }) => {
    const html = await publicHtml(site(), `/team/${ids.team}`);
    expect(html).not.toContain('lena-klein');
    expect(html).not.toContain('>71<');
    expect(html).not.toContain('12 Jahre');
    await page.goto(`${site().url}/team/${ids.team}`);
    const card = page.locator('.player-card', { hasText: 'Lena Klein' });
    await expect(card).toHaveCount(1);
    await expect(card).toHaveClass(/name-only/);
    // listed under 'Spieler': the heading 'Verteidiger' would tell the position
    await expect(card).toHaveAttribute('class', /player-card/);
    await expect(page.locator('.player-group[data-group="Spieler"] .player-card h3')).toHaveText(['Lena Klein']);
    await expect(card.locator('img, .jersey, .meta, a')).toHaveCount(0);
    await expect(card).toHaveText('Lena Klein');
    // everyone else is linked to their page
    await expect(page.getByRole('link', { name: 'Anna Angreiferin' }).first()).toHaveAttribute('href', `/spieler/${ids.anna}`);
    const team = (await jsonLdOf(page)).find((d) => d['@type'] === 'SportsTeam') as { athlete: Record<string, unknown>[] };
    expect(team.athlete.find((a) => a.name === 'Lena Klein')).toEqual({ '@type': 'Person', name: 'Lena Klein' });
    expect(JSON.stringify(await jsonLdOf(page))).not.toContain('lena-klein');
    // no page of her own, in the sitemap of published files or anywhere else
    expect((await request.get(`${site().url}/spieler/${ids.lena}`, { maxRedirects: 0 })).status()).not.toBe(200);
    for (const id of [ids.anna, ids.carl]) expect(await publicHtml(site(), `/spieler/${id}`)).not.toContain('lena-klein');
  });

  test("the team page lists the season's top scorers, the calendar and the league table", async ({ page }) => {
    await page.goto(`${site().url}/mannschaften/${ids.team}`);
    const scorers = page.locator('.top-scorers');
    await expect(scorers.getByRole('heading', { name: 'Torschützen' })).toBeVisible();
    // one goal each: the one with fewer minutes first
    await expect(scorers.locator('li')).toHaveText([/Carl Joker\s+1 Tor/, /Anna Angreiferin\s+1 Tor/]);
    await expect(scorers.getByRole('link', { name: 'Carl Joker' })).toHaveAttribute('href', `/spieler/${ids.carl}`);
    // subscribed (webcal://: calendar apps keep it up to date), or downloaded once
    await expect(page.getByRole('link', { name: 'Spielplan abonnieren' })).toHaveAttribute('href', `webcal://${new URL(site().url).host}/mannschaften/${ids.team}/spielplan.ics`);
    await expect(page.getByRole('link', { name: 'Kalenderdatei (.ics) herunterladen' })).toHaveAttribute('href', `/mannschaften/${ids.team}/spielplan.ics`);
    await expect(page.getByRole('link', { name: /Tabelle/ })).toHaveAttribute('href', `/tabelle/${ids.league}`);
  });

  test("after an admin records consent to the photo in 'Spieler', the published team page shows it", async ({ page, context }) => {
    const admin = await loginAs(context, site(), 'admin');
    await page.goto(`${site().url}/admin#spieler`);
    const row = page.locator('.players-table tbody tr', { has: page.getByText('Lena Klein', { exact: true }) });
    await row.getByRole('button', { name: 'Bearbeiten' }).click();
    const dialog = page.getByRole('dialog', { name: 'Spieler bearbeiten' });
    await dialog.getByLabel('Foto veröffentlichen').check();
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    // who gave it and when are asked for
    await expect(dialog.locator('form').getByText('Bitte angeben, wer das Einverständnis gegeben hat.')).toBeVisible();
    await dialog.getByLabel('Einverständnis gegeben von').fill('Mutter, Maria Klein');
    await dialog.getByLabel('Datum des Einverständnisses').fill('2026-09-01');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(toaster(page).getByText('Spieler erfolgreich aktualisiert')).toBeVisible();
    await expect(toaster(page).getByText('Veröffentlicht', { exact: true })).toBeVisible();
    expect(site().db().select().from(players).where(eq(players.id, ids.lena)).get()).toMatchObject({
      consent_photo: true,
      consent_name: false,
      consent_given_by: 'Mutter, Maria Klein',
      consent_given_at: '2026-09-01',
      consent_recorded_by: admin.email,
    });
    await expect(row).toContainText('Einverständnis: Foto (01.09.2026)');
    const html = await publicHtml(site(), `/team/${ids.team}`);
    expect(html).toContain('/uploads/lena-klein.webp');
    // the photo only: number and age stay hidden
    expect(html).not.toContain('12 Jahre');
    expect(html).not.toContain('>71<');
  });

  test("a superadmin turns 'Minderjährige schützen' off and on in 'Verein': the pages follow at once", async ({ page, context }) => {
    await loginAs(context, site(), 'superadmin');
    await page.goto(`${site().url}/admin#verein`);
    const form = page.getByRole('form', { name: 'Verein' });
    const setting = form.getByLabel('Minderjährige schützen');
    await expect(setting).toBeChecked();
    await expect(form).toContainText('nur den Namen');
    await setting.uncheck();
    await form.getByRole('button', { name: 'Speichern' }).click();
    await expect(toaster(page).getByText('Verein gespeichert')).toBeVisible();
    await expect(toaster(page).getByText('Veröffentlicht', { exact: true })).toBeVisible();
    expect(site().db().select().from(siteSettings).where(eq(siteSettings.key, 'protect_minors')).get()?.value).toBe('off');
    const open = await publicHtml(site(), `/team/${ids.team}`);
    expect(open).toContain('12 Jahre');
    expect(open).toContain(`href="/spieler/${ids.lena}"`);
    expect(await publicHtml(site(), `/spieler/${ids.lena}`)).toContain('Lena Klein');

    await setting.check();
    await clickForAnswer(page, form.getByRole('button', { name: 'Speichern' }), 'admin.club.save');
    await expect(toaster(page).getByText('Verein gespeichert').last()).toBeVisible();
    await expect(toaster(page).getByText('Veröffentlicht', { exact: true }).last()).toBeVisible();
    const closed = await publicHtml(site(), `/team/${ids.team}`);
    expect(closed).not.toContain('12 Jahre');
    // the photo consented to stays; her own page shows the photo only now
    expect(closed).toContain('/uploads/lena-klein.webp');
    expect(await publicHtml(site(), `/spieler/${ids.lena}`)).not.toContain('12 Jahre');
  });
});

test.describe('Minderjährige nicht geschützt (Einstellung aus)', () => {
  const site = useSite((db) => {
    seedSquad(db, false);
    db.insert(siteSettings).values({ key: 'protect_minors', value: 'off' }).run();
  });

  test("the team page shows every player as the spec does, and nothing of the match centre's without match data", async ({ page }) => {
    await page.goto(`${site().url}/team/${ids.team}`);
    const card = page.locator('.player-card', { hasText: 'Lena Klein' });
    await expect(page.locator('.player-group h2')).toHaveText(['Verteidiger', 'Mittelfeld', 'Stürmer']);
    await expect(card.locator('.jersey')).toHaveText('71');
    await expect(card.locator('.meta')).toHaveText('Verteidiger · 12 Jahre');
    await expect(card.getByRole('img', { name: 'Lena Klein' })).toHaveAttribute('src', '/uploads/lena-klein.webp');
    await expect(card).not.toHaveClass(/name-only/);
    await expect(page.locator('.team-extras, .top-scorers, .team-calendar, .team-table')).toHaveCount(0);
    const team = (await jsonLdOf(page)).find((d) => d['@type'] === 'SportsTeam') as { athlete: unknown[] };
    expect(team.athlete).toHaveLength(4);
    // her page exists now, without statistics to show
    await page.goto(`${site().url}/spieler/${ids.lena}`);
    await expect(page.locator('.player-number')).toHaveText('71');
    await expect(page.locator('.player-stats')).toContainText('Noch keine Einsätze in beendeten Spielen.');
  });
});

test.describe('Der Demoverein', () => {
  const site = useSite((db) => void seedDemoClub(db, new Date()));
  test.use({ viewport: { width: 375, height: 812 } });

  test("a striker's page at 375 px: his season from the demo's events, readable and without axe violations", async ({ page }) => {
    await page.goto(`${site().url}/team/demo-team-kampf`);
    const first = page.locator('.top-scorer-list li').first();
    await expect(first).toContainText(/\d+ Tore?/);
    await first.getByRole('link').click();
    await expect(page).toHaveURL(/\/spieler\/demo-player-kampf-\d+$/);
    const goals = Number(await page.locator('.player-season-stats tbody tr').first().locator('td[data-stat="goals"]').textContent());
    expect(goals).toBeGreaterThan(0);
    await expect(page.locator('.player-matches li').first().getByRole('link')).toHaveAttribute('href', /^\/spiel\//);
    const width = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(width).toBe(0);
    const { violations } = await axeScan(page).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });

  test('the U16 shows its protected 13-year-old by name only, the one with consent in full', async ({ page }) => {
    await page.goto(`${site().url}/team/demo-team-u16`);
    const leon = page.locator('.player-card', { hasText: 'Leon Grabner' });
    await expect(leon).toHaveClass(/name-only/);
    await expect(leon.locator('img, .jersey, .meta, a')).toHaveCount(0);
    const moritz = page.locator('.player-card', { hasText: 'Moritz Zotter' });
    await expect(moritz.locator('.meta')).toHaveText('Stürmer · 13 Jahre');
    await expect(moritz.getByRole('link', { name: 'Moritz Zotter' })).toHaveAttribute('href', '/spieler/demo-player-u16-4');
    const { violations } = await axeScan(page).analyze();
    expect(violations.map((v) => v.id)).toEqual([]);
  });
});
