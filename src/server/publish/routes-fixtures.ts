// Part of the route registry (routes.ts): the fixtures list, its filter pages and the club's calendar,
// and which match the home page shows (issue 13, 14, 16).
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { matches } from '../db/schema';
import { applyFixtureFilter, fixtureFilters, nextMatchIndex } from '../../lib/fixtures';
import { viennaDate } from '../../lib/dates-de';
import { lastResultIn } from '../content/public-content';
import { CALENDAR, FIXTURE_LISTS, type Change, type RouteDef } from './routes';

/** The fixtures list's filters (competitions, teams) that exist now; none when the table cannot be read. */
function fixtureFilterSlugs(db: Db): string[] {
  try {
    return fixtureFilters(db.select().from(matches).all()).map((f) => f.slug);
  } catch (error) {
    // the list itself shows the spec's samples then (public-content.ts readOr)
    console.error('[publish] the fixtures filters could not be read:', error instanceof Error ? error.message : error);
    return [];
  }
}

/** The filter pages that list one match (undefined when it is gone: any of them may have listed it). */
function fixtureFilterSlugsOfMatch(db: Db, change: { table: Change['table']; key: string }): string[] | undefined {
  if (change.table !== 'matches') return undefined;
  const all = db
    .select({ id: matches.id, home_team: matches.home_team, away_team: matches.away_team, competition: matches.competition, match_date: matches.match_date, status: matches.status })
    .from(matches)
    .all();
  const row = all.find((m) => m.id === change.key);
  if (!row) return undefined;
  return fixtureFilters(all)
    .filter((filter) => applyFixtureFilter([row], filter).length > 0)
    .map((filter) => filter.slug);
}

/** Whether the home page shows a match now: as the next match of the fixtures, or as the last result. */
export function homeShowsMatch(db: Db, id: string, now: number): boolean {
  const all = db.select().from(matches).orderBy(asc(matches.match_date), asc(matches.match_time)).all();
  const next = all[nextMatchIndex(all, viennaDate(new Date(now)))];
  return next?.id === id || lastResultIn(db)?.id === id;
}

/** Called once when routes.ts builds ROUTES (a function, so that this file may import values from routes.ts). */
export function fixtureListRoutes(): RouteDef[] {
  return [
    // the next match is marked as of today
    // and a link to the league tables while there are any
    { pattern: '/spielplan', layout: true, deps: [{ table: 'matches' }, { table: FIXTURE_LISTS }, { table: CALENDAR }, { table: 'leagues' }] },
    // one page per filter: any match can add or remove one, so every filter page reads the whole table
    {
      pattern: '/spielplan/:id',
      layout: true,
      deps: [{ table: 'matches' }, { table: FIXTURE_LISTS }, { table: CALENDAR }, { table: 'leagues' }],
      params: fixtureFilterSlugs,
      listedFrom: 'matches',
      listChangedBy: FIXTURE_LISTS,
      idsForRow: fixtureFilterSlugsOfMatch,
    },
    { pattern: '/spielplan.ics', layout: false, deps: [{ table: 'matches' }, { table: 'club_settings' }] },
  ];
}
