// Part of the route registry (routes.ts): the league tables /tabelle and /tabelle/:id (issue 14).
// A league's results and pasted rows are reported with the league's id as key;
// our own results come from the fixtures, so any match may move a table.
import type { Db } from '../db/client';
import { leagueIds } from '../content/league-tables';
import type { RouteDef } from './routes';

/** The league pages that exist now; none when the table cannot be read (logged, the pages stay as they are). */
function publishedLeagueIds(db: Db): string[] {
  try {
    return leagueIds(db);
  } catch (error) {
    console.error('[publish] the leagues could not be read:', error instanceof Error ? error.message : error);
    return [];
  }
}

/** Called once when routes.ts builds ROUTES (a function, so that this file may import values from routes.ts). */
export function leagueTableRoutes(): RouteDef[] {
  return [
    {
      pattern: '/tabelle',
      layout: true,
      deps: [{ table: 'leagues' }, { table: 'league_results' }, { table: 'standings' }, { table: 'matches' }],
    },
    {
      pattern: '/tabelle/:id',
      layout: true,
      deps: [
        { table: 'leagues', key: ':id' },
        { table: 'league_results', key: ':id' },
        { table: 'standings', key: ':id' },
        { table: 'matches' },
      ],
      params: publishedLeagueIds,
      listedFrom: 'leagues',
    },
  ];
}
