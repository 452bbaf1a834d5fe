// What a team's pages show of its own matches (issue 14): the last results and
// next matches it links, and whether it has a calendar to subscribe to. Each read
// comes twice: on a given connection, throwing where the table cannot be read
// (for the hash of what the pages show, team-shown.ts), and with the public
// pages' fallback.
import { and, asc, desc, eq, gt, gte, or, sql } from 'drizzle-orm';
import { addDays } from '../../lib/dates-de';
import { isPastMatch, isRunningMatch } from '../../lib/fixtures';
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
  match_time: matches.match_time,
};

export type TeamMatchLink = { id: string; home_team: string; away_team: string; match_date: string; home_score: number | null; away_score: number | null; finished: boolean };

/**
 * The team's last three results and next two matches, each leading to its match page. Next: still to be
 * played (or running) and from `today` on ('YYYY-MM-DD', Vienna): a match whose result nobody entered (a
 * youth team's, an imported one) is not 'next' for the rest of the season. Given `minutesNow` (the
 * publish's wall time), a match of today is past two hours after its kick-off, as on the fixtures
 * (lib/fixtures.ts isPastMatch): the job of that moment (match-ends.ts) brings it to the team's pages, the
 * nightly republish the new day (routes-team.ts).
 */
export function teamMatchLinks(teamId: string, today: string, minutesNow?: number): TeamMatchLink[] {
  return readOr(`match links of team ${teamId}`, [], (db) => teamMatchLinksIn(db, teamId, today, minutesNow));
}

/** How many coming matches a team's pages link. */
const COMING_LINKED = 2;

/** teamMatchLinks on a given connection, which throws where the table cannot be read. */
export function teamMatchLinksIn(db: Db, teamId: string, today: string, minutesNow?: number): TeamMatchLink[] {
  const played = prepared(db, 'teamLinks.played', () =>
    db.select(linkColumns).from(matches).where(and(eq(matches.team_id, teamParam), eq(matches.status, 'finished'))).orderBy(desc(matches.match_date), desc(matchTime), desc(rowid)).limit(3).prepare(),
  ).all({ team: teamId });
  // today's and running ones (a few), whose kick-off decides in JavaScript (times are stored as typed:
  // '9.30', '15:00 Uhr'), then the days after
  const now = prepared(db, 'teamLinks.now', () =>
    db
      .select(linkColumns)
      .from(matches)
      .where(
        and(
          eq(matches.team_id, teamParam),
          // a running match past midnight still counts (as on the fixtures, lib/fixtures.ts)
          or(and(eq(matches.status, 'scheduled'), eq(matches.match_date, todayParam)), and(eq(matches.status, 'live'), gte(matches.match_date, yesterdayParam))),
        ),
      )
      .orderBy(asc(matches.match_date), asc(matchTime), asc(rowid))
      .prepare(),
  )
    .all({ team: teamId, today, yesterday: addDays(today, -1) })
    .filter((m) => isRunningMatch(m, today) || !isPastMatch(m, today, minutesNow));
  const later =
    now.length >= COMING_LINKED
      ? []
      : prepared(db, 'teamLinks.later', () =>
          db
            .select(linkColumns)
            .from(matches)
            .where(and(eq(matches.team_id, teamParam), eq(matches.status, 'scheduled'), gt(matches.match_date, todayParam)))
            .orderBy(asc(matches.match_date), asc(matchTime), asc(rowid))
            .limit(COMING_LINKED)
            .prepare(),
        ).all({ team: teamId, today });
  const coming = [...now, ...later].slice(0, COMING_LINKED);
  return [...played.reverse(), ...coming].map(({ status, match_time: _time, ...m }) => ({ ...m, finished: status === 'finished' }));
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
