import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { createTestDb, seed } from '../db/test-db';
import { matchEvents, matches, matchLineups, players, teams } from '../db/schema';
import { playerShownHash } from '../content/player-shown';
import { teamShownHash } from '../content/team-shown';
import { viennaDate } from '../../lib/dates-de';
import { RECORD_MATCH_COLUMNS, olderThanListedMatches, readPlayerRecord } from '../content/player-stats';
import { movedSince } from './match-baselines';
import { shownAlready } from './page-inputs';
import { Publisher } from './publisher';
import type { Renderer } from './render';
import { ROUTES, type Change } from './routes';

// A job that knows which columns of its matches moved (match-baselines.ts) leaves player and team
// pages without reading their hash where those columns cannot change them. The pages here carry the
// hash of what they show, as the real ones do; after every job each page must carry the hash of the
// data now, whichever way the job decided.
let db: Db;
let siteDir: string;
const rendered: string[] = [];
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
/** pages whose render fails (a template error) */
const failing = new Set<string>();
/** the day a page rendered at `time` shows (the publisher's clock is the machine's here) */
const dayOf = (time = Date.now()) => viennaDate(new Date(time));
const render: Renderer = async (url, publishedAt) => {
  if (failing.has(url)) throw new Error('Vorlagenfehler');
  rendered.push(url);
  const [, kind, id, rest] = url.split('/');
  const hash =
    kind === 'spieler' ? playerShownHash(db, decodeURIComponent(id)) : (kind === 'team' || kind === 'mannschaften') && id && !rest ? teamShownHash(db, decodeURIComponent(id), dayOf(publishedAt)) : null;
  return { status: 200, headers: {}, body: Buffer.from(hash ? `<section data-shown="${hash}">${url}</section>` : `<p>${url}</p>`) };
};

