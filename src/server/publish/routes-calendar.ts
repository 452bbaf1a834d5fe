// Part of the route registry (routes.ts): the per-team calendars /mannschaften/:id/spielplan.ics (issue 14).
// A calendar lists the matches linked to its team. A change of one match reaches its team's calendar only
// (a score does not move a match to another calendar); a match that is new, deleted, re-dated or given to
// another team relists the fixtures (FIXTURE_LISTS), which reaches every calendar.
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { matches } from '../db/schema';
import type { RouteDef } from './routes';
import { FIXTURE_LISTS } from './pseudo-tables';
import { teamIds } from './routes-team';

/** The calendar a match's change reaches: its team's; none for a match of no team; all for one that is gone. */
export function calendarTeamsOfMatch(db: Db, change: { table: string; key: string }): string[] | undefined {
  if (change.table !== 'matches') return undefined;
  const match = db.select({ team_id: matches.team_id }).from(matches).where(eq(matches.id, change.key)).get();
  // a deleted match: which calendar listed it is not known any more
  if (!match) return undefined;
  return match.team_id ? [match.team_id] : [];
}

/** Called once when routes.ts builds ROUTES. */
export function teamCalendarRoutes(): RouteDef[] {
  return [
    {
      pattern: '/mannschaften/:id/spielplan.ics',
      layout: false,
      deps: [{ table: 'matches' }, { table: FIXTURE_LISTS }, { table: 'teams', key: ':id' }, { table: 'club_settings' }],
      params: teamIds,
      idsForRow: calendarTeamsOfMatch,
      // a match given to another team by an import or a restored version, which relist nothing
      formerIds: (formerly) => formerly.teams,
    },
  ];
}
