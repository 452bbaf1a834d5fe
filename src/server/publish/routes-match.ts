// Part of the route registry (routes.ts): the match pages /spiel/:id and their share images (issue 14, match centre).
// A match page shows the match row, its events and line-up (keyed by the match id), our players' names
// (any player row: a change names the player's team, and the teams whose matches name the player,
// `teamsNamingPlayer` in row-changes.ts, for a player who moved on) and our team's name.
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { matches } from '../db/schema';
import { recentMatchIdsIn } from '../content/share';
import type { RouteDef } from './routes';

/** The match pages that exist now; none when the table cannot be read (the fixtures then show their samples). */
const matchIds = (db: Db) => {
  try {
    return db.select({ id: matches.id }).from(matches).all().map((r) => r.id);
  } catch (error) {
    console.error('[publish] the match pages could not be listed:', error instanceof Error ? error.message : error);
    return [];
  }
};

/** The match share images that exist now; none when the table cannot be read. */
const recentMatchImages = (db: Db) => {
  try {
    return recentMatchIdsIn(db);
  } catch (error) {
    console.error('[publish] the match share images could not be listed:', error instanceof Error ? error.message : error);
    return [];
  }
};

/**
 * A player's or a team's change is keyed by the team: only that team's matches
 * show its players (and its name), so only their pages are published again —
 * not every match page of the club.
 */
function matchIdsForRow(db: Db, change: { table: string; key: string }): string[] | undefined {
  if (change.table !== 'players' && change.table !== 'teams') return undefined;
  return db.select({ id: matches.id }).from(matches).where(eq(matches.team_id, change.key)).all().map((r) => r.id);
}

/** Called once when routes.ts builds ROUTES (a function, so that this file may import values from routes.ts). */
export function matchPageRoutes(): RouteDef[] {
  return [
    {
      pattern: '/spiel/:id',
      layout: true,
      deps: [
        { table: 'matches', key: ':id' },
        { table: 'match_events', key: ':id' },
        { table: 'match_lineups', key: ':id' },
        { table: 'players' },
        { table: 'teams' },
      ],
      params: matchIds,
      idsForRow: matchIdsForRow,
    },
    {
      pattern: '/teilen/spiel/:id.png',
      layout: false,
      deps: [{ table: 'matches', key: ':id' }, { table: 'club_settings' }],
      // the latest matches only (SHARE_MATCH_LIMIT); the line moves with FIXTURE_LISTS (publisher)
      params: recentMatchImages,
      // an older match's score: no image to draw
      hasPage: (db, id) => recentMatchIdsIn(db).includes(id),
    },
  ];
}
