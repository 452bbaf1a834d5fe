// 'Spieltag' (issue 14): recording a match at the pitch. The panel picks the
// current match (today's, else the next, of the matches with one of our teams),
// moves it through kick-off, half time and full time, and records events whose
// minute comes from the match clock unless the admin types one.
import { and, asc, eq, gte, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { getDb, type Db } from '../../db/client';
import { RefusedWrite, write } from '../../db/write';
import { matches } from '../../db/schema';
import { addDays } from '../../../lib/dates-de';
import { formatMinute, isRunningPhase, matchMinute, RUNNING_PHASES } from '../../../lib/match-minute';
import { MATCH_DETAIL_ERRORS as E, MAX_ADDED_MINUTES, PHASE_FLOW, type EventData, type PhaseStep } from '../../../lib/schemas/match-details';
import { followScore, halfMinutesOf, matchChanges, matchRow, readMatchDetails } from './match-details';
import { addEvent } from './match-events';

export type MatchChoice = { id: string; home_team: string; away_team: string; match_date: string; match_time: string | null; live_phase: string };

const CALLED_OFF = new Set(['cancelled', 'postponed']);

/**
 * The matches 'Spieltag' offers: ours (with a team) from yesterday on, so a
 * match that runs past midnight stays, and any still live whatever its date
 * (an Abpfiff forgotten is pressed here later); a running match first, then by date.
 */
export function matchDayChoices(today: string, db: Db = getDb()): { current: string | null; choices: MatchChoice[]; today: string; unassignedToday: number } {
  const yesterday = addDays(today, -1);
  const rows = db
    .select()
    .from(matches)
    .where(and(isNotNull(matches.team_id), or(gte(matches.match_date, yesterday), and(eq(matches.status, 'live'), inArray(matches.live_phase, [...RUNNING_PHASES])))))
    .orderBy(asc(matches.match_date), asc(matches.match_time))
    .limit(30)
    .all();
  const running = rows.find((m) => m.status === 'live' && isRunningPhase(m.live_phase));
  // a match called off or put off is not the one to record today: the next one played is
  const next = rows.find((m) => m.match_date >= today && m.live_phase !== 'full_time' && !CALLED_OFF.has(m.status ?? ''));
  const current = running ?? next ?? rows[rows.length - 1] ?? null;
  // today's matches typed in without one of our teams are not offered: the panel says so, instead of
  // silently picking the next match of a team (an admin pressed Anpfiff on a match months away)
  const unassignedToday = db.$client
    .prepare("SELECT count(*) FROM matches WHERE team_id IS NULL AND match_date = ? AND status NOT IN ('finished', 'cancelled', 'postponed')")
    .pluck()
    .get(today) as number;
  return {
    today,
    unassignedToday,
    current: current?.id ?? null,
    choices: rows.map((m) => ({ id: m.id, home_team: m.home_team, away_team: m.away_team, match_date: m.match_date, match_time: m.match_time, live_phase: m.live_phase })),
  };
}

/** Anpfiff, Halbzeit, Anpfiff 2. Halbzeit, Abpfiff: each only from the phase before it. */
export function advancePhase(matchId: string, step: PhaseStep, now: number, db: Db = getDb()) {
  return write(
    'matchDay.advancePhase',
    () => {
      const m = matchRow(matchId, db);
      const flow = PHASE_FLOW[step];
      if (!flow.from.includes(m.live_phase)) throw new RefusedWrite(E.phase, 'BAD_REQUEST');
      // else 'Live' on the fixtures and in the calendars for a match that is not played
      if (step === 'kickoff' && CALLED_OFF.has(m.status ?? '')) throw new RefusedWrite(E.calledOff, 'BAD_REQUEST');
      // the status (and at full time the result) is in the calendars: their copies are replaced (RFC 5545 SEQUENCE)
      const set: Partial<typeof matches.$inferInsert> = { live_phase: flow.to, updated_at: new Date(now).toISOString() };
      if (step === 'kickoff') Object.assign(set, { kickoff_at: now, status: 'live' });
      if (step === 'second_half') set.second_half_at = now;
      if (step === 'full_time') set.status = 'finished';
      db.update(matches)
        .set({ ...set, sequence: sql`${matches.sequence} + 1` })
        .where(eq(matches.id, matchId))
        .run();
      followScore(matchId, db);
      return { details: readMatchDetails(matchId, db), changes: matchChanges(matchId) };
    },
    db,
  );
}

/** An event at the pitch: the minute from the clock unless one was typed in. */
export function recordEvent(input: EventData, createdBy: string | null, now: number, db: Db = getDb()) {
  const m = matchRow(input.match_id, db);
  let minute = input.minute;
  let added = input.added_time;
  if (minute == null) {
    const clock = matchMinute({ ...m, half_minutes: halfMinutesOf(m, db) }, now);
    if (!clock) throw new RefusedWrite(E.notStarted, 'BAD_REQUEST');
    // Halbzeit or Abpfiff forgotten: the clock went on to '45+76'', which no one would type. A cup match's
    // second half runs on into extra time, which has no phase of its own: its clock is taken as it counts
    const extraTimePossible = m.live_phase === 'second_half' && m.match_type === 'cup';
    if ((clock.added ?? 0) > MAX_ADDED_MINUTES && !extraTimePossible) throw new RefusedWrite(E.clockPastLimit(formatMinute(clock.minute, clock.added)), 'BAD_REQUEST');
    minute = clock.minute;
    added = clock.added;
  }
  return addEvent({ ...input, minute, added_time: added }, createdBy, db);
}
