import { expect, test, type Browser, type Page } from '@playwright/test';
import { loginAs } from '../../fixtures/auth';
import { makeMatch, makePlayer, makeTeam } from '../../fixtures/factories';
import { viennaDate } from '../../../src/lib/dates-de';
import { leagues, matchEvents, matches } from '../../../src/server/db/schema';
import { startSite } from '../../fixtures/site';
import { useSite, withCookieChoice } from '../public/helpers';
import { adminClient } from '../../fixtures/admin-http';
import { toaster } from '../admin/content-helpers';
import { startWatchingProxy } from '../../fixtures/watching-proxy';
import { isSameDocument, markDocument } from '../../fixtures/same-document';
import { routeNow } from '../../fixtures/route-now';

// 'Spieltag' at 375 px (issue 14): an admin records a match at the pitch while a
// fan's open /spiel/{id} shows each event within 3 s, without reloading.
let matchId = '';
let eveningId = '';
let lateId = '';
let missedId = '';
let deployId = '';
let teamId = '';
const site = useSite((db) => {
  const team = makeTeam(db, { name: 'Kampfmannschaft' });
  teamId = team.id;
  // the league the match counts for: its table is computed from the results (issue 14)
  db.insert(leagues).values({ competition: 'Unterliga', season: '2026/27', our_team_name: 'SV Kirchberg', team_id: team.id }).run();
  makePlayer(db, team.id, { name: 'Max Huber', jersey_number: 9 });
  makePlayer(db, team.id, { name: 'Lukas Gruber', jersey_number: 10 });
  makePlayer(db, team.id, { name: 'Tobias Berger', jersey_number: 14 });
  // today's home matches of the team, each for one test
  const today = (away_team: string, match_time: string) =>
    makeMatch(db, { home_team: 'SV Kirchberg', away_team, match_date: viennaDate(new Date()), match_time, season: '2026/27', team_id: team.id, team_side: 'home' }).id;
  matchId = today('ASK Oberdorf', '14:30');
  // a second the same day, for the static-host test
  eveningId = today('USV Gnas', '19:00');
  // for the fan whose page is of the build before a deploy
  deployId = today('FC Au', '20:00');
  // for the fan whose phone was away at kick-off
  lateId = today('SC Bach', '21:00');
  // for the fan whose fetch of the page failed when the update came
  missedId = today('SV Feld', '21:30');
});

const SEEN_WITHIN = { timeout: 3_000 };

test.use({ viewport: { width: 375, height: 812 } });

