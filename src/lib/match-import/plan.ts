// The review before anything is written: each imported match is new, changed
// (with its field differences) or unchanged; a match of two other clubs goes
// to its league's results, or is skipped when no league for its competition
// and season exists. Re-importing the same file finds every match by its key
// and so plans nothing (docs/decisions/029-match-import.md).
import type { ImportedMatch, ImportProblem } from './types';
import { MATCH_IMPORT_TEXTS as T } from './texts';
import { normalizeTeamName, stableHash } from './values';

type Value = string | number | null;

export type ExistingMatch = {
  id: string;
  match_date: string;
  match_time: string | null;
  home_team: string;
  away_team: string;
  home_score: number | null;
  away_score: number | null;
  location: string | null;
  competition: string | null;
  season: string | null;
  matchday: number | null;
  status: string;
  team_id: string | null;
  team_side: string | null;
  external_key: string | null;
  /** goals recorded for it: they give its score, which the import leaves as it is (decision 026) */
  has_goals?: boolean;
};
export type ExistingLeague = { id: string; competition: string; season: string; our_team_name: string | null };
export type ExistingLeagueResult = {
  id: string;
  league_id: string;
  external_key: string | null;
  match_date: string | null;
  matchday: number | null;
  home_team: string;
  away_team: string;
  home_score: number | null;
  away_score: number | null;
};

export type PlanContext = {
  /** the club's names (short, long, and its name in each league) */
  clubNames: string[];
  /** the team the imported matches of our club belong to, if the admin chose one */
  teamId: string | null;
  matches: ExistingMatch[];
  leagues: ExistingLeague[];
  leagueResults: ExistingLeagueResult[];
};

export type FieldDiff = { field: string; before: Value; after: Value };
export type PlanKind = 'new' | 'changed' | 'unchanged' | 'league_new' | 'league_changed' | 'league_unchanged' | 'skipped';
export type PlanItem = {
  kind: PlanKind;
  key: string;
  match: ImportedMatch;
  /** the row that exists (matches.id or league_results.id) */
  id?: string;
  leagueId?: string;
  /** what is written: all columns for a new row, only the differing ones for a change */
  values?: Record<string, Value>;
  diffs?: FieldDiff[];
};
export type ImportPlan = {
  items: PlanItem[];
  problems: ImportProblem[];
  counts: Record<PlanKind, number>;
  /** names what would be written, so that 'Übernehmen' writes only what was reviewed */
  fingerprint: string;
};

const MAX_KEY = 200;

/** The stable key of an imported match: the source's id, else a hash of date, teams and competition. */
export function importKey(match: Pick<ImportedMatch, 'sourceId' | 'match_date' | 'home_team' | 'away_team' | 'competition'>): string {
  const id = match.sourceId?.trim();
  if (id) return id.length + 3 <= MAX_KEY ? `id:${id}` : `id#${stableHash(id)}`;
  const parts = [match.match_date, normalizeTeamName(match.home_team), normalizeTeamName(match.away_team), normalizeTeamName(match.competition)];
  return `h:${stableHash(parts.join('|'))}`;
}

/** Is this side our club? Its name contains one of the club's names as whole words ('SV Kirchberg II'). */
export function isClubName(name: string, clubNames: string[]): boolean {
  const padded = ` ${normalizeTeamName(name)} `;
  return clubNames.some((club) => {
    const n = normalizeTeamName(club);
    return n !== '' && padded.includes(` ${n} `);
  });
}

const natural = (date: string | null, home: string, away: string) => `${date}|${normalizeTeamName(home)}|${normalizeTeamName(away)}`;

function diffOf(current: Record<string, Value>, wanted: Record<string, Value | undefined>): FieldDiff[] {
  const diffs: FieldDiff[] = [];
  for (const [field, after] of Object.entries(wanted)) {
    if (after === undefined) continue;
    const before = current[field] ?? null;
    if (before !== after) diffs.push({ field, before, after });
  }
  return diffs;
}

