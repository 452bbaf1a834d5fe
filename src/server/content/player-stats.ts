// Reads for player statistics (issue 14): the finished matches, their line-ups
// and events, handed to the pure computation in src/lib/player-stats.ts.
import { and, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { matchEvents, matches, matchLineups } from '../db/schema';
import {
  playerMatchLines,
  seasonStats,
  topScorers,
  type PlayerMatchLine,
  type PlayerStats,
  type StatsEvent,
  type StatsLineup,
  type StatsMatch,
} from '../../lib/player-stats';
import { readOr } from './public-content';

export type StatsMatchRow = typeof matches.$inferSelect;

/** Line-ups and events of the given matches. */
function detailsOf(db: Db, matchIds: string[], playerId?: string): { lineups: StatsLineup[]; events: StatsEvent[] } {
  if (matchIds.length === 0) return { lineups: [], events: [] };
  const ofMatches = inArray(matchLineups.match_id, matchIds);
  const lineups = db
    .select({ match_id: matchLineups.match_id, player_id: matchLineups.player_id, role: matchLineups.role })
    .from(matchLineups)
    .where(playerId === undefined ? ofMatches : and(ofMatches, eq(matchLineups.player_id, playerId)))
    .all();
  const eventsOfMatches = inArray(matchEvents.match_id, matchIds);
  const events = db
    .select({
      match_id: matchEvents.match_id,
      type: matchEvents.type,
      minute: matchEvents.minute,
      goal_kind: matchEvents.goal_kind,
      player_id: matchEvents.player_id,
      related_player_id: matchEvents.related_player_id,
    })
    .from(matchEvents)
    .where(
      playerId === undefined
        ? eventsOfMatches
        : and(eventsOfMatches, or(eq(matchEvents.player_id, playerId), eq(matchEvents.related_player_id, playerId))),
    )
    .all();
  return { lineups, events };
}

const finished = eq(matches.status, 'finished');

/** The latest season a team has finished matches in, with every player's numbers of that season. */
export function teamSeasonStats(teamId: string): { season: string; stats: Map<string, PlayerStats> } | null {
  return readOr(`season statistics of team ${teamId}`, null, (db) => {
    const rows: StatsMatch[] = db
      .select({ id: matches.id, season: matches.season, match_date: matches.match_date })
      .from(matches)
      .where(and(finished, eq(matches.team_id, teamId)))
      .all();
    if (rows.length === 0) return null;
    const latest = rows.reduce((a, b) => (b.match_date > a.match_date ? b : a));
    const season = latest.season ?? '';
    const ofSeason = rows.filter((m) => (m.season ?? '') === season);
    const { lineups, events } = detailsOf(db, ofSeason.map((m) => m.id));
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
  return readOr(`statistics of player ${playerId}`, { seasons: [], matches: [] } as PlayerRecord, (db) => {
    const inLineup = db.select({ id: matchLineups.match_id }).from(matchLineups).where(eq(matchLineups.player_id, playerId)).all();
    const inEvents = db
      .select({ id: matchEvents.match_id })
      .from(matchEvents)
      .where(or(eq(matchEvents.player_id, playerId), eq(matchEvents.related_player_id, playerId)))
      .all();
    const ids = [...new Set([...inLineup, ...inEvents].map((r) => r.id))];
    if (ids.length === 0) return { seasons: [], matches: [] };
    const rows = db.select().from(matches).where(and(finished, inArray(matches.id, ids))).all();
    // one player's numbers depend only on their own line-up rows and the events that name them (scorer,
    // assist, booked, on or off): the other players' rows of those matches are not read (issue 16)
    const { lineups, events } = detailsOf(db, rows.map((m) => m.id), playerId);
    const seasons = [...seasonStats(rows, lineups, events)]
      .filter(([, players]) => players.has(playerId))
      .map(([season, players]) => ({ season, stats: players.get(playerId)! }))
      .sort((a, b) => b.season.localeCompare(a.season));
    const byId = new Map(rows.map((m) => [m.id, m]));
    const lines = (playerMatchLines(rows, lineups, events).get(playerId) ?? []).map((line) => ({ ...line, match: byId.get(line.match_id)! }));
    return { seasons, matches: lines };
  });
}
