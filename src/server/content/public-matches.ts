// The club's matches as the public pages read them: the list by date (fixtures pages, calendars, the
// publisher) and the home page's last result. Rules and fallbacks as in public-content.ts.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { matches } from '../db/schema';
import { prepared, readOr, type MatchRow } from './public-content';
import { memoRead } from './read-memo';
import { fixtureOfCard, isPastMatch, isRunningMatch, nextMatchIndex, type FixtureMatch } from '../../lib/fixtures';
import { matchStatusLabel } from '../../lib/match-labels';
import { HOME_TEXTS, NEXT_MATCH_DEFAULTS } from './defaults';
import { cardDay, parseMatchTeams } from '../../lib/match-text';
import { nextMatchDefaultsFor, type RenamedClub } from './club-facts';

/**
 * A match as the club's list carries it: every column but the match report and the match centre's own
 * (the fixtures pages, the calendars and the publisher read hundreds of them per change).
 */
export type ListedMatch = Omit<MatchRow, 'report' | 'report_images' | 'opponent_lineup' | 'live_phase' | 'kickoff_at' | 'second_half_at' | 'external_key'>;

/** Matches ascending by date (read-only: shared until the next change); null when the table cannot be read. */
export function matchesByDate(): readonly ListedMatch[] | null {
  return readOr('matches', null as readonly ListedMatch[] | null, matchesByDateIn);
}

/**
 * matchesByDate() on a given connection, which throws where the table cannot be read. Read as arrays and
 * made into objects of one shape here: drizzle's mapping of every column of every match was most of the
 * read, and each match result's job reads the list again (issue 16).
 */
export function matchesByDateIn(db: Db): readonly ListedMatch[] {
  return memoRead(db, 'matchesByDate', () =>
    prepared(db, 'matchesByDate', () =>
      db.$client
        .prepare<[], unknown[]>(
          `SELECT id, home_team, away_team, match_date, match_time, location, competition, season, matchday, match_type, home_score, away_score,
            status, notes, sequence, team_id, team_side, created_at, updated_at FROM matches ORDER BY match_date ASC, match_time ASC`,
        )
        .raw(true),
    )
      .all()
      .map(
        (r): ListedMatch => ({
          id: r[0] as string,
          home_team: r[1] as string,
          away_team: r[2] as string,
          match_date: r[3] as string,
          match_time: r[4] as string | null,
          location: r[5] as string | null,
          competition: r[6] as string | null,
          season: r[7] as string | null,
          matchday: r[8] as number | null,
          match_type: r[9] as string | null,
          home_score: r[10] as number | null,
          away_score: r[11] as number | null,
          status: r[12] as string,
          notes: r[13] as string | null,
          sequence: r[14] as number,
          team_id: r[15] as string | null,
          team_side: r[16] as ListedMatch['team_side'],
          created_at: r[17] as string,
          updated_at: r[18] as string,
        }),
      ),
  );
}

/** The latest finished match with both scores: the home page's 'Letztes Ergebnis'; null when there is none. */
export function lastResult(): MatchRow | null {
  return readOr('last result', null as MatchRow | null, lastResultIn);
}

/** lastResult() on a given connection (the publisher asks whether a save touches the home page, every match job). */
export function lastResultIn(db: Db): MatchRow | null {
  return (
    prepared(db, 'lastResult', () =>
      db
        .select()
        .from(matches)
        .where(and(eq(matches.status, 'finished'), sql`${matches.home_score} is not null`, sql`${matches.away_score} is not null`))
        .orderBy(desc(matches.match_date), desc(matches.match_time))
        .limit(1)
        .prepare(),
    ).get() ?? null
  );
}

/**
 * The fixture the home page's 'Nächstes Spiel' card names, or null: the card is the admin's own text
 * (public-site.md §9, the spec's sample without one), so it leads to the match page of exactly the
 * fixture its date, time and teams name (fixtureOfCard). The page and its publish rule ask here.
 */
export function cardFixture<M extends FixtureMatch & { match_time?: string | null }>(
  fixtures: readonly M[],
  card: { content?: string | null; match_date?: string | null; match_time?: string | null } | null,
  club: RenamedClub | null,
): M | null {
  // the teams the card shows: its own text, else the built-in one for this club (decision 055)
  const teams = parseMatchTeams(card?.content?.trim() ? card.content : nextMatchDefaultsFor(club).content);
  return fixtureOfCard(fixtures, { date: card?.match_date, time: card?.match_time, ...teams });
}

type CardMatch = FixtureMatch & { match_time?: string | null };
type NextMatchCard = { content?: string | null; match_date?: string | null; match_time?: string | null } | null;

/**
 * What became of the match the home page's 'Nächstes Spiel' card names, as of `today` ('YYYY-MM-DD',
 * Vienna) and `minutesNow` (its wall time): the card is the admin's text and stays as the spec has it, but a
 * fan who trusts it went to a cancelled match or read a past one as next. `label` says so on the card
 * ('Abgesagt', 'Verschoben', 'Beendet', or 'Vorbei' for a day before today or two hours after kick-off),
 * and `instead` is the fixtures' next match then.
 */
export function cardStanding<M extends CardMatch>(fixtures: readonly M[], card: NextMatchCard, club: RenamedClub | null, today: string, minutesNow?: number) {
  const fixture = cardFixture(fixtures, card, club);
  // the day the card shows: its own date, else the spec's sample date, which is past once the club has its own
  // fixtures (a club that never saved the card showed the sample's 10 August 2024 beside its real season)
  const cardDate = cardDay(card?.match_date?.trim() || (fixtures.length > 0 ? NEXT_MATCH_DEFAULTS.date : null));
  let label: string | null = null;
  if (fixture && (fixture.status === 'cancelled' || fixture.status === 'postponed' || fixture.status === 'finished')) label = matchStatusLabel(fixture.status);
  // a match still running past midnight is the fixtures' next (nextMatchIndex); one left 'live' for days is past
  else if (fixture ? !isRunningMatch(fixture, today) && isPastMatch(fixture, today, minutesNow) : cardDate !== null && cardDate < today)
    label = HOME_TEXTS.cardPast;
  const next = label ? fixtures[nextMatchIndex(fixtures, today, minutesNow)] : undefined;
  return { fixture, label, instead: next && next.id !== fixture?.id ? next : null };
}
