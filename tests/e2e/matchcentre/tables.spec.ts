// League tables (issue 14, item 4) against the production server: an admin
// enters and edits the result of two other teams in 'Tabellen' and /tabelle
// shows the new order without a restart (the publisher republishes); a table
// pasted from a league portal appears on /tabelle/{id}, a bad paste is refused;
// the demo's table passes axe at 375 and 1280 px and never widens the page.
import { axeScan } from '../../fixtures/axe';
import { expect, test, type Page } from '@playwright/test';
import { loginAs } from '../../fixtures/auth';
import { leagueResults, leagues, matches, standings, teams } from '../../../src/server/db/schema';
import { seedDemoClub } from '../../../src/server/services/demo-data';
import { DEMO_LEAGUE_ID } from '../../../src/server/services/demo-league';
import { actionUrl, clickForAnswer, holdAction, releaseWhenAsked } from '../../fixtures/actions';
import { horizontalOverflow, toaster } from '../admin/content-helpers';
import { useSite, withCookieChoice } from '../public/helpers';
import { useEmptySite } from '../../fixtures/shared-site';
import { routeNow } from '../../fixtures/route-now';

/** The teams of one league's table in the order shown. */
const order = (page: Page, competition: string) =>
  page
    .locator('.league-table', { has: page.locator('caption', { hasText: competition }) })
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-team')));

/** Enters a result of two other teams in the open league's 'Ergebnis hinzufügen' and waits for its answer and toast. */
async function addResult(page: Page, home: string, away: string, goals: [string, string]) {
  const add = page.getByRole('form', { name: 'Ergebnis hinzufügen' });
  await add.getByLabel('Heimteam *').fill(home);
  await add.getByLabel('Auswärtsteam *').fill(away);
  await add.getByLabel('Tore Heim').fill(goals[0]);
  await add.getByLabel('Tore Auswärts').fill(goals[1]);
  await clickForAnswer(page, add.getByRole('button', { name: 'Ergebnis hinzufügen' }), 'admin.leagues.createResult');
  await expect(toaster(page).getByText('Ergebnis gespeichert').last()).toBeVisible();
}

