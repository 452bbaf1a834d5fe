// 'Tabellen' (issue 14): the leagues per competition and season, the other
// teams' results of a computed league, and the pasted table of an entered one.
// Every write reports the league's id, so that /tabelle and /tabelle/{id} are
// republished (src/server/publish/routes-table.ts).
import { and, asc, count, eq, isNotNull, sql } from 'drizzle-orm';
import { getDb, type Db } from '../../db/client';
import { RefusedWrite, write } from '../../db/write';
import { leagueResults, leagues, matches, standings, teams } from '../../db/schema';
import type { Change } from '../../publish/routes';
import { changesOfRows } from '../../publish/row-changes';
import { leagueTableById, STANDINGS_ORDER } from '../../content/league-tables';
import { parseStandings } from '../../../lib/standings-paste';
import { cleanTieBreakers } from '../../../lib/league-table';
import {
  LEAGUE_TEXTS as T,
  type LeagueData,
  type LeagueDetail,
  type LeagueEntry,
  type LeagueResultData,
  type LeagueResultEntry,
  type LeaguesOverview,
} from '../../../lib/schemas/league';
import { germanOrder } from '../../db/german-order';
import { compareSeasonsNewestFirst, seasonSlug } from '../../../lib/fixtures';

type LeagueRow = typeof leagues.$inferSelect;

const changed = (table: 'leagues' | 'league_results' | 'standings', leagueId: string): Change[] => [{ table, key: leagueId }];

function entry(row: LeagueRow, results: number, rows: number): LeagueEntry {
  return {
    id: row.id,
    competition: row.competition,
    season: row.season,
    mode: row.mode,
    points_win: row.points_win,
    points_draw: row.points_draw,
    points_loss: row.points_loss,
    tie_breakers: cleanTieBreakers(row.tie_breakers),
    our_team_name: row.our_team_name,
    team_id: row.team_id,
    results,
    standings: rows,
  };
}

function countsBy(db: Db, table: typeof leagueResults | typeof standings): Map<string, number> {
  const rows = db.select({ league: table.league_id, n: count() }).from(table).groupBy(table.league_id).all();
  return new Map(rows.map((r) => [r.league, r.n]));
}

/** The leagues, the competitions and seasons of the fixtures (with their league if any), and our teams. */
export function listLeagues(db: Db = getDb()): LeaguesOverview {
  const results = countsBy(db, leagueResults);
  const rows = countsBy(db, standings);
  // newest season first by the year it names (seasons are typed by hand: 'Winter 2026' is no newer than '2026/27')
  const all = db.select().from(leagues).orderBy(asc(leagues.competition)).all().sort((a, b) => compareSeasonsNewestFirst(a.season, b.season));
  const found = db
    .select({ competition: matches.competition, season: matches.season, n: count() })
    .from(matches)
    .where(and(isNotNull(matches.competition), isNotNull(matches.season)))
    .groupBy(matches.competition, matches.season)
    .orderBy(sql`${matches.season} DESC`, asc(matches.competition))
    .all();
  return {
    leagues: all.map((l) => entry(l, results.get(l.id) ?? 0, rows.get(l.id) ?? 0)),
    candidates: oneCandidatePerSeason(found.filter((c) => c.competition!.trim() !== '' && c.season!.trim() !== '')).map((c) => ({
      ...c,
      leagueId: all.find((l) => l.competition === c.competition && seasonSlug(l.season) === seasonSlug(c.season))?.id ?? null,
    })),
    teams: db.select({ id: teams.id, name: teams.name }).from(teams).orderBy(asc(teams.display_order), germanOrder(teams.name)).all(),
  };
}

/**
 * A competition's season once, however its matches spell it ('2026/27' and '2026-27' are one, as the tables
 * and the fixtures count them): its matches summed, under the spelling listed first (the newest).
 */
function oneCandidatePerSeason(found: { competition: string | null; season: string | null; n: number }[]): { competition: string; season: string; matches: number }[] {
  const bySeason = new Map<string, { competition: string; season: string; matches: number }>();
  for (const c of found) {
    const key = `${c.competition}\u0000${seasonSlug(c.season!)}`;
    const known = bySeason.get(key);
    if (known) known.matches += c.n;
    else bySeason.set(key, { competition: c.competition!, season: c.season!, matches: c.n });
  }
  return [...bySeason.values()];
}

function checkTeam(tx: Db, teamId: string | null) {
  if (teamId && !tx.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId)).get()) throw new RefusedWrite(T.unknownTeam);
}

function checkUnique(tx: Db, data: LeagueData, except?: string) {
  // a season spelt otherwise is the same one: two leagues would count the same matches
  const season = seasonSlug(data.season);
  const other = tx
    .select({ id: leagues.id, season: leagues.season })
    .from(leagues)
    .where(eq(leagues.competition, data.competition))
    .all()
    .find((league) => seasonSlug(league.season) === season && league.id !== except);
  if (other) throw new RefusedWrite(T.duplicate);
}

export function createLeague(data: LeagueData, db: Db = getDb()) {
  return write(
    'leagues.createLeague',
    (tx) => {
      checkUnique(tx, data);
      checkTeam(tx, data.team_id);
      const row = tx.insert(leagues).values(data).returning().get();
      return { row: entry(row, 0, 0), changes: changed('leagues', row.id) };
    },
    db,
  );
}

