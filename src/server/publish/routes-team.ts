// Part of the route registry (routes.ts): a team's two pages, /team/:id and /mannschaften/:id (issue 14),
// and the team ids every per-team route is made of.
import { asc } from 'drizzle-orm';
import type { Db } from '../db/client';
import { teams } from '../db/schema';
import { teamPagesUnmoved, teamShownMarker } from '../content/team-shown';
import { teamIdsForRow } from './routes-player';
import type { Dep, RouteDef } from './routes';
import { CALENDAR, TEAM_MATCH_END } from './pseudo-tables';

/** Every team, in the club's order. */
export const teamIds = (db: Db) => db.select({ id: teams.id }).from(teams).orderBy(asc(teams.display_order)).all().map((r) => r.id);

/**
 * A team page's top scorers and its links to the calendar and the league tables
 * (issue 14): a keyed change of these reaches only the team of that match or
 * league (`teamIdsForRow`); the consent setting (club_settings) is in the layout's deps.
 */
const TEAM_MATCH_CENTRE_DEPS: Dep[] = [{ table: 'matches' }, { table: 'match_lineups' }, { table: 'match_events' }, { table: 'leagues' }];

/**
 * What the team pages show of the match tables (team-shown.ts): a score corrected in an older match leaves them
 * as they are; a match given to another team asks its old team's pages too (match-baselines.ts). The
 * calendar and a match's end too: a new day's or the two hours after a kick-off's next matches.
 */
const teamShown: RouteDef['inputs'] = { tables: ['matches', 'match_lineups', 'match_events', CALENDAR, TEAM_MATCH_END], marker: teamShownMarker, unmoved: teamPagesUnmoved };

/** Called once when routes.ts builds ROUTES. */
export function teamPageRoutes(): RouteDef[] {
  return ['/team/:id', '/mannschaften/:id'].map((pattern) => ({
    pattern,
    layout: true,
    // the calendar: the nightly republish asks them the new day's next matches (their hash decides,
    // team-shown.ts); a match's end (match-ends.ts) renders its team's
    deps: [{ table: 'teams', key: ':id' }, { table: 'players', key: ':id' }, ...TEAM_MATCH_CENTRE_DEPS, { table: CALENDAR }, { table: TEAM_MATCH_END, key: ':id' }],
    params: teamIds,
    idsForRow: teamIdsForRow,
    inputs: teamShown,
    formerIds: (formerly) => formerly.teams,
  }));
}
