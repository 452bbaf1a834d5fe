// Importing fixtures and results (issue 14, item 7): a CSV file (through the
// admin's column mapping), an iCalendar file, or a league portal's calendar
// address. Nothing is written before the admin has seen the review; 'Übernehmen'
// plans again inside the one write transaction and refuses when the plan is no
// longer the one reviewed (docs/decisions/029-match-import.md).
import { asc, eq, sql } from 'drizzle-orm';
import { getDb, type Db } from '../../db/client';
import { RefusedWrite, write } from '../../db/write';
import { leagueResults, leagues, matchEvents, matches, teams } from '../../db/schema';
import type { Change } from '../../publish/routes';
import { FIXTURE_LISTS } from '../../publish/pseudo-tables';
import { DEFAULT_CLUB_SETTINGS, storedClubSettings } from '../../content/club';
import { csvRowsToMatches, guessColumnMapping, readCsvTable } from '../../../lib/match-import/csv';
import { icalToMatches } from '../../../lib/match-import/ical';
import { planImport, type PlanContext } from '../../../lib/match-import/plan';
import { MATCH_IMPORT_TEXTS as T } from '../../../lib/match-import/texts';
import type { ImportInspection, ImportResult, ImportReview, ReadResult, TeamChoice } from '../../../lib/match-import/types';
import type { ImportSource, MatchImportApplyInput, MatchImportReviewInput } from '../../../lib/schemas/match-import';
import { fetchCalendarText } from './match-import-fetch';
import { RELISTING_FIELDS, phaseAfterStatus } from './matches';
import { germanOrder } from '../../db/german-order';

/** A source that cannot be read or fetched is the admin's input: a German 400, never a 500. */
function asRefusal(error: unknown): unknown {
  const name = error instanceof Error ? error.name : '';
  return name === 'ImportReadError' || name === 'ImportFetchRefused' ? new RefusedWrite((error as Error).message, 'BAD_REQUEST') : error;
}

async function sourceText(source: ImportSource): Promise<{ format: 'csv' | 'ical'; text: string }> {
  if (source.kind === 'url') return { format: 'ical', text: await fetchCalendarText(source.url) };
  return { format: source.kind, text: source.text };
}

async function readSource(input: MatchImportReviewInput): Promise<ReadResult> {
  try {
    const { format, text } = await sourceText(input.source);
    const defaults = { competition: input.competition, season: input.season };
    if (format === 'ical') return icalToMatches(text, defaults);
    const table = readCsvTable(text);
    return csvRowsToMatches(table, input.mapping ?? guessColumnMapping(table.headers), defaults);
  } catch (error) {
    throw asRefusal(error);
  }
}

const teamChoices = (db: Db): TeamChoice[] => db.select({ id: teams.id, name: teams.name }).from(teams).orderBy(asc(teams.display_order), germanOrder(teams.name)).all();

/** The matches, each marked when goals were recorded for it (their score is the goals'). */
function withGoals<M extends { id: string }>(db: Db, rows: M[]): (M & { has_goals: boolean })[] {
  const scored = new Set(db.selectDistinct({ id: matchEvents.match_id }).from(matchEvents).where(eq(matchEvents.type, 'goal')).all().map((r) => r.id));
  return rows.map((row) => ({ ...row, has_goals: scored.has(row.id) }));
}

function planContext(db: Db, teamId: string | null): PlanContext {
  if (teamId && !db.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId)).get()) throw new RefusedWrite(T.teamGone, 'NOT_FOUND');
  const club = storedClubSettings(db) ?? DEFAULT_CLUB_SETTINGS;
  return {
    clubNames: [club.short_name, club.long_name],
    teamId,
    matches: withGoals(db, db.select().from(matches).all()),
    leagues: db.select({ id: leagues.id, competition: leagues.competition, season: leagues.season, our_team_name: leagues.our_team_name }).from(leagues).all(),
    leagueResults: db.select().from(leagueResults).all(),
  };
}

