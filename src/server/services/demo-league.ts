// The demo club's league (issue 14): the other teams' results of its league and
// the league's settings, so that /tabelle shows a real table. Called by
// seedDemoClub (demo-data.ts) in the same transaction, after the matches.
//
// The league is the club and every opponent of its league matches (the demo has
// 11, so 12 teams), in a double round robin whose rounds are the demo's own
// matchdays: on matchday k the club meets its k-th opponent, as in the fixtures,
// and the other teams meet each other. Their scores come from a seeded random
// source, so every seed gives the same table; a matchday before today is played.
import type { Db } from '../db/client';
import { leagueResults, leagues } from '../db/schema';
import { TIE_BREAK_PRESETS } from '../../lib/league-table';
import type { DemoClub } from './demo-data';

export const DEMO_LEAGUE_ID = 'demo-league-1';
const COMPETITION = 'Unterliga Ost';

type Fixture = { home: string; away: string };

/** mulberry32: small, seeded, the same numbers on every machine. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Goals of one side: a Poisson draw around `mean` (Knuth), at most 7. */
function goals(next: () => number, mean: number): number {
  const limit = Math.exp(-Math.max(0.3, mean));
  let k = 0;
  let p = next();
  while (p > limit && k < 7) {
    k += 1;
    p *= next();
  }
  return k;
}

/**
 * A single round robin of `slots` (an even number) by the circle method: slot 0
 * stays, the others turn. Round r pairs slot 0 with a different slot each time.
 */
function circleRounds(slots: number): [number, number][][] {
  const turning = Array.from({ length: slots - 1 }, (_, i) => i + 1);
  const rounds: [number, number][][] = [];
  for (let r = 0; r < slots - 1; r++) {
    const order = [0, ...turning.slice(r), ...turning.slice(0, r)];
    const pairs: [number, number][] = [];
    for (let i = 0; i < slots / 2; i++) pairs.push([order[i], order[slots - 1 - i]]);
    rounds.push(pairs);
  }
  return rounds;
}

/**
 * The other teams' fixtures of each of our rounds: `opponents[r]` is whom we
 * meet in round r. With an odd number of teams one team rests each round.
 */
export function otherFixtures(opponents: string[]): Fixture[][] {
  const slots = opponents.length + 1 + ((opponents.length + 1) % 2);
  const rounds = circleRounds(slots);
  // slot 0 is us; the slot we meet in round r carries the name of our r-th opponent
  const name = new Map<number, string | null>();
  rounds.forEach((pairs, r) => {
    const ours = pairs.find((p) => p.includes(0))!;
    name.set(ours[0] === 0 ? ours[1] : ours[0], opponents[r] ?? null);
  });
  return rounds.map((pairs, r) =>
    pairs
      .filter((p) => !p.includes(0))
      .map(([a, b], i) => ((r + i) % 2 === 0 ? [a, b] : [b, a]))
      .filter(([a, b]) => name.get(a) && name.get(b))
      .map(([a, b]) => ({ home: name.get(a)!, away: name.get(b)! })),
  );
}

export function seedDemoLeague(tx: Db, club: DemoClub, now: Date): void {
  const ours = club.matches
    .filter((m) => m.competition === COMPETITION && m.matchday != null)
    .sort((a, b) => a.matchday! - b.matchday!);
  if (ours.length === 0) return;
  const season = ours[0].season!;
  // the club's name is the one in every league match
  const clubName = [ours[0].home_team, ours[0].away_team].find((n) => ours.every((m) => m.home_team === n || m.away_team === n))!;
  const opponentOf = (m: (typeof ours)[number]) => (m.home_team === clubName ? m.away_team : m.home_team);
  const opponents: string[] = [];
  for (const m of ours) if (!opponents.includes(opponentOf(m))) opponents.push(opponentOf(m));
  const rounds = otherFixtures(opponents);
  const today = now.toISOString().slice(0, 10);
  const next = random(20_260_814);
  // a little order in the league: the earlier-listed opponents are a bit stronger
  const strength = new Map(opponents.map((team, i) => [team, 0.4 - (0.8 * i) / Math.max(1, opponents.length - 1)]));

  const team = club.teams.find((t) => t.name === 'Kampfmannschaft') ?? club.teams[0];
  tx.insert(leagues)
    .values({
      id: DEMO_LEAGUE_ID,
      competition: COMPETITION,
      season,
      mode: 'computed',
      tie_breakers: [...TIE_BREAK_PRESETS.austria.order],
      our_team_name: clubName,
      team_id: team?.id ?? null,
    })
    .run();

  const rows: (typeof leagueResults.$inferInsert)[] = [];
  for (const m of ours) {
    const round = rounds.length > 0 ? (m.matchday! - 1) % rounds.length : 0;
    // the second half of the season: the same pairs, home and away swapped
    const swapped = m.matchday! > rounds.length;
    const played = m.match_date < today;
    (rounds[round] ?? []).forEach((f, i) => {
      const [home, away] = swapped ? [f.away, f.home] : [f.home, f.away];
      const homeGoals = goals(next, 1.5 + (strength.get(home)! - strength.get(away)!));
      const awayGoals = goals(next, 1.1 + (strength.get(away)! - strength.get(home)!));
      rows.push({
        id: `demo-league-result-${m.matchday}-${i + 1}`,
        league_id: DEMO_LEAGUE_ID,
        matchday: m.matchday,
        match_date: m.match_date,
        home_team: home,
        away_team: away,
        home_score: played ? homeGoals : null,
        away_score: played ? awayGoals : null,
      });
    });
  }
  if (rows.length > 0) tx.insert(leagueResults).values(rows).run();
}
