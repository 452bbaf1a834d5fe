// A league table from results (issue 14, docs/decisions/027-league-table-rules.md):
// played, won, drawn, lost, goals, difference and points (3/1/0 or as the league
// says), ordered by points and then by the league's tie-breakers in order.
// Pure: the server reads the results, this only counts and sorts.

/** The tie-breakers a league can list after points, in its own order. */
export const TIE_BREAKERS = ['head_to_head', 'goal_difference', 'goals_for', 'wins', 'away_goals'] as const;
export type TieBreaker = (typeof TIE_BREAKERS)[number];

export const TIE_BREAKER_LABELS: Record<TieBreaker, string> = {
  head_to_head: 'Direkter Vergleich (Punkte, Tordifferenz, Tore, Auswärtstore der Spiele untereinander)',
  goal_difference: 'Tordifferenz',
  goals_for: 'Mehr erzielte Tore',
  wins: 'Mehr Siege',
  away_goals: 'Mehr auswärts erzielte Tore',
};

/** The rules of the associations, as the decision record gives them with their sources. */
export const TIE_BREAK_PRESETS = {
  austria: {
    label: 'Österreich (ÖFB/StFV)',
    order: ['head_to_head', 'goal_difference', 'goals_for', 'wins', 'away_goals'],
  },
  germany: {
    label: 'Deutschland (DFB)',
    order: ['goal_difference', 'goals_for', 'head_to_head', 'away_goals'],
  },
} as const satisfies Record<string, { label: string; order: readonly TieBreaker[] }>;
export type TieBreakPreset = keyof typeof TIE_BREAK_PRESETS;

/** Which preset an order is, or null for an order of the league's own. */
export function presetOf(order: readonly string[]): TieBreakPreset | null {
  for (const [key, preset] of Object.entries(TIE_BREAK_PRESETS)) {
    if (preset.order.length === order.length && preset.order.every((c, i) => c === order[i])) return key as TieBreakPreset;
  }
  return null;
}

/** Only known tie-breakers, each once (a stored list may hold anything). */
export function cleanTieBreakers(order: unknown): TieBreaker[] {
  if (!Array.isArray(order)) return [];
  const out: TieBreaker[] = [];
  for (const c of order) if ((TIE_BREAKERS as readonly unknown[]).includes(c) && !out.includes(c as TieBreaker)) out.push(c as TieBreaker);
  return out;
}

export type PointsRule = { win: number; draw: number; loss: number };
export const DEFAULT_POINTS: PointsRule = { win: 3, draw: 1, loss: 0 };

/** One match of the league; without both scores it is not played yet (its teams still appear). */
export type LeagueResult = { home: string; away: string; homeGoals: number | null; awayGoals: number | null };

export type TableRow = {
  position: number;
  team: string;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  goalsFor: number;
  goalsAgainst: number;
  goalDifference: number;
  points: number;
};

type Stats = Omit<TableRow, 'position'> & { awayGoals: number };
type Played = { home: string; away: string; homeGoals: number; awayGoals: number };

/** Names as typed by people: surrounding and doubled spaces do not make another team. */
export const teamKey = (name: string) => name.trim().replace(/\s+/g, ' ');

/** Nor does case: 'FC oberdorf' in a typed result is the fixtures' 'FC Oberdorf' (as the results form counts it). */
const teamIdentity = (name: string) => teamKey(name).toLocaleLowerCase('de');

export const sameTeam = (a: string | null | undefined, b: string | null | undefined): boolean => a != null && b != null && teamIdentity(a) === teamIdentity(b);

const collator = new Intl.Collator('de-DE', { sensitivity: 'base' });

function emptyStats(team: string): Stats {
  return { team, played: 0, won: 0, drawn: 0, lost: 0, goalsFor: 0, goalsAgainst: 0, goalDifference: 0, points: 0, awayGoals: 0 };
}

