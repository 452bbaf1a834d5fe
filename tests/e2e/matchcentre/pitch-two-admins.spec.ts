import { eq } from 'drizzle-orm';
import { expect, test, type Page } from '@playwright/test';
import { makeMatch, makePlayer, makeTeam } from '../../fixtures/factories';
import { startSite, type Site } from '../../fixtures/site';
import { viennaDate } from '../../../src/lib/dates-de';
import { matchEvents } from '../../../src/server/db/schema';
import { actionUrl } from '../../fixtures/actions';
import { routeNow } from '../../fixtures/route-now';
import { twoAdmins } from '../admin/two-admins';

// 'Spieltag' with two admins at the pitch, or one on weak data (decision 032): the same goal entered by both is
// shown to the later one before it is stored twice, and a save whose answer was lost is not stored again.
let site: Site;
let matchId = '';
test.beforeAll(async () => {
  site = await startSite({
    seed: (db) => {
      const team = makeTeam(db, { name: 'Kampfmannschaft' });
      makePlayer(db, team.id, { name: 'Max Huber', jersey_number: 9 });
      matchId = makeMatch(db, {
        home_team: 'SV Kirchberg',
        away_team: 'ASK Oberdorf',
        match_date: viennaDate(new Date()),
        match_time: '14:30',
        team_id: team.id,
        team_side: 'home',
        // kicked off as the site starts: each test records events on it (a retried test too)
        live_phase: 'first_half',
        kickoff_at: Date.now(),
        status: 'live',
        home_score: 0,
        away_score: 0,
      }).id;
    },
  });
});
test.afterAll(async () => {
  await site.stop();
});
test.use({ viewport: { width: 375, height: 812 } });

const events = () => site.db().select().from(matchEvents).where(eq(matchEvents.match_id, matchId)).all();
const panel = (page: Page) => page.locator('.match-day');

async function openPanel(page: Page) {
  await page.goto(`${site.url}/admin#spieltag`);
  await expect(panel(page).getByLabel('Spiel')).toHaveValue(matchId);
}

test('two admins enter the same goal: the later one is shown the first before it is stored twice, and can still add a second', async ({ browser }) => {
  const { anna, contexts } = await twoAdmins(site, browser);
  const [a, b] = await Promise.all(contexts.map((c) => c.newPage()));
  await openPanel(a);
  await openPanel(b);

  // Anna enters the goal with its scorer
  await panel(a).getByRole('button', { name: 'Tor', exact: true }).click();
  await a.getByRole('form', { name: 'Tor' }).getByLabel('Torschütze').selectOption({ label: '9 Max Huber' });
  await a.getByRole('form', { name: 'Tor' }).getByRole('button', { name: 'Speichern' }).click();
  await expect(panel(a).locator('.match-day-score')).toHaveText('1:0');

  // Ben saw the same goal: his panel, read before it, still says 0:0
  await expect(panel(b).locator('.match-day-score')).toHaveText('0:0');
  await panel(b).getByRole('button', { name: 'Tor', exact: true }).click();
  const benGoal = b.getByRole('form', { name: 'Tor' });
  await benGoal.getByRole('button', { name: 'Speichern' }).click();
  await expect(b.locator('.toaster:not(:empty)')).toContainText(`Nicht eingetragen: ${anna.email} hat gerade dasselbe eingetragen (Tor, `);
  // not stored; his panel shows Anna's goal now, and his form stays open
  expect(events()).toHaveLength(1);
  await expect(panel(b).locator('.match-day-score')).toHaveText('1:0');
  await expect(panel(b).getByText('Tor: Max Huber – SV Kirchberg')).toBeVisible();
  await expect(benGoal).toBeVisible();

  // it really was a second goal: the same save again is stored
  await benGoal.getByRole('button', { name: 'Speichern' }).click();
  await expect(panel(b).locator('.match-day-score')).toHaveText('2:0');
  expect(events().map((e) => e.type)).toEqual(['goal', 'goal']);
  for (const c of contexts) await c.close();
});

test("a save whose answer is lost on weak data, sent again, is stored once", async ({ browser }) => {
  const { contexts } = await twoAdmins(site, browser);
  const page = await contexts[0].newPage();
  await openPanel(page);
  const before = events().length;
  // the server stores the card, the answer never reaches the phone
  await routeNow(
    page,
    actionUrl('admin.matchDay.record'),
    async (route) => {
      await route.fetch();
      await route.abort('connectionreset');
    },
    { times: 1 },
  );
  await panel(page).getByRole('button', { name: 'Karte', exact: true }).click();
  const card = page.getByRole('form', { name: 'Karte' });
  await card.getByRole('radio', { name: /Gegner/ }).click();
  await card.getByLabel('Spieler').fill('K. Maier');
  await card.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.locator('.toaster .toast').first()).toBeVisible();
  expect(events().filter((e) => e.type === 'yellow')).toHaveLength(1);
  // the admin does not know it was stored and taps again: still one card, and the form closes
  await card.getByRole('button', { name: 'Speichern' }).click();
  await expect(card).toHaveCount(0);
  expect(events().filter((e) => e.type === 'yellow')).toHaveLength(1);
  expect(events()).toHaveLength(before + 1);
  await expect(panel(page).getByText('K. Maier')).toHaveCount(1);
  for (const c of contexts) await c.close();
});
