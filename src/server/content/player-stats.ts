// Reads for player statistics (issue 14): the finished matches, their line-ups
// and events, handed to the pure computation in src/lib/player-stats.ts.
import type { Db } from '../db/client';
import {
  playerMatchLines,
  seasonStats,
  seasonSums,
  topScorers,
  type PlayerMatchLine,
  type PlayerStats,
  type StatsEvent,
  type StatsLineup,
  type StatsMatch,
} from '../../lib/player-stats';
import { HALF_MINUTES } from '../../lib/match-minute';
import { prepared, readOr } from './public-content';
import { matchesByDateIn } from './public-matches';
import { memoRead, readConsistently } from './read-memo';
import { compareSeasonsNewestFirst } from '../../lib/fixtures';

// what a player's page shows of a match, and what the numbers need (not the report, the notes, the line-up
// of the opponent: reading those for every match a player played in was half of the record's time)
export type StatsMatchRow = {
  id: string;
  season: string | null;
  match_date: string;
  home_team: string;
  away_team: string;
  home_score: number | null;
  away_score: number | null;
  /** its regular length: two of its team's halves (a youth team's 2 × 25) */
  minutes: number;
};

/**
 * The columns of `matches` a player's record reads: its StatsMatchRow (its minutes through its team's half
 * length), and the status that makes a match count. A change of any other column leaves every player's page as it is (match-baselines.ts).
 */
export const RECORD_MATCH_COLUMNS: ReadonlySet<string> = new Set(['id', 'status', 'season', 'match_date', 'home_team', 'away_team', 'home_score', 'away_score', 'team_id']);

// Each query is prepared once per connection (public-content.ts `prepared`), as plain SQLite
// statements that answer arrays, made into objects here: drizzle's mapping of each row, and
// better-sqlite3's row objects, cost more than the rest of the work (issue 16). The columns are the
// schema's own names.
const statements = {
  // the finished matches after a day in which the player surely has a line of their own (matchStats in
  // src/lib/player-stats.ts): a start, coming on, a card, a goal that is not an own goal, or an assist to
  // one with a scorer (a goal whose scorer was deleted, or entered without one, counts for nobody)
  sureLinesAfter: (db: Db) =>
    prepared(db, 'stats.sureLinesAfter', () =>
      db.$client
        .prepare<{ player: string; date: string }, number>(
          `SELECT count(*) FROM matches WHERE status = 'finished' AND match_date > @date AND id IN (
            SELECT match_id FROM match_lineups WHERE player_id = @player AND role = 'start'
            UNION SELECT match_id FROM match_events WHERE player_id = @player AND NOT (type = 'goal' AND goal_kind IS 'own_goal')
            UNION SELECT match_id FROM match_events WHERE related_player_id = @player AND type = 'goal' AND goal_kind IS NOT 'own_goal' AND player_id IS NOT NULL)`,
        )
        .pluck(),
    ),
  teamMatches: (db: Db) =>
    prepared(db, 'stats.teamMatches', () =>
      db.$client
        .prepare<{ team: string }, unknown[]>(
          `SELECT m.id, m.season, m.match_date, 2 * t.half_minutes FROM matches m JOIN teams t ON t.id = m.team_id WHERE m.status = 'finished' AND m.team_id = @team`,
        )
        .raw(true),
    ),
  // each team's half length: a match's minutes are two of its team's halves
  teamHalves: (db: Db) => prepared(db, 'stats.teamHalves', () => db.$client.prepare<[], unknown[]>(`SELECT id, half_minutes FROM teams`).raw(true)),
  teamSeasonLineups: (db: Db) =>
    prepared(db, 'stats.teamSeasonLineups', () =>
      db.$client
        .prepare<{ team: string; season: string }, unknown[]>(
          `SELECT l.match_id, l.player_id, l.role FROM match_lineups l JOIN matches m ON m.id = l.match_id
            WHERE m.status = 'finished' AND m.team_id = @team AND coalesce(m.season, '') = @season`,
        )
        .raw(true),
    ),
  teamSeasonEvents: (db: Db) =>
    prepared(db, 'stats.teamSeasonEvents', () =>
      db.$client
        .prepare<{ team: string; season: string }, unknown[]>(
          `SELECT e.match_id, e.type, e.minute, e.goal_kind, e.player_id, e.related_player_id FROM match_events e JOIN matches m ON m.id = e.match_id
            WHERE m.status = 'finished' AND m.team_id = @team AND coalesce(m.season, '') = @season`,
        )
        .raw(true),
    ),
  // the matches themselves come from the club's list (finishedMatchesById)
  // one player's numbers depend only on their own line-up rows and the events that name them (scorer,
  // assist, booked, on or off): the other players' rows of those matches are not read (issue 16). Those
  // of matches not finished are left out by the caller, which has the finished ones at hand.
  playerLineups: (db: Db) =>
    prepared(db, 'stats.playerLineups', () =>
      db.$client.prepare<{ player: string }, unknown[]>(`SELECT match_id, player_id, role FROM match_lineups WHERE player_id = @player`).raw(true),
    ),
  playerEvents: (db: Db) =>
    prepared(db, 'stats.playerEvents', () =>
      db.$client
        .prepare<{ player: string }, unknown[]>(
          `SELECT match_id, type, minute, goal_kind, player_id, related_player_id FROM match_events WHERE player_id = @player OR related_player_id = @player`,
        )
        .raw(true),
    ),
};

