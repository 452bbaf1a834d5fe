// Part of the route registry (routes.ts): the match pages /spiel/:id and their share images (issue 14, match centre).
import type { RouteDef } from './routes';

/** Called once when routes.ts builds ROUTES (a function, so that this file may import values from routes.ts). */
export function matchPageRoutes(): RouteDef[] {
  return [];
}
