// The match minute at the pitch (issue 14, docs/decisions/026): counted from
// the kick-off of each half, as referees and tickers count it. The first minute
// of a half is minute 1 (46 in the second half); time played beyond 45 (90)
// minutes is stoppage time, written 45+2 and 90+3. Pure: shared by the
// 'Spieltag' panel (to fill in the minute) and the server (its default).

export type LivePhase = 'not_started' | 'first_half' | 'half_time' | 'second_half' | 'full_time';
export const LIVE_PHASES: readonly LivePhase[] = ['not_started', 'first_half', 'half_time', 'second_half', 'full_time'];

/** Regular length of one half, in minutes. */
export const HALF_MINUTES = 45;
const MINUTE_MS = 60_000;

export type MatchMinute = { minute: number; added: number | null };

export type MatchClock = {
  live_phase: LivePhase;
  /** ms since 1970: when the first half began */
  kickoff_at: number | null;
  /** ms since 1970: when the second half began */
  second_half_at: number | null;
};

/** The minute in a half that began at `start`, offset by the minutes of earlier halves. */
function minuteInHalf(start: number, now: number, offset: number): MatchMinute {
  const played = Math.max(0, Math.floor((now - start) / MINUTE_MS)) + 1;
  if (played > HALF_MINUTES) return { minute: offset + HALF_MINUTES, added: played - HALF_MINUTES };
  return { minute: offset + played, added: null };
}

/**
 * The minute of an event happening now; null before kick-off. At half time an
 * event counts to the 45th minute, after full time to the 90th.
 */
export function matchMinute(clock: MatchClock, now: number): MatchMinute | null {
  switch (clock.live_phase) {
    case 'first_half':
      return clock.kickoff_at === null ? { minute: 1, added: null } : minuteInHalf(clock.kickoff_at, now, 0);
    case 'half_time':
      return { minute: HALF_MINUTES, added: null };
    case 'second_half':
      return clock.second_half_at === null ? { minute: HALF_MINUTES + 1, added: null } : minuteInHalf(clock.second_half_at, now, HALF_MINUTES);
    case 'full_time':
      return { minute: 2 * HALF_MINUTES, added: null };
    default:
      return null;
  }
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

/** Events in match order: by minute, then stoppage time, then as they were entered. */
export function byMatchTime<E extends { minute: number; added_time: number | null; created_at?: string }>(a: E, b: E): number {
  return a.minute - b.minute || (a.added_time ?? 0) - (b.added_time ?? 0) || (a.created_at ?? '').localeCompare(b.created_at ?? '');
}
