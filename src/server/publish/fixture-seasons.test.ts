import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { createTestDb, seed } from '../db/test-db';
import { matches } from '../db/schema';
import { currentSeasonMatches, fixtureFilters } from '../../lib/fixtures';
import { viennaDate, viennaMinutes } from '../../lib/dates-de';
import { Publisher } from './publisher';
import { fileForUrl } from './routes';
import { CALENDAR, FIXTURE_LISTS, MATCH_END } from './pseudo-tables';
import { matchEndsJob } from './match-ends';
import { fixtureSeasonChanges } from './published-state';
import type { RenderResult, Renderer } from './render';

// The fixtures by season (docs/decisions/041): which pages a match's save and a
// new day publish. The renderer stands in for Fixtures.astro: /spielplan lists
// the current season's matches under its data-season marker, and a filter page
// exists only for a filter the list offers (an unknown one redirects, and its
// file goes).
let db: Db;
let siteDir: string;
let now = Date.parse('2026-11-25T10:00:00Z');
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const rows = () => db.select().from(matches).orderBy(matches.match_date).all();
const today = (at: number) => viennaDate(new Date(at));
const minutes = (at: number) => viennaMinutes(new Date(at));

const render: Renderer = async (url, at = now): Promise<RenderResult> => {
  if (url === '/spielplan') {
    const current = currentSeasonMatches(rows(), today(at), minutes(at));
    const cards = current.map((m) => `<li><a class="match-page-link" href="/spiel/${m.id}"></a></li>`).join('');
    return { status: 200, headers: {}, body: Buffer.from(`<ol class="match-list" data-season="${current[0]?.season ?? ''}">${cards}</ol>`) };
  }
  if (url.startsWith('/spielplan/')) {
    const slug = url.slice('/spielplan/'.length);
    if (!fixtureFilters(rows(), today(at), minutes(at)).some((f) => f.slug === slug)) return { status: 302, headers: { location: '/spielplan' }, body: Buffer.alloc(0) };
  }
  return { status: 200, headers: {}, body: Buffer.from(url) };
};

const onDisk = (url: string) => fs.existsSync(path.join(siteDir, fileForUrl(url)));

let ids: Record<string, string>;
beforeEach(() => {
  db = createTestDb();
  siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-seasons-'));
  now = Date.parse('2026-11-25T10:00:00Z');
  const add = (date: string, season: string, away: string, status = 'finished', competition = 'Unterliga Ost') =>
    db.insert(matches).values({ home_team: 'SV Kirchberg', away_team: away, match_date: date, season, status, competition }).returning({ id: matches.id }).get().id;
  ids = seed(db, () => ({
    old: add('2026-04-12', '2025/26', 'FC Gnas'),
    played: add('2026-09-06', '2026/27', 'SC Gleisdorf'),
    last: add('2026-11-29', '2026/27', 'USV St. Ruprecht', 'scheduled', 'Steirischer Cup'),
    next: add('2027-08-01', '2027/28', 'ASK Straden', 'scheduled'),
  }));
});
afterEach(() => {
  db.$client.close();
  fs.rmSync(siteDir, { recursive: true, force: true });
});

async function published() {
  const rendered: string[] = [];
  const publisher = new Publisher({
    db: () => db,
    siteDir,
    render: async (url, at) => {
      rendered.push(url);
      return render(url, at);
    },
    clock: { now: () => now },
    log: quiet,
  });
  await publisher.publishAll();
  rendered.length = 0;
  return { publisher, rendered };
}