test.describe('Tabellen im Admin', () => {
  const site = useSite((db) => {
    db.insert(teams).values({ id: 'kampf', name: 'Kampfmannschaft' }).run();
    db.insert(matches)
      .values([
        { id: 'm1', home_team: 'SV Kirchberg', away_team: 'FC Gnas', match_date: '2026-08-08', competition: 'Unterliga Ost', season: '2026/27', status: 'finished', home_score: 1, away_score: 0 },
        { id: 'm2', home_team: 'SV Kirchberg', away_team: 'SK Sturm Graz Amateure', match_date: '2026-08-01', competition: 'Steirischer Cup', season: '2026/27' },
      ])
      .run();
    db.insert(leagues)
      .values([
        { id: 'liga-1', competition: 'Unterliga Ost', season: '2026/27', tie_breakers: ['goal_difference', 'goals_for', 'head_to_head'], team_id: 'kampf' },
        { id: 'liga-2', competition: '1. Klasse Ost', season: '2026/27', mode: 'entered', our_team_name: 'SV Kirchberg 1b' },
        { id: 'liga-3', competition: 'Reserve Ost', season: '2026/27', mode: 'entered' },
      ])
      .run();
    db.insert(leagueResults).values({ id: 'r1', league_id: 'liga-1', matchday: 1, home_team: 'USV Paldau', away_team: 'TuS Ilz', home_score: 1, away_score: 0 }).run();
  });

  test.beforeEach(async ({ context }) => {
    await withCookieChoice(context);
    await loginAs(context, site(), 'admin');
  });

  test("an entered and an edited result of two other teams reorder /tabelle without a restart", async ({ page }) => {
    await page.goto(`${site().url}/tabelle`);
    await expect(page).toHaveTitle(/^Tabelle – /);
    // level on 3 points, difference and goals: by name
    expect(await order(page, 'Unterliga Ost')).toEqual(['SV Kirchberg', 'USV Paldau', 'FC Gnas', 'TuS Ilz']);
    await expect(page.locator('tr.ours')).toHaveAttribute('data-team', 'SV Kirchberg');

    await page.goto(`${site().url}/admin#tabellen`);
    // what each table is made of: the club's match from the fixtures counts (it said '1 Ergebnisse' before)
    await expect(page.locator('.leagues-table tr', { hasText: 'Unterliga Ost' })).toContainText('Berechnet aus Ergebnissen (1 Spiel im Spielplan, 1 weiteres Ergebnis)');
    await expect(page.locator('.leagues-table tr', { hasText: 'Reserve Ost' })).toContainText('Eingefügte Tabelle (vom Verbandsportal) (0 Zeilen)');
    await page.locator('.leagues-table tr', { hasText: 'Unterliga Ost' }).getByRole('button', { name: 'Bearbeiten' }).click();
    await addResult(page, 'TuS Ilz', 'FC Gnas', ['3', '0']);
    await expect(toaster(page).getByText('Veröffentlicht', { exact: true })).toBeVisible();
    expect(site().db().select().from(leagueResults).all()).toHaveLength(2);

    await page.goto(`${site().url}/tabelle`);
    expect(await order(page, 'Unterliga Ost')).toEqual(['TuS Ilz', 'SV Kirchberg', 'USV Paldau', 'FC Gnas']);

    // edit: Paldau beat Ilz 4:0, not 1:0
    await page.goto(`${site().url}/admin#tabellen`);
    await page.locator('.leagues-table tr', { hasText: 'Unterliga Ost' }).getByRole('button', { name: 'Bearbeiten' }).click();
    await page.locator('.league-results tr', { hasText: 'USV Paldau' }).getByRole('button', { name: 'Bearbeiten' }).click();
    const edit = page.getByRole('form', { name: 'Ergebnis bearbeiten' });
    await edit.getByLabel('Tore Heim').fill('4');
    await edit.getByRole('button', { name: 'Speichern' }).click();
    await expect(toaster(page).getByText('Ergebnis gespeichert')).toBeVisible();
    await expect(toaster(page).getByText('Veröffentlicht', { exact: true }).first()).toBeVisible();
    await page.goto(`${site().url}/tabelle/liga-1`);
    expect(await order(page, 'Unterliga Ost')).toEqual(['USV Paldau', 'SV Kirchberg', 'TuS Ilz', 'FC Gnas']);
    await expect(page.locator('tr', { hasText: 'USV Paldau' }).locator('td.goals')).toHaveText('4:0');
  });

  test("two results entered one after the other both stay in the list, also when an answer about the first comes last", async ({ page }) => {
    await page.goto(`${site().url}/admin#tabellen`);
    await page.locator('.leagues-table tr', { hasText: 'Unterliga Ost' }).getByRole('button', { name: 'Bearbeiten' }).click();
    const rows = page.locator('.league-results tbody tr');
    const shown = site().db().select().from(leagueResults).all().length;
    await expect(rows).toHaveCount(shown);
    // the first answer about the league after the first save is read at once and handed over last, after every
    // one asked after the second save (a loaded server answers out of order)
    let asked = 0;
    let answered = 0;
    let lastAskedAt = 0;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let staleHandedOver!: () => void;
    const stale = new Promise<void>((resolve) => (staleHandedOver = resolve));
    await routeNow(page, actionUrl('admin.leagues.detail'), async (route) => {
      const mine = ++asked;
      lastAskedAt = Date.now();
      const response = await route.fetch();
      if (mine === 1) await Promise.race([released, new Promise((resolve) => setTimeout(resolve, 20_000))]);
      await route.fulfill({ response });
      if (mine === 1) staleHandedOver();
      else answered += 1;
    });
    const enter = (home: string, away: string) => addResult(page, home, away, ['2', '1']);
    await enter('FC Gnas', 'TuS Ilz');
    await expect.poll(() => asked).toBeGreaterThan(0);
    await enter('TuS Ilz', 'USV Paldau');
    // every other answer handed over, and none asked for a second: then the held one
    await expect.poll(() => asked > 1 && answered === asked - 1 && Date.now() - lastAskedAt > 1_000, { timeout: 15_000 }).toBe(true);
    release();
    await stale;
    // the answer handed over last is drawn before the page's next frames
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await rows.count()).toBe(shown + 2);
    const texts = await rows.allTextContents();
    expect(texts.filter((text) => text.includes('FC Gnas2:1TuS Ilz') || text.includes('TuS Ilz2:1USV Paldau'))).toHaveLength(2);
    expect(site().db().select().from(leagueResults).all()).toHaveLength(shown + 2);
  });

  test('a table pasted from a league portal appears on /tabelle/{id}; a bad paste changes nothing (on a phone)', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${site().url}/admin#tabellen`);
    await page.locator('.leagues-table tr', { hasText: '1. Klasse Ost' }).getByRole('button', { name: 'Bearbeiten' }).click();
    const paste = page.getByRole('form', { name: 'Tabelle einfügen' });
    await expect(paste).toBeVisible();
    expect(await horizontalOverflow(page)).toBe(0);
    await paste.getByLabel('Tabelle einfügen').fill('Mannschaft\tPkt.\nSV Feldbach\tviele');
    await paste.getByRole('button', { name: 'Tabelle übernehmen' }).click();
    await expect(paste.getByText('Zeile 2: „Pkt.“ ist keine ganze Zahl („viele“).')).toBeVisible();
    expect(site().db().select().from(standings).all()).toHaveLength(0);

    const portal = [
      'Rang\tMannschaft\tSp.\tS\tU\tN\tTore\tDiff\tPkt.',
      '1.\tUSV Gnas 1b\t10\t8\t1\t1\t30:9\t21\t25',
      '2.\tSV Kirchberg 1b\t10\t7\t1\t2\t25:12\t13\t22',
      '3.\tSC Pirching\t10\t2\t0\t8\t8:31\t-23\t6',
    ].join('\n');
    await paste.getByLabel('Tabelle einfügen').fill(portal);
    await paste.getByRole('button', { name: 'Tabelle übernehmen' }).click();
    await expect(toaster(page).getByText('Tabelle mit 3 Mannschaften übernommen')).toBeVisible();
    await expect(toaster(page).getByText('Veröffentlicht', { exact: true })).toBeVisible();

    await page.goto(`${site().url}/tabelle/liga-2`);
    await expect(page).toHaveTitle(/^Tabelle 1\. Klasse Ost 2026\/27 – /);
    expect(await order(page, '1. Klasse Ost')).toEqual(['USV Gnas 1b', 'SV Kirchberg 1b', 'SC Pirching']);
    const ours = page.locator('tr.ours');
    await expect(ours).toHaveAttribute('data-team', 'SV Kirchberg 1b');
    await expect(ours.locator('td.goals')).toHaveText('25:12');
    await expect(ours.locator('td.difference')).toHaveText('+13');
    await expect(ours.locator('td.points')).toHaveText('22');
    await expect(page.getByText('Tabelle vom Verbandsportal übernommen.')).toBeVisible();
  });

  test('a league opened again, by way of another, before the list has reloaded after its save: its settings show the save, and the next save is taken', async ({ page }) => {
    await page.goto(`${site().url}/admin#tabellen`);
    const openLeague = (competition: string) => page.locator('.leagues-table tr', { hasText: competition }).getByRole('button', { name: 'Bearbeiten' }).click();
    const settings = page.getByRole('form', { name: /Reserve Ost 2026\/27$/ });
    const ourName = settings.getByLabel('Unser Name in der Tabelle');
    await openLeague('Reserve Ost');
    await ourName.fill('SV Kirchberg Reserve');
    // the list's reload after the save (and the live one) answers late, as on a busy server
    const hold = await holdAction(page, 'admin.leagues.list');
    await settings.getByRole('button', { name: 'Speichern' }).click();
    await expect(toaster(page).getByText('Tabelle gespeichert')).toBeVisible();
    await openLeague('1. Klasse Ost');
    await expect(page.getByRole('heading', { name: '1. Klasse Ost, Saison 2026/27' })).toBeVisible();
    await openLeague('Reserve Ost');
    await expect(ourName).toHaveValue('SV Kirchberg Reserve');
    await ourName.fill('SV Kirchberg Amateure');
    await settings.getByRole('button', { name: 'Speichern' }).click();
    // taken, not refused as a conflict with the admin's own first save
    await expect.poll(() => site().db().select().from(leagues).all().find((l) => l.id === 'liga-3')?.our_team_name).toBe('SV Kirchberg Amateure');
    await expect(settings.getByRole('alert')).toHaveCount(0);
    await expect(toaster(page).getByText(/^Fehler beim Speichern/)).toHaveCount(0);
    hold.release();
  });

  test('the settings keep the keyboard where it was after their save, and what was typed in them while a result is added below', async ({ page }) => {
    await page.goto(`${site().url}/admin#tabellen`);
    const listed = page.locator('.leagues-table tr', { hasText: 'Unterliga Ost' });
    await listed.getByRole('button', { name: 'Bearbeiten' }).click();
    const settings = page.getByRole('form', { name: /Unterliga Ost 2026\/27$/ });
    const ourName = settings.getByLabel('Unser Name in der Tabelle');
    await ourName.fill('SV Kirchberg an der Raab');
    const save = settings.getByRole('button', { name: 'Einstellungen speichern' });
    // the list's reload after the save is held until the save's answer was shown, then handed over
    const reread = await holdAction(page, 'admin.leagues.list');
    await save.focus();
    await page.keyboard.press('Enter');
    await expect(toaster(page).getByText('Tabelle gespeichert')).toBeVisible();
    expect(site().db().select().from(leagues).all().find((l) => l.id === 'liga-1')?.our_team_name).toBe('SV Kirchberg an der Raab');
    await releaseWhenAsked(page, reread, 'admin.leagues.list');
    // the league's entry in the list is new (its revision): the form was not rebuilt, the focus is on its button
    await expect(save).toBeFocused();
    await expect(ourName).toHaveValue('SV Kirchberg an der Raab');

    // typed, not saved; then a result below: the league's counts change in the list, the typing stays
    await ourName.fill('SV Kirchberg 1a');
    // the describe's tests share the site: the count the list will show is the stored one and this one
    const results = site().db().select().from(leagueResults).all().filter((r) => r.league_id === 'liga-1').length;
    await addResult(page, 'TuS Ilz', 'FC Gnas', ['3', '0']);
    await expect(listed).toContainText(`${results + 1} weitere Ergebnisse`);
    await expect(ourName).toHaveValue('SV Kirchberg 1a');
    expect(site().db().select().from(leagues).all().find((l) => l.id === 'liga-1')?.our_team_name).toBe('SV Kirchberg an der Raab');
  });

  test('settings saved in another tab are shown in a form nothing was typed in, and its next save is taken', async ({ page, context }) => {
    const openLiga = async (p: Page) => {
      await p.goto(`${site().url}/admin#tabellen`);
      await p.locator('.leagues-table tr', { hasText: 'Unterliga Ost' }).getByRole('button', { name: 'Bearbeiten' }).click();
      return p.getByRole('form', { name: /Unterliga Ost 2026\/27$/ });
    };
    const settings = await openLiga(page);
    await expect(settings.getByLabel('Sieg', { exact: true })).toHaveValue('3');
    const other = await openLiga(await context.newPage());
    await other.getByLabel('Sieg', { exact: true }).fill('2');
    await other.getByRole('button', { name: 'Einstellungen speichern' }).click();
    await expect.poll(() => site().db().select().from(leagues).all().find((l) => l.id === 'liga-1')?.points_win).toBe(2);
    // the first tab hears of it (a live event, the list's new entry) and shows it
    await expect(settings.getByLabel('Sieg', { exact: true })).toHaveValue('2');
    await settings.getByLabel('Unser Name in der Tabelle').fill('SV Kirchberg 1a');
    await settings.getByRole('button', { name: 'Einstellungen speichern' }).click();
    await expect(toaster(page).getByText('Tabelle gespeichert')).toBeVisible();
    const stored = site().db().select().from(leagues).all().find((l) => l.id === 'liga-1');
    expect([stored?.points_win, stored?.our_team_name]).toEqual([2, 'SV Kirchberg 1a']);
    await expect(settings.getByRole('alert')).toHaveCount(0);
  });

  test('a competition of the fixtures becomes a league with the Austrian tie-breaks, opened and on /tabelle at once', async ({ page }) => {
    await page.goto(`${site().url}/admin#tabellen`);
    await page.locator('.league-candidates li', { hasText: 'Steirischer Cup 2026/27' }).getByRole('button', { name: 'Als neue Tabelle vorbereiten' }).click();
    const form = page.getByRole('form', { name: 'Neue Tabelle' });
    await expect(form.getByLabel('Bewerb *')).toHaveValue('Steirischer Cup');
    await expect(form.getByLabel('Saison *')).toHaveValue('2026/27');
    await expect(form.getByLabel('Bei Punktegleichheit')).toHaveValue('austria');
    await form.getByRole('button', { name: 'Tabelle anlegen' }).click();
    await expect(toaster(page).getByText('Tabelle angelegt')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Steirischer Cup, Saison 2026/27' })).toBeVisible();
    const stored = site().db().select().from(leagues).all().find((l) => l.competition === 'Steirischer Cup')!;
    expect(stored.tie_breakers).toEqual(['head_to_head', 'goal_difference', 'goals_for', 'wins', 'away_goals']);
    await page.goto(`${site().url}/tabelle`);
    expect(await order(page, 'Steirischer Cup')).toEqual(['SK Sturm Graz Amateure', 'SV Kirchberg']);
    // the fixtures lead to it now
    await page.goto(`${site().url}/spielplan`);
    await expect(page.getByRole('link', { name: 'Tabelle', exact: true })).toHaveAttribute('href', '/tabelle');
  });
});

