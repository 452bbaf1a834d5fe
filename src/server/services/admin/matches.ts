// matches for the admin (admin-area.md §2, §7): all matches by date ascending,
// create, update (every field, raising the iCalendar SEQUENCE), delete.
import { asc, eq, sql } from 'drizzle-orm';
import { getDb, type Db } from '../../db/client';
import { RefusedWrite, write } from '../../db/write';
import { matches, teams } from '../../db/schema';
import type { Change } from '../../publish/routes';
import { FIXTURE_LISTS } from '../../publish/pseudo-tables';
import type { MatchCreateData, MatchData, MatchEntry } from '../../../lib/schemas/match';
import { MATCH_DETAIL_ERRORS } from '../../../lib/schemas/match-details';
import { eventsOf, followScore, scoreFromEvents } from './match-details';
import { isRunningPhase } from '../../../lib/match-minute';
import { viennaDate } from '../../../lib/dates-de';
import { appClock } from '../../clock';

export const MATCH_NOT_FOUND = 'Dieses Spiel existiert nicht mehr.';

type MatchRow = typeof matches.$inferSelect;
const entry = (row: MatchRow): MatchEntry => ({
  id: row.id,
  home_team: row.home_team,
  away_team: row.away_team,
  match_date: row.match_date,
  match_time: row.match_time,
  location: row.location,
  competition: row.competition,
  season: row.season,
  matchday: row.matchday,
  home_score: row.home_score,
  away_score: row.away_score,
  status: row.status,
  notes: row.notes,
  match_type: row.match_type,
  sequence: row.sequence,
});
const changed = (id: string): Change[] => [{ table: 'matches', key: id }];
/**
 * A new or removed match, or one given other teams or another competition,
 * changes which filter pages list it; another date moves it on the latest
 * matches' line too (their share images, src/server/content/share.ts); another
 * season or competition moves it between league tables (routes-table.ts).
 */
const relisted = (id: string): Change[] => [...changed(id), { table: FIXTURE_LISTS }];
/** The fields whose change moves a match between lists (the form's and the import's, match-import.ts). */
export const RELISTING_FIELDS = ['home_team', 'away_team', 'competition', 'match_date', 'match_time', 'season'] as const;
const listedBy = (m: Pick<MatchRow, (typeof RELISTING_FIELDS)[number]>) => JSON.stringify(RELISTING_FIELDS.map((field) => (m[field] ?? '').trim()));

export function listMatches(db: Db = getDb()): MatchEntry[] {
  return db.select().from(matches).orderBy(asc(matches.match_date), asc(matches.match_time), asc(matches.created_at)).all().map(entry);
}

/**
 * A result typed on a match still 'Geplant' whose day has come ends it: the admin forgot the status, not the
 * result (the table counts it so already, decision 027). Kept 'Geplant', it held the 'Nächstes Spiel' badge
 * until midnight, was never the home page's 'Letztes Ergebnis' and was missing from its team's results.
 */
export function withResultStatus<M extends Pick<MatchData, 'status' | 'home_score' | 'away_score' | 'match_date'>>(
  input: M,
  today: string,
  before?: Pick<MatchRow, 'status' | 'home_score' | 'away_score'>,
): M {
  const played = input.status === 'scheduled' && input.home_score != null && input.away_score != null && input.match_date <= today;
  // an edit: only a result typed now. A mis-tapped Anpfiff set back to 'Geplant' carries the 0:0 the clock gave
  // it, and a later edit of its notes carried that 0:0 again: either ended a match that was never played
  const typedNow = !before || (before.status !== 'live' && (before.home_score !== input.home_score || before.away_score !== input.away_score));
  return played && typedNow ? { ...input, status: 'finished' } : input;
}

const today = () => viennaDate(new Date(appClock().now()));

export function createMatch(typed: MatchData & Partial<Pick<MatchCreateData, 'team_id' | 'team_side'>>, db: Db = getDb()) {
  const input = withResultStatus(typed, today());
  return write(
    'matches.createMatch',
    () => {
      if (input.team_id) {
        if (!db.select({ id: teams.id }).from(teams).where(eq(teams.id, input.team_id)).get()) throw new RefusedWrite(MATCH_DETAIL_ERRORS.unknownTeam, 'BAD_REQUEST');
        if (!input.team_side) throw new RefusedWrite(MATCH_DETAIL_ERRORS.sideRequired, 'BAD_REQUEST');
      }
      const ours = input.team_id ? { team_id: input.team_id, team_side: input.team_side } : { team_id: null, team_side: null };
      const row = db.insert(matches).values({ ...input, ...ours }).returning().get();
      return { row: entry(row), changes: relisted(row.id) };
    },
    db,
  );
}

