// Reads for player statistics (issue 14): the finished matches, their line-ups
// and events, handed to the pure computation in src/lib/player-stats.ts.
import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { matchEvents, matches, matchLineups } from '../db/schema';
import {
  playerMatchLines,
  seasonStats,
  seasonSums,
  topScorers,
  type PlayerMatchLine,
  type PlayerStats,
  type StatsMatch,
} from '../../lib/player-stats';
import { prepared, readOr } from './public-content';
import { memoRead } from './read-memo';

export type StatsMatchRow = typeof matches.$inferSelect;

const finished = eq(matches.status, 'finished');

// The columns the computation reads (src/lib/player-stats.ts)
const lineupColumns = { match_id: matchLineups.match_id, player_id: matchLineups.player_id, role: matchLineups.role };
const eventColumns = {
  match_id: matchEvents.match_id,
  type: matchEvents.type,
  minute: matchEvents.minute,
  goal_kind: matchEvents.goal_kind,
  player_id: matchEvents.player_id,
  related_player_id: matchEvents.related_player_id,
};

// Each query is prepared once per connection (public-content.ts `prepared`), and the
// matches are joined in SQL rather than sent back as a list of ids: a match result
// republishes the pages of every player of the match, and building these queries
// anew for each page was most of a player page's reading time (issue 16).
const team = sql.placeholder('team');
const season = sql.placeholder('season');
const player = sql.placeholder('player');
const ofTeamSeason = and(finished, eq(matches.team_id, team), sql`coalesce(${matches.season}, '') = ${season}`);
const namesPlayer = or(eq(matchEvents.player_id, player), eq(matchEvents.related_player_id, player));

const statements = {
  teamMatches: (db: Db) =>
    prepared(db, 'stats.teamMatches', () =>
      db.select({ id: matches.id, season: matches.season, match_date: matches.match_date }).from(matches).where(and(finished, eq(matches.team_id, team))).prepare(),
    ),
  teamSeasonLineups: (db: Db) =>
    prepared(db, 'stats.teamSeasonLineups', () =>
      db.select(lineupColumns).from(matchLineups).innerJoin(matches, eq(matches.id, matchLineups.match_id)).where(ofTeamSeason).prepare(),
    ),
  teamSeasonEvents: (db: Db) =>
    prepared(db, 'stats.teamSeasonEvents', () =>
      db.select(eventColumns).from(matchEvents).innerJoin(matches, eq(matches.id, matchEvents.match_id)).where(ofTeamSeason).prepare(),
    ),
  playerMatches: (db: Db) =>
    prepared(db, 'stats.playerMatches', () =>
      db
        .select()
        .from(matches)
        .where(
          and(
            finished,
            sql`${matches.id} IN (SELECT ${matchLineups.match_id} FROM ${matchLineups} WHERE ${matchLineups.player_id} = ${player}
              UNION SELECT ${matchEvents.match_id} FROM ${matchEvents} WHERE ${namesPlayer})`,
          ),
        )
        .prepare(),
    ),
  // one player's numbers depend only on their own line-up rows and the events that name them (scorer,
  // assist, booked, on or off): the other players' rows of those matches are not read (issue 16)
  playerLineups: (db: Db) =>
    prepared(db, 'stats.playerLineups', () =>
      db.select(lineupColumns).from(matchLineups).innerJoin(matches, eq(matches.id, matchLineups.match_id)).where(and(finished, eq(matchLineups.player_id, player))).prepare(),
    ),
  playerEvents: (db: Db) =>
    prepared(db, 'stats.playerEvents', () =>
      db.select(eventColumns).from(matchEvents).innerJoin(matches, eq(matches.id, matchEvents.match_id)).where(and(finished, namesPlayer)).prepare(),
    ),
};

/** The latest season a team has finished matches in, with every player's numbers of that season (read-only: shared until the next change). */
export function teamSeasonStats(teamId: string): { season: string; stats: Map<string, PlayerStats> } | null {
  return readOr(`season statistics of team ${teamId}`, null, (db) => memoRead(db, `teamSeasonStats:${teamId}`, () => {
    const rows: StatsMatch[] = statements.teamMatches(db).all({ team: teamId });
    if (rows.length === 0) return null;
    const latest = rows.reduce((a, b) => (b.match_date > a.match_date ? b : a));
    const season = latest.season ?? '';
    const ofSeason = rows.filter((m) => (m.season ?? '') === season);
    const lineups = statements.teamSeasonLineups(db).all({ team: teamId, season });
    const events = statements.teamSeasonEvents(db).all({ team: teamId, season });
    return { season, stats: seasonStats(ofSeason, lineups, events).get(season) ?? new Map() };
  }));
}

/** A team's top scorers of its latest season (player ids with their numbers). */
export function teamTopScorers(teamId: string, limit = 10): { season: string; scorers: { player_id: string; stats: PlayerStats }[] } | null {
  const season = teamSeasonStats(teamId);
  return season ? { season: season.season, scorers: topScorers(season.stats, limit) } : null;
}

export type PlayerRecord = {
  /** season → numbers, newest season first */
  seasons: { season: string; stats: PlayerStats }[];
  /** the matches the player took part in, newest first, with the match row */
  matches: (PlayerMatchLine & { match: StatsMatchRow })[];
};

/** Everything one player did in finished matches: sums per season and the match lines. */
export function playerRecord(playerId: string): PlayerRecord {
  return readOr(`statistics of player ${playerId}`, { seasons: [], matches: [] } as PlayerRecord, (db) => {
    const rows = statements.playerMatches(db).all({ player: playerId });
    if (rows.length === 0) return { seasons: [], matches: [] };
    const lineups = statements.playerLineups(db).all({ player: playerId });
    const events = statements.playerEvents(db).all({ player: playerId });
    // the lines once: the season sums add them up
    const linesByPlayer = playerMatchLines(rows, lineups, events);
    const seasons = [...seasonSums(linesByPlayer)]
      .filter(([, players]) => players.has(playerId))
      .map(([season, players]) => ({ season, stats: players.get(playerId)! }))
      .sort((a, b) => b.season.localeCompare(a.season));
    const byId = new Map(rows.map((m) => [m.id, m]));
    const lines = (linesByPlayer.get(playerId) ?? []).map((line) => ({ ...line, match: byId.get(line.match_id)! }));
    return { seasons, matches: lines };
  });
}
