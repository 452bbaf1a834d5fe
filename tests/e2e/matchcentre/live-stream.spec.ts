import { expect, test, type Browser, type Response } from '@playwright/test';
import { makeMatch } from '../../fixtures/factories';
import { viennaDate } from '../../../src/lib/dates-de';
import { adminClient } from '../../fixtures/admin-http';
import { useSite, withCookieChoice } from '../public/helpers';
import { EVENT_SOURCE_CLOSED, eventSourceStates, keepEventSources, muteEventSources } from '../../fixtures/event-sources';
import { isSameDocument, markDocument } from '../../fixtures/same-document';
import { routeNow } from '../../fixtures/route-now';

// An open match page's live stream (issue 14, decision 026), as a review of it found it failing: what came
// out before the stream opened, the stream kept after full time, a fetch that never ended.
const ids: Record<'loading' | 'fullTime' | 'stalled' | 'silent', string> = { loading: '', fullTime: '', stalled: '', silent: '' };
const site = useSite((db) => {
  for (const [key, opponent] of [
    ['loading', 'ASK Oberdorf'],
    ['fullTime', 'SC Bach'],
    ['stalled', 'FC Au'],
    ['silent', 'USV Tal'],
  ] as const) {
    ids[key] = makeMatch(db, { home_team: 'SV Kirchberg', away_team: opponent, match_date: viennaDate(new Date()), match_time: '18:00' }).id;
  }
});

test.use({ viewport: { width: 375, height: 812 } });

/** A fan's browser without a service worker: nothing but the page itself can bring the news. */
async function fanPage(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, serviceWorkers: 'block' });
  await withCookieChoice(context);
  return { context, fan: await context.newPage() };
}


test('a match changed while the page loaded, before its stream opened, shows once the stream opens, without a reload', async ({ browser }) => {
  const { context, fan } = await fanPage(browser);
  // the stream opens late (weak data at the ground): the kick-off is published in between
  let asked: () => void = () => undefined;
  const streamAsked = new Promise<void>((resolve) => (asked = resolve));
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  // eslint-disable-next-line no-restricted-syntax -- before the first goto
  await fan.route('**/api/live/**', async (route) => {
    asked();
    await released;
    await route.continue();
  });
  await fan.goto(`${site().url}/spiel/${ids.loading}`);
  await markDocument(fan);
  await streamAsked;
  const live = fan.locator('#spiel-live');
  await expect(live.locator('.match-phase')).toHaveCount(0);
  const admin = await adminClient(site());
  expect((await admin.call('admin.matchDay.phase', { match_id: ids.loading, step: 'kickoff' })).status).toBe(200);
  release();
  await expect(live).toHaveAttribute('data-live', 'on');
  await expect(live.locator('.match-phase')).toHaveText('1. Halbzeit', { timeout: 3_000 });
  expect(await isSameDocument(fan)).toBe(true);
  await context.close();
});

test('at full time an open page stops listening: its stream ends, the page is one like any other again', async ({ browser }) => {
  const { context, fan } = await fanPage(browser);
  // the streams the page opens, to read their state; its timers on a clock the test can run ahead
  await keepEventSources(fan);
  await fan.clock.install();
  const streams: string[] = [];
  fan.on('request', (request) => {
    if (request.url().includes('/api/live/')) streams.push(request.url());
  });
  await fan.goto(`${site().url}/spiel/${ids.fullTime}`);
  const live = fan.locator('#spiel-live');
  await expect(live).toHaveAttribute('data-live', 'on');
  await markDocument(fan);
  const admin = await adminClient(site());
  for (const step of ['kickoff', 'full_time']) expect((await admin.call('admin.matchDay.phase', { match_id: ids.fullTime, step })).status).toBe(200);
  await expect(live.locator('.match-phase')).toHaveText('Abpfiff', { timeout: 3_000 });
  // the page no longer says it follows the match and has closed its stream itself: the server keeps a stream
  // open until its page goes, and one it ends the browser opens again after its 2 s (tests/fixtures/event-sources.ts)
  await expect(live).not.toHaveAttribute('data-live', /.*/);
  expect(await eventSourceStates(fan)).toEqual([EVENT_SOURCE_CLOSED]);
  // and nothing the page waits for opens another (its next try after a lost stream comes within 60 s)
  const opened = streams.length;
  await fan.clock.runFor(120_000);
  expect(await eventSourceStates(fan)).toEqual([EVENT_SOURCE_CLOSED]);
  expect(streams).toHaveLength(opened);
  expect(await isSameDocument(fan)).toBe(true);
  await context.close();
});

