// Part of the route registry (routes.ts): the player pages /spieler/:id (issue 14).
// A page exists for every player the consent rule lets show more than the name
// (docs/decisions/028-player-consent.md); a protected minor has none.
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { leagues, matches, matchEvents, matchLineups, players } from '../db/schema';
import { publicPlayerView } from '../../lib/consent';
import { readProtectMinors } from '../content/consent-setting';
import { prepared } from '../content/public-content';
import { playerPageUnmoved, playerShownMarker } from '../content/player-shown';
import type { RouteDef } from './routes';
import { TEAM_HALF } from './pseudo-tables';

/** The players with a public page now. */
export function playersWithPage(db: Db): string[] {
  return withPage(db, db.select().from(players).all());
}

/** The players with a public page now among those the condition picks (a match's, a team's). */
function playersWithPageAmong(db: Db, among: SQL): string[] {
  return withPage(db, db.select().from(players).where(among).all());
}

function withPage(db: Db, rows: (typeof players.$inferSelect)[]): string[] {
  const options = { protectMinors: readProtectMinors(db) };
  return rows.filter((p) => publicPlayerView(p, options).hasPage).map((p) => p.id);
}

/** Our players named in one match: its line-up and its events. */
export function playersOfMatch(db: Db, matchId: string): string[] {
  const inLineup = prepared(db, 'routes.lineupOfMatch', () =>
    db.select({ id: matchLineups.player_id }).from(matchLineups).where(eq(matchLineups.match_id, sql.placeholder('match'))).prepare(),
  ).all({ match: matchId });
  const inEvents = prepared(db, 'routes.eventPlayersOfMatch', () =>
    db.select({ a: matchEvents.player_id, b: matchEvents.related_player_id }).from(matchEvents).where(eq(matchEvents.match_id, sql.placeholder('match'))).prepare(),
  )
    .all({ match: matchId })
    .flatMap((e) => [e.a, e.b]);
  return [...new Set([...inLineup.map((r) => r.id), ...inEvents])].filter((id): id is string => id !== null);
}

/**
 * A match's team and status, as the player and team routes ask on every match job: prepared once per
 * connection, where building the SQL each time cost more than running it (issue 16).
 */
export function matchTeamAndStatus(db: Db, id: string): { team_id: string | null; status: string } | undefined {
  return prepared(db, 'routes.matchTeamAndStatus', () =>
    db.select({ team_id: matches.team_id, status: matches.status }).from(matches).where(eq(matches.id, sql.placeholder('id'))).prepare(),
  ).get({ id });
}

const MATCH_TABLE_NAMES = ['matches', 'match_events', 'match_lineups'] as const;
const MATCH_TABLES = new Set<string>(MATCH_TABLE_NAMES);

/**
 * The player pages one keyed change touches. Statistics count finished matches
 * only, so an event entered while a match is live touches no player page: the
 * pages follow at full time, when the match's status changes (a keyed change too).
 */
function playerIdsForRow(db: Db, change: { table: string; key: string }): string[] | undefined {
  if (MATCH_TABLES.has(change.table)) {
    const match = matchTeamAndStatus(db, change.key);
    // a deleted match: whoever played in it is no longer known, so every page
    if (!match) return undefined;
    if (match.status === 'live') return [];
    // only the match's players are looked at: every player's row through drizzle was a few ms of each result
    const named = playersOfMatch(db, change.key);
    return named.length === 0 ? [] : playersWithPageAmong(db, inArray(players.id, named));
  }
  // a players change names the team (routes.ts); the pages of that team's players (the team's name)
  if (change.table === 'players' || change.table === 'teams') return playersWithPageAmong(db, eq(players.team_id, change.key));
  if (change.table === TEAM_HALF) {
    // a team's half length counts in the minutes of everyone who played its finished matches, also of a
    // player who moved to another team since (player-stats.ts)
    const played = playersOfTeamMatches(db, change.key);
    return played.length === 0 ? [] : playersWithPageAmong(db, inArray(players.id, played));
  }
  return undefined;
}

/** Our players named in a team's finished matches (line-ups and events): whose minutes its half length counts in. */
function playersOfTeamMatches(db: Db, teamId: string): string[] {
  return prepared(db, 'routes.playersOfTeamMatches', () =>
    db.$client
      .prepare(
        `WITH played AS (SELECT id FROM matches WHERE team_id = @team AND status = 'finished')
        SELECT player_id FROM match_lineups WHERE match_id IN played
        UNION SELECT player_id FROM match_events WHERE match_id IN played
        UNION SELECT related_player_id FROM match_events WHERE match_id IN played`,
      )
      .pluck(),
  )
    .all({ team: teamId })
    .filter((id): id is string => typeof id === 'string');
}

/** Called once when routes.ts builds ROUTES (a function, so that this file may import values from routes.ts). */
export function playerPageRoutes(): RouteDef[] {
  return [
    {
      pattern: '/spieler/:id',
      layout: true,
      deps: [
        // the player, their team's name, the setting that decides what shows
        { table: 'players' },
        { table: 'teams' },
        // the half length of the teams they played for: their minutes
        { table: TEAM_HALF },
        { table: 'club_settings' },
        // statistics and recent matches
        { table: 'matches' },
        { table: 'match_lineups' },
        { table: 'match_events' },
      ],
      params: playersWithPage,
      // a deleted player, or one the rule now hides, has a published page to remove
      listedFrom: 'players',
      idsForRow: playerIdsForRow,
      // a score corrected months later, a substitution's minutes: the page of each player of the match is
      // looked at, and rendered only where the numbers or the latest matches it lists moved (issue 16)
      inputs: { tables: MATCH_TABLE_NAMES, marker: playerShownMarker, unmoved: playerPageUnmoved },
      // a goal taken back or given to another player: the page of the one it named before
      formerIds: (formerly) => formerly.players,
    },
  ];
}

/**
 * For the lead's registry (routes.ts): the team pages (/team/:id, /mannschaften/:id)
 * show top scorers (matches, line-ups, events) and links to the league tables
 * (leagues); a keyed change of those tables touches only the team of that match
 * or league. Suggested deps: matches, match_lineups, match_events, leagues, each
 * without key, with `idsForRow: teamIdsForRow`.
 */
export function teamIdsForRow(db: Db, change: { table: string; key: string }): string[] | undefined {
  if (change.table === 'leagues') {
    const league = prepared(db, 'routes.teamOfLeague', () =>
      db.select({ team_id: leagues.team_id }).from(leagues).where(eq(leagues.id, sql.placeholder('id'))).prepare(),
    ).get({ id: change.key });
    // a deleted league: which team showed it is no longer known (one given to another team is reported
    // without key by its save and its restore, leagues.ts and row-changes.ts)
    return league?.team_id ? [league.team_id] : undefined;
  }
  if (!MATCH_TABLES.has(change.table)) return undefined;
  const match = matchTeamAndStatus(db, change.key);
  if (!match) return undefined;
  // a live match counts for no statistics yet; full time changes the match again
  return match.team_id && match.status !== 'live' ? [match.team_id] : [];
}
