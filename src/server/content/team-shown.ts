// What a team's page (/team/{id}, /mannschaften/{id}) shows of the match tables,
// as one hash its published file carries (`data-shown`, issue 16; decision 045):
// the latest season's top scorers, whether the team has a calendar, and its last
// results and next matches. A score corrected in an older match leaves both pages
// of the team as they are; a new result among the last three moves the hash.
//
// The hash is of those values, worked out by the reads the pages make (as a
// player's, player-shown.ts), once per state of the database: the publisher asks
// before it renders the team's two pages, and each page asks again. Until issue
// 16's second round it was of the rows they come from, read in a query of its
// own (every line-up row and event of the season, 10 ms for the bench's club),
// which a rendered page paid for on top of its own reads.
//
// The top scorers are the twenty the page chooses from (player-page.ts
// publicTopScorers): which of them it shows depends on the players' consent,
// and a change of a player reaches the team's pages anyway.
import type { Db } from '../db/client';
import { topScorers } from '../../lib/player-stats';
import { shownHashOf, shownMarker, unmovedFor, type MatchesMoved } from './player-shown';
import { teamSeasonStatsIn } from './player-stats';
import { memoRead } from './read-memo';
import { teamHasMatchesIn, teamMatchLinksIn } from './team-matches';
import { viennaMoment } from '../../lib/dates-de';

/** How many of the season's scorers the team page chooses its top scorers from. */
export const TOP_SCORERS_CHOSEN_FROM = 20;

/**
 * The hash of what a team's pages show of the match tables now, on `today` ('YYYY-MM-DD', Vienna) at
 * `minutesNow` (which matches are next depends on both, team-matches.ts); throws where the tables cannot be read.
 */
export function teamShownHash(db: Db, teamId: string, today: string, minutesNow?: number): string {
  return memoRead(db, `teamShown:${teamId}:${today}:${minutesNow ?? ''}`, () => {
    const season = teamSeasonStatsIn(db, teamId);
    const top = season && { season: season.season, scorers: topScorers(season.stats, TOP_SCORERS_CHOSEN_FROM) };
    return shownHashOf(JSON.stringify([top, teamHasMatchesIn(db, teamId), teamMatchLinksIn(db, teamId, today, minutesNow)]));
  });
}

/** The marker of a team's two pages (shownMarker in player-shown.ts), as a publish at `now` renders them. */
export const teamShownMarker = (db: Db, teamId: string, now: number) =>
  shownMarker(`the pages of team ${teamId}`, () => teamShownHash(db, teamId, ...viennaMoment(now)));

/** The columns of `matches` the team pages' hash reads (the season's numbers, whether there are matches, the links). */
const TEAM_MATCH_COLUMNS = new Set(['id', 'team_id', 'status', 'season', 'match_date', 'match_time', 'home_team', 'away_team', 'home_score', 'away_score']);
/** Of those, the ones only a linked match shows: the links are chosen by team, status, day and time. */
const LINKED_ONLY = new Set(['home_team', 'away_team', 'home_score', 'away_score']);

/** A team's pages (unmovedFor): names and score are shown only for the matches they link. */
export function teamPagesUnmoved(db: Db, teamId: string, moved: MatchesMoved, now: number): boolean {
  const [today, minutesNow] = viennaMoment(now);
  return unmovedFor(moved, TEAM_MATCH_COLUMNS, LINKED_ONLY, (matchId) => !teamMatchLinksIn(db, teamId, today, minutesNow).some((link) => link.id === matchId));
}
