// Time for code that waits (the publish queue's retries, the scheduler's jobs):
// injectable, so a test moves time instead of waiting for it.
export type Clock = {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
};

export const REAL_CLOCK: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => {
    const handle = setTimeout(callback, ms);
    // a pending retry or job does not keep a stopping process alive
    handle.unref();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/**
 * A clock that reads `start` at the moment it is made and runs on in real time
 * from there: the published pages' "today" (the next match, the privacy page's
 * 'Stand') as of a chosen day, with timers real. Sessions, rate limits and
 * logins keep the real time: only the publisher and the scheduler take this one.
 */
export function clockStartingAt(start: string, real: Clock = REAL_CLOCK): Clock {
  const startMs = Date.parse(start);
  if (!Number.isFinite(startMs)) throw new Error(`ANSTOSS_CLOCK_START is not a time: ${start}`);
  const offset = startMs - real.now();
  return { ...real, now: () => real.now() + offset };
}

/** The fastest a test clock may run: an hour per real second. */
export const MAX_CLOCK_RATE = 3600;

/**
 * `clockStartingAt` whose time runs `rate` times as fast as the real one (and
 * whose timers fire that much sooner): an end-to-end test waits seconds for a
 * news scheduled a minute ahead (ANSTOSS_CLOCK_RATE, docs/decisions/030). Only
 * with a start: a site as of a made-up moment is a test, never production.
 */
export function clockRunningAt(start: string, rate: number, real: Clock = REAL_CLOCK): Clock {
  if (!Number.isFinite(rate) || rate < 1 || rate > MAX_CLOCK_RATE) {
    throw new Error(`ANSTOSS_CLOCK_RATE must be a number from 1 to ${MAX_CLOCK_RATE}: ${rate}`);
  }
  const started = clockStartingAt(start, real).now();
  const realStart = real.now();
  return {
    now: () => started + (real.now() - realStart) * rate,
    setTimeout: (callback, ms) => real.setTimeout(callback, ms / rate),
    clearTimeout: (handle) => real.clearTimeout(handle),
  };
}

/**
 * The clock of the process's publisher and scheduler, from the test-only
 * settings ANSTOSS_CLOCK_START and ANSTOSS_CLOCK_RATE (the real one without them).
 */
export function clockFromSettings(start: string, rate: string | undefined, real: Clock = REAL_CLOCK): Clock {
  if (rate) {
    if (!start) throw new Error('ANSTOSS_CLOCK_RATE needs ANSTOSS_CLOCK_START (a test setting, never for production)');
    return clockRunningAt(start, Number(rate), real);
  }
  return start ? clockStartingAt(start, real) : real;
}

// The bundle (actions) and the server load separate copies of this module:
// the server's clock is kept on globalThis, as the publish queue is (decision 002).
const KEY = Symbol.for('anstoss.appClock');
type Holder = Record<symbol, Clock | undefined>;

/** The running server registers its clock here (undefined at its stop). */
export function registerAppClock(clock: Clock | undefined): void {
  (globalThis as unknown as Holder)[KEY] = clock;
}

/**
 * The server's clock, for a save that asks "is this time past?" (a scheduled
 * news): the same time its scheduler goes by. The real clock where no server runs.
 */
export function appClock(): Clock {
  return (globalThis as unknown as Holder)[KEY] ?? REAL_CLOCK;
}