test.describe('Tabelle des Demo-Vereins', () => {
  const site = useSite((db) => void seedDemoClub(db));

  test.beforeEach(async ({ context }) => {
    await withCookieChoice(context);
    await context.addInitScript(() => sessionStorage.setItem('pwa-install-banner-closed', 'true'));
  });

  for (const width of [375, 1280]) {
    test(`${width} px: the tables have no axe violations and do not widen the page`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      for (const path of ['/tabelle', `/tabelle/${DEMO_LEAGUE_ID}`]) {
        await page.goto(site().url + path);
        // the demo's league: the club and its 11 opponents (issue 14)
        await expect(page.locator('.league-table tbody tr')).toHaveCount(12);
        await expect(page.locator('caption').first()).toHaveText(/^Unterliga Ost, Saison \d{4}\/\d{2}$/);
        const { violations } = await axeScan(page).analyze();
        expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), path).toEqual([]);
        expect(await horizontalOverflow(page), path).toBe(0);
        // the demo's names fit: every column, the points last, is in view without scrolling the table
        const box = await page.locator('.league-scroll').first().evaluate((el) => el.scrollWidth - el.clientWidth);
        expect(box, path).toBe(0);
      }
      await expect(page.locator('tr.ours th')).toContainText('SV Kirchberg an der Raab');
      await expect(page.locator('thead abbr[title="Punkte"]')).toHaveText('Pkt.');
    });
  }
});

test.describe('ohne Tabellen', () => {
  const site = useEmptySite();
  test('says so in German', async ({ page }) => {
    await page.goto(`${site().url}/tabelle`);
    await expect(page.getByText('Noch keine Tabelle vorhanden.', { exact: false })).toBeVisible();
    // and the fixtures do not lead there
    await page.goto(`${site().url}/spielplan`);
    await expect(page.getByRole('link', { name: 'Tabelle', exact: true })).toHaveCount(0);
    const response = await page.goto(`${site().url}/tabelle/gibt-es-nicht`);
    expect(new URL(response!.url()).pathname).toBe('/tabelle');
  });
});