/** The latest season a team has finished matches in, with every player's numbers of that season (read-only: shared until the next change). */
export function teamSeasonStats(teamId: string): { season: string; stats: Map<string, PlayerStats> } | null {
  return readOr(`season statistics of team ${teamId}`, null, (db) => teamSeasonStatsIn(db, teamId));
}

/** teamSeasonStats on a given connection, once per state of the database, which throws where the tables cannot be read. */
export function teamSeasonStatsIn(db: Db, teamId: string): { season: string; stats: Map<string, PlayerStats> } | null {
  return memoRead(db, `teamSeasonStats:${teamId}`, () => {
    const rows: StatsMatch[] = statements
      .teamMatches(db)
      .all({ team: teamId })
      .map((r) => ({ id: r[0] as string, season: r[1] as string | null, match_date: r[2] as string, minutes: r[3] as number }));
    if (rows.length === 0) return null;
    const latest = rows.reduce((a, b) => (b.match_date > a.match_date ? b : a));
    const season = latest.season ?? '';
    const ofSeason = rows.filter((m) => (m.season ?? '') === season);
    const lineups = statements.teamSeasonLineups(db).all({ team: teamId, season }).map(lineupOf);
    const events = statements.teamSeasonEvents(db).all({ team: teamId, season }).map(eventOf);
    return { season, stats: seasonStats(ofSeason, lineups, events).get(season) ?? new Map() };
  });
}

// a row of the statements above as the computation reads it: objects of one shape
const lineupOf = (r: unknown[]): StatsLineup => ({ match_id: r[0] as string, player_id: r[1] as string, role: r[2] as StatsLineup['role'] });
const eventOf = (r: unknown[]): StatsEvent => ({
  match_id: r[0] as string,
  type: r[1] as StatsEvent['type'],
  minute: r[2] as number,
  goal_kind: r[3] as StatsEvent['goal_kind'],
  player_id: r[4] as string | null,
  related_player_id: r[5] as string | null,
});

/** A team's top scorers of its latest season (player ids with their numbers). */
export function teamTopScorers(teamId: string, limit = 10): { season: string; scorers: { player_id: string; stats: PlayerStats }[] } | null {
  const season = teamSeasonStats(teamId);
  return season ? { season: season.season, scorers: topScorers(season.stats, limit) } : null;
}

/** How many of a player's latest matches the page lists. */
export const RECENT_MATCHES_SHOWN = 8;

