// The match page while the match is on (issue 14, docs/decisions/026 and 036),
// without React: listens to /api/live/{id} and swaps in the published page's
// live part after each event, without a reload. Where no Node server answers (a
// static host), it watches the cache version instead and offers the button
// 'Neue Ereignisse – neu laden' (static markup in the page's <template>).
import { CACHE_VERSION_URL, FRESH_PAGE_HEADER } from '../lib/pwa-protocol';
import { cloneTemplate } from './templates';
import { STREAM_PING_EVENT, STREAM_PING_MS, STREAM_SILENT_MS } from '../lib/live-window';

/** How often a page without the live stream (a static host) asks whether the site changed. */
const POLL_MS = 10_000;
const FRAGMENT_ID = 'spiel-live';

/**
 * What the page's own styles and scripts are: the addresses it loads, and the text of those inline in its
 * head (in the body, a part that has done its work takes its own out: the cookie banner once answered).
 */
function ownCode(doc: Document): { urls: Set<string>; inline: Set<string> } {
  const urls = new Set<string>();
  const inline = new Set<string>();
  // data scripts (JSON-LD with the score) change with each event and run nothing
  for (const element of doc.querySelectorAll<HTMLElement>('link[rel="stylesheet"], style, script:not([type]), script[type="module"]')) {
    const url = element.getAttribute('href') ?? element.getAttribute('src');
    if (url) urls.add(url);
    else if (element.parentElement === doc.head) inline.add(element.textContent ?? '');
  }
  return { urls, inline };
}

/**
 * Whether a freshly published page comes from another build than the open one (a deploy while the match is
 * on, decision 070): its live part may need styles or scripts the open page does not have. The fresh page's
 * code must all be the open page's; the open page may have more (a form's island adds its stylesheet when it
 * wakes).
 */
export function fromAnotherBuild(fresh: Document, open: Document): boolean {
  const mine = ownCode(open);
  const theirs = ownCode(fresh);
  return [...theirs.urls].some((url) => !mine.urls.has(url)) || [...theirs.inline].some((text) => !mine.inline.has(text));
}

/** How long a fetch of the page may take: one that never ends (a connection stalled on weak data) held back every later one. */
const FETCH_TIMEOUT_MS = 15_000;

/**
 * Replaces the page's live part with the one of the freshly published page: 'swapped' (also when it was the
 * same), 'ended' when swapped and the match no longer changes (full time: the page stops listening), 'failed'
 * when it cannot, 'new-build' when the fresh page is of another build (the page is to be reloaded instead).
 */
async function refreshFragment(matchId: string): Promise<'swapped' | 'ended' | 'failed' | 'new-build'> {
  const abort = new AbortController();
  const timeout = setTimeout(() => abort.abort(), FETCH_TIMEOUT_MS);
  try {
    // past the service worker's cache: on a slow or dead connection a saved copy would pass for the news and take
    // the reload prompt away; an error shows the prompt. Asked with the page's ETag: an unchanged page is a 304.
    const response = await fetch(`/spiel/${encodeURIComponent(matchId)}`, {
      cache: 'no-cache',
      headers: { accept: 'text/html', [FRESH_PAGE_HEADER]: '1' },
      signal: abort.signal,
    });
    if (!response.ok) return 'failed';
    const page = new DOMParser().parseFromString(await response.text(), 'text/html');
    const fresh = page.getElementById(FRAGMENT_ID);
    const current = document.getElementById(FRAGMENT_ID);
    if (!fresh || !current) return 'failed';
    if (fromAnotherBuild(page, document)) return 'new-build';
    // the same as shown (the catch-up when the stream opens, mostly): left alone, a focus in it stays
    if (fresh.innerHTML !== current.innerHTML) {
      // the published page is our own, sanitised HTML without scripts
      current.replaceChildren(...Array.from(fresh.childNodes).map((node) => document.importNode(node, true)));
    }
    // a page that no longer listens (the match is over) has no place for the reload prompt
    return page.querySelector('[data-live-reload]') ? 'swapped' : 'ended';
  } finally {
    clearTimeout(timeout);
  }
}

async function cacheVersion(): Promise<number | null> {
  try {
    const response = await fetch(CACHE_VERSION_URL, { cache: 'no-store' });
    const body = (await response.json()) as { version?: unknown };
    return typeof body.version === 'number' ? body.version : null;
  } catch {
    return null;
  }
}

/** The longest wait between two tries to open the live stream again after it closed. */
const RECONNECT_MAX_MS = 60_000;

/** setTimeout's longest wait is 24.8 days; a page open longer looks again after this. */
const LONGEST_WAIT_MS = 6 * 60 * 60 * 1000;

/**
 * Starts listening when the page has a live part to keep fresh (the page renders its marker only while the
 * match may change), on the match day and the day after: a page opened before waits for the day, and stops
 * listening when the day after is over (the update bar still comes with each publish that changes the page,
 * pwa-start.ts).
 */
