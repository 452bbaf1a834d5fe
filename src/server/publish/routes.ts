// The route registry: every public URL, and which data it reads. With
// affected-urls.ts, which reads it against the database, this is the one place
// that decides which pages a change republishes (design §2).
//
// A change names a table and, where it can, a key:
//   news, teams, matches, sponsors, shop_items, youth_teams, contact_info, gallery: the row id
//   players: the player's team_id (a player shows on its team's page)
//   homepage_content: the section_key;  page_content: the page_key
// A change without a key means "some row of this table": it reaches every route
// that reads the table. (NEWS_LISTS, a pseudo-table of pseudo-tables.ts, takes an
// article's id as its key.) 'calendar' is no table but the date: the pages that
// show something as of today depend on it, and the nightly republish
// (src/server/publish/nightly.ts) changes it after every midnight in Vienna.
import type { Db } from '../db/client';
import type { ContentTable } from '../db/schema';
import { prepared } from '../content/public-content';
import { NEWS_TEXTS } from '../content/defaults';
import { recentNewsWithoutPhotoIn, SHARE_SECTIONS } from '../content/share';
import { storedClubSettings } from '../content/club';
import { CLUB_ASSETS } from '../content/club-assets';
import { teamCalendarRoutes } from './routes-calendar';
import { matchPageRoutes } from './routes-match';
import { playerPageRoutes } from './routes-player';
import { teamIds, teamPageRoutes } from './routes-team';
import { leagueTableRoutes } from './routes-table';
import { fixtureListRoutes, homeShowsMatch } from './routes-fixtures';
import type { MatchesMoved } from '../content/player-shown';
import type { JobKnowledge } from './page-inputs';
import { amongNewest, newsLink, newsListRoutes } from './routes-news';
import { CALENDAR, FIXTURE_LISTS, MATCH_END, NEWS_LISTS, TEAM_ORDER, type PseudoTable } from './pseudo-tables';

export type Change = { table: ContentTable | PseudoTable; key?: string };

/** A data dependency: a whole table, or only the rows with one key. */
export type Dep = { table: ContentTable | PseudoTable; key?: string };

export type RouteDef = {
  /** URL pattern; ':id' stands for one row's id */
  pattern: string;
  /** data the page reads; a key of ':id' means the row named by the URL */
  deps: Dep[];
  /** false for feeds and other files that do not show the header and footer */
  layout: boolean;
  /** the ids of a parametrised route that exist now (`now`: the publish's time, for ids that move with the date) */
  params?: (db: Db, now: number) => string[];
  /** the table whose rows make up the ids, where the ids are no row keys (the fixtures' filters) */
  listedFrom?: ContentTable;
  /**
   * Where the list of ids changes only with this (pseudo-)table or a change of
   * `listedFrom` without key: a keyed change (a score) then does not make the
   * publisher look at every published page of the list.
   */
  listChangedBy?: PseudoTable;
  /**
   * For a keyed change of a table the route reads as a whole: the ids of this
   * route that show that row (undefined: all of them). A match's score then
   * republishes the filter pages that list the match, not every filter page.
   */
  idsForRow?: (db: Db, change: { table: Change['table']; key: string }, now: number) => string[] | undefined;
  /**
   * The same for a route without ':id' (the home page shows three articles):
   * whether the page shows that row now, as of `now` (the publish's today).
   * Together with `rowMarker`, which says whether the published file showed it:
   * a row that leaves the page republishes it as well as one that joins it.
   * Without `rowMarker`, `showsRow` alone decides: only where every change that
   * takes a row off the page is reported with a list change (FIXTURE_LISTS).
   * Without either, every keyed change of the table reaches the page.
   */
  showsRow?: (db: Db, change: { table: Change['table']; key: string }, now: number) => boolean;
  /** text the published file contains where it shows the row (its link); null: not known for this table */
  rowMarker?: (change: { table: Change['table']; key: string }) => string | null;
  /**
   * For a route with ':id': what its page shows of the rows of `tables`, as text its published
   * file contains (a hash in an attribute; null: not known, the page is rendered). A job whose
   * changes reach the page only through these tables leaves it as it is where the file already
   * contains the text (page-inputs.ts). `unmoved`, where the job knows which columns of its matches
   * moved (match-baselines.ts): true where those cannot change the page, which is then left without
   * reading its marker.
   */
  inputs?: {
    tables: readonly Change['table'][];
    /** `now`: the publish's time (a team's next matches are from its day on) */
    marker: (db: Db, id: string, now: number) => string | null;
    unmoved?: (db: Db, id: string, moved: MatchesMoved, now: number) => boolean;
  };
  /**
   * For a route with ':id' whose pages show matches by the team or players they name: of the teams and
   * players the job's matches named before (match-baselines.ts), the ids of its pages that may show them
   * still. The routes' other rules know only the rows now.
   */
  formerIds?: (formerly: JobKnowledge['formerly']) => string[];
  /**
   * For a route with ':id' whose params are some rows only (the latest matches' share images): whether
   * the row `id` has a page now. A keyed change of a row without one reaches the route only while a file
   * of it is published, which the job then removes; it is not rendered just to answer 404.
   */
  hasPage?: (db: Db, id: string) => boolean;
};

