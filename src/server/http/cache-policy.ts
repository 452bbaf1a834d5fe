// How long browsers and CDNs may keep each kind of file: one policy for the
// Node server (server.ts) and the static hosts a deploy fills (src/server/deploy).

/** Published pages: always asked again (cheap with the ETag), so a save shows at once. */
export const HTML_CACHE = 'public, max-age=0, must-revalidate';
/** Hashed build assets and uploads (random names): never change under their name. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The build's unhashed files (icons, manifest, offline page). */
export const SHORT_CACHE = 'public, max-age=3600, must-revalidate';

export type FileArea = 'asset' | 'upload' | 'page';

/** The Cache-Control of a file by where it comes from and its path ('/sw.js', '/news/index.html'). */
export function cacheControlFor(area: FileArea, pathname: string): string {
  if (area === 'upload') return IMMUTABLE;
  if (area === 'asset') return pathname.startsWith('/_astro/') ? IMMUTABLE : pathname === '/sw.js' ? 'no-cache' : SHORT_CACHE;
  return pathname === '/cache-version.json' ? 'no-cache' : HTML_CACHE;
}
