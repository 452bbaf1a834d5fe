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