export function updateLeague(id: string, data: LeagueData, db: Db = getDb()) {
  return write(
    'leagues.updateLeague',
    (tx) => {
      checkUnique(tx, data, id);
      checkTeam(tx, data.team_id);
      const before = tx.select({ id: leagues.id, team_id: leagues.team_id }).from(leagues).where(eq(leagues.id, id)).get();
      const row = tx
        .update(leagues)
        .set({ ...data, updated_at: new Date().toISOString() })
        .where(eq(leagues.id, id))
        .returning()
        .get();
      if (!row) throw new RefusedWrite(T.notFound, 'NOT_FOUND');
      // given to another team, the old team's pages lose their link too: the same rule as a restore's
      const changes = changesOfRows('leagues', before, row);
      return { row: entry(row, countsBy(tx, leagueResults).get(id) ?? 0, countsBy(tx, standings).get(id) ?? 0), changes };
    },
    db,
  );
}

/** Deletes the league with its results and pasted rows (the foreign keys cascade). */
export function deleteLeague(id: string, db: Db = getDb()) {
  return write(
    'leagues.deleteLeague',
    (tx) => {
      const row = tx.delete(leagues).where(eq(leagues.id, id)).returning().get();
      if (!row) throw new RefusedWrite(T.notFound, 'NOT_FOUND');
      return { row: entry(row, 0, 0), changes: changed('leagues', id) };
    },
    db,
  );
}

function leagueExists(tx: Db, id: string) {
  if (!tx.select({ id: leagues.id }).from(leagues).where(eq(leagues.id, id)).get()) throw new RefusedWrite(T.notFound, 'NOT_FOUND');
}

const resultEntry = (r: typeof leagueResults.$inferSelect): LeagueResultEntry => ({
  id: r.id,
  league_id: r.league_id,
  matchday: r.matchday,
  match_date: r.match_date,
  home_team: r.home_team,
  away_team: r.away_team,
  home_score: r.home_score,
  away_score: r.away_score,
});

/** One league's results, pasted rows and the table as the site shows it. */
export function leagueDetail(id: string, db: Db = getDb()): LeagueDetail {
  const results = db
    .select()
    .from(leagueResults)
    .where(eq(leagueResults.league_id, id))
    .orderBy(sql`${leagueResults.matchday} IS NULL`, asc(leagueResults.matchday), asc(leagueResults.match_date), asc(leagueResults.created_at))
    .all()
    .map(resultEntry);
  const rows = db
    .select()
    .from(standings)
    .where(eq(standings.league_id, id))
    .orderBy(...STANDINGS_ORDER)
    .all()
    .map(({ id: _id, league_id: _league, ...rest }) => rest);
  const view = leagueTableById(db, id);
  if (!view) throw new RefusedWrite(T.notFound, 'NOT_FOUND');
  return { results, standings: rows, table: view.rows, ourTeam: view.ourTeam };
}

export function createResult(data: LeagueResultData, db: Db = getDb()) {
  return write(
    'leagues.createResult',
    (tx) => {
      leagueExists(tx, data.league_id);
      const row = tx.insert(leagueResults).values(data).returning().get();
      return { row: resultEntry(row), changes: changed('league_results', data.league_id) };
    },
    db,
  );
}

export function updateResult(id: string, data: LeagueResultData, db: Db = getDb()) {
  return write(
    'leagues.updateResult',
    (tx) => {
      const before = tx.select().from(leagueResults).where(eq(leagueResults.id, id)).get();
      if (!before) throw new RefusedWrite(T.resultNotFound, 'NOT_FOUND');
      leagueExists(tx, data.league_id);
      const row = tx.update(leagueResults).set(data).where(eq(leagueResults.id, id)).returning().get()!;
      const changes = changed('league_results', data.league_id);
      if (before.league_id !== data.league_id) changes.push(...changed('league_results', before.league_id));
      return { row: resultEntry(row), changes };
    },
    db,
  );
}

export function deleteResult(id: string, db: Db = getDb()) {
  return write(
    'leagues.deleteResult',
    (tx) => {
      const row = tx.delete(leagueResults).where(eq(leagueResults.id, id)).returning().get();
      if (!row) throw new RefusedWrite(T.resultNotFound, 'NOT_FOUND');
      return { row: resultEntry(row), changes: changed('league_results', row.league_id) };
    },
    db,
  );
}

/** Replaces an entered league's rows with a pasted table: every row or, on any fault, none (a German message). */
export function pasteStandings(leagueId: string, text: string, db: Db = getDb()) {
  const parsed = parseStandings(text);
  if (!parsed.ok) throw new RefusedWrite(parsed.message);
  return write(
    'leagues.pasteStandings',
    (tx) => {
      leagueExists(tx, leagueId);
      // a team's row is kept and updated (not the whole table deleted and written again): each weekly paste put
      // every row into the trash, whose list could then lose a real delete behind them; a team gone is deleted
      const unused = new Map<string, string[]>();
      for (const r of tx.select({ id: standings.id, team_name: standings.team_name }).from(standings).where(eq(standings.league_id, leagueId)).all()) {
        unused.set(r.team_name, [...(unused.get(r.team_name) ?? []), r.id]);
      }
      for (const row of parsed.rows) {
        const rowId = unused.get(row.team_name)?.shift();
        if (rowId) tx.update(standings).set(row).where(eq(standings.id, rowId)).run();
        else tx.insert(standings).values({ ...row, league_id: leagueId }).run();
      }
      for (const rowId of [...unused.values()].flat()) tx.delete(standings).where(eq(standings.id, rowId)).run();
      return { row: { id: leagueId, count: parsed.rows.length }, changes: changed('standings', leagueId) };
    },
    db,
  );
}
