// Pages a job cannot change (issue 16). A match result reaches the page of every
// player of the match, because their numbers and latest matches come from the
// match tables; for most of them (a score corrected months later, a line-up that
// changes another player's minutes) the page shows the same as before. Such a
// page carries a hash of what it shows of those tables (RouteDef.inputs); a job
// whose changes reach it only through those tables reads the hash of the data
// now and leaves the page as it is where its published file carries that hash.
//
// The hash is in the file that was rendered from the data it stands for, so it
// holds across restarts, full publishes and footer splices; a page whose file is
// missing or cannot be read is rendered.
import type { Db } from '../db/client';
import { ROUTES, routeDeps, type Change, type RouteDef } from './routes';

type WithInputs = { route: RouteDef & { inputs: NonNullable<RouteDef['inputs']> }; prefix: string; suffix: string; markerKey: number };

/**
 * For a job of `changes`: whether a page already shows what the job would render, so that it is left as it
 * is; null where no route can tell (then every page is rendered). Asked page by page as the job reaches it,
 * after the saved thing's own page is out (a hash costs a millisecond or more).
 */
export function shownAlready(db: Db, changes: Change[], read: (url: string) => Buffer | null): ((url: string) => boolean) | null {
  const decided = routesDecidedByInputs(changes);
  if (decided.length === 0) return null;
  // a team's two pages share one marker: read once
  const markers = new Map<string, string | null>();
  const markerOf = (hit: NonNullable<ReturnType<typeof idOf>>) => {
    const key = `${hit.markerKey}\u0000${hit.id}`;
    if (!markers.has(key)) markers.set(key, hit.route.inputs.marker(db, hit.id));
    return markers.get(key) ?? null;
  };
  return (url) => {
    const hit = idOf(url, decided);
    const marker = hit ? markerOf(hit) : null;
    return marker !== null && (read(url)?.includes(marker) ?? false);
  };
}

/**
 * The routes with inputs for which every change of the job that they read is of
 * a table their hash covers: a change of anything else they show (the player,
 * the footer) renders their pages as before.
 */
function routesDecidedByInputs(changes: Change[]): WithInputs[] {
  const out: WithInputs[] = [];
  for (const route of ROUTES) {
    const inputs = route.inputs;
    if (!inputs) continue;
    const reads = new Set(routeDeps(route).map((dep) => dep.table));
    if (!changes.every((change) => !reads.has(change.table) || inputs.tables.includes(change.table))) continue;
    const at = route.pattern.indexOf(':id');
    // routes that declare the same marker share its reads
    const markerKey = ROUTES.findIndex((other) => other.inputs?.marker === inputs.marker);
    out.push({ route: route as WithInputs['route'], prefix: route.pattern.slice(0, at), suffix: route.pattern.slice(at + 3), markerKey });
  }
  return out;
}

function idOf(url: string, routes: WithInputs[]): { route: WithInputs['route']; id: string; markerKey: number } | null {
  for (const { route, prefix, suffix, markerKey } of routes) {
    if (!url.startsWith(prefix) || !url.endsWith(suffix) || url.length <= prefix.length + suffix.length) continue;
    const part = url.slice(prefix.length, url.length - suffix.length);
    if (part.includes('/')) continue;
    try {
      return { route, id: decodeURIComponent(part), markerKey };
    } catch {
      return null;
    }
  }
  return null;
}
