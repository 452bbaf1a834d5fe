// Two hours after a kick-off the next match takes the 'Nächstes Spiel' badge (decision 067): the job runs at
// that moment, republishes the fixtures and the home page (MATCH_END) and no page of the day besides.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { createTestDb, seed } from '../db/test-db';
import { matches, teams } from '../db/schema';
import { viennaTimeToUtc } from '../../lib/dates-de';
import { MATCH_ENDS_LOOK_MS, matchEnds, matchEndsJob } from './match-ends';
import { currentFixturesSeason } from './routes-fixtures';
import { Publisher } from './publisher';
import type { Change } from './routes';
import { MATCH_END, TEAM_MATCH_END } from './pseudo-tables';
import type { Renderer } from './render';

let db: Db;
let siteDir: string;
let team = '';
const at = (date: string, time: string) => viennaTimeToUtc(date, time)!.getTime();
beforeEach(() => {
  db = createTestDb();
  siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-match-ends-'));
  seed(db, () => {
    team = db.insert(teams).values({ name: 'Kampfmannschaft' }).returning().get().id;
    for (const [date, time, away] of [
      ['2026-11-28', '13:00', 'SV Ilz 1b'],
      ['2026-11-28', '15:00', 'SV Ilz'],
      // the day the clocks go back: 01:30 comes twice; the end is by the wall clock as the pages count it
      ['2026-10-25', '10:00', 'FC Gnas'],
      ['2026-11-29', '23:00', 'Nachtspiel'],
    ]) {
      db.insert(matches).values({ home_team: 'SV Kirchberg', away_team: away, match_date: date, match_time: time, status: 'scheduled', team_id: team, team_side: 'home' }).run();
    }
  });
});
afterEach(() => {
  db.$client.close();
  fs.rmSync(siteDir, { recursive: true, force: true });
});

it("runs at kick-off + 2 h of each match, publishes MATCH_END and its team's TEAM_MATCH_END then and nothing at a look between", async () => {
  let now = at('2026-11-28', '12:00');
  const published: Change[][] = [];
  const job = matchEndsJob({ db: () => db, now: () => now, publish: async (changes) => void published.push(changes) });
  if (!('nextRunAfter' in job)) throw new Error('a calendar job');
  expect(job.nextRunAfter(now)).toBe(now + MATCH_ENDS_LOOK_MS);
  expect(job.nextRunAfter(at('2026-11-28', '14:50'))).toBe(at('2026-11-28', '15:00'));
  expect(job.nextRunAfter(at('2026-11-28', '15:00'))).toBe(at('2026-11-28', '15:15'));
  expect(job.nextRunAfter(at('2026-11-28', '16:55'))).toBe(at('2026-11-28', '17:00'));
  now = at('2026-11-28', '14:45');
  await job.run();
  expect(published).toEqual([]);
  now = at('2026-11-28', '15:00');
  await job.run();
  // the fixtures and the home page, and the pages of the team whose match it was
  expect(published).toEqual([[{ table: MATCH_END }, { table: TEAM_MATCH_END, key: team }]]);
  // a look a quarter later finds no end since the last: nothing is published
  now = at('2026-11-28', '15:15');
  await job.run();
  expect(published).toHaveLength(1);
  // a match set to 'Beendet' meanwhile has no end to wait for
  seed(db, () => db.update(matches).set({ status: 'finished', home_score: 2, away_score: 0 }).run());
  now = at('2026-11-28', '17:00');
  await job.run();
  expect(published).toHaveLength(1);
  // a kick-off at 23:00 ends after midnight: the nightly republish's
  seed(db, () => db.update(matches).set({ status: 'scheduled' }).run());
  expect(job.nextRunAfter(at('2026-11-29', '22:00'))).toBe(at('2026-11-29', '22:15'));
  expect(job.nextRunAfter(at('2026-10-25', '11:50'))).toBe(at('2026-10-25', '12:00'));
});

it('a MATCH_END change renders the fixtures and the home page, not the team pages', async () => {
  const rendered: string[] = [];
  const render: Renderer = async (url, at) => {
    rendered.push(url);
    // the list says which season it shows, as Fixtures.astro's (the publish compares it, published-state.ts)
    const body = url === '/spielplan' ? `<ol class="match-list" data-season="${currentFixturesSeason(db, at ?? Date.now())}"></ol>` : url;
    return { status: 200, headers: {}, body: Buffer.from(body) };
  };
  const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
  const publisher = new Publisher({ db: () => db, siteDir, render, clock: { now: () => at('2026-11-28', '12:00') }, log: quiet });
  await publisher.publishAll();
  rendered.length = 0;
  await publisher.publishChanges([{ table: MATCH_END }]);
  expect(rendered).toContain('/');
  expect(rendered).toContain('/spielplan');
  expect(rendered.filter((url) => url.startsWith('/team/') || url.startsWith('/mannschaften/') || url.startsWith('/spiel/'))).toEqual([]);
});

it('a matches table that cannot be read fails no start: the job looks again a quarter later', () => {
  db.$client.exec('ALTER TABLE matches RENAME TO matches_unreadable');
  const job = matchEndsJob({ db: () => db, now: () => at('2026-11-28', '12:00'), publish: async () => undefined });
  if (!('nextRunAfter' in job)) throw new Error('a calendar job');
  expect(job.nextRunAfter(at('2026-11-28', '12:00'))).toBe(at('2026-11-28', '12:15'));
  db.$client.exec('ALTER TABLE matches_unreadable RENAME TO matches');
});

it("a match whose end falls in the hour the clocks go back ends at that hour's first occurrence, as the pages count it", () => {
  // 00:30 + 2 h = 02:30 on 25 Oct 2026, a wall time that happens twice (00:30Z in summer time, 01:30Z after)
  seed(db, (tx) => tx.insert(matches).values({ home_team: 'SV Kirchberg', away_team: 'Frühschoppen', match_date: '2026-10-25', match_time: '00:30', status: 'scheduled', team_id: team, team_side: 'home' }).run());
  const ends = matchEnds(db, Date.parse('2026-10-24T12:00:00Z'), Date.parse('2026-10-25T12:00:00Z')).map((end) => new Date(end.at).toISOString());
  expect(ends).toEqual(['2026-10-25T00:30:00.000Z', '2026-10-25T11:00:00.000Z']);
});