/** How the publisher lets affectedUrls look at what is published now (see RouteDef.showsRow). */
export type PublishedState = {
  read: (url: string) => Buffer | null;
  /** whether a file of the URL is published (a stat: nothing is read) */
  exists: (url: string) => boolean;
  now: number;
};

/** What every page with the global header and footer reads. */
const CLUB_DEP: Dep = { table: 'club_settings' };

export const LAYOUT_DEPS: Dep[] = [
  { table: 'homepage_content', key: 'footer_texts' },
  { table: 'page_content', key: 'social_media' },
  // the club's name, crest, colours and icons (issue 13)
  { table: 'club_settings' },
];

// every list check and the sitemap ask this: a big club's 9,500 ids took 6–14 ms through the query builder,
// 1.5 ms as one prepared statement read from the index alone (news_published_created_id)
const publishedNewsIds = (db: Db): string[] =>
  prepared(db, 'routes.publishedNewsIds', () => db.$client.prepare('SELECT id FROM news WHERE published = 1').pluck()).all() as string[];

export const ROUTES: RouteDef[] = [
  {
    pattern: '/',
    layout: true,
    deps: [
      { table: 'homepage_content' },
      { table: 'page_content', key: 'startseite' },
      // the club's profiles in the page's structured data (sameAs), besides the footer
      { table: 'page_content', key: 'social_media' },
      { table: 'news' },
      { table: NEWS_LISTS },
      { table: 'teams' },
      { table: TEAM_ORDER },
      { table: 'players' },
      { table: 'sponsors' },
      // the last result beside the next match
      { table: 'matches' },
      { table: FIXTURE_LISTS },
      { table: CALENDAR },
      // the card's match two hours after its kick-off, and the fixtures' next one then (decision 067)
      { table: MATCH_END },
    ],
    showsRow: (db, change, now) =>
      change.table === 'news' ? amongNewest(NEWS_TEXTS.homeCount)(db, change) : change.table === 'matches' ? homeShowsMatch(db, change.key, now) : true,
    rowMarker: (change) => (change.table === 'news' ? newsLink(change) : change.table === 'matches' ? `/spiel/${encodeURIComponent(change.key)}` : null),
  },
  ...newsListRoutes(),
  { pattern: '/news/:id', layout: true, deps: [{ table: 'news', key: ':id' }], params: publishedNewsIds },
  { pattern: '/mannschaften', layout: true, deps: [{ table: 'teams' }, { table: TEAM_ORDER }, { table: 'players' }] },
  ...teamPageRoutes(),
  {
    pattern: '/nachwuchs',
    layout: true,
    deps: [{ table: 'youth_teams' }, { table: 'contact_info' }, { table: 'page_content', key: 'nachwuchs' }],
  },
  ...fixtureListRoutes(),
  { pattern: '/shop', layout: true, deps: [{ table: 'shop_items' }] },
  { pattern: '/sponsoren', layout: true, deps: [{ table: 'sponsors' }] },
  { pattern: '/kontakt', layout: true, deps: [{ table: 'contact_info' }, { table: 'homepage_content', key: 'footer_texts' }] },
  // and the footer's title lines in the page itself, the payee of its transfer code (so a footer change renders it)
  // the form's notice without JavaScript names the inquiries' address: the footer's e-mail, else the club address's
  {
    pattern: '/mitglied-werden',
    layout: true,
    deps: [{ table: 'page_content', key: 'mitglied' }, { table: 'homepage_content', key: 'footer_texts' }, { table: 'contact_info' }],
  },
  { pattern: '/vereinsgeschichte', layout: true, deps: [{ table: 'page_content', key: 'vereinsgeschichte' }] },
  // the built-in texts of a renamed club give the club address of 'Kontakt' (decision 055)
  { pattern: '/impressum', layout: true, deps: [{ table: 'page_content', key: 'imprint' }, { table: 'contact_info' }] },
  // the default text's 'Stand' is the day of the publish
  { pattern: '/datenschutz', layout: true, deps: [{ table: 'page_content', key: 'datenschutz' }, { table: CALENDAR }, { table: 'contact_info' }] },
  { pattern: '/404', layout: true, deps: [] },
  // the page a visitor sees for /news/<id> that is not (or no longer) published
  { pattern: '/news/nicht-gefunden', layout: true, deps: [] },
  // every page: new matches, players (and what the consent rule lets show), leagues (issue 14)
  {
    pattern: '/sitemap.xml',
    layout: false,
    // no dates (lastmod): an article's title or a score does not change it
    deps: [{ table: NEWS_LISTS }, { table: 'teams' }, { table: FIXTURE_LISTS }, { table: 'players' }, { table: 'leagues' }, { table: 'club_settings' }],
  },
  { pattern: '/robots.txt', layout: false, deps: [] },
  // share images (docs/decisions/023): one per section, per team, per recent article without a photo
  { pattern: '/teilen/:id.png', layout: false, deps: [CLUB_DEP], params: () => Object.keys(SHARE_SECTIONS) },
  { pattern: '/teilen/team/:id.png', layout: false, deps: [{ table: 'teams', key: ':id' }, CLUB_DEP], params: teamIds },
  {
    pattern: '/teilen/news/:id.png',
    layout: false,
    deps: [{ table: 'news', key: ':id' }, CLUB_DEP],
    params: (db) => recentNewsWithoutPhotoIn(db),
    hasPage: (db, id) => recentNewsWithoutPhotoIn(db).includes(id),
  },
  // the club's icons and manifest once 'Verein' is saved; /favicon.ico always (src/server/content/club-assets.ts)
  { pattern: '/favicon.ico', layout: false, deps: [CLUB_DEP] },
  { pattern: '/verein/:id', layout: false, deps: [CLUB_DEP], params: (db) => (storedClubSettings(db) ? [...CLUB_ASSETS] : []) },
  // the match centre (issue 14), one file each
  ...matchPageRoutes(),
  ...leagueTableRoutes(),
  ...playerPageRoutes(),
  ...teamCalendarRoutes(),
];

// where a URL's file lives and what a path without one answers: shared with the static workers
export { MISSING_FILE_RULES, fileForUrl } from '../http/site-paths';

/** What a route's pages read: its own deps and, with the header and footer, the layout's. */
export function routeDeps(route: RouteDef, withLayout = true): Dep[] {
  return route.layout && withLayout ? [...LAYOUT_DEPS, ...route.deps] : route.deps;
}
