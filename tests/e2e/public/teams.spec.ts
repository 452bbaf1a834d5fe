// Teams overview and team detail (public-site.md §2 Teams overview, Team detail, §9 group order).
import { expect, test } from '@playwright/test';
import { HOSTILE, makePlayer, makeTeam } from '../../fixtures/factories';
import { expectNoEmoji, expectNoInjectedScript, jsonLdOf, useSite, withCookieChoice } from './helpers';
import { useEmptySite } from '../../fixtures/shared-site';

test.beforeEach(async ({ context }) => withCookieChoice(context));

test.describe('Mannschaften, leere Datenbank', () => {
  const site = useEmptySite();

  test('the overview says that no teams exist yet', async ({ page }) => {
    await page.goto(site().url + '/mannschaften');
    await expect(page.getByRole('heading', { level: 1, name: 'Mannschaften' })).toBeVisible();
    await expect(page.locator('main')).toContainText('Noch keine Mannschaften eingetragen.');
  });

  test('an unknown team redirects to /mannschaften under both addresses', async ({ page, request }) => {
    for (const path of ['/team/gibt-es-nicht', '/mannschaften/gibt-es-nicht']) {
      const response = await request.get(site().url + path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(302);
      expect(response.headers()['location'], path).toBe('/mannschaften');
    }
    await page.goto(site().url + '/team/gibt-es-nicht');
    await expect(page).toHaveURL(site().url + '/mannschaften');
  });
});

test.describe('Mannschaften, gefüllte Datenbank', () => {
  const ids: Record<string, string> = {};
  const site = useSite((db) => {
    const kampf = makeTeam(db, {
      name: 'Kampfmannschaft',
      description: 'Unsere Erste in der Unterliga.',
      category: 'herren',
      image_url: '/uploads/kampf.webp',
      display_order: 2,
      achievements: ['Meister Unterliga 2019'],
    });
    const u12 = makeTeam(db, { name: 'U12', category: 'jugend', display_order: 1, description: null });
    makeTeam(db, { name: 'Damen', category: 'damen', display_order: 3 });
    makeTeam(db, { name: 'Reserve', category: 'herren', display_order: 4 });
    ids.kampf = kampf.id;
    ids.u12 = u12.id;
    // inserted out of order; the page groups and orders them
    makePlayer(db, kampf.id, { name: 'Stefan Stürmer', position: 'Stürmer', age: 24, jersey_number: 9 });
    makePlayer(db, kampf.id, { name: 'Tobias Tor', position: 'Torwart', age: 31, jersey_number: 1, image_url: '/uploads/tor.webp' });
    makePlayer(db, kampf.id, { name: 'Libero Lukas', position: 'Libero', age: 28, jersey_number: 5 });
    makePlayer(db, kampf.id, { name: 'Co Christian', position: 'Co-Trainer', age: 45, jersey_number: null });
    makePlayer(db, kampf.id, { name: 'Mario Mittelfeld', position: 'Mittelfeld', age: 22, jersey_number: 10 });
    makePlayer(db, kampf.id, { name: 'Martin Mittelfeld', position: 'Mittelfeld', age: 19, jersey_number: 6 });
    makePlayer(db, kampf.id, { name: 'Trainer Thomas', position: 'Trainer', age: 52, jersey_number: null });
    makePlayer(db, kampf.id, { name: 'Viktor Verteidiger', position: 'Verteidiger', age: 27, jersey_number: 4 });
    makePlayer(db, kampf.id, { name: HOSTILE.script, position: 'Spieler', age: null, jersey_number: 77 });
  });

  test('the overview lists every team in display order with the card content', async ({ page }) => {
    await page.goto(site().url + '/mannschaften');
    const cards = page.locator('.team-card');
    // h2 right under the page's h1 (the home page's cards are h3 under its section heading)
    await expect(cards.locator('h2')).toHaveText(['U12', 'Kampfmannschaft', 'Damen', 'Reserve']);
    await expect(cards.nth(0).locator('.team-description')).toHaveText('Eine Mannschaft mit Leidenschaft und Teamgeist.');
    await expect(cards.nth(1).locator('.player-count')).toHaveText('9 Spieler');
    await expect(cards.nth(1).locator('.achievements')).toContainText('Erfolge:');
    await expect(cards.nth(1).locator('img')).toHaveAttribute('src', '/uploads/kampf.webp');
    await expect(cards.nth(2).locator('svg.icon-medal')).toHaveCount(1);
    await expect(cards.nth(1).getByRole('link', { name: /Team ansehen/ })).toHaveAttribute('href', `/team/${ids.kampf}`);
  });

  test('team detail: header, groups in the spec order, empty groups hidden, player cards', async ({ page }) => {
    await page.goto(`${site().url}/team/${ids.kampf}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Kampfmannschaft' })).toBeVisible();
    await expect(page.locator('.team-head .team-description')).toHaveText('Unsere Erste in der Unterliga.');
    await expect(page.locator('.team-head .player-count')).toHaveText('9 Spieler');
    await expect(page.locator('.team-head .team-category')).toHaveText('Herren');
    await expect(page.locator('.team-photo')).toHaveAttribute('src', '/uploads/kampf.webp');
    await expect(page.locator('.player-group h2')).toHaveText(['Trainer', 'Co-Trainer', 'Torwart', 'Verteidiger', 'Mittelfeld', 'Stürmer', 'Spieler']);
    const midfield = page.locator('.player-group[data-group="Mittelfeld"] .player-card');
    await expect(midfield.locator('h3')).toHaveText(['Martin Mittelfeld', 'Mario Mittelfeld']);
    await expect(midfield.nth(0).locator('.jersey')).toHaveText('6');
    await expect(midfield.nth(0).locator('.meta')).toHaveText('Mittelfeld · 19 Jahre');
    await expect(midfield.nth(0).locator('svg.player-placeholder')).toHaveCount(1);
    const keeper = page.locator('.player-group[data-group="Torwart"] .player-card');
    await expect(keeper.getByRole('img', { name: 'Tobias Tor' })).toHaveAttribute('src', '/uploads/tor.webp');
    // an unknown position is listed under 'Spieler', with its own position shown
    const others = page.locator('.player-group[data-group="Spieler"] .player-card');
    await expect(others.locator('h3')).toHaveText(['Libero Lukas', HOSTILE.script]);
    await expect(others.nth(0).locator('.meta')).toHaveText('Libero · 28 Jahre');
    await expect(others.nth(1).locator('.meta')).toHaveText('Spieler');
    await expect(page.locator('.player-group[data-group="Trainer"] .jersey')).toHaveCount(0);
    await expectNoInjectedScript(page);
    await expectNoEmoji(page);
  });

  test('/mannschaften/{id} shows the same page with /team/{id} as its canonical URL', async ({ page }) => {
    await page.goto(`${site().url}/team/${ids.kampf}`);
    const canonical = await page.locator('main').innerHTML();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${site().url}/team/${ids.kampf}`);
    await page.goto(`${site().url}/mannschaften/${ids.kampf}`);
    expect(await page.locator('main').innerHTML()).toBe(canonical);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${site().url}/team/${ids.kampf}`);
  });

  test('SportsTeam data with athletes and coaches', async ({ page }) => {
    await page.goto(`${site().url}/team/${ids.kampf}`);
    const team = (await jsonLdOf(page)).find((d) => d['@type'] === 'SportsTeam') as { name: string; coach: { name: string }[]; athlete: unknown[] };
    expect(team.name).toBe('Kampfmannschaft');
    expect(team.coach.map((c) => c.name).sort()).toEqual(['Co Christian', 'Trainer Thomas']);
    expect(team.athlete).toHaveLength(7);
  });

  test("a team without players says 'Noch keine Spieler für dieses Team hinzugefügt.'", async ({ page }) => {
    await page.goto(`${site().url}/mannschaften/${ids.u12}`);
    await expect(page.locator('main')).toContainText('Noch keine Spieler für dieses Team hinzugefügt.');
    await expect(page.locator('.team-head .team-category')).toHaveText('Jugend');
    await expect(page.locator('.player-group')).toHaveCount(0);
    // its structured data names no athletes and no coach rather than empty lists
    const team = (await jsonLdOf(page)).find((d) => d['@type'] === 'SportsTeam')!;
    expect(team).not.toHaveProperty('athlete');
    expect(team).not.toHaveProperty('coach');
  });
});
