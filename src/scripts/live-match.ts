// The match page while the match is on (issue 14, docs/decisions/026 and 036),
// without React: listens to /api/live/{id} and swaps in the published page's
// live part after each event, without a reload. Where no Node server answers (a
// static host), it watches the cache version instead and offers the button
// 'Neue Ereignisse – neu laden' (static markup in the page's <template>).
import { CACHE_VERSION_URL } from '../lib/pwa-protocol';
import { cloneTemplate } from './templates';

/** How often a page without the live stream (a static host) asks whether the site changed. */
const POLL_MS = 10_000;
const FRAGMENT_ID = 'spiel-live';

/** Replaces the page's live part with the one of the freshly published page; false when it cannot. */
async function refreshFragment(matchId: string): Promise<boolean> {
  const response = await fetch(`/spiel/${encodeURIComponent(matchId)}`, { cache: 'no-store', headers: { accept: 'text/html' } });
  if (!response.ok) return false;
  const fresh = new DOMParser().parseFromString(await response.text(), 'text/html').getElementById(FRAGMENT_ID);
  const current = document.getElementById(FRAGMENT_ID);
  if (!fresh || !current) return false;
  // the published page is our own, sanitised HTML without scripts
  current.replaceChildren(...Array.from(fresh.childNodes).map((node) => document.importNode(node, true)));
  return true;
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

/** Starts listening when the page has a live part to keep fresh (the page renders its marker only while the match may change). */
export function startLiveMatch(): void {
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
  let poll: ReturnType<typeof setInterval> | undefined;
  const source = new EventSource(`/api/live/${encodeURIComponent(matchId)}`);
  // the page says that it is live (a test, a stylesheet, the update bar look at it)
  source.addEventListener('open', () => document.getElementById(FRAGMENT_ID)?.setAttribute('data-live', 'on'));
  source.addEventListener('update', () => {
    refreshFragment(matchId)
      .then((ok) => ok || stale())
      .catch(stale);
  });
  source.addEventListener('error', () => {
    // a closed stream (404 from a static host) does not come back: watch the cache version
    if (source.readyState !== EventSource.CLOSED || poll) return;
    let known: number | null = null;
    const check = async () => {
      const version = await cacheVersion();
      if (version === null) return;
      if (known !== null && version !== known) stale();
      known = version;
    };
    void check();
    poll = setInterval(() => void check(), POLL_MS);
  });
}
