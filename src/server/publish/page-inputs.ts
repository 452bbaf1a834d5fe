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
//
// Where the job knows which columns of its matches moved since their pages last
// showed them (match-baselines.ts, from the revisions), a route may say without
// the hash that they cannot change its page (RouteDef.inputs.unmoved): a score
// that no player's page lists is the usual case.
import type { Db } from '../db/client';
import { SHOWN_ATTRIBUTE, type MatchesMoved } from '../content/player-shown';
import { ROUTES, routeDeps, type Change, type RouteDef } from './routes';
import { CALENDAR, TEAM_MATCH_END } from './pseudo-tables';

type WithInputs = { route: RouteDef & { inputs: NonNullable<RouteDef['inputs']> }; prefix: string; suffix: string; markerKey: number };

/**
 * What a job knows beyond its changes (match-baselines.ts): which columns of its matches moved, and the teams
 * and players they named meanwhile, whose pages may show them still.
 */
export type JobKnowledge = { moved: MatchesMoved | null; formerly: { teams: string[]; players: string[] } };

/** What a job knows, and which pages a failure left behind (never left as they are by what moved). */
export type KnownMoves = JobKnowledge & { pending: (url: string) => boolean };

/**
 * For a job of `changes`: whether a page already shows what the job would render, so that it is left as it
 * is; null where no route can tell (then every page is rendered). Asked page by page as the job reaches it,
 * after the saved thing's own page is out (a hash costs a millisecond or more).
 *
 * Where the job knows what moved of its matches (`known.moved`), a page whose route says those columns
 * cannot change it is left without its hash, if its file is there and no earlier failure left it behind.
 */
export function shownAlready(
  db: Db,
  changes: Change[],
  read: (url: string) => Buffer | null,
  known: KnownMoves = { moved: null, formerly: { teams: [], players: [] }, pending: () => false },
  now = Date.now(),
): ((url: string) => boolean) | null {
  const decided = routesDecidedByInputs(changes);
  if (decided.length === 0) return null;
  // a team's two pages share one marker: read once (and whether they are unmoved, asked once)
  const markers = new Map<string, string | null>();
  const unmoved = new Map<string, boolean>();
  const once = <T>(memo: Map<string, T>, hit: NonNullable<ReturnType<typeof idOf>>, ask: () => T): T => {
    const key = `${hit.markerKey}\u0000${hit.id}`;
    if (!memo.has(key)) memo.set(key, ask());
    return memo.get(key)!;
  };
  // a new day, or a match's end two hours after its kick-off, moves what a page shows by date and time (a team's
  // next matches) whatever moved of the matches: the marker decides
  const moved = changes.some((change) => change.table === CALENDAR || change.table === TEAM_MATCH_END) ? null : known.moved;
  return (url) => {
    const hit = idOf(url, decided);
    if (!hit) return false;
    const ask = hit.route.inputs.unmoved;
    // only a file that carries a hash was rendered with what it shows (a page whose read failed has none)
    if (moved && ask && !known.pending(url) && carriesHash(read(url)) && once(unmoved, hit, () => askSafely(() => ask(db, hit.id, moved, now)))) return true;
    const marker = once(markers, hit, () => hit.route.inputs.marker(db, hit.id, now));
    return marker !== null && (read(url)?.includes(marker) ?? false);
  };
}

/** The published pages of the teams and players the job's matches named before (they may show them still). */
export function formerPages(known: JobKnowledge | undefined, exists: (url: string) => boolean): string[] {
  if (!known) return [];
  return ROUTES.flatMap((route) => (route.formerIds?.(known.formerly) ?? []).map((id) => route.pattern.replace(':id', encodeURIComponent(id))).filter(exists));
}

const HASH_ATTRIBUTE = Buffer.from(SHOWN_ATTRIBUTE);
const carriesHash = (file: Buffer | null) => file !== null && file.includes(HASH_ATTRIBUTE);

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

/** A question that cannot be answered (the database cannot be read) answers no: the hash decides, or the page renders. */
function askSafely(ask: () => boolean): boolean {
  try {
    return ask();
  } catch (error) {
    console.error('[publish] could not tell whether a page moved:', error);
    return false;
  }
}