test('kick-off, goal with assist, yellow card, substitution, undo and full time reach an open match page without a reload', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await loginAs(page.context(), site(), 'admin');
  await page.goto(`${site().url}/admin#spieltag`);
  const panel = page.locator('.match-day');
  await expect(panel.getByLabel('Spiel')).toHaveValue(matchId);
  await expect(panel.locator('.match-day-phase')).toHaveText('Noch nicht angepfiffen');

  // the fan: no service worker, so that nothing but the page itself can bring the news
  const fanContext = await browser.newContext({ viewport: { width: 375, height: 812 }, serviceWorkers: 'block' });
  await withCookieChoice(fanContext);
  const fan = await fanContext.newPage();
  await fan.goto(`${site().url}/spiel/${matchId}`);
  await expect(fan.locator('#spiel-live')).toHaveAttribute('data-live', 'on');
  await markDocument(fan);
  const live = fan.locator('#spiel-live');

  await panel.getByRole('button', { name: 'Anpfiff', exact: true }).click();
  await expect(live.locator('.match-phase')).toHaveText('1. Halbzeit', SEEN_WITHIN);
  await expect(live.locator('.score')).toHaveText('0:0', SEEN_WITHIN);
  await expect(panel.locator('.match-day-phase')).toHaveText(/^1\. Halbzeit · 1'$/);
  // the tapped button became the next step and kept the focus (a keyboard user stays where they were)
  await expect(panel.getByRole('button', { name: 'Halbzeit', exact: true })).toBeFocused();

  // a goal: one tap, the scorer and the assist; the minute comes from the clock
  await panel.getByRole('button', { name: 'Tor', exact: true }).click();
  const goal = page.getByRole('form', { name: 'Tor' });
  // the form takes the focus at its start, its side: one Tab stop, the arrows choose
  await expect(goal.getByRole('radio', { name: /^Wir/ })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(goal.getByRole('radio', { name: /^Gegner/ })).toBeFocused();
  await expect(goal.getByRole('radio', { name: /^Gegner/ })).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('ArrowLeft');
  await expect(goal.getByRole('radio', { name: /^Wir/ })).toHaveAttribute('aria-checked', 'true');
  await goal.getByLabel('Torschütze').selectOption({ label: '9 Max Huber' });
  await goal.getByLabel('Vorlage').selectOption({ label: '10 Lukas Gruber' });
  await goal.getByRole('button', { name: 'Speichern' }).click();
  await expect(live.locator('.goals li')).toHaveText([/1'\s*Max Huber.*Vorlage: Lukas Gruber.*SV Kirchberg/], SEEN_WITHIN);
  await expect(live.locator('.score')).toHaveText('1:0', SEEN_WITHIN);
  await expect(panel.locator('.match-day-score')).toHaveText('1:0');
  // the form closed: the button that opened it has the focus again
  await expect(panel.getByRole('button', { name: 'Tor', exact: true })).toBeFocused();
  // a screen reader hears the score and the phase when they change, never the running minute
  await expect(panel.getByRole('status')).toHaveText(/^SV Kirchberg 1:0 .+, 1\. Halbzeit$/);
  await expect(panel.locator('[aria-live]:has(.match-day-phase), [role="status"]:has(.match-day-phase)')).toHaveCount(0);

  // a yellow card for an opponent, typed
  await panel.getByRole('button', { name: 'Karte', exact: true }).click();
  const card = page.getByRole('form', { name: 'Karte' });
  await card.getByRole('radio', { name: /Gegner/ }).click();
  await card.getByLabel('Spieler').fill('K. Maier');
  // stoppage time after the 17th minute is a typing error: said in German, the form keeps what was typed
  await card.getByLabel('Minute').fill('17+2');
  await card.getByRole('button', { name: 'Speichern' }).click();
  await expect(toaster(page).getByText('Nachspielzeit gibt es nur zur 45. und 90. Minute (und in der Verlängerung), z. B. 45+2.')).toBeVisible();
  await expect(card.getByLabel('Minute')).toBeFocused();
  await expect(card.getByLabel('Minute')).toHaveAttribute('aria-invalid', 'true');
  await expect(card.getByLabel('Spieler')).toHaveValue('K. Maier');
  expect(site().db().select().from(matchEvents).all().filter((e) => e.match_id === matchId)).toHaveLength(1);
  await card.getByLabel('Minute').fill('');
  await card.getByRole('button', { name: 'Speichern' }).click();
  await expect(live.locator('.cards li')).toHaveText([/Gelb: K\. Maier\s+– ASK Oberdorf/], SEEN_WITHIN);

  // a substitution: Berger on for Huber
  await panel.getByRole('button', { name: 'Wechsel', exact: true }).click();
  const sub = page.getByRole('form', { name: 'Wechsel' });
  await sub.getByLabel('Eingewechselt').selectOption({ label: '14 Tobias Berger' });
  await sub.getByLabel('Ausgewechselt').selectOption({ label: '9 Max Huber' });
  await sub.getByRole('button', { name: 'Speichern' }).click();
  await expect(live.locator('.substitutions li')).toHaveText([/Tobias Berger\s+für\s+Max Huber\s+– SV Kirchberg/], SEEN_WITHIN);

  // undo takes the substitution back, on the page as well
  await panel.getByRole('button', { name: 'Letztes Ereignis zurücknehmen' }).click();
  await expect(live.locator('.substitutions')).toHaveCount(0, SEEN_WITHIN);
  await expect(live.locator('.cards li')).toHaveCount(1);

  await panel.getByRole('button', { name: 'Halbzeit', exact: true }).click();
  await expect(live.locator('.match-phase')).toHaveText('Halbzeit', SEEN_WITHIN);
  await panel.getByRole('button', { name: 'Anpfiff 2. Halbzeit' }).click();
  await expect(live.locator('.match-phase')).toHaveText('2. Halbzeit', SEEN_WITHIN);
  await expect(panel.locator('.match-day-phase')).toHaveText(/^2\. Halbzeit · 46'$/);
  await panel.getByRole('button', { name: 'Abpfiff', exact: true }).click();
  await expect(live.locator('.match-phase')).toHaveText('Abpfiff', SEEN_WITHIN);
  await expect(live.locator('.match-status')).toHaveText('Beendet');

  // the panel with its event form open fits the phone: no sideways scrolling
  await panel.getByRole('button', { name: 'Tor', exact: true }).click();
  await expect(page.getByRole('form', { name: 'Tor' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await page.getByRole('form', { name: 'Tor' }).getByRole('button', { name: 'Abbrechen' }).click();

  // all of it arrived in the same document: the page never reloaded
  expect(await isSameDocument(fan)).toBe(true);
  await expectStored(fan);
  // full time counts: the league table and the team's top scorers follow
  await fan.goto(`${site().url}/tabelle`);
  const ours = fan.locator('.league-table tbody tr', { hasText: 'SV Kirchberg' });
  await expect(fan.locator('.league-table tbody tr').first()).toHaveAttribute('data-team', 'SV Kirchberg');
  await expect(ours.locator('td.played')).toHaveText('1');
  await expect(ours.locator('td.goals')).toHaveText('1:0');
  await fan.goto(`${site().url}/team/${teamId}`);
  await expect(fan.locator('.top-scorers li')).toHaveText([/Max Huber\s+1 Tor/]);
  // and the team page leads to the match
  await expect(fan.getByRole('link', { name: 'Zum Spiel: SV Kirchberg gegen ASK Oberdorf' })).toHaveAttribute('href', `/spiel/${matchId}`);
  await fanContext.close();
});

async function expectStored(fan: Page) {
  const db = site().db();
  const match = db.select().from(matches).all().find((m) => m.id === matchId)!;
  expect(match).toMatchObject({ live_phase: 'full_time', status: 'finished', home_score: 1, away_score: 0 });
  expect(db.select().from(matchEvents).all().map((e) => e.type).sort()).toEqual(['goal', 'yellow']);
  // a reload shows the same as the live page
  await fan.reload();
  await expect(fan.locator('#spiel-live .score')).toHaveText('1:0');
}

test('without the live stream (a static host) the open page offers a reload once the site changed', async ({ page, browser }) => {
  await loginAs(page.context(), site(), 'admin');
  await page.goto(`${site().url}/admin#spieltag`);
  const panel = page.locator('.match-day');
  await panel.getByLabel('Spiel').selectOption(eveningId);
  await expect(panel.locator('.match-day-phase')).toHaveText('Noch nicht angepfiffen');
  await panel.getByRole('button', { name: 'Anpfiff', exact: true }).click();
  await expect(panel.locator('.match-day-phase')).toHaveText(/^1\. Halbzeit/);

  const fanContext = await browser.newContext({ viewport: { width: 375, height: 812 }, serviceWorkers: 'block' });
  await withCookieChoice(fanContext);
  const fan = await fanContext.newPage();
  // a static host has no /api: the stream answers 404
  // eslint-disable-next-line no-restricted-syntax -- before the first goto
  await fan.route('**/api/live/**', (route) => route.fulfill({ status: 404, body: 'Not Found' }));
  await countVersionChecks(fan);
  await fan.goto(`${site().url}/spiel/${eveningId}`);
  // the page's first look at the cache version is its starting point, not a change: no prompt once it is handled
  await fan.waitForFunction(() => (window as unknown as { __versionChecks: number }).__versionChecks >= 1);
  const prompt = fan.getByRole('button', { name: 'Neue Ereignisse – neu laden' });
  await expect(prompt).toHaveCount(0);

  await panel.getByRole('button', { name: 'Tor', exact: true }).click();
  const goal = page.getByRole('form', { name: 'Tor' });
  await goal.getByRole('radio', { name: /Gegner/ }).click();
  await goal.getByLabel('Torschütze').fill('K. Maier');
  await goal.getByRole('button', { name: 'Speichern' }).click();
  await expect(panel.locator('.match-day-score')).toHaveText('0:1');
  // the page polls the cache version every 10 s
  await expect(prompt).toBeVisible({ timeout: 15_000 });
  await prompt.click();
  await expect(fan.locator('.goals li')).toHaveText([/K\. Maier\s+– USV Gnas/]);
  await fanContext.close();
});

/**
 * Counts the page's looks at the cache version (`window.__versionChecks`), each once the page has acted on its
 * answer: the count goes up in a task after the one that read the JSON, so after what the page did with it.
 */
async function countVersionChecks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const json = Response.prototype.json;
    Object.assign(window, { __versionChecks: 0 });
    Response.prototype.json = function (this: Response) {
      const read = json.call(this);
      const counted = () => setTimeout(() => (window as unknown as { __versionChecks: number }).__versionChecks++);
      if (new URL(this.url).pathname === '/cache-version.json') read.then(counted, counted);
      return read;
    };
  });
}

/**
 * A fan's match page, listening (no service worker: nothing but the page itself can bring the news); marked to see
 * that it is never reloaded. Returned once the stream's opening fetch of the page (its catch-up) is answered: a
 * test that cuts the network or the page's fetches afterwards cuts those of an update.
 */
async function openLivePage(browser: Browser, id: string, origin = site().url) {
  const fanContext = await browser.newContext({ viewport: { width: 375, height: 812 }, serviceWorkers: 'block' });
  await withCookieChoice(fanContext);
  const fan = await fanContext.newPage();
  const pageUrl = `${origin}/spiel/${id}`;
  const caughtUp = fan.waitForResponse((response) => response.url() === pageUrl && response.request().resourceType() === 'fetch');
  await fan.goto(pageUrl);
  const live = fan.locator('#spiel-live');
  await expect(live).toHaveAttribute('data-live', 'on');
  await caughtUp;
  await markDocument(fan);
  return { fanContext, fan, live };
}

test('a fan whose connection was away when the match changed sees the change once it is back, without a reload', async ({ browser }) => {
  // the fan's phone reaches the site through a proxy that can end its connections: Chromium's emulated offline
  // alone leaves an open stream be, and the kick-off would come over it
  const proxy = await startWatchingProxy(site().url);
  try {
    const stream = `/api/live/${lateId}`;
    const { fanContext, fan, live } = await openLivePage(browser, lateId, proxy.url);
    // the phone loses its network: the open stream ends, and no try to open it again gets through
    proxy.cut(stream, 1);
    await fanContext.setOffline(true);
    expect(await proxy.dropOpen(stream)).toBe(1);
    // meanwhile the match kicks off: its one update goes out to nobody (one that came would show the prompt, its fetch failing offline)
    const admin = await adminClient(site());
    expect((await admin.call('admin.matchDay.phase', { match_id: lateId, step: 'kickoff' })).status).toBe(200);
    await fan.waitForTimeout(500);
    await expect(live.locator('.match-phase')).toHaveCount(0);
    await expect(fan.getByRole('button', { name: 'Neue Ereignisse – neu laden' })).toHaveCount(0);
    const back = Date.now();
    proxy.uncut(stream);
    await fanContext.setOffline(false);
    // the stream opens again, and the page fetches what it missed
    await expect(live.locator('.match-phase')).toHaveText('1. Halbzeit', { timeout: 10_000 });
    expect(proxy.requests.filter(({ path, at }) => path === stream && at >= back).length).toBeGreaterThan(0);
    expect(await isSameDocument(fan)).toBe(true);
    await fanContext.close();
  } finally {
    await proxy.close();
  }
});

test('a fan whose fetch of the page failed when the update came (the network gone just then) sees the change once it is back, without a reload', async ({ browser }) => {
  const proxy = await startWatchingProxy(site().url);
  try {
    const pagePath = `/spiel/${missedId}`;
    const stream = `/api/live/${missedId}`;
    const { fanContext, fan, live } = await openLivePage(browser, missedId, proxy.url);
    // the stream stays, but the page the update asks for does not come
    proxy.cut(pagePath, 1);
    const admin = await adminClient(site());
    expect((await admin.call('admin.matchDay.phase', { match_id: missedId, step: 'kickoff' })).status).toBe(200);
    // the fan is told there is news meanwhile
    const prompt = fan.getByRole('button', { name: 'Neue Ereignisse – neu laden' });
    await expect(prompt).toBeVisible({ timeout: 10_000 });
    await expect(live.locator('.match-phase')).toHaveCount(0);
    // the network comes back: the page fetches what it missed by itself (over the stream it kept: none opened anew)
    const back = Date.now();
    await fanContext.setOffline(true);
    proxy.uncut(pagePath);
    await fanContext.setOffline(false);
    await expect(live.locator('.match-phase')).toHaveText('1. Halbzeit', SEEN_WITHIN);
    await expect(prompt).toHaveCount(0);
    expect(proxy.requests.filter(({ path, at }) => path === stream && at >= back)).toHaveLength(0);
    expect(await isSameDocument(fan)).toBe(true);
    await fanContext.close();
  } finally {
    await proxy.close();
  }
});

test("a page of the build before a deploy offers a reload instead of swapping in the new build's live part (decision 070)", async ({ browser }) => {
  const { fanContext, fan, live } = await openLivePage(browser, deployId);
  // the deploy: the page published now names the new build's code (here one of its files renamed)
  let renamed = 0;
  await routeNow(fan, `**/spiel/${deployId}`, async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace(/(href|src)="\/_astro\//, (_, attribute: string) => {
      renamed++;
      return `${attribute}="/_astro/neu-`;
    });
    await route.fulfill({ response, body });
  });
  const admin = await adminClient(site());
  expect((await admin.call('admin.matchDay.phase', { match_id: deployId, step: 'kickoff' })).status).toBe(200);
  const prompt = fan.getByRole('button', { name: 'Neue Ereignisse – neu laden' });
  await expect(prompt).toBeVisible({ timeout: 10_000 });
  expect(renamed).toBeGreaterThan(0);
  // not swapped in: the open page keeps its own live part, and its document
  await expect(live.locator('.match-phase')).toHaveCount(0);
  expect(await isSameDocument(fan)).toBe(true);
  await fan.unrouteAll();
  await prompt.click();
  await expect(live.locator('.match-phase')).toHaveText('1. Halbzeit');
  await fanContext.close();
});

test('an open live stream ends when the server stops, so the stop does not wait for it (decision 012); an unknown match gets none', async () => {
  let ownMatch = '';
  const own = await startSite({ seed: (db) => void (ownMatch = makeMatch(db, { home_team: 'SV Kirchberg', away_team: 'ASK Oberdorf' }).id) });
  // an unknown match: no stream (each holds a socket; a script opened thousands before)
  const unknown = await fetch(`${own.url}/api/live/gibt-es-nicht`);
  expect(unknown.status).toBe(404);
  expect(await unknown.text()).toBe('Dieses Spiel gibt es nicht.');
  const response = await fetch(`${own.url}/api/live/${ownMatch}`);
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const reader = response.body!.getReader();
  expect(new TextDecoder().decode((await reader.read()).value)).toContain('retry: 2000');
  const started = Date.now();
  const ended = (async () => {
    while (!(await reader.read()).done);
  })();
  process.kill(-own.process.pid!, 'SIGTERM');
  await ended;
  // when the stream ended, not when the process had exited (the rest of the stop on a busy machine)
  const endedAfter = Date.now() - started;
  const exit = await own.exited;
  expect(exit.code).toBe(0);
  // the drain's deadline is 8 s: the stream ended by itself, long before it
  expect(endedAfter).toBeLessThan(5_000);
  expect(own.logs()).not.toContain('still open');
  await own.stop();
});