function count(teams: Iterable<string>, matches: Played[], points: PointsRule): Map<string, Stats> {
  const stats = new Map<string, Stats>();
  for (const t of teams) stats.set(t, emptyStats(t));
  const add = (team: string, scored: number, conceded: number, away: boolean) => {
    const s = stats.get(team);
    if (!s) return;
    s.played += 1;
    s.goalsFor += scored;
    s.goalsAgainst += conceded;
    s.goalDifference = s.goalsFor - s.goalsAgainst;
    if (away) s.awayGoals += scored;
    if (scored > conceded) {
      s.won += 1;
      s.points += points.win;
    } else if (scored === conceded) {
      s.drawn += 1;
      s.points += points.draw;
    } else {
      s.lost += 1;
      s.points += points.loss;
    }
  };
  for (const m of matches) {
    add(m.home, m.homeGoals, m.awayGoals, false);
    add(m.away, m.awayGoals, m.homeGoals, true);
  }
  return stats;
}

/** Splits teams into groups of equal key, best key first (every key compared larger-is-better). */
function groupBy(teams: string[], key: (team: string) => number[]): string[][] {
  const keyed = teams.map((team) => ({ team, key: key(team) }));
  keyed.sort((a, b) => {
    for (let i = 0; i < a.key.length; i++) if (a.key[i] !== b.key[i]) return b.key[i] - a.key[i];
    return 0;
  });
  const groups: string[][] = [];
  let last: number[] | null = null;
  for (const { team, key: k } of keyed) {
    if (last && k.every((v, i) => v === last![i])) groups[groups.length - 1].push(team);
    else groups.push([team]);
    last = k;
  }
  return groups;
}

/**
 * Orders teams level on points by the criteria in turn. The head-to-head
 * criterion builds a small table of the matches among the tied teams (points,
 * goal difference, goals, away goals); where it separates them only in part, it
 * is applied again to each smaller group still level, among those teams alone,
 * before the next criterion (decision 027).
 */
function order(teams: string[], criteria: TieBreaker[], all: Map<string, Stats>, matches: Played[], points: PointsRule): string[] {
  if (teams.length <= 1) return teams;
  if (criteria.length === 0) return [...teams].sort(collator.compare);
  const [criterion, ...rest] = criteria;
  let groups: string[][];
  let again = false;
  if (criterion === 'head_to_head') {
    const among = new Set(teams);
    const mini = count(teams, matches.filter((m) => among.has(m.home) && among.has(m.away)), points);
    groups = groupBy(teams, (t) => {
      const s = mini.get(t)!;
      return [s.points, s.goalDifference, s.goalsFor, s.awayGoals];
    });
    again = groups.length > 1;
  } else {
    const value: Record<Exclude<TieBreaker, 'head_to_head'>, (s: Stats) => number> = {
      goal_difference: (s) => s.goalDifference,
      goals_for: (s) => s.goalsFor,
      wins: (s) => s.won,
      away_goals: (s) => s.awayGoals,
    };
    groups = groupBy(teams, (t) => [value[criterion](all.get(t)!)]);
  }
  return groups.flatMap((g) => order(g, again && g.length > 1 ? criteria : rest, all, matches, points));
}

/**
 * The table of the results: every team named in a result (played or not), by
 * points and then `tieBreakers`; teams level on everything stand by name.
 */
export function computeTable(results: LeagueResult[], options: { points?: PointsRule; tieBreakers?: readonly string[] } = {}): TableRow[] {
  const points = options.points ?? DEFAULT_POINTS;
  const criteria = cleanTieBreakers(options.tieBreakers ?? ['goal_difference', 'goals_for', 'head_to_head']);
  const teams = new Set<string>();
  const played: Played[] = [];
  // one row per team whatever the case it was typed in, under its first spelling (the fixtures' come first)
  const spelled = new Map<string, string>();
  const nameOf = (typed: string) => {
    const folded = teamIdentity(typed);
    if (!spelled.has(folded)) spelled.set(folded, teamKey(typed));
    return spelled.get(folded)!;
  };
  for (const r of results) {
    const home = nameOf(r.home);
    const away = nameOf(r.away);
    if (!home || !away || home === away) continue;
    teams.add(home);
    teams.add(away);
    if (r.homeGoals !== null && r.awayGoals !== null) played.push({ home, away, homeGoals: r.homeGoals, awayGoals: r.awayGoals });
  }
  const stats = count(teams, played, points);
  const byPoints = groupBy([...teams], (t) => [stats.get(t)!.points]);
  const ordered = byPoints.flatMap((g) => order(g, criteria, stats, played, points));
  return ordered.map((team, i) => {
    const { awayGoals: _awayGoals, ...row } = stats.get(team)!;
    return { position: i + 1, ...row };
  });
}
