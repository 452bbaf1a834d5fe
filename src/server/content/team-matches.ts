// What a team's pages show of its own matches (issue 14): the last results and
// next matches it links, and whether it has a calendar to subscribe to. Each read
// comes twice: on a given connection, throwing where the table cannot be read
// (for the hash of what the pages show, team-shown.ts), and with the public
// pages' fallback.
import { and, asc, desc, eq, gte, or, sql } from 'drizzle-orm';
import { addDays } from '../../lib/dates-de';
import type { Db } from '../db/client';
import { matches } from '../db/schema';
import { prepared, readOr } from './public-content';

// the team page's links read five matches of hundreds, in SQL (ISO dates and times sort as text)
const teamParam = sql.placeholder('team');
const todayParam = sql.placeholder('today');
const yesterdayParam = sql.placeholder('yesterday');
const matchTime = sql`coalesce(${matches.match_time}, '')`;
// ties in the order they were entered, as before
const rowid = sql`rowid`;
const linkColumns = {
  id: matches.id,
  home_team: matches.home_team,
  away_team: matches.away_team,
  match_date: matches.match_date,
  home_score: matches.home_score,
  away_score: matches.away_score,
  status: matches.status,
};

export type TeamMatchLink = { id: string; home_team: string; away_team: string; match_date: string; home_score: number | null; away_score: number | null; finished: boolean };

/**
 * The team's last three results and next two matches, each leading to its match page. Next: still to be
 * played (or running) and from `today` on ('YYYY-MM-DD', Vienna): a match whose result nobody entered (a
 * youth team's, an imported one) is not 'next' for the rest of the season. The nightly republish brings
 * the team pages the new day (routes-team.ts).
 */
export function teamMatchLinks(teamId: string, today: string): TeamMatchLink[] {
  return readOr(`match links of team ${teamId}`, [], (db) => teamMatchLinksIn(db, teamId, today));
}

/** teamMatchLinks on a given connection, which throws where the table cannot be read. */
export function teamMatchLinksIn(db: Db, teamId: string, today: string): TeamMatchLink[] {
  const played = prepared(db, 'teamLinks.played', () =>
    db.select(linkColumns).from(matches).where(and(eq(matches.team_id, teamParam), eq(matches.status, 'finished'))).orderBy(desc(matches.match_date), desc(matchTime), desc(rowid)).limit(3).prepare(),
  ).all({ team: teamId });
  const coming = prepared(db, 'teamLinks.coming', () =>
    db
      .select(linkColumns)
      .from(matches)
      .where(
        and(
          eq(matches.team_id, teamParam),
          // a running match past midnight still counts (as on the fixtures, lib/fixtures.ts)
          or(and(eq(matches.status, 'scheduled'), gte(matches.match_date, todayParam)), and(eq(matches.status, 'live'), gte(matches.match_date, yesterdayParam))),
        ),
      )
      .orderBy(asc(matches.match_date), asc(matchTime), asc(rowid))
      .limit(2)
      .prepare(),
  ).all({ team: teamId, today, yesterday: addDays(today, -1) });
  return [...played.reverse(), ...coming].map(({ status, ...m }) => ({ ...m, finished: status === 'finished' }));
}

/** Whether any match names this team as ours: then its calendar has something to subscribe to. */
export function teamHasMatches(teamId: string): boolean {
  return readOr(`matches of team ${teamId}`, false, (db) => teamHasMatchesIn(db, teamId));
}

/** teamHasMatches on a given connection, which throws where the table cannot be read. */
export function teamHasMatchesIn(db: Db, teamId: string): boolean {
  return (
    prepared(db, 'teamHasMatches', () => db.select({ id: matches.id }).from(matches).where(eq(matches.team_id, teamParam)).limit(1).prepare()).get({ team: teamId }) !==
    undefined
  );
}
