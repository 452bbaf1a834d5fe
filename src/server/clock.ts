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