/**
 * The status an import writes to a stored match; undefined keeps the stored one.
 * A result is news whatever the match was. A played or running match is never
 * taken back to planned, cancelled or postponed. 'scheduled' lifts nothing: no
 * source says 'this match is on' – a calendar's STATUS:CONFIRMED is what
 * generators write on every event (our own feed too), and the club hears of a
 * cancellation before the portal shows it, so a weekly re-import made a
 * cancelled match 'Nächstes Spiel' again. A CSV has no status column at all
 * (only a result makes it 'finished'); one added later would be a statement
 * and should get a value of its own. The one exception is a new day for the
 * match: a postponed or cancelled match the source has put on another day is
 * on again there.
 */
function importedStatus(m: ImportedMatch, existing: ExistingMatch): Value | undefined {
  if (!m.status || m.status === 'finished') return m.status;
  if (existing.status === 'live' || existing.status === 'finished') return undefined;
  if (m.status !== 'scheduled') return m.status;
  const setAside = existing.status === 'cancelled' || existing.status === 'postponed';
  return setAside && existing.match_date !== m.match_date ? 'scheduled' : undefined;
}

/** The match columns the source says something about (undefined: it does not). */
function matchFields(m: ImportedMatch, existing: ExistingMatch | null): Record<string, Value | undefined> {
  const status = existing ? importedStatus(m, existing) : m.status;
  return {
    match_date: m.match_date,
    match_time: m.match_time,
    home_team: m.home_team,
    away_team: m.away_team,
    home_score: m.home_score,
    away_score: m.away_score,
    location: m.location,
    competition: m.competition,
    season: m.season,
    matchday: m.matchday,
    status,
  };
}

function planOurs(m: ImportedMatch, key: string, ctx: PlanContext, lookup: { byKey: Map<string, ExistingMatch>; byNatural: Map<string, ExistingMatch>; claimed: Set<string> }): PlanItem {
  const teamSide = ctx.teamId ? (isClubName(m.home_team, ctx.clubNames) ? 'home' : 'away') : undefined;
  const byNatural = lookup.byNatural.get(natural(m.match_date, m.home_team, m.away_team));
  // a match typed in by hand is linked to one imported match only (two source ids for one pairing stay two)
  const existing = lookup.byKey.get(key) ?? (byNatural && !lookup.claimed.has(byNatural.id) ? byNatural : undefined);
  if (existing) lookup.claimed.add(existing.id);
  if (!existing) {
    const fields = matchFields(m, null);
    const values: Record<string, Value> = { location: null, match_time: null, matchday: null, home_score: null, away_score: null };
    for (const [field, value] of Object.entries(fields)) if (value !== undefined) values[field] = value;
    Object.assign(values, { status: m.status ?? 'scheduled', external_key: key, team_id: ctx.teamId, team_side: teamSide ?? null });
    return { kind: 'new', key, match: m, values };
  }
  const wanted = { ...matchFields(m, existing), external_key: key, team_id: ctx.teamId ?? undefined, team_side: teamSide };
  // a match with goals keeps the score they give, as the form's save does: an imported 7:7 beside two goals
  // stood on the page until the next goal put the counted score back
  if (existing.has_goals) Object.assign(wanted, { home_score: undefined, away_score: undefined });
  const diffs = diffOf(existing as unknown as Record<string, Value>, wanted);
  if (diffs.length === 0) return { kind: 'unchanged', key, match: m, id: existing.id };
  return { kind: 'changed', key, match: m, id: existing.id, diffs, values: Object.fromEntries(diffs.map((d) => [d.field, d.after])) };
}

/** The league of this competition and season, their names compared loosely ('2026-27' is '2026/27'). */
function leagueOf(m: ImportedMatch, leagues: ExistingLeague[]): ExistingLeague | undefined {
  return leagues.find((l) => normalizeTeamName(l.competition) === normalizeTeamName(m.competition) && normalizeTeamName(l.season) === normalizeTeamName(m.season));
}

/**
 * The match with its league's spelling of competition and season: the table
 * counts our matches by the exact names, so a file writing '2026-27' for the
 * league's '2026/27' would have put them beside the table instead of in it.
 */
