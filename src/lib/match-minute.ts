// The match minute at the pitch (issue 14, docs/decisions/026): counted from
// the kick-off of each half, as referees and tickers count it. The first minute
// of a half is minute 1 (46 in the second half); time played beyond 45 (90)
// minutes is stoppage time, written 45+2 and 90+3. Youth teams play shorter
// halves (the team's `half_minutes`: 25 gives 25+1 and 50+2). Pure: shared by
// the 'Spieltag' panel (to fill in the minute) and the server (its default).

export type LivePhase = 'not_started' | 'first_half' | 'half_time' | 'second_half' | 'full_time';
export const LIVE_PHASES: readonly LivePhase[] = ['not_started', 'first_half', 'half_time', 'second_half', 'full_time'];
/** The phases between Anpfiff and Abpfiff: the match runs. */
export const RUNNING_PHASES: readonly LivePhase[] = ['first_half', 'half_time', 'second_half'];
export const isRunningPhase = (phase: string): boolean => (RUNNING_PHASES as readonly string[]).includes(phase);

/** Regular length of one half, in minutes (a team's default). */
export const HALF_MINUTES = 45;
/** The shortest half a team may have (the youngest play 2 × 10 or more). */
export const MIN_HALF_MINUTES = 10;
const MINUTE_MS = 60_000;

export type MatchMinute = { minute: number; added: number | null };

export type MatchClock = {
  live_phase: LivePhase;
  /** ms since 1970: when the first half began */
  kickoff_at: number | null;
  /** ms since 1970: when the second half began */
  second_half_at: number | null;
  /** minutes of one half (the team's; 45 without one) */
  half_minutes?: number;
};

/** The minute in a half of `half` minutes that began at `start`, offset by the minutes of earlier halves. */
function minuteInHalf(start: number, now: number, offset: number, half: number): MatchMinute {
  const played = Math.max(0, Math.floor((now - start) / MINUTE_MS)) + 1;
  if (played > half) return { minute: offset + half, added: played - half };
  return { minute: offset + played, added: null };
}

/**
 * The minute of an event happening now; null before kick-off. At half time an
 * event counts to the 45th minute, after full time to the 90th.
 */
export function matchMinute(clock: MatchClock, now: number): MatchMinute | null {
  const half = clock.half_minutes ?? HALF_MINUTES;
  switch (clock.live_phase) {
    case 'first_half':
      return clock.kickoff_at === null ? { minute: 1, added: null } : minuteInHalf(clock.kickoff_at, now, 0, half);
    case 'half_time':
      return { minute: half, added: null };
    case 'second_half':
      return clock.second_half_at === null ? { minute: half + 1, added: null } : minuteInHalf(clock.second_half_at, now, half, half);
    case 'full_time':
      return { minute: 2 * half, added: null };
    default:
      return null;
  }
}

/**
 * Whether stoppage time may follow `minute`: at the end of either half (45,
 * 90 for halves of 45 minutes) and in extra time, whose length the club knows
 * (any minute after the second half). "17+2" is a typing error.
 */
export function stoppageAllowed(minute: number, half: number = HALF_MINUTES): boolean {
  return minute === half || minute >= 2 * half;
}

/** How a minute is written: 17 → "17'", 45 with 2 added → "45+2'". */
export function formatMinute(minute: number, added: number | null | undefined): string {
  return added ? `${minute}+${added}'` : `${minute}'`;
}

/** "45+2" or "17" typed into the minute field → minute and added time; null when it is no minute. */
export function parseMinute(text: string): MatchMinute | null {
  const m = /^\s*(\d{1,3})\s*(?:\+\s*(\d{1,2}))?\s*'?\s*$/.exec(text);
  if (!m) return null;
  const minute = Number(m[1]);
  const added = m[2] ? Number(m[2]) : null;
  if (minute < 1 || minute > 130) return null;
  return { minute, added: added || null };
}

type TimedEvent = { minute: number; added_time: number | null; created_at?: string; type?: string };

/**
 * Events in match order, for halves of `half` minutes: by minute, then
 * stoppage time, then as they were entered. A substitution at the first half's
 * last minute without stoppage time (45') was made at the break – the clock
 * holds 45 through half time (matchMinute) – so it follows that half's
 * stoppage time (45+2'). At 90' it keeps its place before 90+3': nobody comes
 * on after the final whistle, so a substitution there was one of the minute.
 */
export function matchTimeOrder(half: number = HALF_MINUTES): <E extends TimedEvent>(a: E, b: E) => number {
  const added = (e: TimedEvent) => (e.type === 'substitution' && e.minute === half && !e.added_time ? Number.MAX_SAFE_INTEGER : (e.added_time ?? 0));
  return (a, b) => a.minute - b.minute || added(a) - added(b) || (a.created_at ?? '').localeCompare(b.created_at ?? '');
}
