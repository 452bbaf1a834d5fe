import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { createTestDb, seed } from '../db/test-db';
import { write } from '../db/write';
import { matches, teams } from '../db/schema';
import { viennaDate, viennaMinutes } from '../../lib/dates-de';
import { teamMatchLinks } from '../content/team-matches';
import { teamShownHash } from '../content/team-shown';
import { Publisher } from './publisher';
import { fileForUrl } from './routes';
import { CALENDAR, MATCH_END, TEAM_MATCH_END } from './pseudo-tables';
import { matchEndsJob } from './match-ends';
import type { Renderer } from './render';

// A team's next matches are from the publish's day on (team-matches.ts): a match nobody entered a result for
// (a youth team's, an imported one) leaves them with the night after it. The renderer stands in for the team
// pages: their links and the hash of what they show (data-shown, decision 045), as of the publish's day.
let db: Db;
let siteDir: string;
let now = Date.parse('2026-10-01T10:00:00Z');
let team = '';
const rendered: string[] = [];
const render: Renderer = async (url, at = now) => {
  rendered.push(url);
  const [, kind, id] = url.split('/');
  if (kind !== 'team' && kind !== 'mannschaften') return { status: 200, headers: {}, body: Buffer.from(url) };
  const [day, minutes] = [viennaDate(new Date(at)), viennaMinutes(new Date(at))];
  const links = teamMatchLinks(id, day, minutes).map((m) => `<li>${m.match_date} ${m.away_team}</li>`).join('');
  return { status: 200, headers: {}, body: Buffer.from(`<section data-shown="${teamShownHash(db, id, day, minutes)}"><ul>${links}</ul></section>`) };
};

beforeEach(() => {
  db = createTestDb();
  siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-team-days-'));
  now = Date.parse('2026-10-01T10:00:00Z');
  team = seed(db, () => {
    const id = db.insert(teams).values({ name: 'U12' }).returning().get().id;
    for (const [date, away] of [['2026-10-03', 'SV Ilz'], ['2026-10-10', 'FC Gnas'], ['2026-10-17', 'SC Weiz']]) {
      db.insert(matches).values({ home_team: 'SV Kirchberg U12', away_team: away, match_date: date, status: 'scheduled', team_id: id, team_side: 'home' }).run();
    }
    return id;
  });
});
afterEach(() => {
  db.$client.close();
  fs.rmSync(siteDir, { recursive: true, force: true });
});

const page = () => fs.readFileSync(path.join(siteDir, fileForUrl(`/team/${team}`)), 'utf8');

it("the night after a match without a result, the team's pages show the next ones; a night that moves nothing leaves them", async () => {
  const publisher = new Publisher({ db: () => db, siteDir, render, clock: { now: () => now }, log: { info: () => undefined, warn: () => undefined, error: () => undefined } });
  await publisher.publishAll();
  expect(page()).toContain('2026-10-03 SV Ilz');
  // the night after the match (no result entered): the nightly republish
  now = Date.parse('2026-10-03T22:05:00Z');
  rendered.length = 0;
  await publisher.publishChanges([{ table: CALENDAR }]);
  expect(page()).not.toContain('SV Ilz');
  expect(page()).toContain('2026-10-10 FC Gnas</li><li>2026-10-17 SC Weiz');
  expect(rendered).toContain(`/team/${team}`);
  // the next night moves nothing of the team's: its pages are left as they are, not rendered
  now = Date.parse('2026-10-04T22:05:00Z');
  rendered.length = 0;
  await publisher.publishChanges([{ table: CALENDAR }]);
  expect(rendered).not.toContain(`/team/${team}`);
  expect(rendered).not.toContain(`/mannschaften/${team}`);
});

it('a night merged with a save of another match (the match columns alone would leave the page) still shows the next ones', async () => {
  const publisher = new Publisher({ db: () => db, siteDir, render, clock: { now: () => now }, log: { info: () => undefined, warn: () => undefined, error: () => undefined } });
  await publisher.publishAll();
  const later = db.select().from(matches).where(eq(matches.away_team, 'SC Weiz')).get()!;
  // the notes of a match the pages do not show: what moved of the matches says 'nothing of the team pages'
  write('test.notes', () => db.update(matches).set({ notes: 'Treffpunkt 9 Uhr' }).where(eq(matches.id, later.id)).run(), db);
  now = Date.parse('2026-10-03T22:05:00Z');
  await publisher.publishChanges([{ table: CALENDAR }, { table: 'matches', key: later.id }]);
  expect(page()).not.toContain('SV Ilz');
});

