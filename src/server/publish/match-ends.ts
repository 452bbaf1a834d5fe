// The moment a match of today counts as over (decision 067): two hours after its kick-off
// (MATCH_OVER_MINUTES) a match nobody marked live or finished gives the 'Nächstes Spiel' badge to the next
// one. The pages decide by the publish's time (lib/fixtures.ts isPastMatch); this job of the scheduler
// republishes them at that moment (MATCH_END: the fixtures and the home page; TEAM_MATCH_END: the team's
// own pages, whose next matches move too), not only at midnight.
import type { Db } from '../db/client';
import type { Job } from '../scheduler';
import { addDays, viennaDate, viennaTimeToUtc } from '../../lib/dates-de';
import { MATCH_OVER_MINUTES, minutesOfDay } from '../../lib/fixtures';
import type { Change } from './routes';
import { MATCH_END, TEAM_MATCH_END } from './pseudo-tables';

export const MATCH_ENDS_JOB = 'match-ends';

/**
 * Between two match ends the job looks this often whether one came or went (a kick-off typed in or moved
 * meanwhile); a look that finds none publishes nothing.
 */
export const MATCH_ENDS_LOOK_MS = 15 * 60 * 1000;

/**
 * When Vienna's clocks show kick-off + MATCH_OVER_MINUTES on the match's day, as the pages count it (the
 * wall time); null for a match without a time or one that ends after midnight (the nightly republish's).
 */
function endOf(match: { match_date: string; match_time: string | null }): number | null {
  const kickoff = minutesOfDay(match.match_time);
  if (kickoff === null) return null;
  const end = kickoff + MATCH_OVER_MINUTES;
  if (end >= 24 * 60) return null;
  const time = `${String(Math.floor(end / 60)).padStart(2, '0')}:${String(end % 60).padStart(2, '0')}`;
  return viennaTimeToUtc(match.match_date, time)?.getTime() ?? null;
}

export type MatchEnd = { at: number; teamId: string | null };

/** The ends of the matches still to be played from the day before `from` to the day after `to`, ascending. */
export function matchEnds(db: Db, from: number, to: number): MatchEnd[] {
  const rows = db.$client
    .prepare("SELECT match_date, match_time, team_id FROM matches WHERE status IN ('scheduled', 'upcoming') AND match_time IS NOT NULL AND match_date BETWEEN ? AND ?")
    .all(addDays(viennaDate(new Date(from)), -1), addDays(viennaDate(new Date(to)), 1)) as { match_date: string; match_time: string | null; team_id: string | null }[];
  return rows
    .map((row) => ({ at: endOf(row), teamId: row.team_id }))
    .filter((end): end is MatchEnd => end.at !== null)
    .sort((a, b) => a.at - b.at);
}

/** What a look that found `ended` republishes: the fixtures and the home page, and each team's own pages. */
export function matchEndChanges(ended: readonly MatchEnd[]): Change[] {
  if (ended.length === 0) return [];
  const teams = [...new Set(ended.map((end) => end.teamId).filter((id): id is string => id !== null))];
  return [{ table: MATCH_END }, ...teams.map((key): Change => ({ table: TEAM_MATCH_END, key }))];
}

/**
 * The next end after `time`; none where the table cannot be read (the scheduler asks at the server's start,
 * which must not fail for it: the pages show their fallbacks then, and the next look asks again).
 */
function nextEndAfter(db: () => Db, time: number): number {
  try {
    return matchEnds(db(), time, time).find((end) => end.at > time)?.at ?? Infinity;
  } catch (error) {
    console.error('[schedule] the matches could not be read for their ends:', error instanceof Error ? error.message : error);
    return Infinity;
  }
}

export function matchEndsJob(options: { db: () => Db; now: () => number; publish: (changes: Change[]) => Promise<unknown> }): Job {
  const { db, now, publish } = options;
  // the server's start publishes every page as of its time: ends before it are on them
  let lookedAt = now();
  return {
    name: MATCH_ENDS_JOB,
    nextRunAfter: (time) => Math.min(nextEndAfter(db, time), time + MATCH_ENDS_LOOK_MS),
    run: async () => {
      const time = now();
      const changes = matchEndChanges(matchEnds(db(), lookedAt, time).filter((end) => end.at > lookedAt && end.at <= time));
      lookedAt = time;
      if (changes.length > 0) await publish(changes);
    },
  };
}
