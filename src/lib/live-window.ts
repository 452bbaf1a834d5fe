// When a match page listens for the match's events (src/scripts/live-match.ts, decision 026): only while the
// match may change, and only on its match day and the day after (Vienna), so that a page opened weeks ahead
// holds no stream (a ping every 25 s keeps a phone's radio awake) and opens it when the day comes.
import { addDays, viennaTimeToUtc } from './dates-de';
import { isRunningPhase } from './match-minute';

const DAY_MS = 86_400_000;

/** How often a stream says it is alive when nothing else happens (src/server/http/event-stream.ts). */
export const STREAM_PING_MS = 25_000;
/** The ping's event name: a page hears an event, and never a comment. */
export const STREAM_PING_EVENT = 'ping';
/**
 * A match page's stream silent this long is dead though open: a connection dropped without an end (a phone in a
 * pocket, a mobile network's NAT forgetting it) never errors, and the page showed an old score as live.
 */
export const STREAM_SILENT_MS = 2 * STREAM_PING_MS + 10_000;

type ListeningMatch = { match_date: string; status: string; live_phase: string; kickoff_at: number | null };

/**
 * `listens`: whether the page listens at all (not once the match is over or called off); `from`/`until` in ms,
 * undefined for no bound. A running match listens at once, and until the day after its date or a day after its
 * Anpfiff, whichever is later: one whose Abpfiff was forgotten stops holding every open page's stream then.
 * A date that is no date (from an import perhaps) gives no window: the page listens as before.
 */
export function liveListenWindow(m: ListeningMatch): { listens: boolean; from?: number; until?: number } {
  const listens = m.live_phase !== 'full_time' && m.status !== 'cancelled' && m.status !== 'finished';
  if (!listens) return { listens };
  const dayStart = viennaTimeToUtc(m.match_date, '00:00')?.getTime();
  const dayAfterEnd = dayStart === undefined ? undefined : viennaTimeToUtc(addDays(m.match_date, 2), '00:00')?.getTime();
  if (!isRunningPhase(m.live_phase)) return { listens, from: dayStart, until: dayAfterEnd };
  const untilKickoff = m.kickoff_at === null ? undefined : m.kickoff_at + DAY_MS;
  const bounds = [dayAfterEnd, untilKickoff].filter((t): t is number => t !== undefined);
  return { listens, until: bounds.length > 0 ? Math.max(...bounds) : undefined };
}
