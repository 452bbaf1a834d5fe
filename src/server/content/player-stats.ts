// Reads for player statistics (issue 14): the finished matches, their line-ups
// and events, handed to the pure computation in src/lib/player-stats.ts.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { matchEvents, matches, matchLineups } from '../db/schema';
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
import { memoReadOr, prepared, readOr } from './public-content';

// what a player's page shows of a match, and what the numbers need (not the report, the notes, the line-up
// of the opponent: reading those for every match a player played in was half of the record's time)
export type StatsMatchRow = { id: string; season: string | null; match_date: string; home_team: string; away_team: string; home_score: number | null; away_score: number | null };

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
const ofTeamSeason = and(finished, eq(matches.team_id, team), sql`coalesce(${matches.season}, '') = ${season}`);

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
  // A player's three reads are plain SQLite statements: drizzle's mapping of each row, for every match a
  // player played in, was most of the record's time, and the publisher reads the record of every player
  // of a changed match (issue 16). The columns are the schema's own names.
  // the matches looked up by the ids the player's rows name (each index searched on its own): asking
  // every match whether its id is among them took half as long again
  playerMatches: (db: Db) =>
    prepared(db, 'stats.playerMatches', () =>
      db.$client.prepare<{ player: string }, StatsMatchRow>(
        `SELECT m.id, m.season, m.match_date, m.home_team, m.away_team, m.home_score, m.away_score
          FROM (SELECT match_id FROM match_lineups WHERE player_id = @player
            UNION SELECT match_id FROM match_events WHERE player_id = @player
            UNION SELECT match_id FROM match_events WHERE related_player_id = @player) named
          JOIN matches m ON m.id = named.match_id
          WHERE m.status = 'finished'`,
      ),
    ),
  // one player's numbers depend only on their own line-up rows and the events that name them (scorer,
  // assist, booked, on or off): the other players' rows of those matches are not read (issue 16). Those
  // of matches not finished are left out by the caller, which has the finished ones at hand.
  playerLineups: (db: Db) =>
    prepared(db, 'stats.playerLineups', () =>
      db.$client.prepare<{ player: string }, StatsLineup>(`SELECT match_id, player_id, role FROM match_lineups WHERE player_id = @player`),
    ),
  playerEvents: (db: Db) =>
    prepared(db, 'stats.playerEvents', () =>
      db.$client.prepare<{ player: string }, StatsEvent>(
        `SELECT match_id, type, minute, goal_kind, player_id, related_player_id FROM match_events WHERE player_id = @player OR related_player_id = @player`,
      ),
    ),
};

/** The latest season a team has finished matches in, with every player's numbers of that season (read-only: shared until the next change). */
export function teamSeasonStats(teamId: string): { season: string; stats: Map<string, PlayerStats> } | null {
  return memoReadOr(`season statistics of team ${teamId}`, `teamSeasonStats:${teamId}`, null, (db) => {
    const rows: StatsMatch[] = statements.teamMatches(db).all({ team: teamId });
    if (rows.length === 0) return null;
    const latest = rows.reduce((a, b) => (b.match_date > a.match_date ? b : a));
    const season = latest.season ?? '';
    const ofSeason = rows.filter((m) => (m.season ?? '') === season);
    const lineups = statements.teamSeasonLineups(db).all({ team: teamId, season });
    const events = statements.teamSeasonEvents(db).all({ team: teamId, season });
    return { season, stats: seasonStats(ofSeason, lineups, events).get(season) ?? new Map() };
  });
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
  return readOr(`statistics of player ${playerId}`, { seasons: [], matches: [] } as PlayerRecord, (db) => readPlayerRecord(db, playerId));
}

/** playerRecord's read, which throws where the database cannot be read. */
export function readPlayerRecord(db: Db, playerId: string): PlayerRecord {
  const rows = statements.playerMatches(db).all({ player: playerId });
  if (rows.length === 0) return { seasons: [], matches: [] };
  const byId = new Map(rows.map((m) => [m.id, m]));
  const lineups = statements.playerLineups(db).all({ player: playerId }).filter((l) => byId.has(l.match_id));
  const events = statements.playerEvents(db).all({ player: playerId }).filter((e) => byId.has(e.match_id));
  // the lines once: the season sums add up this player's
  const own = playerMatchLines(rows, lineups, events).get(playerId) ?? [];
  const seasons = [...seasonSums(new Map([[playerId, own]]))]
    .map(([season, players]) => ({ season, stats: players.get(playerId)! }))
    .sort((a, b) => b.season.localeCompare(a.season));
  return { seasons, matches: own.map((line) => ({ ...line, match: byId.get(line.match_id)! })) };
}