test('a fetch of the page that never ends holds back no later event: it is given up after 15 s, and the next one shows', async ({ browser }) => {
  test.setTimeout(60_000);
  const { context, fan } = await fanPage(browser);
  const pageUrl = `${site().url}/spiel/${ids.stalled}`;
  const isPageFetch = (response: Response) => response.url() === pageUrl && response.request().resourceType() === 'fetch';
  // the fetch the stream's opening makes, done before the connection stalls
  const caughtUp = fan.waitForResponse(isPageFetch);
  await fan.goto(pageUrl);
  const live = fan.locator('#spiel-live');
  await expect(live).toHaveAttribute('data-live', 'on');
  await caughtUp;
  await markDocument(fan);
  // the kick-off's fetch gets no answer, ever
  await routeNow(fan, pageUrl, () => new Promise<void>(() => undefined), { times: 1 });
  const admin = await adminClient(site());
  expect((await admin.call('admin.matchDay.phase', { match_id: ids.stalled, step: 'kickoff' })).status).toBe(200);
  expect((await admin.call('admin.matchDay.record', { match_id: ids.stalled, type: 'goal', side: 'away', player_name: 'K. Maier' })).status).toBe(200);
  const started = Date.now();
  await expect(live.locator('.goals li')).toHaveText([/K\. Maier\s+– FC Au/], { timeout: 25_000 });
  console.info(`[live] the goal showed ${Date.now() - started} ms after the stalled fetch`);
  await expect(fan.getByRole('button', { name: 'Neue Ereignisse – neu laden' })).toHaveCount(0);
  expect(await isSameDocument(fan)).toBe(true);
  await context.close();
});

test('a stream that goes silent though open (a connection dropped without an end) is opened again, and the goal shows', async ({ browser }) => {
  const { context, fan } = await fanPage(browser);
  await keepEventSources(fan);
  await fan.clock.install();
  const pageUrl = `${site().url}/spiel/${ids.silent}`;
  const caughtUp = fan.waitForResponse((response) => response.url() === pageUrl && response.request().resourceType() === 'fetch');
  await fan.goto(pageUrl);
  const live = fan.locator('#spiel-live');
  await expect(live).toHaveAttribute('data-live', 'on');
  await caughtUp;
  await markDocument(fan);
  // the stream stays open and nothing comes through any more: no error, no event, no ping
  await muteEventSources(fan);
  const admin = await adminClient(site());
  expect((await admin.call('admin.matchDay.phase', { match_id: ids.silent, step: 'kickoff' })).status).toBe(200);
  expect((await admin.call('admin.matchDay.record', { match_id: ids.silent, type: 'goal', side: 'home', player_name: 'L. Pichler' })).status).toBe(200);
  // the server pings every 25 s: a minute and more of silence is a dead stream
  await fan.clock.runFor(90_000);
  await expect(live.locator('.goals li')).toHaveText([/L\. Pichler/], { timeout: 10_000 });
  // the silent one closed by the page, a new one open
  expect(await eventSourceStates(fan)).toEqual([EVENT_SOURCE_CLOSED, 1]);
  await expect(live).toHaveAttribute('data-live', 'on');
  expect(await isSameDocument(fan)).toBe(true);
  await context.close();
});