/**
 * A score typed in for a match whose goals are entered would be counted over
 * at once: the admin is told where to change it instead of seeing it saved and
 * then gone. (A form opened before the last goal is refused before this as an
 * edit of an older version, decision 032.)
 */
function refuseScoreAgainstGoals(before: MatchRow, typed: MatchRow, db: Db) {
  const events = eventsOf(typed.id, db);
  if (!events.some((e) => e.type === 'goal')) return;
  if (typed.home_score === before.home_score && typed.away_score === before.away_score) return;
  const { home, away } = scoreFromEvents(events);
  if (typed.home_score !== home || typed.away_score !== away) throw new RefusedWrite(MATCH_DETAIL_ERRORS.scoreFromGoals(home, away), 'BAD_REQUEST');
}

/**
 * A live match set to another status (in the form or by an import) ends its clock there too: 'Beendet' is the
 * Abpfiff the admin forgot at the pitch, anything else (a kick-off pressed by mistake, a match called off in
 * play) sets it back to before the Anpfiff, its times kept (the next Anpfiff sets them anew). Else the page
 * kept a running half beside 'Beendet', and 'Spieltag' offered it again. Only on the change from 'live': a
 * later edit of a match whose status came back another way (a restored version) leaves its clock alone. A
 * match the clock ended ('Beendet' by the Abpfiff) and set back to before it is as one never kicked off.
 */
export function phaseAfterStatus(before: Pick<MatchRow, 'status' | 'live_phase'> | undefined, status: string | undefined): Partial<MatchRow> {
  if (!before || status === undefined || status === before.status || status === 'live') return {};
  if (before.status === 'live' && isRunningPhase(before.live_phase)) return { live_phase: status === 'finished' ? 'full_time' : 'not_started' };
  // Anpfiff and Abpfiff both pressed by mistake, then set back in the form: 'Spieltag' offers the Anpfiff again
  if (before.status === 'finished' && before.live_phase === 'full_time' && status !== 'finished') return { live_phase: 'not_started' };
  return {};
}

/**
 * The 0:0 the Anpfiff gave a match without a typed score (followScore) goes with the clock when a live match
 * is set back to before it (phaseAfterStatus: 'Geplant', or called off in play) and nobody scored or typed
 * another score: kept, the fixtures showed '0:0' on a match not played, and once its day had passed the
 * league table counted a draw (decision 027) and a later result typed there ended nothing.
 */
function clockScoreUndone(before: MatchRow, input: Pick<MatchData, 'home_score' | 'away_score'>, db: Db): Partial<MatchRow> {
  const clockScore = (m: Pick<MatchData, 'home_score' | 'away_score'>) => m.home_score === 0 && m.away_score === 0;
  if (!clockScore(before) || !clockScore(input) || eventsOf(before.id, db).some((e) => e.type === 'goal')) return {};
  return { home_score: null, away_score: null };
}

/** Every change raises SEQUENCE, so calendar apps replace their copy of the event (RFC 5545). */
export function updateMatch(id: string, typed: MatchData, db: Db = getDb()) {
  const day = today();
  return write(
    'matches.updateMatch',
    () => {
      const before = db.select().from(matches).where(eq(matches.id, id)).get();
      const input = withResultStatus(typed, day, before);
      const phase = phaseAfterStatus(before, input.status);
      const undone = before && phase.live_phase === 'not_started' ? clockScoreUndone(before, input, db) : {};
      const row = db
        .update(matches)
        .set({ ...input, ...phase, ...undone, sequence: sql`${matches.sequence} + 1`, updated_at: new Date().toISOString() })
        .where(eq(matches.id, id))
        .returning()
        .get();
      if (!row) throw new RefusedWrite(MATCH_NOT_FOUND, 'NOT_FOUND');
      refuseScoreAgainstGoals(before!, row, db);
      // a match with goal events keeps the score they give (issue 14, decision 026)
      followScore(id, db);
      const saved = db.select().from(matches).where(eq(matches.id, id)).get()!;
      return { row: entry(saved), changes: before && listedBy(before) === listedBy(saved) ? changed(id) : relisted(id) };
    },
    db,
  );
}

export function deleteMatch(id: string, db: Db = getDb()) {
  return write(
    'matches.deleteMatch',
    () => {
      const row = db.delete(matches).where(eq(matches.id, id)).returning().get();
      if (!row) throw new RefusedWrite(MATCH_NOT_FOUND, 'NOT_FOUND');
      return { row: entry(row), changes: relisted(id) };
    },
    db,
  );
}
