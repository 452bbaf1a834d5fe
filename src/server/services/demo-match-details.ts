// The demo club's played matches in detail (issue 14): our team linked, line-ups
// and events (goals, cards, substitutions), so that match pages and player
// statistics are filled. Called by seedDemoClub (demo-data.ts) in the same
// transaction, after the matches and players.
//
// Every finished match of the Kampfmannschaft gets eleven starters and three
// substitutes, two or three substitutions, our goals (scorer on the pitch at the
// minute, mostly with an assist), the opponent's goals by free-text names, and
// cards; the events add up to the stored score. A deterministic source makes
// every seed the same. Two U16 players are 13, one with recorded consent and one
// without, so that the demo shows the protection of minors (decision 028).
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { matchEvents, matches, matchLineups, players } from '../db/schema';
import type { DemoClub } from './demo-data';

const CLUB = 'SV Kirchberg an der Raab';
const KAMPF = 'demo-team-kampf';
const player = (i: number) => `demo-player-kampf-${i}`;

// the Kampfmannschaft roster of demo-data.ts by index: keepers 3, 4; defenders 5–8;
// midfield 9–12; strikers 13–15; 16 a young all-rounder
const STARTERS = [3, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14];
const BENCH = [4, 15, 16];
const STRIKERS = new Set([13, 14, 15]);
const MIDFIELD = new Set([9, 10, 11, 12, 16]);
const OPPONENT_SCORERS = ['M. Reiter', 'P. Lechner', 'T. Pirker', 'S. Kainz', 'A. Schaffer', 'R. Ederer', 'F. Trummer', 'B. Kniely'];

// goals the news tell of (demo-data.ts): their scorers, in order
const TOLD: Record<string, [number, number][]> = { 'FC Hatzendorf': [[9, 34], [13, 87]] };

/** A small deterministic source (a linear congruential generator): the same demo on every machine. */
function numbers(seed: number) {
  let state = (seed * 7919 + 104_729) % 2_147_483_647;
  const next = () => (state = (state * 48_271) % 2_147_483_647) / 2_147_483_647;
  return {
    int: (from: number, to: number) => from + Math.floor(next() * (to - from + 1)),
    chance: (p: number) => next() < p,
    pick: <T>(list: T[]) => list[Math.floor(next() * list.length)],
  };
}

type Event = typeof matchEvents.$inferInsert;