export function startLiveMatch(): void {
  const fragment = document.getElementById(FRAGMENT_ID);
  const from = Number(fragment?.dataset.listenFrom ?? 0);
  const until = Number(fragment?.dataset.listenUntil ?? 0);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const events: [EventTarget, string][] = [
    [document, 'visibilitychange'],
    [window, 'pageshow'],
    [window, 'online'],
  ];
  const look = () => {
    clearTimeout(timer);
    const now = Date.now();
    if (from > now) {
      // a phone that slept may have held the timer back: a page shown again, or online again, looks too
      timer = setTimeout(look, Math.min(from - now, LONGEST_WAIT_MS));
      return;
    }
    for (const [target, type] of events) target.removeEventListener(type, look);
    if (until > 0 && now >= until) return;
    listen(until);
  };
  for (const [target, type] of events) target.addEventListener(type, look);
  look();
}

/** Listens to the match's stream until `until` (ms; 0: as long as the page is open). */
function listen(until: number): void {
  const slot = document.querySelector<HTMLElement>('[data-live-reload]');
  const matchId = document.getElementById(FRAGMENT_ID)?.dataset.matchId;
  if (!slot || !matchId || typeof EventSource === 'undefined') return;
  const stale = () => {
    if (slot.querySelector('.live-reload')) return;
    const prompt = cloneTemplate<HTMLElement>('live-reload-template');
    if (!prompt) return;
    prompt.querySelector('button')?.addEventListener('click', () => window.location.reload());
    slot.append(prompt);
  };
  // one fetch at a time, in the order asked: an older answer never lands after a newer one
  let refreshing: Promise<unknown> = Promise.resolve();
  // an update whose page could not be fetched (the network went just then): fetched again once it is back
  let missed = false;
  const refresh = () => {
    refreshing = refreshing.then(() =>
      refreshFragment(matchId)
        .then((outcome) => {
          missed = outcome === 'failed';
          if (outcome === 'swapped' || outcome === 'ended') slot.querySelector('.live-reload')?.remove();
          else stale();
          // full time published: nothing more comes, the stream's place is given back (the day's end is long after)
          if (outcome === 'ended') end();
        })
        .catch(() => {
          missed = true;
          stale();
        }),
    );
  };
  let poll: ReturnType<typeof setInterval> | undefined;
  let source: EventSource | null = null;
  let ended = false;
  let reconnectMs = 2_000;
  let reconnect: ReturnType<typeof setTimeout> | undefined;
  // the day after the match is over: no stream, no polling, no tries any more (a result never entered left
  // pages listening for good); the page is one like any other again
  const end = () => {
    ended = true;
    source?.close();
    clearInterval(poll);
    clearInterval(silence);
    clearTimeout(reconnect);
    reconnect = undefined;
    document.getElementById(FRAGMENT_ID)?.removeAttribute('data-live');
  };
  const watchTheEnd = () => {
    if (until <= 0) return;
    const left = until - Date.now();
    if (left <= 0) end();
    else setTimeout(watchTheEnd, Math.min(left, LONGEST_WAIT_MS));
  };
  const connect = () => {
    clearTimeout(reconnect);
    reconnect = undefined;
    if (until > 0 && Date.now() >= until) return end();
    const stream = new EventSource(`/api/live/${encodeURIComponent(matchId)}`);
    source = stream;
    stream.addEventListener('open', () => {
      // the page says that it is live (a test, a stylesheet, the update bar look at it)
      document.getElementById(FRAGMENT_ID)?.setAttribute('data-live', 'on');
      clearInterval(poll);
      poll = undefined;
      reconnectMs = 2_000;
      // what was published before the stream opened is fetched once: between the page's answer and this
      // (seconds on weak data), or while a stream that came back was away (the final whistle perhaps)
      refresh();
    });
    stream.addEventListener('update', refresh);
    for (const type of ['open', 'update', STREAM_PING_EVENT]) stream.addEventListener(type, () => (heard = Date.now()));
    stream.addEventListener('error', () => {
      // a closed stream does not come back by itself (a static host's 404, the network gone a moment, a
      // restart's 502): watch the cache version meanwhile, and try the stream again later
      if (stream.readyState !== EventSource.CLOSED || ended) return;
      lost();
    });
  };
  /** The stream is gone: the cache version is watched meanwhile, and the stream tried again later. */
  const lost = () => {
    if (!poll) {
      let known: number | null = null;
      const check = async () => {
        const version = await cacheVersion();
        if (version === null) return;
        if (known !== null && version !== known) stale();
        known = version;
      };
      void check();
      poll = setInterval(() => void check(), POLL_MS);
    }
    // spread over the next seconds, so that the pages of a whole stadium do not come back at once
    reconnect = setTimeout(connect, reconnectMs * (0.5 + Math.random()));
    reconnectMs = Math.min(RECONNECT_MAX_MS, reconnectMs * 2);
  };
  // an open stream that has said nothing for longer than its pings allow is dead: closed, and opened again
  let heard = Date.now();
  const checkSilence = () => {
    if (ended || source?.readyState !== EventSource.OPEN || Date.now() - heard <= STREAM_SILENT_MS) return;
    source.close();
    lost();
  };
  const silence = setInterval(checkSilence, STREAM_PING_MS);
  // back from the pocket: at once (a hidden page's timers are held back)
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') checkSilence();
  });
  // the phone's network is back: no need to wait for the next try
  window.addEventListener('online', () => {
    if (ended) return;
    if (missed) refresh();
    if (reconnect !== undefined) connect();
  });
  connect();
  watchTheEnd();
}
