// Part of the route registry (routes.ts): the league tables /tabelle and /tabelle/:id (issue 14).
// A league's results and pasted rows are reported with the league's id as key;
// our own results come from the fixtures, so any match may move a table.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { leagues, matches } from '../db/schema';
import { currentSeasonYear, leagueIds } from '../content/league-tables';
import { seasonSlug, seasonStartYear } from '../../lib/fixtures';
import { prepared } from '../content/public-content';
import type { RouteDef } from './routes';
import { FIXTURE_LISTS } from './pseudo-tables';

/** The league pages that exist now; none when the table cannot be read (logged, the pages stay as they are). */
function publishedLeagueIds(db: Db): string[] {
  try {
    return leagueIds(db);
  } catch (error) {
    console.error('[publish] the leagues could not be read:', error instanceof Error ? error.message : error);
    return [];
  }
}

/**
 * The leagues a match counts in: those of its competition and season. A match given another
 * competition or season relists the fixtures (FIXTURE_LISTS), which reaches every table;
 * undefined for a match that is gone (whichever table counted it).
 */
function leaguesOfMatch(db: Db, change: { table: string; key: string }): string[] | undefined {
  if (change.table !== 'matches') return undefined;
  // prepared once per connection: asked on every match job (issue 16)
  const match = prepared(db, 'routes.matchLeague', () =>
    db.select({ competition: matches.competition, season: matches.season }).from(matches).where(eq(matches.id, sql.placeholder('id'))).prepare(),
  ).get({ id: change.key });
  if (!match) return undefined;
  if (!match.competition || !match.season) return [];
  // a season spelt otherwise ('2026-27' in a '2026/27' league) is the league's, as its table counts it
  const season = seasonSlug(match.season);
  return prepared(db, 'routes.leaguesOf', () =>
    db.select({ id: leagues.id, season: leagues.season }).from(leagues).where(eq(leagues.competition, sql.placeholder('competition'))).prepare(),
  )
    .all({ competition: match.competition })
    .filter((l) => seasonSlug(l.season) === season)
    .map((l) => l.id);
}

/** Called once when routes.ts builds ROUTES (a function, so that this file may import values from routes.ts). */
export function leagueTableRoutes(): RouteDef[] {
  return [
    {
      pattern: '/tabelle',
      layout: true,
      deps: [{ table: 'leagues' }, { table: 'league_results' }, { table: 'standings' }, { table: 'matches' }, { table: FIXTURE_LISTS }],
      // the current season's tables: a match of an older season or of no league does not change them (one of
      // a newer season may: its first result makes that season the current one)
      showsRow: (db, change) => {
        if (change.table !== 'matches') return true;
        const ids = leaguesOfMatch(db, change);
        if (ids === undefined) return true;
        const year = currentSeasonYear(db);
        const its = ids.length > 0 ? db.select({ season: leagues.season }).from(leagues).where(eq(leagues.id, ids[0])).get()?.season : undefined;
        return its !== undefined && (year === null || seasonStartYear(its) >= year);
      },
    },
    {
      pattern: '/tabelle/:id',
      layout: true,
      deps: [
        { table: 'leagues', key: ':id' },
        { table: 'league_results', key: ':id' },
        { table: 'standings', key: ':id' },
        { table: 'matches' },
        { table: FIXTURE_LISTS },
      ],
      params: publishedLeagueIds,
      listedFrom: 'leagues',
      idsForRow: leaguesOfMatch,
    },
  ];
}
