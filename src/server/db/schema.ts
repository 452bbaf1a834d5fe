// The data model, one file per area under ./tables/ (drizzle-kit reads this file; every module imports from
// here). Table and column names follow the product owner's specs (public-site.md §3, admin-area.md §3) so
// that a club can import its existing data; the auth, publishing and history tables are ours.
import { clubSettings, contactInfo, gallery, homepageContent, membershipInquiries, news, pageContent, players, shopItems, sponsors, teams, youthTeams } from './tables/content';
import { leagueResults, leagues, matchEvents, matchLineups, matches, standings } from './tables/matches';

export * from './tables/auth';
export * from './tables/content';
export * from './tables/matches';
export * from './tables/system';

/** Every content table by its SQL name: the publisher's dependency keys. */
export const contentTables = {
  club_settings: clubSettings,
  homepage_content: homepageContent,
  page_content: pageContent,
  news,
  teams,
  players,
  matches,
  sponsors,
  contact_info: contactInfo,
  youth_teams: youthTeams,
  shop_items: shopItems,
  membership_inquiries: membershipInquiries,
  gallery,
  match_lineups: matchLineups,
  match_events: matchEvents,
  leagues,
  league_results: leagueResults,
  standings,
} as const;
export type ContentTable = keyof typeof contentTables;
