// Stored XSS (issue 11, attack group 3): 70 payloads through every admin text
// field (each payload through every entity, the fields taking them in turn),
// the privacy HTML and the public inquiry form; then every published page and
// every admin tab rendered in Chromium. Nothing may run, and nothing may even
// reach the content security policy: a blocked inline script would mean the
// escaping failed and only the policy held.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from '@playwright/test';
import { TABS } from '../../src/components/admin/tabs';
import { createSession, SESSION_COOKIE } from '../../src/server/auth/session';
import { createUser } from '../../src/server/auth/users';
import { listPublishedUrls } from '../../src/server/publish/published-state';
import { startSite, type Site } from '../fixtures/site';
import { printFigures } from '../faults/figures';
import { launchChromium, watchedContext } from './browser';
import { captchaFor, send } from './http';
import { FIELD_SETS, type FieldSet } from './xss-fields';
import { XSS_PAYLOADS } from './xss-payloads';

let site: Site;
let browser: Browser;
let token: string;
beforeAll(async () => {
  site = await startSite({ env: { TRUST_PROXY: '127.0.0.1' } });
  const owner = await createUser(site.db(), { email: 'xss-owner@test.at', password: 'Passwort-owner-1', roles: ['superadmin'] });
  token = createSession(site.db(), owner.id).token;
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

const base = () => site.url.replace('localhost', '127.0.0.1');
const call = (action: string, body: unknown) => send(base(), `/_actions/${action}`, { body, headers: { cookie: `${SESSION_COOKIE}=${token}` } });

it('70 payloads through every admin text field, the privacy HTML and the inquiry form; every page and admin tab in Chromium: nothing runs, no policy violation', async () => {
  const figures = { payloads: XSS_PAYLOADS.length, fields: 0, saves: 0, stored: 0, refused: 0, serverErrors: 0, pages: 0, adminTabs: 0, executed: 0, dialogs: 0, cspViolations: 0 };
  const team = await call('admin.teams.create', { name: 'Kampfmannschaft', category: 'Herren', description: '', achievements: '', image_url: '' });
  expect(team.status).toBe(200);
  const teamId = (site.db().$client.prepare("SELECT id FROM teams WHERE name = 'Kampfmannschaft'").get() as { id: string }).id;
  // a match and an entered league for each payload row of the sets that keep one value per row
  const idOf = (sql: string, ...values: unknown[]) => (site.db().$client.prepare(sql).get(...values) as { id: string }).id;
  const matchIds: string[] = [];
  const enteredLeagueIds: string[] = [];
  const league = { season: '2026/27', mode: 'computed', points_win: 3, points_draw: 1, points_loss: 0, tie_breakers: [], our_team_name: '', team_id: '' };
  expect((await call('admin.leagues.create', { ...league, competition: 'Oberliga' })).status).toBe(200);
  const leagueId = idOf("SELECT id FROM leagues WHERE competition = 'Oberliga'");
  const rowsOf = (set: FieldSet) => Math.ceil(XSS_PAYLOADS.length / (set.fields.length * (set.perValue ?? 1)));
  for (let row = 0; row < Math.max(...FIELD_SETS.filter((set) => set.perValue).map(rowsOf)); row++) {
    const match = { home_team: 'SV Test', away_team: `Gast ${row}`, match_date: '2026-09-05', match_time: '15:30', location: '', competition: 'Oberliga', season: '2026/27', notes: '', status: 'finished', home_score: 1, away_score: 0 };
    expect((await call('admin.matches.create', match)).status).toBe(200);
    matchIds.push(idOf('SELECT id FROM matches WHERE away_team = ?', match.away_team));
    expect((await call('admin.leagues.create', { ...league, mode: 'entered', competition: `Liga ${row}` })).status).toBe(200);
    enteredLeagueIds.push(idOf('SELECT id FROM leagues WHERE competition = ?', `Liga ${row}`));
  }

  let n = 0;
  for (const set of FIELD_SETS) {
    figures.fields += set.fields.length;
    const per = set.perValue ?? 1;
    for (let row = 0; row < rowsOf(set); row++) {
      // the payloads in turn: a field of a row takes `per` of them, one per line
      const value = (field: string) =>
        Array.from({ length: per }, (_, k) => XSS_PAYLOADS[(row * set.fields.length * per + set.fields.indexOf(field) * per + k) % XSS_PAYLOADS.length]).join('\n');
      const reply = await call(set.action, set.body(value, { teamId, leagueId, matchIds, enteredLeagueIds, n: n++, row }));
      figures.saves++;
      if (reply.status === 200) figures.stored++;
      else if (reply.status === 400) figures.refused++;
      else figures.serverErrors++;
    }
  }
  // the privacy text is HTML: all payloads at once, through the sanitiser
  const privacy = await call('admin.privacy.save', { content: XSS_PAYLOADS.map((p) => `<p>${p}</p>`).join('\n') });
  expect(privacy.status, privacy.body).toBe(200);
  figures.saves++;
  figures.stored++;
  // visitors' inquiries show in the admin's inbox
  for (let i = 0; i < XSS_PAYLOADS.length; i += 3) {
    const [name, betreff, nachricht] = [XSS_PAYLOADS[i], XSS_PAYLOADS[(i + 1) % XSS_PAYLOADS.length], XSS_PAYLOADS[(i + 2) % XSS_PAYLOADS.length]];
    const reply = await send(base(), '/_actions/public.inquiry', {
      body: { name: name.slice(0, 100), email: 'gast@example.at', betreff: betreff.slice(0, 200), nachricht, source: 'kontakt', ...(await captchaFor(base())) },
      headers: { 'x-forwarded-for': `192.0.2.${i}` },
    });
    figures.saves++;
    if (reply.status === 200) figures.stored++;
    else if (reply.status === 400) figures.refused++;
    else figures.serverErrors++;
  }

  const { context, watch } = await watchedContext(browser, site.url, token);
  const page = await context.newPage();
  // controls, so that a quiet watch means something: a script that runs is seen, a blocked one too
  const controls = path.join(site.dataDir, 'site', 'xss-kontrolle');
  fs.mkdirSync(path.join(controls, 'blockiert'), { recursive: true });
  fs.writeFileSync(path.join(controls, 'index.html'), '<!doctype html><title>x</title><script>__hit(-1)</script>');
  fs.writeFileSync(path.join(controls, 'blockiert', 'index.html'), `<!doctype html><meta http-equiv="Content-Security-Policy" content="script-src 'self'"><title>x</title><script>__hit(-2)</script>`);
  await page.goto(`${site.url}/xss-kontrolle`, { waitUntil: 'load' });
  await page.goto(`${site.url}/xss-kontrolle/blockiert`, { waitUntil: 'load' });
  // Chromium reports the blocked script after the page has loaded: late on a busy machine
  await expect.poll(() => [watch.hits.join(), watch.violations.length], { timeout: 10_000 }).toEqual(['-1', 1]);
  fs.rmSync(controls, { recursive: true });
  watch.hits.length = 0;
  watch.violations.length = 0;
  for (const url of listPublishedUrls(path.join(site.dataDir, 'site'))) {
    await page.goto(`${site.url}${url}`, { waitUntil: 'load' });
    figures.pages++;
  }
  for (const tab of TABS) {
    await page.goto(`${site.url}/admin#${tab.key}`, { waitUntil: 'load' });
    // the tab's data loads after the panel: its list is drawn when no 'Lädt' text is left
    await page.waitForFunction(() => !/Lädt|wird geladen/i.test(document.querySelector('#admin-panel')?.textContent ?? 'Lädt'), undefined, { timeout: 15_000 });
    figures.adminTabs++;
  }
  await context.close();
  figures.executed = new Set(watch.hits).size;
  figures.dialogs = watch.dialogs.length;
  figures.cspViolations = watch.violations.length;
  printFigures('xss: stored payloads', figures);
  expect(watch.hits, 'payloads that ran').toEqual([]);
  expect(watch.dialogs).toEqual([]);
  expect(watch.violations).toEqual([]);
  expect(figures.serverErrors).toBe(0);
  expect(figures.stored).toBeGreaterThan(figures.saves / 2);
  expect(figures.pages).toBeGreaterThan(50);
});
