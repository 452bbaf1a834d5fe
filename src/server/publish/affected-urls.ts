// Which pages a change makes stale, and which pages exist: the route registry
// (routes.ts) read against the database. Parametrised routes are named from a
// change's key where it has one, so that a deleted row's page is found too.
import type { Db } from '../db/client';
import { ROUTES, routeDeps, type Change, type Dep, type PublishedState, type RouteDef } from './routes';

function isParametrised(route: RouteDef): boolean {
  return route.pattern.includes(':id');
}

function instantiate(route: RouteDef, id: string): string {
  return route.pattern.replace(':id', encodeURIComponent(id));
}

/** Every public URL that exists for the data as it is now. */
export function allUrls(db: Db, now = Date.now()): string[] {
  const urls: string[] = [];
  for (const route of ROUTES) {
    if (isParametrised(route)) urls.push(...(route.params?.(db, now) ?? []).map((id) => instantiate(route, id)));
    else urls.push(route.pattern);
  }
  return urls;
}

/**
 * The parametrised routes whose ids come from a whole table that changed (the
 * fixtures' filters come from the matches): a page there may be gone without
 * its own key being named, so its published files are looked at.
 */
export function changedListRoutes(changes: Change[]): RouteDef[] {
  return ROUTES.filter((route) => {
    if (!isParametrised(route) || !route.listedFrom) return false;
    return route.listChangedBy
      ? changes.some((change) => change.table === route.listChangedBy || (change.table === route.listedFrom && change.key === undefined))
      : changes.some((change) => change.table === route.listedFrom);
  });
}

/** The folder of a parametrised route's pages ('/spielplan/'). */
export function listFolderOf(route: RouteDef): string {
  return route.pattern.slice(0, route.pattern.indexOf(':id'));
}

/** The folders of changedListRoutes. */
export function changedLists(changes: Change[]): string[] {
  return changedListRoutes(changes).map(listFolderOf);
}

/** The URLs of a list's pages that exist for the data as it is now. */
export function listedUrls(db: Db, route: RouteDef, now: number): Set<string> {
  return new Set((route.params?.(db, now) ?? []).map((id) => instantiate(route, id)));
}

/**
 * The URLs a set of changes makes stale. Parametrised routes are named from the
 * change's key, not from the database, so that a deleted row's page is found
 * (and then removed, because it renders 404). `withLayout: false` leaves out
 * what every page reads for its header and footer (the footer splice).
 */
export function affectedUrls(db: Db, changes: Change[], published?: PublishedState, withLayout = true): string[] {
  const urls = new Set<string>();
  const now = published?.now ?? Date.now();
  for (const route of ROUTES) {
    const deps = routeDeps(route, withLayout);
    for (const change of changes) {
      for (const dep of deps) {
        if (dep.table !== change.table) continue;
        if (dep.key === ':id') {
          if (change.key) addKeyed(urls, db, route, change.key, published);
          else for (const id of route.params?.(db, now) ?? []) urls.add(instantiate(route, id));
        } else if (dep.key === undefined || change.key === undefined || dep.key === change.key) {
          if (isParametrised(route)) {
            const rowIds = dep.key === undefined && change.key !== undefined ? route.idsForRow?.(db, { table: change.table, key: change.key }, now) : undefined;
            for (const id of rowIds ?? route.params?.(db, now) ?? []) urls.add(instantiate(route, id));
          } else if (showsChange(db, route, dep, change, published)) urls.add(route.pattern);
        }
      }
    }
  }
  return [...urls];
}

/** The page of a keyed change's row, unless the route has none for that row and none is published (RouteDef.hasPage). */
function addKeyed(urls: Set<string>, db: Db, route: RouteDef, id: string, published: PublishedState | undefined): void {
  const url = instantiate(route, id);
  if (!published || !route.hasPage || hasPageOr(db, route.hasPage, id) || published.exists(url)) urls.add(url);
}

/** A table that cannot be read: the page is rendered, and the render decides. */
function hasPageOr(db: Db, hasPage: NonNullable<RouteDef['hasPage']>, id: string): boolean {
  try {
    return hasPage(db, id);
  } catch {
    return true;
  }
}

/** Whether a page without ':id' is touched by a change of a table it reads (see RouteDef.showsRow). */
function showsChange(db: Db, route: RouteDef, dep: Dep, change: Change, published: PublishedState | undefined): boolean {
  if (!published || !route.showsRow || dep.key !== undefined || change.key === undefined) return true;
  const keyed = { table: change.table, key: change.key };
  // no marker: every change that takes a row off the page is reported otherwise (FIXTURE_LISTS), the page now decides
  if (!route.rowMarker) return route.showsRow(db, keyed, published.now);
  const marker = route.rowMarker(keyed);
  if (marker === null) return true;
  if (route.showsRow(db, keyed, published.now)) return true;
  // a page not published yet, or unreadable: it is published anyway
  return published.read(route.pattern)?.includes(marker) ?? true;
}
