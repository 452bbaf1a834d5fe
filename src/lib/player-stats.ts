// Player statistics per season (issue 14), computed from line-ups and events
// of finished matches; pure, so that the player page, the team's top scorers
// and the tests read the same numbers.
//   appearance: in the line-up as a starter, or a substitute who came on
//   minutes: a starter from 0, a substitute from the minute they came on, until
//            the end (90, a youth team's 2 × 25 = 50: its half length), the minute
//            they went off, or the minute of a red or yellow-red card
//   goals: goals with the player as scorer, own goals not counted; assists likewise
//   cards: yellow, yellow-red and red, wherever the player was (also from the bench)

/** The regular length of a match (of halves of 45); added time is not counted as minutes played. */
export const MATCH_MINUTES = 90;

export type StatsMatch = {
  id: string;
  season: string | null;
  match_date: string;
  /** its regular length: two of its team's halves (MATCH_MINUTES without one) */
  minutes?: number;
};
export type StatsLineup = { match_id: string; player_id: string; role: 'start' | 'sub' };
export type StatsEvent = {
  match_id: string;
  type: 'goal' | 'yellow' | 'yellow_red' | 'red' | 'substitution';
  minute: number;
  goal_kind: 'regular' | 'penalty' | 'own_goal' | null;
  /** the scorer, the booked player, the player coming on */
  player_id: string | null;
  /** the assist, the player going off */
  related_player_id: string | null;
};

export type PlayerStats = {
  appearances: number;
  minutes: number;
  goals: number;
  assists: number;
  yellow: number;
  yellow_red: number;
  red: number;
};

/** One match as a player's page lists it. */
export type PlayerMatchLine = PlayerStats & { match_id: string; season: string | null; match_date: string; started: boolean };

// Numbers are written out as object literals of one shape (here, in matchStats and in playerMatchLines):
// made with spread syntax from a shared empty object, and counted into by computed keys, every line
// was a slow object, and a player's record took six times as long to work out (issue 16)
const emptyStats = (): PlayerStats => ({ appearances: 0, minutes: 0, goals: 0, assists: 0, yellow: 0, yellow_red: 0, red: 0 });

const addStats = (into: PlayerStats, s: PlayerStats) => {
  into.appearances += s.appearances;
  into.minutes += s.minutes;
  into.goals += s.goals;
  into.assists += s.assists;
  into.yellow += s.yellow;
  into.yellow_red += s.yellow_red;
  into.red += s.red;
};

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Each player's numbers in one match of `length` minutes: the line-up and events of that match only. */
export function matchStats(lineup: StatsLineup[], events: StatsEvent[], length: number = MATCH_MINUTES): Map<string, PlayerStats & { started: boolean }> {
  const clampMinute = (minute: number) => Math.min(length, Math.max(0, minute));
  const out = new Map<string, PlayerStats & { started: boolean }>();
  const of = (id: string) => {
    let s = out.get(id);
    if (!s) out.set(id, (s = { appearances: 0, minutes: 0, goals: 0, assists: 0, yellow: 0, yellow_red: 0, red: 0, started: false }));
    return s;
  };
  const from = new Map<string, number>();
  const until = new Map<string, number>();
  const endAt = (id: string, minute: number) => until.set(id, Math.min(until.get(id) ?? length, clampMinute(minute)));
  for (const row of lineup) if (row.role === 'start') from.set(row.player_id, 0);
  const ordered = [...events].sort((a, b) => a.minute - b.minute);
  for (const e of ordered) {
    if (e.type === 'substitution') {
      if (e.player_id && !from.has(e.player_id)) from.set(e.player_id, clampMinute(e.minute));
      if (e.related_player_id) endAt(e.related_player_id, e.minute);
      continue;
    }
    if (!e.player_id) continue;
    if (e.type === 'goal') {
      if (e.goal_kind !== 'own_goal') of(e.player_id).goals += 1;
      if (e.related_player_id && e.goal_kind !== 'own_goal') of(e.related_player_id).assists += 1;
      continue;
    }
    of(e.player_id)[e.type] += 1;
    if (e.type === 'red' || e.type === 'yellow_red') endAt(e.player_id, e.minute);
  }
  for (const [id, start] of from) {
    const s = of(id);
    s.appearances = 1;
    s.started = lineup.some((r) => r.player_id === id && r.role === 'start');
    s.minutes = Math.max(0, (until.get(id) ?? length) - start);
  }
  return out;
}

function byMatch<T extends { match_id: string }>(rows: T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) {
    const list = out.get(row.match_id);
    if (list) list.push(row);
    else out.set(row.match_id, [row]);
  }
  return out;
}

/** Every player's match lines, newest match first: the basis of the season sums. */
export function playerMatchLines(matches: StatsMatch[], lineups: StatsLineup[], events: StatsEvent[]): Map<string, PlayerMatchLine[]> {
  const lineupsOf = byMatch(lineups);
  const eventsOf = byMatch(events);
  const out = new Map<string, PlayerMatchLine[]>();
  // ISO dates sort as text; two matches of one day by id, so that every read of the same rows (a player's
  // own, a whole season's) lists them alike
  const newestFirst = [...matches].sort((a, b) => compareText(b.match_date, a.match_date) || compareText(a.id, b.id));
  for (const match of newestFirst) {
    for (const [playerId, stats] of matchStats(lineupsOf.get(match.id) ?? [], eventsOf.get(match.id) ?? [], match.minutes)) {
      const line: PlayerMatchLine = {
        appearances: stats.appearances,
        minutes: stats.minutes,
        goals: stats.goals,
        assists: stats.assists,
        yellow: stats.yellow,
        yellow_red: stats.yellow_red,
        red: stats.red,
        started: stats.started,
        match_id: match.id,
        season: match.season,
        match_date: match.match_date,
      };
      const list = out.get(playerId);
      if (list) list.push(line);
      else out.set(playerId, [line]);
    }
  }
  return out;
}

/** Sums per season: season → player → numbers. Matches without a season count under ''. */
export function seasonStats(matches: StatsMatch[], lineups: StatsLineup[], events: StatsEvent[]): Map<string, Map<string, PlayerStats>> {
  return seasonSums(playerMatchLines(matches, lineups, events));
}

/** The season sums of match lines already worked out (playerMatchLines): season → player → numbers. */
export function seasonSums(linesByPlayer: Map<string, PlayerMatchLine[]>): Map<string, Map<string, PlayerStats>> {
  const out = new Map<string, Map<string, PlayerStats>>();
  for (const [playerId, lines] of linesByPlayer) {
    for (const line of lines) {
      const season = line.season ?? '';
      let players = out.get(season);
      if (!players) out.set(season, (players = new Map()));
      let sum = players.get(playerId);
      if (!sum) players.set(playerId, (sum = emptyStats()));
      addStats(sum, line);
    }
  }
  return out;
}

/** The top scorers of one season's numbers: most goals, then assists, then fewest minutes; only scorers. */
export function topScorers(stats: Map<string, PlayerStats>, limit = 10): { player_id: string; stats: PlayerStats }[] {
  return [...stats]
    .filter(([, s]) => s.goals > 0)
    .sort(([, a], [, b]) => b.goals - a.goals || b.assists - a.assists || a.minutes - b.minutes)
    .slice(0, limit)
    .map(([player_id, s]) => ({ player_id, stats: s }));
}
