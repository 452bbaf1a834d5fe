// The page's side of the service worker (browser only, started by
// src/scripts/pwa-start.ts when the page is idle): registration, the heartbeat and restart of §4, the
// version check when a tab comes back, the screen wake lock, and the message
// that the cache version changed.
import { startLiveness, type Liveness } from './pwa-liveness';
import { OFFLINE_PAGE_COLOURS, isFromWorker, type ClubColours, type ToWorker } from './pwa-protocol';
import { ToldOnce } from './pwa-told-once';
import { keepScreenAwake } from './pwa-wake-lock';

export const SERVICE_WORKER_URL = '/sw.js';

export type PwaClientOptions = {
  onCacheUpdated: (version: number) => void;
  /** this page is a saved copy (the network failed or was too slow), fetched at `savedAt` (ms) if known; `outdated`: changed since */
  onSavedCopy: (savedAt: number | null, outdated: boolean, serverDown: boolean) => void;
};

/** What this page loaded from its own origin: the page itself first. */
function loadedUrls(): string[] {
  const urls = new Set<string>([location.href.split('#')[0]]);
  for (const entry of performance.getEntriesByType('resource')) {
    if (entry.name.startsWith(location.origin)) urls.add(entry.name);
  }
  return [...urls];
}

/** The club's colours as this page has them (its theme over site.css's defaults). */
function clubColours(): ClubColours {
  const style = getComputedStyle(document.documentElement);
  const colours: ClubColours = {};
  for (const name of OFFLINE_PAGE_COLOURS) {
    const value = style.getPropertyValue(name).trim();
    if (value) colours[name] = value;
  }
  return colours;
}

/** Starts everything; returns a stop function (for tests and unmounting). */
export function startPwaClient({ onCacheUpdated, onSavedCopy }: PwaClientOptions): () => void {
  const stopWakeLock = keepScreenAwake();
  if (!('serviceWorker' in navigator)) return stopWakeLock;
  const container = navigator.serviceWorker;
  // a page that loaded without the worker (the first visit) tells it what to keep
  const controlledAtStart = container.controller !== null;
  let registration: ServiceWorkerRegistration | null = null;
  let liveness: Liveness | null = null;
  let stopped = false;

  const post = (message: ToWorker) => {
    const worker = container.controller ?? registration?.active ?? null;
    worker?.postMessage(message);
  };

  const told = new ToldOnce();
  const onMessage = (event: MessageEvent) => {
    const data: unknown = event.data;
    if (!isFromWorker(data) || !told.isNew(data)) return;
    if (data.type === 'heartbeat-reply') liveness?.onReply();
    else if (data.type === 'saved-copy') onSavedCopy(data.savedAt, data.outdated === true, data.serverDown === true);
    else onCacheUpdated(data.version);
  };
  container.addEventListener('message', onMessage);
  container.startMessages();
  // a page the worker answered may be one of its saved copies (the worker says so, and when it was fetched),
  // or found older than a publish while it loaded (sw/page-again.ts): told now, as no one listened before
  if (controlledAtStart) post({ type: 'ask-page-state' });

  // back in the tab: ask now instead of at the next heartbeat
  const onBack = () => {
    if (document.visibilityState === 'visible') post({ type: 'check-version' });
  };
  window.addEventListener('focus', onBack);
  document.addEventListener('visibilitychange', onBack);

  container.register(SERVICE_WORKER_URL, { scope: '/' }).catch(() => {
    // private mode or blocked: the site works without it
  });
  void container.ready.then((ready) => {
    if (stopped) return;
    registration = ready;
    if (!controlledAtStart) post({ type: 'cache-urls', urls: loadedUrls() });
    // the offline page is the build's, the same for every club: the worker gives it the club's colours
    post({ type: 'club-colours', colours: clubColours() });
    liveness = startLiveness({
      sendHeartbeat: () => post({ type: 'heartbeat' }),
      sendRestart: () => {
        post({ type: 'restart' });
        ready.update().catch(() => undefined);
      },
    });
  });

  return () => {
    stopped = true;
    liveness?.stop();
    container.removeEventListener('message', onMessage);
    window.removeEventListener('focus', onBack);
    document.removeEventListener('visibilitychange', onBack);
    stopWakeLock();
  };
}
