// The pseudo-tables: changes that name no table of the database but a fact the pages read (the date, which
// matches a list shows, which articles are published, the teams' order, a team's half length). A module of
// their own, imported by the route registry (routes.ts) and the route files it imports alike: a value
// imported from routes.ts by one of those closed an import cycle, undefined where that file loaded first.

/** The date, as a dependency: pages whose content depends on what day it is. */
export const CALENDAR = 'calendar';

/**
 * The time of day, for the pages that mark the next match: a match of today nobody marked live or finished
 * is past two hours after its kick-off (lib/fixtures.ts MATCH_OVER_MINUTES), and the job of that moment
 * (match-ends.ts) republishes the fixtures and the home page, not every page of the day (CALENDAR).
 */
export const MATCH_END = 'match_end';

/**
 * The same moment for one team's pages, keyed by the team whose match it is: their next matches move too
 * (team-matches.ts): only that team's two pages are rendered, as the change's own pages (job-plan.ts ownPages).
 */
export const TEAM_MATCH_END = 'team_match_end';

/**
 * Which matches the fixtures' filter pages list, and which filters exist: a
 * match created, deleted, or given another competition or team names changes
 * it (and is reported with this besides its own key); a score, status, time,
 * place or event does not, and republishes only the filter pages that list the
 * match (`idsForRow` of '/spielplan/:id').
 */
export const FIXTURE_LISTS = 'fixture_lists';

/**
 * Which articles are published, and in which order: an article published, taken
 * off or deleted changes it (newsListChanges in published-state.ts adds it to a
 * job when an article's published file and its row disagree, also for a planned
 * time, scheduled-news.ts); a title or text does not, and republishes
 * only the lists that show the article (`showsRow`). Keyed by the article, it says
 * that the article's place in the archive moved, which reaches the archive pages
 * from that place on (`archivePagesFrom`); without key, every list page.
 */
export const NEWS_LISTS = 'news_lists';

/**
 * The order of the teams (the admin's drag and drop): only the lists of teams show it (the home page,
 * `/mannschaften`). Reported as each moved team's change, one drag rendered every match and player page of
 * the teams it moved (a big club: about 4,000 pages).
 */
export const TEAM_ORDER = 'team_order';

/**
 * A team's half length, keyed by the team: it counts in the minutes of everyone who played the team's
 * finished matches, also of a player who moved to another team since (player-stats.ts). Reported besides
 * the team's own change only where the length moved; a team's name or text reaches its own players' pages
 * alone (every save of a big club's team rendered the pages of all who ever played for it).
 */
export const TEAM_HALF = 'team_half';

export type PseudoTable = typeof CALENDAR | typeof MATCH_END | typeof TEAM_MATCH_END | typeof FIXTURE_LISTS | typeof NEWS_LISTS | typeof TEAM_ORDER | typeof TEAM_HALF;

/** The table an admin panel reloads on for a change (a pseudo-table's is the table it was written in). */
export function adminTableOf(table: string): string {
  return table === TEAM_ORDER || table === TEAM_HALF ? 'teams' : table;
}