describe('fixtures by season (docs/decisions/041)', () => {
  it("reads the season the list shows from the list's own tag, after structured data and another list", () => {
    // as the published page has it: every match's structured data (with umlauts) in <head>, before the list
    const page = (season: string) =>
      Buffer.from(
        `<script type="application/ld+json">${JSON.stringify(Array.from({ length: 300 }, (_, i) => ({ name: `SV Kirchberg gegen Straß ${i}`, location: 'Sportplatz Gösting' })))}</script>` +
          `<ol class="match-list compact"><li>Nächstes Spiel</li></ol><ol class="match-list" data-season="${season}"><li></li></ol>`,
      );
    const change = [{ table: 'matches' as const, key: ids.played }];
    const state = (html: Buffer | null) => ({ read: (url: string) => (url === '/spielplan' ? html : null), exists: (url: string) => url === '/spielplan' && html !== null, now });
    expect(fixtureSeasonChanges(db, change, state(page('2026/27')))).toEqual([]);
    expect(fixtureSeasonChanges(db, change, state(page('2025/26')))).toEqual([{ table: FIXTURE_LISTS }]);
    // a list without a season marker, or no list: the season is taken as moved; no file: nothing to compare
    expect(fixtureSeasonChanges(db, change, state(Buffer.from('<ol class="match-list"><li></li></ol>')))).toEqual([{ table: FIXTURE_LISTS }]);
    expect(fixtureSeasonChanges(db, change, state(null))).toEqual([]);
    // the changes that render the list are checked (a league's too); others are not
    expect(fixtureSeasonChanges(db, [{ table: 'leagues', key: 'x' }], state(page('2025/26')))).toEqual([{ table: FIXTURE_LISTS }]);
    expect(fixtureSeasonChanges(db, [{ table: MATCH_END }], state(page('2025/26')))).toEqual([{ table: FIXTURE_LISTS }]);
    expect(fixtureSeasonChanges(db, [{ table: 'news', key: 'x' }], state(page('2025/26')))).toEqual([]);
  });

  it("another season's result republishes that season's page, not the list or the current season's filters", async () => {
    const { publisher, rendered } = await published();
    expect(onDisk('/spielplan/saison-2025-26')).toBe(true);
    expect(onDisk('/spielplan/wettbewerb-steirischer-cup')).toBe(true);
    seed(db, () => db.update(matches).set({ home_score: 3, away_score: 1 }).where(eq(matches.id, ids.old)).run());
    await publisher.publishChanges([{ table: 'matches', key: ids.old }]);
    expect(rendered).toContain('/spielplan/saison-2025-26');
    expect(rendered).toContain(`/spiel/${ids.old}`);
    expect(rendered).not.toContain('/spielplan');
    expect(rendered.filter((u) => u.startsWith('/spielplan/wettbewerb-') || u.startsWith('/spielplan/team-'))).toEqual([]);
  });

  it("the current season's result republishes the list and the filters that list it, not the other seasons' pages", async () => {
    const { publisher, rendered } = await published();
    seed(db, () => db.update(matches).set({ home_score: 2, away_score: 2 }).where(eq(matches.id, ids.played)).run());
    await publisher.publishChanges([{ table: 'matches', key: ids.played }]);
    expect(rendered).toContain('/spielplan');
    expect(rendered).toContain('/spielplan/team-sc-gleisdorf');
    expect(rendered.filter((u) => u.startsWith('/spielplan/saison-'))).toEqual([]);
  });

  it("the season's last result turns the list to the next season: its page goes, the finished season's page comes", async () => {
    const { publisher, rendered } = await published();
    expect(onDisk('/spielplan/saison-2027-28')).toBe(true);
    expect(onDisk('/spielplan/saison-2026-27')).toBe(false);
    seed(db, () => db.update(matches).set({ status: 'finished', home_score: 1, away_score: 0 }).where(eq(matches.id, ids.last)).run());
    const report = await publisher.publishChanges([{ table: 'matches', key: ids.last }]);
    expect(report.failed).toEqual([]);
    expect(rendered).toContain('/spielplan');
    expect(fs.readFileSync(path.join(siteDir, fileForUrl('/spielplan')), 'utf8')).toContain('data-season="2027/28"');
    expect(onDisk('/spielplan/saison-2026-27')).toBe(true);
    expect(onDisk('/spielplan/saison-2027-28')).toBe(false);
    // the current season's filters are the new season's: the cup of 2026/27 has none now
    expect(onDisk('/spielplan/wettbewerb-steirischer-cup')).toBe(false);
  });

  it('a new day after the last match of a season turns the list as well', async () => {
    const { publisher } = await published();
    now = Date.parse('2026-11-30T10:00:00Z');
    await publisher.publishChanges([{ table: CALENDAR }]);
    expect(fs.readFileSync(path.join(siteDir, fileForUrl('/spielplan')), 'utf8')).toContain('data-season="2027/28"');
    expect(onDisk('/spielplan/saison-2026-27')).toBe(true);
    expect(onDisk('/spielplan/saison-2027-28')).toBe(false);
  });

  it("two hours after the kick-off of a season's last match nobody ended, the match-end job turns the list, not midnight", async () => {
    seed(db, () => db.update(matches).set({ match_time: '15:00' }).where(eq(matches.id, ids.last)).run());
    now = Date.parse('2026-11-29T09:00:00Z');
    const { publisher } = await published();
    const job = matchEndsJob({ db: () => db, now: () => now, publish: (changes) => publisher.publishChanges(changes) });
    const list = () => fs.readFileSync(path.join(siteDir, fileForUrl('/spielplan')), 'utf8');
    // 15:59 in Vienna (UTC+1): the match's
    now = Date.parse('2026-11-29T14:59:00Z');
    await job.run();
    expect(list()).toContain('data-season="2026/27"');
    // 17:00: kick-off + 2 h
    now = Date.parse('2026-11-29T16:00:00Z');
    await job.run();
    expect(list()).toContain('data-season="2027/28"');
    expect(onDisk('/spielplan/saison-2026-27')).toBe(true);
    expect(onDisk('/spielplan/saison-2027-28')).toBe(false);
  });

  it('a save planned just before that end and rendered just after it does not swallow the turn', async () => {
    seed(db, () => db.update(matches).set({ match_time: '15:00' }).where(eq(matches.id, ids.last)).run());
    now = Date.parse('2026-11-29T09:00:00Z');
    const { publisher } = await published();
    expect(onDisk('/spielplan/saison-2027-28')).toBe(true);
    // a score corrected at 16:59:59.9 in Vienna, its pages rendered a fifth of a second later
    const ticks = [Date.parse('2026-11-29T15:59:59.900Z'), Date.parse('2026-11-29T16:00:00.100Z')];
    const saving = new Publisher({ db: () => db, siteDir, render, clock: { now: () => (ticks.length > 1 ? ticks.shift()! : ticks[0]) }, log: quiet });
    seed(db, () => db.update(matches).set({ home_score: 2, away_score: 1 }).where(eq(matches.id, ids.played)).run());
    await saving.publishChanges([{ table: 'matches', key: ids.played }]);
    // the match end's job a moment later: the list turns, with its filter pages
    now = Date.parse('2026-11-29T16:00:01Z');
    await publisher.publishChanges([{ table: MATCH_END }]);
    expect(fs.readFileSync(path.join(siteDir, fileForUrl('/spielplan')), 'utf8')).toContain('data-season="2027/28"');
    expect(onDisk('/spielplan/saison-2026-27')).toBe(true);
    expect(onDisk('/spielplan/saison-2027-28')).toBe(false);
  });
});
