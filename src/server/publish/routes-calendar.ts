// Part of the route registry (routes.ts): the per-team calendars /mannschaften/:id/spielplan.ics (issue 14).
// A calendar lists the matches linked to its team; a match change names the match, not the team (and a
// match may move from one team to another), so every team's calendar reads the whole matches table.
import { asc } from 'drizzle-orm';
import type { Db } from '../db/client';
import { teams } from '../db/schema';
import type { RouteDef } from './routes';

const teamIds = (db: Db) => db.select({ id: teams.id }).from(teams).orderBy(asc(teams.display_order)).all().map((r) => r.id);

/** Called once when routes.ts builds ROUTES (a function, so that this file may import values from routes.ts). */
export function teamCalendarRoutes(): RouteDef[] {
  return [
    {
      pattern: '/mannschaften/:id/spielplan.ics',
      layout: false,
      deps: [{ table: 'matches' }, { table: 'teams', key: ':id' }, { table: 'club_settings' }],
      params: teamIds,
    },
  ];
}
