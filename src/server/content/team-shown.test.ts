import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDb, seed } from '../db/test-db';
import { matchEvents, matches, matchLineups, players, teams } from '../db/schema';
import { publicPlayersOfTeam, teamExtras } from './player-page';
import { teamShownHash } from './team-shown';
import { addDays } from '../../lib/dates-de';

// a small deterministic generator, so that a failure can be run again
function random(seed: number) {
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  return { next, int: (n: number) => Math.floor(next() * n), pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] };
}

function club() {
  const db = createTestDb();
  const ids = seed(db, () => {
    const team = db.insert(teams).values({ name: 'Kampfmannschaft' }).returning().get().id;
    const squad = ['Anna', 'Lena', 'Mia'].map((name) => db.insert(players).values({ team_id: team, name, position: 'Sturm', age: 24 }).returning().get().id);
    const list: string[] = [];
    for (let i = 0; i < 18; i++) {
      const finished = i < 14;
      const match = db
        .insert(matches)
        .values({
          home_team: 'SV',
          away_team: `FC ${i}`,
          match_date: `2026-${String(1 + Math.floor(i / 2)).padStart(2, '0')}-1${i % 2}`,
          season: i < 6 ? '2025/26' : '2026/27',
          status: finished ? 'finished' : 'scheduled',
          home_score: finished ? i % 4 : null,
          away_score: finished ? 1 : null,
          team_id: team,
          team_side: 'home',
        })
        .returning()
        .get().id;
      list.push(match);
      if (finished) for (const player_id of squad) db.insert(matchLineups).values({ match_id: match, player_id, role: 'start' }).run();
      if (finished) db.insert(matchEvents).values({ match_id: match, type: 'goal', side: 'home', minute: 10 + i, player_id: squad[i % 3], goal_kind: 'regular' }).run();
    }
    return { team, squad, matches: list };
  });
  return { db, ids };
}

/** the day the pages are published on: the random dates fall on both sides of it */
const TODAY = '2026-05-01';

describe("the hash of what a team's pages show of the match tables", () => {
  it('moves with every change the pages show and only then: 400 random changes, one hash never stands for two pages', () => {
    const { db, ids } = club();
    const r = random(14);
    const seen = new Map<string, string>();
    const shownNow = () => {
      const { shown, ...extras } = teamExtras(ids.team, publicPlayersOfTeam(ids.team), TODAY);
      expect(shown).toBe(teamShownHash(db, ids.team, TODAY));
      return JSON.stringify(extras);
    };
    let moved = 0;
    let unchanged = 0;
    let before = teamShownHash(db, ids.team, TODAY);
    const changes: (() => void)[] = [
      () => db.update(matches).set({ home_score: r.int(5), away_score: r.int(5) }).where(eq(matches.id, r.pick(ids.matches))).run(),
      () => db.update(matches).set({ home_score: r.int(5), away_score: r.int(5) }).where(eq(matches.id, r.pick(ids.matches))).run(),
      () => db.update(matches).set({ status: r.pick(['finished', 'scheduled', 'live', 'cancelled', 'postponed'] as const) }).where(eq(matches.id, r.pick(ids.matches))).run(),
      () => db.update(matches).set({ season: r.pick(['2025/26', '2026/27', null]) }).where(eq(matches.id, r.pick(ids.matches))).run(),
      () => db.update(matches).set({ match_date: `2026-0${1 + r.int(9)}-1${r.int(9)}` }).where(eq(matches.id, r.pick(ids.matches))).run(),
      () => db.update(matches).set({ match_time: r.pick(['15:00', '18:30', null]) }).where(eq(matches.id, r.pick(ids.matches))).run(),
      () => db.update(matches).set({ away_team: r.pick(['FC|A', "FC 'B'", 'FC,C', 'FC A']) }).where(eq(matches.id, r.pick(ids.matches))).run(),
      () => db.update(matches).set({ team_id: r.next() < 0.5 ? null : ids.team }).where(eq(matches.id, r.pick(ids.matches))).run(),
      () => db.update(matches).set({ notes: `Bericht ${r.int(100)}` }).where(eq(matches.id, r.pick(ids.matches))).run(),
      () => {
        const match_id = r.pick(ids.matches);
        db.delete(matchLineups).where(eq(matchLineups.match_id, match_id)).run();
        for (const player_id of ids.squad) if (r.next() < 0.7) db.insert(matchLineups).values({ match_id, player_id, role: r.next() < 0.8 ? 'start' : 'sub' }).run();
      },
      () => {
        const type = r.pick(['goal', 'goal', 'yellow', 'red', 'substitution'] as const);
        db.insert(matchEvents)
          .values({ match_id: r.pick(ids.matches), type, side: 'home', minute: r.int(95), player_id: r.pick(ids.squad), related_player_id: r.pick([...ids.squad, null]), goal_kind: type === 'goal' ? r.pick(['regular', 'penalty', 'own_goal'] as const) : null })
          .run();
      },
      () => {
        const event = db.select({ id: matchEvents.id }).from(matchEvents).all();
        if (event.length > 0) db.update(matchEvents).set({ minute: r.int(95) }).where(eq(matchEvents.id, r.pick(event).id)).run();
      },
      () => {
        const event = db.select({ id: matchEvents.id }).from(matchEvents).all();
        if (event.length > 0) db.delete(matchEvents).where(eq(matchEvents.id, r.pick(event).id)).run();
      },
    ];
    for (let i = 0; i < 400; i++) {
      seed(db, () => r.pick(changes)());
      const hash = teamShownHash(db, ids.team, TODAY);
      const shown = shownNow();
      if (seen.has(hash)) expect(shown, `change ${i}`).toBe(seen.get(hash));
      seen.set(hash, shown);
      if (hash === before) unchanged += 1;
      else moved += 1;
      before = hash;
    }
    console.log(`[team-shown] changes tried: 400, hash moved: ${moved}, left as it was: ${unchanged}, pages told apart: ${new Set(seen.values()).size}`);
    expect(unchanged).toBeGreaterThan(30);
    expect(moved).toBeGreaterThan(50);
  });

  it("moves with the day when one of the next matches is past, without a result entered (a youth team's)", () => {
    const { db, ids } = club();
    seed(db, () => db.update(matches).set({ status: 'scheduled', home_score: null, away_score: null }).run());
    const dates = db.select({ date: matches.match_date }).from(matches).all().map((m) => m.date).sort();
    const [first, second] = [dates[0], dates[1]];
    const links = (today: string) => teamExtras(ids.team, publicPlayersOfTeam(ids.team), today).games.map((g) => g.match_date);
    expect(links(first)).toEqual([first, second]);
    expect(links(addDays(first, 1))).not.toContain(first);
    expect(teamShownHash(db, ids.team, addDays(first, 1))).not.toBe(teamShownHash(db, ids.team, first));
    // a day that moves nothing leaves the hash as it was
    expect(teamShownHash(db, ids.team, addDays(dates.at(-1)!, 1))).toBe(teamShownHash(db, ids.team, addDays(dates.at(-1)!, 2)));
  });

  it('stays for a score corrected in an older match and moves for one among the last three', () => {
    const { db, ids } = club();
    const hash = teamShownHash(db, ids.team, TODAY);
    seed(db, () => db.update(matches).set({ home_score: 9 }).where(eq(matches.id, ids.matches[0])).run());
    expect(teamShownHash(db, ids.team, TODAY)).toBe(hash);
    seed(db, () => db.update(matches).set({ home_score: 9 }).where(eq(matches.id, ids.matches[13])).run());
    expect(teamShownHash(db, ids.team, TODAY)).not.toBe(hash);
  });
});
