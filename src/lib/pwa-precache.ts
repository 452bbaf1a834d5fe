// Build-time: which files the service worker precaches (docs/decisions/006).
// No HTML (pages change without a new sw.js) except the offline page; of the
// hashed JavaScript only what public pages run by themselves (the layout's
// script, a page's own script and their imports). An island's code (React and
// the forms) is fetched when a fan first uses one and kept then: precached, it
// cost every first visit some 90 KB in the background that most fans never run,
// and the sign-in forms' code does not belong in a fan's cache at all.
import { isPrivatePath } from './pwa-cache-policy';

/** The parts of a Rollup output chunk this needs. */
export type ChunkInfo = {
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  dynamicImports: string[];
};

/** Source folders whose modules only the admin panel loads. */
const ADMIN_SOURCES = [/\/src\/components\/admin\//, /\/src\/pages\/admin\//];

export function isAdminSource(moduleId: string | null): boolean {
  if (!moduleId) return false;
  const normalised = moduleId.replace(/\\/g, '/');
  return ADMIN_SOURCES.some((pattern) => pattern.test(normalised));
}

/**
 * The route a page's own script belongs to ('/auth' for src/pages/auth/index.astro's), '' for a layout's
 * or a component's script (every page runs it), or null when the entry is no Astro script (an island, the
 * React renderer).
 */
export function scriptRoute(moduleId: string | null): string | null {
  if (!moduleId) return null;
  const normalised = moduleId.replace(/\\/g, '/');
  if (!/\.astro\?astro&type=script/.test(normalised)) return null;
  const page = /\/src\/pages(\/[^?]*)\.astro\?/.exec(normalised);
  return page ? page[1].replace(/\/index$/, '') || '/' : '';
}

/** Every chunk reachable (statically or lazily) from a script public pages run by themselves. */
export function pageScriptChunks(chunks: ChunkInfo[]): Set<string> {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const reached = new Set<string>();
  const visit = (fileName: string) => {
    if (reached.has(fileName)) return;
    const chunk = byName.get(fileName);
    if (!chunk) return;
    reached.add(fileName);
    for (const next of [...chunk.imports, ...chunk.dynamicImports]) visit(next);
  };
  for (const chunk of chunks) {
    if (!chunk.isEntry || isAdminSource(chunk.facadeModuleId)) continue;
    const route = scriptRoute(chunk.facadeModuleId);
    if (route !== null && !isPrivatePath(route)) visit(chunk.fileName);
  }
  return reached;
}

/** The parts of Astro's build manifest (astro:build:ssr) this needs. */
export type RouteStyles = {
  routeData: { route: string };
  styles: ({ type: 'inline'; content: string } | { type: 'external'; src: string })[];
};

/** Stylesheet files ('_astro/x.css') that at least one public route links. */
export function publicStylesheets(routes: RouteStyles[]): Set<string> {
  const files = new Set<string>();
  for (const route of routes) {
    if (isPrivatePath(route.routeData.route)) continue;
    for (const style of route.styles) if (style.type === 'external') files.add(style.src.replace(/^\//, ''));
  }
  return files;
}

export type ManifestEntry = { url: string; revision: string | null; size: number };

/**
 * Keeps what the globs found, minus hashed JavaScript no public page runs by
 * itself, stylesheets no public page links and every HTML file except the
 * offline page. A null set means that part of the build was not seen: keep all
 * of that kind.
 */
export function filterPrecache(
  entries: ManifestEntry[],
  publicFiles: { js: Set<string> | null; css: Set<string> | null },
  offlinePage = 'offline.html',
): ManifestEntry[] {
  return entries.filter((entry) => {
    const url = entry.url.replace(/^\//, '');
    if (url.endsWith('.html')) return url === offlinePage;
    if (!url.startsWith('_astro/')) return true;
    if (url.endsWith('.js') && publicFiles.js) return publicFiles.js.has(url);
    if (url.endsWith('.css') && publicFiles.css) return publicFiles.css.has(url);
    return true;
  });
}
