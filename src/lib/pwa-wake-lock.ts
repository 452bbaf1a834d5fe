// Screen wake lock (public-site.md §4): requested on start, on focus and when the
// page becomes visible; released when it is hidden. Where the browser has no
// Wake Lock API, or refuses (no user activation, power saving, policy), nothing
// happens: that is not an error.

type Sentinel = { released: boolean; release: () => Promise<void>; addEventListener: (type: 'release', fn: () => void) => void };

export type WakeLockEnv = {
  navigator: { wakeLock?: { request: (type: 'screen') => Promise<Sentinel> } };
  document: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;
  window: Pick<Window, 'addEventListener' | 'removeEventListener'>;
};

export function isWakeLockSupported(env: Pick<WakeLockEnv, 'navigator'>): boolean {
  return typeof env.navigator.wakeLock?.request === 'function';
}

/** Starts keeping the screen awake while the page is visible; returns a stop function. */
export function keepScreenAwake(env: WakeLockEnv = { navigator, document, window } as unknown as WakeLockEnv): () => void {
  if (!isWakeLockSupported(env)) return () => {};
  const wakeLock = env.navigator.wakeLock!;
  let sentinel: Sentinel | null = null;
  let pending: Promise<void> | null = null;
  let stopped = false;

  const release = () => {
    const held = sentinel;
    sentinel = null;
    if (held && !held.released) held.release().catch(() => undefined);
  };

  const request = () => {
    if (stopped || env.document.visibilityState !== 'visible') return;
    if ((sentinel && !sentinel.released) || pending) return;
    pending = wakeLock
      .request('screen')
      .then((lock) => {
        // hidden (or stopped) while the request ran: give it back at once
        if (stopped || env.document.visibilityState !== 'visible') {
          lock.release().catch(() => undefined);
          return;
        }
        sentinel = lock;
        lock.addEventListener('release', () => {
          if (sentinel === lock) sentinel = null;
        });
      })
      .catch(() => {
        // refused: the page works the same without it
      })
      .finally(() => {
        pending = null;
      });
  };

  const onVisibility = () => {
    if (env.document.visibilityState === 'visible') request();
    else release();
  };

  env.window.addEventListener('focus', request);
  env.document.addEventListener('visibilitychange', onVisibility);
  request();
  return () => {
    stopped = true;
    env.window.removeEventListener('focus', request);
    env.document.removeEventListener('visibilitychange', onVisibility);
    release();
  };
}