function inLeagueSpelling(m: ImportedMatch, leagues: ExistingLeague[]): ImportedMatch {
  const league = leagueOf(m, leagues);
  return league ? { ...m, competition: league.competition, season: league.season } : m;
}

function planForeign(m: ImportedMatch, key: string, ctx: PlanContext): PlanItem {
  const league = leagueOf(m, ctx.leagues);
  if (!league) return { kind: 'skipped', key, match: m };
  const results = ctx.leagueResults.filter((r) => r.league_id === league.id);
  const existing =
    results.find((r) => r.external_key === key) ??
    results.find((r) => r.external_key === null && natural(r.match_date, r.home_team, r.away_team) === natural(m.match_date, m.home_team, m.away_team));
  const wanted = {
    match_date: m.match_date,
    matchday: m.matchday,
    home_team: m.home_team,
    away_team: m.away_team,
    home_score: m.home_score,
    away_score: m.away_score,
  };
  if (!existing) {
    const values: Record<string, Value> = { matchday: null, home_score: null, away_score: null };
    for (const [field, value] of Object.entries(wanted)) if (value !== undefined) values[field] = value;
    return { kind: 'league_new', key, match: m, leagueId: league.id, values: { ...values, league_id: league.id, external_key: key } };
  }
  const diffs = diffOf(existing as unknown as Record<string, Value>, { ...wanted, external_key: key });
  if (diffs.length === 0) return { kind: 'league_unchanged', key, match: m, id: existing.id, leagueId: league.id };
  return { kind: 'league_changed', key, match: m, id: existing.id, leagueId: league.id, diffs, values: Object.fromEntries(diffs.map((d) => [d.field, d.after])) };
}

const WRITES: PlanKind[] = ['new', 'changed', 'league_new', 'league_changed'];

/** Whether an item of this kind writes a row. */
export const planWrites = (kind: PlanKind) => WRITES.includes(kind);

/** What importing these matches would do to the data as it is now. Pure: nothing is written. */
export function planImport(imported: ImportedMatch[], problems: ImportProblem[], ctx: PlanContext): ImportPlan {
  const clubNames = [...ctx.clubNames, ...ctx.leagues.map((l) => l.our_team_name ?? '')].filter((n) => n.trim() !== '');
  const context = { ...ctx, clubNames };
  const byKey = new Map(ctx.matches.filter((m) => m.external_key).map((m) => [m.external_key!, m]));
  const byNatural = new Map(ctx.matches.filter((m) => !m.external_key).map((m) => [natural(m.match_date, m.home_team, m.away_team), m]));
  const seen = new Set<string>();
  const claimed = new Set<string>();
  const items: PlanItem[] = [];
  const allProblems = [...problems];
  for (const m of imported.map((match) => inLeagueSpelling(match, ctx.leagues))) {
    const key = importKey(m);
    if (seen.has(key)) {
      allProblems.push({ line: m.line, message: T.rowDuplicate(m.line) });
      continue;
    }
    seen.add(key);
    const ours = isClubName(m.home_team, clubNames) || isClubName(m.away_team, clubNames);
    items.push(ours ? planOurs(m, key, context, { byKey, byNatural, claimed }) : planForeign(m, key, context));
  }
  const counts = { new: 0, changed: 0, unchanged: 0, league_new: 0, league_changed: 0, league_unchanged: 0, skipped: 0 } as Record<PlanKind, number>;
  for (const item of items) counts[item.kind] += 1;
  // what is written and what it replaces: an admin's edit after the review (15:00 shown, 18:45 typed since)
  // changes the plan's fingerprint too, so the apply is refused as stale instead of overwriting it unseen
  const writes = items.filter((i) => planWrites(i.kind)).map((i) => [i.kind, i.key, i.id ?? null, i.values ?? null, i.diffs?.map((d) => d.before) ?? null]);
  return { items, problems: allProblems.sort((a, b) => a.line - b.line), counts, fingerprint: stableHash(JSON.stringify(writes)) };
}
