// Disk full (issue 10): the database and the site on a small file system that
// fills up. No save is acknowledged and lost, a refusal is the German message
// (503, never 500), the old pages stay as they were, /healthz says why, and
// once space is back every pending page is published without anyone's help.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { news, teams } from '../../src/server/db/schema';
import { checksum } from '../fixtures/permission-matrix';
import { FIELD_SETS } from '../security/xss-fields';
import { STORAGE_TEXTS } from '../../src/server/db/write';
import { SOCIAL_PLATFORMS } from '../../src/server/content/defaults';
import { startSite, type Site } from '../fixtures/site';
import { adminClient, newsInput, type AdminClient } from '../fixtures/admin-http';
import { printFigures } from './figures';
import { leaveReusableDatabaseRoom, mountSmallDisk, type SmallDisk } from '../fixtures/small-disk';

let disk: SmallDisk;
let site: Site;
let admin: AdminClient;

beforeAll(async () => {
  disk = mountSmallDisk(48);
  site = await startSite({ dataDir: `${disk.dir}/data`, env: { HEALTH_MIN_FREE_MB: '2' } });
  // a superadmin: the club's settings are among the saves tried on the full disk
  admin = await adminClient(site, ['superadmin']);
});

afterAll(async () => {
  await site?.stop();
  disk?.release();
});

const get = async (url: string) => {
  const response = await fetch(`${site.url}${url}`, { headers: { 'accept-encoding': 'identity' } });
  return { status: response.status, body: await response.text() };
};

const wholeBrotliPage = (compressed: Buffer) => {
  try {
    return zlib.brotliDecompressSync(compressed).toString('utf8').trimEnd().endsWith('</html>');
  } catch {
    return false;
  }
};

