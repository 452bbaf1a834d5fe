// Part of the route registry (routes.ts): the fixtures list, its filter pages and the club's calendar,
// and which match the home page shows (issue 13, 14, 16).
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { homepageContent, matches } from '../db/schema';
import { applyFixtureFilter, currentSeason, fixtureFilters, seasonOf, seasonSlug, type FixtureMatch } from '../../lib/fixtures';
import { viennaMoment } from '../../lib/dates-de';
import { cardStanding, lastResultIn, matchesByDateIn } from '../content/public-matches';
import { renamedClubIn } from '../content/club-facts';
import type { Change, RouteDef } from './routes';
import { CALENDAR, FIXTURE_LISTS, MATCH_END } from './pseudo-tables';

/**
 * What the fixtures' filters and seasons are made of, by date as the list shows them: the club's list
 * the fixtures page renders from (matchesByDateIn), read once per database state (read-memo.ts) for the
 * publisher and the pages of its job alike. Read-only: shared by whoever asks.
 */
const fixtureRows = (db: Db): readonly FixtureMatch[] => matchesByDateIn(db);

/** The fixtures list's filters (competitions, teams, other seasons) that exist now; none when the table cannot be read. */
function fixtureFilterSlugs(db: Db, now: number): string[] {
  try {
    return fixtureFilters(fixtureRows(db), ...viennaMoment(now)).map((f) => f.slug);
  } catch (error) {
    // the list itself shows the spec's samples then (public-content.ts readOr)
    console.error('[publish] the fixtures filters could not be read:', error instanceof Error ? error.message : error);
    return [];
  }
}

/**
 * The season the fixtures list shows now (docs/decisions/041); null without matches.
 * The publisher compares it with the published list's (published-state.ts).
 */
export function currentFixturesSeason(db: Db, now: number): string | null {
  return currentSeason(fixtureRows(db), ...viennaMoment(now));
}

/** The filter pages that list one match (undefined when it is gone: any of them may have listed it). */
function fixtureFilterSlugsOfMatch(db: Db, change: { table: Change['table']; key: string }, now: number): string[] | undefined {
  if (change.table !== 'matches') return undefined;
  const all = fixtureRows(db);
  const row = all.find((m) => m.id === change.key);
  if (!row) return undefined;
  const moment = viennaMoment(now);
  const current = currentSeason(all, ...moment);
  // another season's match is on its season's page only; the current season's on the filters it matches
  if (current === null || seasonSlug(seasonOf(row)) !== seasonSlug(current)) return [seasonSlug(seasonOf(row))];
  return fixtureFilters(all, ...moment)
    .filter((filter) => filter.kind !== 'season' && applyFixtureFilter([row], filter).length > 0)
    .map((filter) => filter.slug);
}

/** The fixtures page that lists a match now: `/spielplan` for the current season, else its season's page; null when it is gone. */
export function fixturesPageOfMatch(db: Db, id: string, now: number): string | null {
  const row = db.select({ match_date: matches.match_date, season: matches.season }).from(matches).where(eq(matches.id, id)).get();
  if (!row) return null;
  const current = currentFixturesSeason(db, now);
  const slug = seasonSlug(seasonOf(row));
  return current !== null && slug === seasonSlug(current) ? '/spielplan' : `/spielplan/${slug}`;
}

/**
 * Whether the home page shows a match now: as the fixture its next-match card names, as the fixtures' next
 * match beside a card whose match is past or set aside, or as the last result.
 */
export function homeShowsMatch(db: Db, id: string, now: number): boolean {
  const card = db.select().from(homepageContent).where(eq(homepageContent.section_key, 'next_match')).get() ?? null;
  const fixtures = matchesByDateIn(db);
  // a card without its own date is the spec's sample, past once there are fixtures (cardStanding): the
  // first match stored, or the last one deleted, turns its 'Vorbei' on or off whatever match it is
  if (!card?.match_date?.trim() && fixtures.length <= 1) return true;
  const { fixture, instead } = cardStanding(fixtures, card, renamedClubIn(db), ...viennaMoment(now));
  return fixture?.id === id || instead?.id === id || lastResultIn(db)?.id === id;
}

/** Called once when routes.ts builds ROUTES (a function, so that this file may import values from routes.ts). */
export function fixtureListRoutes(): RouteDef[] {
  return [
    // the next match is marked as of today
    // and a link to the league tables while there are any
    // the current season's matches: another season's score is on its own page (a change of the season shown
    // is reported as FIXTURE_LISTS, published-state.ts)
    {
      pattern: '/spielplan',
      layout: true,
      deps: [{ table: 'matches' }, { table: FIXTURE_LISTS }, { table: CALENDAR }, { table: MATCH_END }, { table: 'leagues' }],
      showsRow: (db, change, now) => change.table !== 'matches' || fixturesPageOfMatch(db, change.key, now) === '/spielplan',
      rowMarker: (change) => (change.table === 'matches' ? `href="/spiel/${encodeURIComponent(change.key)}"` : null),
    },
    // one page per filter: any match can add or remove one, so every filter page reads the whole table
    {
      pattern: '/spielplan/:id',
      layout: true,
      deps: [{ table: 'matches' }, { table: FIXTURE_LISTS }, { table: CALENDAR }, { table: MATCH_END }, { table: 'leagues' }],
      params: fixtureFilterSlugs,
      listedFrom: 'matches',
      listChangedBy: FIXTURE_LISTS,
      idsForRow: fixtureFilterSlugsOfMatch,
    },
    { pattern: '/spielplan.ics', layout: false, deps: [{ table: 'matches' }, { table: 'club_settings' }] },
  ];
}
