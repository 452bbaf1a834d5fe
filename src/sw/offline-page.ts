/// <reference lib="webworker" />
// The offline page is part of the build and the same for every club (public/offline.html): it is shown in
// the built-in blue unless the worker knows the club's colours. Each tab tells them as it has them
// (pwa-client.ts), the worker keeps the last ones in its meta cache and puts them into the page it shows.
import { isClubColours, type ClubColours } from '../lib/pwa-protocol';
import { readMeta, writeMeta } from './meta';

const COLOURS_KEY = '/__anstoss/club-colours';

/** the colours last stored by this worker's run (a worker woken again writes once more) */
let known: string | null = null;

/** Keeps the club's colours a tab sent when they changed: a write per change and worker start, not per page. */
export async function rememberClubColours(colours: ClubColours): Promise<void> {
  // a page without the tokens (none computed) says nothing about the club
  if (Object.keys(colours).length === 0) return;
  const text = JSON.stringify(colours);
  if (text === known) return;
  await writeMeta(COLOURS_KEY, colours);
  known = text;
}

/** The offline page with the club's colours over its built-in ones; as it is when none are known. */
export async function offlinePageInClubColours(page: Response): Promise<Response> {
  const colours = await readMeta(COLOURS_KEY).catch(() => undefined);
  if (!isClubColours(colours) || Object.keys(colours).length === 0) return page;
  const tokens = Object.entries(colours)
    .map(([name, value]) => `${name}:${value}`)
    .join(';');
  let html = (await page.text()).replace('</head>', `<style>html:root{${tokens}}</style></head>`);
  const primary = colours['--color-primary'];
  if (primary) html = html.replace(/(<meta name="theme-color" content=")[^"]*"/, `$1${primary}"`);
  // the precached copy's headers describe its stored bytes (brotli, their length), not this text
  const headers = new Headers(page.headers);
  for (const name of ['content-encoding', 'content-length', 'etag']) headers.delete(name);
  return new Response(html, { status: page.status, statusText: page.statusText, headers });
}
