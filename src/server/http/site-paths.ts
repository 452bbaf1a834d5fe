// Which published file a URL names, and what the static server answers for a
// path without one. Dependency-free on purpose: the static workers
// (docs/decisions/037) are bundled without the database, drizzle or Astro, and
// the publisher (src/server/publish/routes.ts) uses the same two.
import type { MissingPageRule } from '../../lib/missing-pages';

/** Paths with no published file: what the static server answers instead (the 404 page does the same on a static host). */
export const MISSING_FILE_RULES: readonly MissingPageRule[] = [
  // an archive page that is gone (articles taken off): the newest news (docs/decisions/039)
  { prefix: '/news/seite/', redirect: '/news/alle' },
  { prefix: '/news/', page: '/news/nicht-gefunden' },
  { prefix: '/team/', redirect: '/mannschaften' },
  { prefix: '/mannschaften/', redirect: '/mannschaften' },
  { prefix: '/spielplan/', redirect: '/spielplan' },
  { prefix: '/spiel/', redirect: '/spielplan' },
  { prefix: '/spieler/', redirect: '/mannschaften' },
  { prefix: '/tabelle/', redirect: '/tabelle' },
];

/** Where a URL's published file lives, relative to the site folder. */
export function fileForUrl(url: string): string {
  const clean = url.split('?')[0].replace(/\/+$/, '');
  if (clean === '') return 'index.html';
  if (clean === '/404') return '404.html';
  const decoded = clean
    .split('/')
    .map((segment) => decodeURIComponent(segment))
    .join('/');
  // hidden names (temp files of an atomic write, dotfiles) are never pages
  if (decoded.split('/').some((segment) => segment.startsWith('.') || segment.includes('\\'))) {
    throw new Error(`Unsafe URL: ${url}`);
  }
  if (/\.[a-z0-9]+$/i.test(decoded)) return decoded.slice(1);
  return `${decoded.slice(1)}/index.html`;
}