export type PlayerRecord = {
  /** season → numbers, newest season first */
  seasons: { season: string; stats: PlayerStats }[];
  /**
   * the latest RECENT_MATCHES_SHOWN matches the player took part in, newest first, with the match row
   * (the page lists no more; the seasons' sums count every match)
   */
  matches: (PlayerMatchLine & { match: StatsMatchRow })[];
};

/** Everything one player did in finished matches: sums per season and the match lines. */
export function playerRecord(playerId: string): PlayerRecord {
  return readOr(`statistics of player ${playerId}`, { seasons: [], matches: [] } as PlayerRecord, (db) => readPlayerRecord(db, playerId));
}

/**
 * The finished matches by id, with what a player's page shows of each: built from the club's list
 * (matchesByDateIn), once per state of the database (read-memo.ts). A match result's job has the list
 * read already for its fixtures page and calendars, and asks for the records of every player of the match:
 * each record looked its matches up in SQL before, and reading the same rows for twenty players was a third
 * of the record's time (issue 16). Read-only: shared until the next change.
 */
function finishedMatchesById(db: Db): ReadonlyMap<string, StatsMatchRow> {
  return memoRead(db, 'stats.finishedMatchesById', () => {
    const byId = new Map<string, StatsMatchRow>();
    const halves = new Map(statements.teamHalves(db).all().map((r) => [r[0] as string, r[1] as number]));
    for (const m of matchesByDateIn(db)) {
      if (m.status !== 'finished') continue;
      const minutes = 2 * ((m.team_id ? halves.get(m.team_id) : undefined) ?? HALF_MINUTES);
      byId.set(m.id, { id: m.id, season: m.season, match_date: m.match_date, home_team: m.home_team, away_team: m.away_team, home_score: m.home_score, away_score: m.away_score, minutes });
    }
    return byId;
  });
}

/**
 * playerRecord's read, as of one state of the database, which throws where the database cannot be read.
 * Once per state (read-memo.ts): a match result's job reads it for each player of the match, to tell whether
 * the page moved (player-shown.ts), and the page that did reads it again as it renders. Read-only: shared
 * until the next change.
 */
export function readPlayerRecord(db: Db, playerId: string): PlayerRecord {
  return memoRead(db, `playerRecord:${playerId}`, () => readConsistently(db, () => readRecord(db, playerId)));
}

function readRecord(db: Db, playerId: string): PlayerRecord {
  const finished = finishedMatchesById(db);
  const lineups = statements.playerLineups(db).all({ player: playerId }).filter((r) => finished.has(r[0] as string)).map(lineupOf);
  const events = statements.playerEvents(db).all({ player: playerId }).filter((r) => finished.has(r[0] as string)).map(eventOf);
  if (lineups.length === 0 && events.length === 0) return { seasons: [], matches: [] };
  const byId = new Map<string, StatsMatchRow>();
  for (const row of [...lineups, ...events]) if (!byId.has(row.match_id)) byId.set(row.match_id, finished.get(row.match_id)!);
  // the lines once: the season sums add up this player's
  const own = playerMatchLines([...byId.values()], lineups, events).get(playerId) ?? [];
  const seasons = [...seasonSums(new Map([[playerId, own]]))]
    .map(([season, players]) => ({ season, stats: players.get(playerId)! }))
    .sort((a, b) => compareSeasonsNewestFirst(a.season, b.season));
  // a copy of each line with its match row only for those the page lists: for every line it was a tenth of the record
  return { seasons, matches: own.slice(0, RECENT_MATCHES_SHOWN).map((line) => ({ ...line, match: byId.get(line.match_id)! })) };
}

/**
 * Whether a finished match of day `date` is older than every match a player's page lists: the player has a
 * line of their own in at least RECENT_MATCHES_SHOWN finished matches of later days. False where unsure.
 */
export function olderThanListedMatches(db: Db, playerId: string, date: string): boolean {
  return (statements.sureLinesAfter(db).get({ player: playerId, date }) ?? 0) >= RECENT_MATCHES_SHOWN;
}