/** What a source holds: a CSV's header, first rows and guessed mapping, or a calendar's number of events. */
export async function inspectMatchImport(source: ImportSource, db: Db = getDb()): Promise<ImportInspection> {
  try {
    const { format, text } = await sourceText(source);
    if (format === 'ical') return { format, eventCount: icalToMatches(text, { competition: '-', season: '-' }).matches.length, teams: teamChoices(db) };
    const table = readCsvTable(text);
    return { format, headers: table.headers, sample: table.rows.slice(0, 5), rowCount: table.rows.length, mapping: guessColumnMapping(table.headers), teams: teamChoices(db) };
  } catch (error) {
    throw asRefusal(error);
  }
}

/** The review: what 'Übernehmen' would write. Writes nothing. */
export async function reviewMatchImport(input: MatchImportReviewInput, db: Db = getDb()): Promise<ImportReview> {
  const read = await readSource(input);
  const plan = planImport(read.matches, read.problems, planContext(db, input.team_id));
  const items = plan.items.map(({ kind, key, match: m, diffs }) => ({
    kind,
    key,
    line: m.line,
    match_date: m.match_date,
    match_time: m.match_time ?? null,
    home_team: m.home_team,
    away_team: m.away_team,
    score: m.home_score != null && m.away_score != null ? `${m.home_score}:${m.away_score}` : null,
    competition: m.competition,
    season: m.season,
    setAside: m.status === 'cancelled' || m.status === 'postponed' ? m.status : null,
    diffs: diffs ?? [],
  }));
  return { counts: plan.counts, problems: plan.problems, fingerprint: plan.fingerprint, items };
}

/** Writes the reviewed plan in one transaction; refuses when the plan changed since the review. */
export async function applyMatchImport(input: MatchImportApplyInput, db: Db = getDb()): Promise<{ result: ImportResult; changes: Change[] }> {
  const read = await readSource(input);
  return write(
    'matchImport.apply',
    (tx) => {
      const plan = planImport(read.matches, read.problems, planContext(tx, input.team_id));
      if (plan.fingerprint !== input.fingerprint) throw new RefusedWrite(T.stale, 'BAD_REQUEST');
      const changes: Change[] = [];
      const result: ImportResult = { created: 0, updated: 0, leagueResults: 0 };
      const touchedLeagues = new Set<string>();
      for (const item of plan.items) {
        // the plan's columns are named after the tables' own (plan.ts)
        const values = (item.values ?? {}) as Record<string, unknown>;
        if (item.kind === 'new') {
          const row = tx.insert(matches).values(values as unknown as typeof matches.$inferInsert).returning({ id: matches.id }).get();
          changes.push({ table: 'matches', key: row.id });
          result.created += 1;
        } else if (item.kind === 'changed') {
          // a result imported for a match still live at the pitch ends its clock, as the form's does
          const before = tx.select({ status: matches.status, live_phase: matches.live_phase }).from(matches).where(eq(matches.id, item.id!)).get();
          const phase = phaseAfterStatus(before, typeof values.status === 'string' ? values.status : undefined);
          tx.update(matches)
            .set({ ...(values as Partial<typeof matches.$inferInsert>), ...phase, sequence: sql`${matches.sequence} + 1`, updated_at: new Date().toISOString() })
            .where(eq(matches.id, item.id!))
            .run();
          changes.push({ table: 'matches', key: item.id! });
          result.updated += 1;
        } else if (item.kind === 'league_new' || item.kind === 'league_changed') {
          if (item.kind === 'league_new') tx.insert(leagueResults).values(values as unknown as typeof leagueResults.$inferInsert).run();
          else tx.update(leagueResults).set(values as Partial<typeof leagueResults.$inferInsert>).where(eq(leagueResults.id, item.id!)).run();
          touchedLeagues.add(item.leagueId!);
          result.leagueResults += 1;
        }
      }
      // a new match, or one moved to another day, time, team, competition or season, changes the fixtures'
      // filter and season pages and the league tables, as the form's save does (RELISTING_FIELDS)
      const relisting = new Set<string>(RELISTING_FIELDS);
      if (plan.items.some((i) => i.kind === 'new' || i.diffs?.some((d) => relisting.has(d.field)))) {
        changes.push({ table: FIXTURE_LISTS });
      }
      for (const leagueId of touchedLeagues) changes.push({ table: 'league_results', key: leagueId });
      return { result, changes };
    },
    db,
  );
}