it('a live match counts as next until the day after its date (it may run past midnight), not after', () => {
  seed(db, () => db.update(matches).set({ status: 'live' }).where(eq(matches.away_team, 'SV Ilz')).run());
  expect(teamMatchLinks(team, '2026-10-04').map((m) => m.away_team)).toEqual(['SV Ilz', 'FC Gnas']);
  expect(teamMatchLinks(team, '2026-10-05').map((m) => m.away_team)).toEqual(['FC Gnas', 'SC Weiz']);
});

it("two hours after a kick-off nobody ended, the match-end job moves that team's next matches, and no other team's pages are rendered", async () => {
  const other = seed(db, () => {
    db.update(matches).set({ match_time: '15:00' }).where(eq(matches.away_team, 'SV Ilz')).run();
    const id = db.insert(teams).values({ name: 'U14' }).returning().get().id;
    db.insert(matches).values({ home_team: 'SV Kirchberg U14', away_team: 'USV Pöllau', match_date: '2026-10-04', match_time: '10:00', status: 'scheduled', team_id: id, team_side: 'home' }).run();
    return id;
  });
  const publisher = new Publisher({ db: () => db, siteDir, render, clock: { now: () => now }, log: { info: () => undefined, warn: () => undefined, error: () => undefined } });
  now = Date.parse('2026-10-03T10:00:00Z');
  await publisher.publishAll();
  const job = matchEndsJob({ db: () => db, now: () => now, publish: (changes) => publisher.publishChanges(changes) });
  // 16:55 in Vienna: still the match's
  now = Date.parse('2026-10-03T14:55:00Z');
  await job.run();
  expect(page()).toContain('2026-10-03 SV Ilz');
  // 17:00 in Vienna, kick-off + 2 h: the next two without the match nobody ended
  now = Date.parse('2026-10-03T15:00:00Z');
  rendered.length = 0;
  await job.run();
  expect(page()).not.toContain('SV Ilz');
  expect(page()).toContain('2026-10-10 FC Gnas</li><li>2026-10-17 SC Weiz');
  expect(rendered).toEqual(expect.arrayContaining([`/team/${team}`, `/mannschaften/${team}`, '/', '/spielplan']));
  expect(rendered.filter((url) => url.endsWith(other))).toEqual([]);
  // a time typed as '9.30' counts the same: 11:30 in Vienna the next day
  seed(db, () => db.update(matches).set({ match_date: '2026-10-04', match_time: '9.30' }).where(eq(matches.away_team, 'FC Gnas')).run());
  expect(teamMatchLinks(team, '2026-10-04', 11 * 60 + 29).map((m) => m.away_team)).toEqual(['FC Gnas', 'SC Weiz']);
  expect(teamMatchLinks(team, '2026-10-04', 11 * 60 + 30).map((m) => m.away_team)).toEqual(['SC Weiz']);
});

it("a match's end merged with a save of another match (the match columns alone would leave the page) still moves the team's next matches", async () => {
  seed(db, () => db.update(matches).set({ match_time: '15:00' }).where(eq(matches.away_team, 'SV Ilz')).run());
  const publisher = new Publisher({ db: () => db, siteDir, render, clock: { now: () => now }, log: { info: () => undefined, warn: () => undefined, error: () => undefined } });
  now = Date.parse('2026-10-03T10:00:00Z');
  await publisher.publishAll();
  const later = db.select().from(matches).where(eq(matches.away_team, 'SC Weiz')).get()!;
  write('test.notes', () => db.update(matches).set({ notes: 'Treffpunkt 9 Uhr' }).where(eq(matches.id, later.id)).run(), db);
  now = Date.parse('2026-10-03T15:00:00Z');
  await publisher.publishChanges([{ table: MATCH_END }, { table: TEAM_MATCH_END, key: team }, { table: 'matches', key: later.id }]);
  expect(page()).not.toContain('SV Ilz');
});