/** The line-up, substitutions, goals and cards of one finished match. */
export function demoMatchDetails(
  match: { id: string; home_team: string; away_team: string; home_score: number; away_score: number },
  n: number,
  jerseys: ReadonlyMap<string, number | null> = new Map(),
): { lineup: (typeof matchLineups.$inferInsert)[]; events: Event[] } {
  const r = numbers(n + 1);
  const ours = match.home_team === CLUB ? 'home' : 'away';
  const theirs = ours === 'home' ? 'away' : 'home';
  const opponent = ours === 'home' ? match.away_team : match.home_team;
  const [goalsFor, goalsAgainst] = ours === 'home' ? [match.home_score, match.away_score] : [match.away_score, match.home_score];
  // every third match the youngster starts in midfield, Kern on the bench
  const starters = n % 3 === 2 ? STARTERS.map((i) => (i === 12 ? 16 : i)) : STARTERS;
  const bench = n % 3 === 2 ? BENCH.map((i) => (i === 16 ? 12 : i)) : BENCH;
  const lineup = [
    ...starters.map((i, k) => ({ id: `${match.id}-l${i}`, match_id: match.id, player_id: player(i), role: 'start' as const, jersey_number: jerseys.get(player(i)) ?? null, display_order: k })),
    ...bench.map((i, k) => ({ id: `${match.id}-l${i}`, match_id: match.id, player_id: player(i), role: 'sub' as const, jersey_number: jerseys.get(player(i)) ?? null, display_order: 11 + k })),
  ];
  const events: Event[] = [];
  const add = (e: Omit<Event, 'id' | 'match_id'>) => events.push({ id: `${match.id}-e${events.length + 1}`, match_id: match.id, ...e });

  // on the pitch: from (minute on) until (minute off)
  const on = new Map<number, [number, number]>(starters.map((i) => [i, [0, 91]]));
  const swap = (inn: number, out: number, minute: number) => {
    on.set(out, [on.get(out)![0], minute]);
    on.set(inn, [minute, 91]);
    add({ type: 'substitution', side: ours, minute, player_id: player(inn), related_player_id: player(out) });
  };
  const told = TOLD[opponent];
  // a striker the news name as a late scorer stays on
  swap(15, told?.some(([i]) => i === 13) ? 14 : r.pick([13, 14]), r.int(58, 70));
  const midfieldBench = bench.find((i) => MIDFIELD.has(i))!;
  swap(midfieldBench, r.pick(starters.filter((i) => MIDFIELD.has(i))), r.int(72, 84));
  // one match in four: a defender sent off with a second yellow late on
  if (n % 4 === 1) {
    const sentOff = r.pick([5, 6, 7, 8]);
    add({ type: 'yellow', side: ours, minute: r.int(25, 50), player_id: player(sentOff) });
    const minute = r.int(76, 86);
    add({ type: 'yellow_red', side: ours, minute, player_id: player(sentOff) });
    on.set(sentOff, [0, minute]);
  } else add({ type: 'yellow', side: ours, minute: r.int(20, 88), player_id: player(r.pick([5, 6, 7, 8, 9, 10, 11])) });
  if (r.chance(0.6)) add({ type: 'yellow', side: theirs, minute: r.int(15, 89), player_name: r.pick(OPPONENT_SCORERS) });

  const onPitchAt = (minute: number) => [...on].filter(([i, [from, until]]) => i !== 3 && i !== 4 && from <= minute && minute < until).map(([i]) => i);
  for (let g = 0; g < goalsFor; g += 1) {
    const [scorer, minute] = told?.[g] ?? (() => {
      const m = r.int(3, 89);
      // strikers four times, midfielders twice as likely as defenders
      const weighted = onPitchAt(m).flatMap((i) => Array<number>(STRIKERS.has(i) ? 4 : MIDFIELD.has(i) ? 2 : 1).fill(i));
      return [r.pick(weighted), m] as [number, number];
    })();
    const assist = r.chance(0.7) ? r.pick(onPitchAt(minute).filter((i) => i !== scorer)) : undefined;
    add({ type: 'goal', side: ours, minute, goal_kind: r.chance(0.1) ? 'penalty' : 'regular', player_id: player(scorer), related_player_id: assist === undefined ? null : player(assist) });
  }
  for (let g = 0; g < goalsAgainst; g += 1) {
    const minute = r.int(3, 89);
    // the demo's one own goal: a defender's, in the first match we conceded two
    if (g === 1 && goalsAgainst === 2 && n === 3) add({ type: 'goal', side: theirs, minute, goal_kind: 'own_goal', player_id: player(7) });
    else add({ type: 'goal', side: theirs, minute, goal_kind: 'regular', player_name: r.pick(OPPONENT_SCORERS) });
  }
  return { lineup, events };
}

const RECORDED_BY = 'vorstand@sv-kirchberg.at';

/**
 * Consent in the U16 (demo-data.ts's rows, changed in place so that the roster
 * stays as long as it is): two players are 13 and play up, Leon without recorded
 * consent (shown by name only), Moritz with his father's; Tobias (15) has his
 * mother's on record too, as clubs keep it for every youth player.
 */
export const DEMO_CONSENT: { id: string; set: Partial<typeof players.$inferInsert> }[] = [
  { id: 'demo-player-u16-2', set: { age: 13 } },
  {
    id: 'demo-player-u16-4',
    set: { age: 13, consent_name: true, consent_photo: true, consent_stats: true, consent_given_by: 'Vater, Herbert Zotter', consent_given_at: '2026-08-20', consent_recorded_by: RECORDED_BY },
  },
  {
    id: 'demo-player-u16-1',
    set: { consent_name: true, consent_photo: true, consent_stats: false, consent_given_by: 'Mutter, Eva Krenn', consent_given_at: '2026-08-20', consent_recorded_by: RECORDED_BY },
  },
];

export function seedDemoMatchDetails(tx: Db, club: DemoClub, now: Date): void {
  const today = now.toISOString().slice(0, 10);
  for (const { id, set } of DEMO_CONSENT) tx.update(players).set(set).where(eq(players.id, id)).run();
  const ours = club.matches.filter((m) => m.home_team === CLUB || m.away_team === CLUB);
  const jerseys = new Map(club.players.map((p) => [p.id!, p.jersey_number ?? null]));
  let n = 0;
  for (const m of ours) {
    const side = m.home_team === CLUB ? 'home' : 'away';
    const played = m.status === 'finished' && m.home_score != null && m.away_score != null && m.match_date < today;
    tx.update(matches)
      .set({ team_id: KAMPF, team_side: side, ...(played ? { live_phase: 'full_time' as const } : {}) })
      .where(eq(matches.id, m.id!))
      .run();
    if (!played) continue;
    const { lineup, events } = demoMatchDetails({ id: m.id!, home_team: m.home_team, away_team: m.away_team, home_score: m.home_score!, away_score: m.away_score! }, n, jerseys);
    n += 1;
    tx.insert(matchLineups).values(lineup).run();
    if (events.length > 0) tx.insert(matchEvents).values(events).run();
  }
}