/** The site's page files on disk: how many, and those not whole (not ending the page; a brotli copy cut short). */
function pageFilesOf(root: string): { read: number; broken: string[] } {
  const broken: string[] = [];
  let read = 0;
  for (const entry of fs.readdirSync(root, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const file = path.join(entry.parentPath, entry.name);
    const page = fs.readFileSync(file);
    read++;
    if (!page.toString('utf8').trimEnd().endsWith('</html>')) broken.push(`${path.relative(root, file)}: ${page.length} bytes`);
    // a brotli copy whole too (a publish under way may have replaced the page and not yet its copy: not compared)
    else if (fs.existsSync(`${file}.br`) && !wholeBrotliPage(fs.readFileSync(`${file}.br`))) broken.push(`${path.relative(root, file)}.br`);
  }
  return { read, broken };
}

/** A valid value for each kind of admin text field: the storage, not the validation, must decide. */
function validText(field: string, n: number): string {
  if (/url|link/.test(field)) return `https://example.at/voll-${n}`;
  if (field === 'match_date') return '2027-05-01';
  if (field === 'match_time') return '15:30';
  if (field === 'price') return '25,00 €';
  if (field.endsWith('email')) return `voll${n}@example.at`;
  if (field === 'platform') return SOCIAL_PLATFORMS[0].key;
  if (field.endsWith('_color')) return `#12345${n % 10}`;
  return `Voll ${field} ${n}`;
}

it('disk full: no acknowledged save lost, German refusals, old pages intact, pending pages published when space returns', async () => {
  const before = await admin.call('admin.news.create', newsInput('vorher'));
  expect(before.status).toBe(200);
  expect((await get('/healthz')).status).toBe(200);
  expect((await admin.call('admin.teams.create', { name: 'Kampfmannschaft', category: 'Herren', description: '', achievements: '', image_url: '' })).status).toBe(200);
  const teamId = site.db().select({ id: teams.id }).from(teams).all()[0].id;
  // the rows the match centre's saves refer to (xss-fields.ts): a match, a computed and an entered league
  const idOf = (sql: string) => (site.db().$client.prepare(sql).get() as { id: string }).id;
  const match = { home_team: 'SV Test', away_team: 'Gast', match_date: '2026-09-05', match_time: '15:30', location: '', competition: 'Oberliga', season: '2026/27', notes: '', status: 'finished', home_score: 1, away_score: 0 };
  expect((await admin.call('admin.matches.create', match)).status).toBe(200);
  const league = { competition: 'Oberliga', season: '2026/27', mode: 'computed', points_win: 3, points_draw: 1, points_loss: 0, tie_breakers: [], our_team_name: '', team_id: '' };
  expect((await admin.call('admin.leagues.create', league)).status).toBe(200);
  expect((await admin.call('admin.leagues.create', { ...league, competition: 'Unterliga', mode: 'entered' })).status).toBe(200);
  const context = {
    teamId,
    matchIds: [idOf("SELECT id FROM matches WHERE away_team = 'Gast'")],
    leagueId: idOf("SELECT id FROM leagues WHERE competition = 'Oberliga'"),
    enteredLeagueIds: [idOf("SELECT id FROM leagues WHERE competition = 'Unterliga'")],
    row: 0,
  };

  leaveReusableDatabaseRoom(site.db().$client);
  disk.fill();
  const acknowledged: string[] = [];
  const refused: string[] = [];
  const other: string[] = [];
  const attempt = async (title: string) => {
    const result = await admin.call('admin.news.create', newsInput(title));
    if (result.status === 200) acknowledged.push(title);
    else if (result.status === 503 && result.body?.message === STORAGE_TEXTS.full) refused.push(title);
    else other.push(`${title}: ${result.status} ${result.body?.message}`);
  };
  // what still fits (WAL frames that can be reused) is stored and acknowledged; then the refusals begin
  let streak = 0;
  for (let i = 0; i < 300 && streak < 3; i++) {
    const refusedBefore = refused.length;
    await attempt(`voll-${i}`);
    streak = refused.length > refusedBefore ? streak + 1 : 0;
  }
  expect(streak, 'the full disk refused saves').toBe(3);

  const pages = ['/', '/news'];
  const snapshot = await Promise.all(pages.map(get));
  for (let i = 0; i < 20; i++) await attempt(`danach-${i}`);
  // every other create and save of the admin on the full disk: stored and acknowledged, or
  // refused with the German message and nothing changed; never a server error
  const otherActions = { tried: 0, acknowledged: 0, refused: 0, refusedButChanged: [] as string[], wrong: [] as string[] };
  // the publisher's own bookkeeping of earlier saves may change meanwhile: the content tables count
  const content = () => checksum(site.db(), ['publish_pending', 'scheduled_jobs', 'sessions', 'site_settings', 'rate_limits']);
  for (const [n, set] of FIELD_SETS.entries()) {
    const before = content();
    const result = await admin.call(set.action, set.body((field) => validText(field, n), { ...context, n }));
    otherActions.tried++;
    if (result.status === 200) otherActions.acknowledged++;
    else if (result.status === 503 && Object.values(STORAGE_TEXTS).includes(result.body?.message ?? '')) {
      otherActions.refused++;
      if (content() !== before) otherActions.refusedButChanged.push(set.action);
    } else otherActions.wrong.push(`${set.action}: ${result.status} ${result.body?.message}`);
  }

  const after = await Promise.all(pages.map(get));
  const health = await get('/healthz');
  // and on the disk itself, whatever the server has read: every page file and its brotli copy whole
  // (the comparison above starts after the first refusals, when a broken write may already have happened)
  const pageFiles = pageFilesOf(`${disk.dir}/data/site`);

  // what the database holds, read by a connection of the test's own
  const stored = new Set(site.db().select({ title: news.title }).from(news).all().map((r) => r.title));
  const lost = acknowledged.filter((t) => !stored.has(t));
  const refusedButStored = refused.filter((t) => stored.has(t));
  // nothing can be written to the site while the disk is full: every page stays as it was
  const pagesUnchanged = after.every((page, i) => page.status === 200 && page.body === snapshot[i].body);

  // the acknowledged articles whose pages could not be written yet: what the retries below must publish (were
  // it none, every page would have been written before the disk filled up, and the retries never ran)
  const ids = new Map(site.db().select({ id: news.id, title: news.title }).from(news).all().map((r) => [r.title, r.id]));
  const waiting = await Promise.all(acknowledged.map(async (t) => ({ t, page: await get(`/news/${ids.get(t)}`) })));
  const pendingWhenFreed = waiting.filter(({ t, page }) => page.status !== 200 || !page.body.includes(t)).length;

  disk.free();
  // no manual step: the retries publish what is pending
  const newest = acknowledged.at(-1) ?? '';
  const deadline = Date.now() + 100_000;
  let listed: string[] = [];
  let healthyAgain = false;
  while (Date.now() < deadline) {
    // every stored article has its page, and the news list shows the newest
    const articles = await Promise.all(acknowledged.map(async (t) => ({ t, page: await get(`/news/${ids.get(t)}`) })));
    listed = articles.filter(({ t, page }) => page.status === 200 && page.body.includes(t)).map(({ t }) => t);
    const listShowsNewest = (await get('/news')).body.includes(newest);
    healthyAgain = (await get('/healthz')).status === 200;
    if (listed.length === acknowledged.length && listShowsNewest && healthyAgain) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const afterSpace = await admin.call('admin.news.create', newsInput('wieder-platz'));

  printFigures('disk-full', {
    tried: acknowledged.length + refused.length + other.length,
    acknowledged: acknowledged.length,
    refused: refused.length,
    lost: lost.length,
    refusedButStored: refusedButStored.length,
    serverErrors: other.length,
    oldPagesByteIdentical: pagesUnchanged,
    pageFilesRead: pageFiles.read,
    pageFilesBroken: pageFiles.broken.length,
    otherActionsTried: otherActions.tried,
    otherActionsRefused: otherActions.refused,
    otherActionsAcknowledged: otherActions.acknowledged,
    otherActionsServerErrors: otherActions.wrong.length,
    healthWhileFull: health.status,
    pendingWhenFreed,
    publishedAfterSpace: `${listed.length}/${acknowledged.length}`,
  });
  expect(other).toEqual([]);
  expect(otherActions.wrong).toEqual([]);
  expect(otherActions.refusedButChanged).toEqual([]);
  expect(otherActions.refused, 'the full disk refused the other admin saves too').toBeGreaterThan(0);
  expect(lost).toEqual([]);
  expect(refusedButStored).toEqual([]);
  expect(pagesUnchanged).toBe(true);
  expect(pageFiles.broken).toEqual([]);
  expect(pageFiles.read).toBeGreaterThan(5);
  expect(health.status).toBe(503);
  expect(JSON.parse(health.body).reason).toMatch(/Speicherplatz|kein Speicherplatz/);
  expect(acknowledged.length, 'some saves were stored while their pages could not be written').toBeGreaterThan(0);
  expect(pendingWhenFreed, 'some acknowledged saves still waited for their pages when the space came back').toBeGreaterThan(0);
  expect(listed.length).toBe(acknowledged.length);
  expect(healthyAgain).toBe(true);
  expect(afterSpace.status).toBe(200);
});
