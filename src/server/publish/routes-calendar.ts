// Part of the route registry (routes.ts): the per-team calendars /mannschaften/:id/spielplan.ics (issue 14).
import type { RouteDef } from './routes';

/** Called once when routes.ts builds ROUTES (a function, so that this file may import values from routes.ts). */
export function teamCalendarRoutes(): RouteDef[] {
  return [];
}