// a seeded random source, so that a failure is found again
function random(seedValue: number) {
  let a = seedValue;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Club = { teams: string[]; players: string[]; matches: string[] };
let club: Club;

beforeEach(() => {
  db = createTestDb();
  siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-baselines-'));
  rendered.length = 0;
  failing.clear();
  club = seed(db, () => {
    const teamIds = ['Kampfmannschaft', 'Reserve'].map((name) => db.insert(teams).values({ name }).returning().get().id);
    const playerIds = Array.from({ length: 6 }, (_, i) => db.insert(players).values({ team_id: teamIds[i % 2], name: `Spieler ${i}`, position: 'Mittelfeld', age: 24 }).returning().get().id);
    const matchIds: string[] = [];
    for (let i = 0; i < 16; i++) {
      const day = new Date(Date.UTC(2026, 2, 1 + 7 * i)).toISOString().slice(0, 10);
      const finished = i < 13;
      const id = db
        .insert(matches)
        .values({
          home_team: 'SV',
          away_team: `Gegner ${i}`,
          match_date: day,
          season: day < '2026-07-01' ? '2025/26' : '2026/27',
          status: finished ? 'finished' : 'scheduled',
          home_score: finished ? i % 3 : null,
          away_score: finished ? 1 : null,
          team_id: teamIds[i % 5 === 4 ? 1 : 0],
          team_side: 'home',
        })
        .returning()
        .get().id;
      matchIds.push(id);
      if (!finished) continue;
      // player 0 starts every match (more than the eight the page lists), player 1 every other one,
      // player 2 only scores, player 4 comes on, player 5 sits on the bench
      db.insert(matchLineups).values({ match_id: id, player_id: playerIds[0], role: 'start' }).run();
      if (i % 2 === 0) db.insert(matchLineups).values({ match_id: id, player_id: playerIds[1], role: 'start' }).run();
      db.insert(matchLineups).values({ match_id: id, player_id: playerIds[5], role: 'sub' }).run();
      if (i % 3 === 0) db.insert(matchEvents).values({ match_id: id, type: 'goal', side: 'home', minute: 10 + i, player_id: playerIds[2], related_player_id: playerIds[1] }).run();
      // player 3 scores an own goal in every match, a goal of their own in every fifth: only those count as a line
      db.insert(matchEvents).values({ match_id: id, type: 'goal', side: 'away', minute: 30, goal_kind: 'own_goal', player_id: playerIds[3] }).run();
      if (i % 5 === 0) db.insert(matchEvents).values({ match_id: id, type: 'goal', side: 'home', minute: 80, goal_kind: 'penalty', player_id: playerIds[3] }).run();
      if (i % 2 === 1) db.insert(matchEvents).values({ match_id: id, type: 'substitution', side: 'home', minute: 60, player_id: playerIds[4], related_player_id: playerIds[0] }).run();
      // a goal without a scorer (entered so, or its scorer deleted): its assist counts for nobody
      if (i % 3 !== 0) db.insert(matchEvents).values({ match_id: id, type: 'goal', side: 'home', minute: 75, player_id: null, related_player_id: playerIds[5] }).run();
    }
    return { teams: teamIds, players: playerIds, matches: matchIds };
  });
});
afterEach(() => {
  db.$client.close();
  fs.rmSync(siteDir, { recursive: true, force: true });
});

const fileOf = (url: string) => path.join(siteDir, url, 'index.html');
const shownPages = () => [
  ...club.players.map((id) => ({ url: `/spieler/${id}`, hash: () => playerShownHash(db, id) })),
  ...club.teams.flatMap((id) => [`/team/${id}`, `/mannschaften/${id}`].map((url) => ({ url, hash: () => teamShownHash(db, id, dayOf()) }))),
];
/** Counts the routes' answers to `inputs.unmoved` (how many pages were asked, how many left without their hash) while `run` runs. */
async function countingUnmoved(run: (counts: { asked: number; left: number }) => Promise<void>): Promise<{ asked: number; left: number }> {
  const counts = { asked: 0, left: 0 };
  const counted = ROUTES.filter((route) => route.inputs?.unmoved);
  const originals = counted.map((route) => route.inputs!.unmoved!);
  counted.forEach((route, i) => {
    route.inputs!.unmoved = (...args) => {
      counts.asked++;
      const left = originals[i](...args);
      if (left) counts.left++;
      return left;
    };
  });
  try {
    await run(counts);
  } finally {
    counted.forEach((route, i) => (route.inputs!.unmoved = originals[i]));
  }
  return counts;
}
const update = (id: string, values: Partial<typeof matches.$inferInsert>) => seed(db, () => db.update(matches).set(values).where(eq(matches.id, id)).run());

describe('what moved of a match since its pages showed it', () => {
  it('names the columns that moved in any step since the mark, and nothing where it cannot know', () => {
    const [first, second] = club.matches;
    const mark = () => (db.$client.prepare('SELECT max(id) FROM revisions').pluck().get() as number) ?? 0;
    const since = mark();
    expect(movedSince(db, first, since)).toEqual(new Set());
    // the columns a player's record reads are the ones the rules know of
    // (a match's minutes are two of its team's halves: its team_id; the half length itself is a teams change)
    for (const key of Object.keys(readPlayerRecord(db, club.players[0]).matches[0].match)) expect(RECORD_MATCH_COLUMNS).toContain(key === 'minutes' ? 'team_id' : key);
    update(first, { notes: 'Spielbericht folgt' });
    update(first, { home_score: 4 });
    // a score set and set back moved all the same: a page may have shown the step between
    update(first, { home_score: 0 });
    expect(movedSince(db, first, since)).toEqual(new Set(['notes', 'home_score']));
    expect(movedSince(db, second, since)).toEqual(new Set());
    // no version from before the mark: not known
    expect(movedSince(db, first, 0)).toBeNull();
    // deleted on the way
    seed(db, () => db.delete(matches).where(eq(matches.id, second)).run());
    expect(movedSince(db, second, since)).toBeNull();
    // a write that left no revision (the sqlite3 shell has no triggers): not known
    seed(db, () => {
      db.$client.exec('DROP TRIGGER temp."rev_matches_update"');
      db.$client.prepare('UPDATE matches SET away_team = ? WHERE id = ?').run('Anders', first);
    });
    expect(movedSince(db, first, since)).toBeNull();
  });

  it('keeps every player and team page showing the data now over 300 random jobs, and leaves many without their hash', async () => {
    const next = random(16);
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
    const publisher = new Publisher({ db: () => db, siteDir, render, log: quiet });
    let stale = 0;
    let wronglyOlder = 0;
    const { asked, left } = await countingUnmoved(async () => {
      await publisher.publishAll();
      for (let job = 0; job < 300; job++) {
        const changes: Change[] = [];
        for (let k = next() < 0.2 ? 2 : 1; k > 0; k--) {
          const id = pick(club.matches);
          const roll = next();
          if (roll < 0.35) update(id, { home_score: Math.floor(next() * 4), away_score: Math.floor(next() * 4) });
          else if (roll < 0.5) update(id, { notes: `Notiz ${job}`, sequence: job });
          else if (roll < 0.58) update(id, { away_team: pick(['Gegner A', 'Gegner B', 'Gegner C']) });
          else if (roll < 0.64) update(id, { status: pick(['finished', 'scheduled', 'postponed', 'live']) });
          else if (roll < 0.7) update(id, { match_date: pick(['2026-03-01', '2026-04-12', '2026-05-03', '2026-08-30', '2026-10-04']) });
          else if (roll < 0.74) update(id, { season: pick(['2025/26', '2026/27', null]) });
          else if (roll < 0.78) update(id, { team_id: pick([...club.teams, null]) });
          else if (roll < 0.82) update(id, { match_time: pick(['15:00', '18:30', null]) });
          else if (roll < 0.88) {
            const [scorer, assist] = next() < 0.5 ? [pick(club.players), null] : [null, pick(club.players)];
            seed(db, () => db.insert(matchEvents).values({ match_id: id, type: scorer ? 'yellow' : 'goal', side: 'home', minute: 70, player_id: scorer, related_player_id: assist }).run());
            changes.push({ table: 'match_events', key: id });
            continue;
          } else if (roll < 0.9) {
            // the same values again: no revision, nothing moved
            const row = db.select().from(matches).where(eq(matches.id, id)).get()!;
            update(id, { notes: row.notes });
          } else if (roll < 0.96) {
            // an event taken back or given to another player: the player it named before keeps a page to correct
            const event = db.select().from(matchEvents).where(eq(matchEvents.match_id, id)).all()[0];
            if (event && roll < 0.93) seed(db, () => db.delete(matchEvents).where(eq(matchEvents.id, event.id)).run());
            else if (event) seed(db, () => db.update(matchEvents).set({ player_id: pick(club.players) }).where(eq(matchEvents.id, event.id)).run());
            changes.push({ table: 'matches', key: id }, { table: 'match_events', key: id });
            continue;
          } else update(id, { location: `Platz ${job % 3}` });
          changes.push({ table: 'matches', key: id });
        }
        // now and then the whole site, as every start publishes it
        if (next() < 0.03) await publisher.publishAll();
        else await publisher.publishChanges(changes);
        // where a match is said to be older than every match a player's page lists, the page lists none of its day or before
        for (const player of club.players) {
          const listed = readPlayerRecord(db, player).matches.map((line) => line.match_date);
          for (const date of new Set(db.select({ date: matches.match_date }).from(matches).all().map((m) => m.date))) {
            if (olderThanListedMatches(db, player, date) && listed.some((day) => day <= date)) wronglyOlder++;
          }
        }
        for (const page of shownPages()) {
          const file = fs.readFileSync(fileOf(page.url), 'utf8');
          if (!file.includes(`data-shown="${page.hash()}"`)) stale++;
        }
      }
    });
    console.log(`[match-baselines] jobs=300 asked=${asked} leftUnmoved=${left} stale=${stale} wronglyOlder=${wronglyOlder}`);
    expect(stale).toBe(0);
    expect(wronglyOlder).toBe(0);
    // both outcomes happen often: a rule that always or never says "unmoved" fails here
    expect(left).toBeGreaterThan(100);
    expect(asked - left).toBeGreaterThan(100);
    // 300 jobs with a publish each: 8-10 s alone, past vitest's 20 s beside other suites on two busy cores
  }, 60_000);

  it('asks no page by what moved before a whole publish, nor after the database was put back, nor a page a failure left pending or without a hash', async () => {
    const publisher = new Publisher({ db: () => db, siteDir, render, log: quiet });
    const oldest = club.matches[0];
    const page = `/spieler/${club.players[0]}`;
    await publisher.publishUrls(shownPages().map((shown) => shown.url));
    // a score of the oldest match, which no page lists: without a whole publish nothing is known, the hashes decide
    const before = await countingUnmoved(async () => {
      update(oldest, { home_score: 3 });
      await publisher.publishChanges([{ table: 'matches', key: oldest }]);
    });
    expect(before.asked).toBe(0);
    await publisher.publishAll();
    rendered.length = 0;
    const after = await countingUnmoved(async () => {
      update(oldest, { home_score: 4 });
      await publisher.publishChanges([{ table: 'matches', key: oldest }]);
    });
    // player 0 lists only the eight latest of their thirteen matches: left without its hash, its file as it was
    expect(after.left).toBeGreaterThan(0);
    expect(rendered).not.toContain(page);
    // a database put back from a backup numbers its revisions again: the revision the job's mark names is
    // another one now, and nothing is known until the next whole publish
    seed(db, () => db.$client.prepare('UPDATE revisions SET created_at = created_at - 1 WHERE id = (SELECT max(id) FROM revisions)').run());
    const putBack = await countingUnmoved(async () => {
      update(oldest, { home_score: 5 });
      await publisher.publishChanges([{ table: 'matches', key: oldest }]);
    });
    expect(putBack.asked).toBe(0);
    // a page a failure left behind (here: a file of other data) is asked by its hash, which renders it
    fs.writeFileSync(fileOf(page), '<section data-shown="alt">');
    const read = (url: string) => (fs.existsSync(fileOf(url)) ? fs.readFileSync(fileOf(url)) : null);
    const moved = new Map([[oldest, new Set(['home_score'])]]);
    const formerly = { teams: [], players: [] };
    const changes: Change[] = [{ table: 'matches', key: oldest }];
    expect(shownAlready(db, changes, read, { moved, formerly, pending: () => false })!(page)).toBe(true);
    expect(shownAlready(db, changes, read, { moved, formerly, pending: (url) => url === page })!(page)).toBe(false);
    // a file without a hash (its statistics could not be read when it rendered) is rendered again
    fs.writeFileSync(fileOf(page), '<section>ohne Statistik</section>');
    expect(shownAlready(db, changes, read, { moved, formerly, pending: () => false })!(page)).toBe(false);
  });

  it('reaches the pages of a taken back goal’s scorer and of a match’s former team where nothing is known of the match', async () => {
    const publisher = new Publisher({ db: () => db, siteDir, render, log: quiet });
    const [first] = club.matches;
    const scorer = club.players[2];
    // a whole publish with one failed page: what pages show of a match is not known to the first job of it
    failing.add('/impressum');
    await publisher.publishAll();
    const fresh = (url: string, hash: string) => fs.readFileSync(fileOf(url), 'utf8').includes(`data-shown="${hash}"`);
    // the goal taken back (the match centre's changes): the scorer is not named in the match any more
    seed(db, () => db.delete(matchEvents).where(eq(matchEvents.player_id, scorer)).run());
    await publisher.publishChanges([{ table: 'matches', key: first }, { table: 'match_events', key: first }]);
    // the match given to the other team by a change of the match alone (an import, a restored version)
    update(first, { team_id: club.teams[1] });
    await publisher.publishChanges([{ table: 'matches', key: first }]);
    expect(fresh(`/spieler/${scorer}`, playerShownHash(db, scorer))).toBe(true);
    for (const url of [`/team/${club.teams[0]}`, `/mannschaften/${club.teams[0]}`]) expect(fresh(url, teamShownHash(db, club.teams[0], dayOf()))).toBe(true);
  });

  it('reaches the pages that counted a finished match set back to Live, whether or not its history since is known', async () => {
    const publisher = new Publisher({ db: () => db, siteDir, render, log: quiet });
    const fresh = (url: string, hash: string) => fs.readFileSync(fileOf(url), 'utf8').includes(`data-shown="${hash}"`);
    const allFresh = () => shownPages().every((page) => fresh(page.url, page.hash()));
    for (const knownBefore of [true, false]) {
      // known: after a whole publish without a failure; not known: one page of it failed
      if (knownBefore) failing.clear();
      else failing.add('/impressum');
      await publisher.publishAll();
      const match = club.matches[knownBefore ? 2 : 4];
      update(match, { status: 'live' });
      await publisher.publishChanges([{ table: 'matches', key: match }]);
      // player 0 started it, player 1 too (an even match), player 5 sat on the bench; their pages count it no more
      expect(allFresh()).toBe(true);
      update(match, { status: 'finished' });
      await publisher.publishChanges([{ table: 'matches', key: match }]);
      expect(allFresh()).toBe(true);
    }
  });
});
