import { useEffect, useState } from 'react';
import { CACHE_VERSION_URL } from '../../lib/pwa-protocol';

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

/**
 * The match page while the match is on (issue 14, docs/decisions/026): listens
 * to /api/live/{id} and swaps in the published page's live part after each
 * event, without a reload. Where no Node server answers (a static host), it
 * watches the cache version instead and offers 'Neue Ereignisse – neu laden'.
 */
export default function LiveMatch({ matchId, listen, reloadText }: { matchId: string; listen: boolean; reloadText: string }) {
  const [stale, setStale] = useState(false);
  useEffect(() => {
    if (!listen || typeof EventSource === 'undefined') return;
    let poll: ReturnType<typeof setInterval> | undefined;
    let closed = false;
    const source = new EventSource(`/api/live/${encodeURIComponent(matchId)}`);
    // the page says that it is live (a test, a stylesheet may look at it)
    source.addEventListener('open', () => document.getElementById(FRAGMENT_ID)?.setAttribute('data-live', 'on'));
    source.addEventListener('update', () => {
      refreshFragment(matchId)
        .then((ok) => ok || setStale(true))
        .catch(() => setStale(true));
    });
    source.addEventListener('error', () => {
      // a closed stream (404 from a static host) does not come back: watch the cache version
      if (source.readyState !== EventSource.CLOSED || poll || closed) return;
      let known: number | null = null;
      const check = async () => {
        const version = await cacheVersion();
        if (version === null) return;
        if (known !== null && version !== known) setStale(true);
        known = version;
      };
      void check();
      poll = setInterval(() => void check(), POLL_MS);
    });
    return () => {
      closed = true;
      source.close();
      if (poll) clearInterval(poll);
    };
  }, [matchId, listen]);
  if (!stale) return null;
  return (
    <p className="live-reload" role="status">
      <button type="button" className="btn" onClick={() => window.location.reload()}>
        {reloadText}
      </button>
    </p>
  );
}
