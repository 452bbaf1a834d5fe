// The update banner's countdown (public-site.md §4): from 5 down to 0, then the
// page reloads; cancelling stops it for good.
import { UPDATE_COUNTDOWN_SECONDS } from './pwa-protocol';

export type CountdownTimers = {
  setInterval: (fn: () => void, ms: number) => unknown;
  clearInterval: (id: never) => void;
};

export type Countdown = {
  cancel: () => void;
  /**
   * Holds the count where it is while the keyboard is on the bar, and lets it go on: a keyboard or screen-reader
   * user reaching 'Abbrechen' is not overtaken by the reload (WCAG 2.2.1 'Timing Adjustable').
   */
  hold: (held: boolean) => void;
};

/**
 * Calls onTick with the seconds left (first with `from`, at once), then once a
 * second; at 0 it calls onDone once. cancel() before that means onDone never runs.
 */
export function startCountdown(
  onTick: (secondsLeft: number) => void,
  onDone: () => void,
  from: number = UPDATE_COUNTDOWN_SECONDS,
  timers: CountdownTimers = globalThis as unknown as CountdownTimers,
): Countdown {
  let left = from;
  let running = true;
  let held = false;
  onTick(left);
  const id = timers.setInterval(() => {
    if (!running || held) return;
    left -= 1;
    onTick(left);
    if (left <= 0) {
      running = false;
      timers.clearInterval(id as never);
      onDone();
    }
  }, 1000);
  return {
    cancel: () => {
      running = false;
      timers.clearInterval(id as never);
    },
    hold: (hold) => {
      held = hold;
    },
  };
}
