// A match's details for the admin (issue 14): our team and side, the line-up,
// the events by minute and the report (the events' writes: match-events.ts). Goals decide the score: once a match has
// goal events (or has kicked off), home_score/away_score are counted from them
// (docs/decisions/026). Each save names the match, and its events or line-up,
// so that /spiel/{id}, the fixtures, the home page and the table/player pages
// that read these tables are published again.
import { asc, desc, eq, sql } from 'drizzle-orm';
import { getDb, type Db } from '../../db/client';
import { RefusedWrite, write } from '../../db/write';
import { matchEvents, matchLineups, matches, players, teams } from '../../db/schema';
import type { Change } from '../../publish/routes';
import { FIXTURE_LISTS } from '../../publish/pseudo-tables';
import { HALF_MINUTES, matchTimeOrder } from '../../../lib/match-minute';
import {
  MATCH_DETAIL_ERRORS as E,
  lineupProblems,
  type GoalKind,
  type LineupData,
  type MatchDetailsEntry,
  type MatchEventEntry,
  type ReportData,
  type Side,
} from '../../../lib/schemas/match-details';
import { MATCH_NOT_FOUND } from './matches';
import { germanOrder } from '../../db/german-order';
import { appClock } from '../../clock';
import { viennaMoment } from '../../../lib/dates-de';
import { isPastMatch } from '../../../lib/fixtures';

type MatchRow = typeof matches.$inferSelect;
export type EventRow = typeof matchEvents.$inferSelect;

export const otherSide = (side: Side): Side => (side === 'home' ? 'away' : 'home');

/** The side an event counts for: an own goal counts for the other side than the scorer's. */
export function countingSide(type: EventRow['type'], goalKind: GoalKind | null, playerSide: Side): Side {
  return type === 'goal' && goalKind === 'own_goal' ? otherSide(playerSide) : playerSide;
}

/** The score from the goal events (each goal's `side` is the side it counts for). */
export function scoreFromEvents(events: readonly Pick<EventRow, 'type' | 'side'>[]): { home: number; away: number } {
  let home = 0;
  let away = 0;
  for (const e of events) {
    if (e.type !== 'goal') continue;
    if (e.side === 'home') home += 1;
    else away += 1;
  }
  return { home, away };
}

export const matchChanges = (matchId: string, ...tables: ('match_events' | 'match_lineups')[]): Change[] => [
  { table: 'matches', key: matchId },
  ...tables.map((table) => ({ table, key: matchId })),
];

export function matchRow(matchId: string, db: Db): MatchRow {
  const row = db.select().from(matches).where(eq(matches.id, matchId)).get();
  if (!row) throw new RefusedWrite(MATCH_NOT_FOUND, 'NOT_FOUND');
  return row;
}

export const eventEntry = (e: EventRow): MatchEventEntry => ({
  id: e.id,
  type: e.type,
  side: e.side,
  minute: e.minute,
  added_time: e.added_time,
  goal_kind: e.goal_kind,
  player_id: e.player_id,
  player_name: e.player_name,
  related_player_id: e.related_player_id,
  related_player_name: e.related_player_name,
  created_at: e.created_at,
});

export function eventsOf(matchId: string, db: Db): EventRow[] {
  const events = db.select().from(matchEvents).where(eq(matchEvents.match_id, matchId)).all();
  // a youth team's break comes at its own half's end (a substitution at half time follows its stoppage time)
  return events.sort(matchTimeOrder(events.length > 1 ? halfMinutesOf(matchRow(matchId, db), db) : HALF_MINUTES));
}

/** Minutes of one half of this match: our team's; 45 without a team. */
export function halfMinutesOf(m: MatchRow, db: Db): number {
  if (!m.team_id) return HALF_MINUTES;
  return db.select({ half: teams.half_minutes }).from(teams).where(eq(teams.id, m.team_id)).get()?.half ?? HALF_MINUTES;
}

/** Everything the editor shows of one match, with the players of our team to pick from. */
export function readMatchDetails(matchId: string, db: Db = getDb()): MatchDetailsEntry {
  const m = matchRow(matchId, db);
  const teamPlayers = m.team_id
    ? db.select().from(players).where(eq(players.team_id, m.team_id)).orderBy(asc(players.jersey_number), germanOrder(players.name)).all()
    : [];
  const names = new Map(db.select({ id: players.id, name: players.name }).from(players).all().map((p) => [p.id, p.name]));
  const lineup = db
    .select()
    .from(matchLineups)
    .where(eq(matchLineups.match_id, matchId))
    .orderBy(asc(matchLineups.display_order))
    .all()
    .map((l) => ({ player_id: l.player_id, name: names.get(l.player_id) ?? '', role: l.role, jersey_number: l.jersey_number }));
  return {
    id: m.id,
    home_team: m.home_team,
    away_team: m.away_team,
    match_date: m.match_date,
    match_time: m.match_time,
    location: m.location,
    competition: m.competition,
    status: m.status,
    home_score: m.home_score,
    away_score: m.away_score,
    team_id: m.team_id,
    team_side: m.team_side,
    opponent_lineup: m.opponent_lineup,
    report: m.report,
    report_images: m.report_images,
    live_phase: m.live_phase,
    kickoff_at: m.kickoff_at,
    second_half_at: m.second_half_at,
    half_minutes: halfMinutesOf(m, db),
    lineup,
    events: eventsOf(matchId, db).map(eventEntry),
    last_event_id: lastEntered(matchId, db)?.id ?? null,
    players: teamPlayers.map((p) => ({ id: p.id, name: p.name, jersey_number: p.jersey_number, position: p.position })),
    teams: db.select({ id: teams.id, name: teams.name }).from(teams).orderBy(asc(teams.display_order)).all(),
  };
}

/** Our team, its side and the line-ups; the line-up is replaced as a whole. */
export function saveLineup(input: LineupData, db: Db = getDb()) {
  return write(
    'matchDetails.saveLineup',
    () => {
      const before = matchRow(input.match_id, db);
      if (input.team_id && !db.select({ id: teams.id }).from(teams).where(eq(teams.id, input.team_id)).get()) {
        throw new RefusedWrite(E.unknownTeam, 'BAD_REQUEST');
      }
      if (input.team_id && !input.team_side) throw new RefusedWrite(E.sideRequired, 'BAD_REQUEST');
      if (!input.team_id && input.players.length > 0) throw new RefusedWrite(E.noTeam, 'BAD_REQUEST');
      const ids = new Set(
        input.team_id ? db.select({ id: players.id }).from(players).where(eq(players.team_id, input.team_id)).all().map((p) => p.id) : [],
      );
      const problems = lineupProblems(input.players, ids);
      if (problems.length > 0) throw new RefusedWrite(problems.join(' '), 'BAD_REQUEST');
      // our side corrected: every event was entered as ours or theirs, so each goes to the other side with it
      const sideTurned = !!before.team_side && !!input.team_id && !!input.team_side && input.team_side !== before.team_side;
      if (sideTurned) turnEventSides(input.match_id, db);
      db.update(matches)
        .set({
          team_id: input.team_id,
          team_side: input.team_id ? input.team_side : null,
          opponent_lineup: input.opponent_lineup,
          sequence: sql`${matches.sequence} + 1`,
          updated_at: new Date().toISOString(),
        })
        .where(eq(matches.id, input.match_id))
        .run();
      // row by row, not all deleted and written again: each save put the whole line-up into the trash ('Aufstellung
      // (+17)' a save), whose list could then lose a real delete behind them; only players taken out are deleted now
      const listed = new Map(db.select({ id: matchLineups.id, player_id: matchLineups.player_id }).from(matchLineups).where(eq(matchLineups.match_id, input.match_id)).all().map((r) => [r.player_id, r.id]));
      const named = new Set(input.players.map((p) => p.player_id));
      for (const [player, rowId] of listed) if (!named.has(player)) db.delete(matchLineups).where(eq(matchLineups.id, rowId)).run();
      input.players.forEach((p, i) => {
        const values = { role: p.role, jersey_number: p.jersey_number, display_order: i };
        const rowId = listed.get(p.player_id);
        if (rowId) db.update(matchLineups).set(values).where(eq(matchLineups.id, rowId)).run();
        else db.insert(matchLineups).values({ match_id: input.match_id, player_id: p.player_id, ...values }).run();
      });
      if (sideTurned) followScore(input.match_id, db);
      // players taken out of the line-up, or a team that no longer plays this match: their pages too
      const teamsTouched = [...new Set([before.team_id, input.team_id].filter((t): t is string => !!t))];
      const tables = sideTurned ? (['match_lineups', 'match_events'] as const) : (['match_lineups'] as const);
      const changes: Change[] = [...matchChanges(input.match_id, ...tables), ...teamsTouched.map((team): Change => ({ table: 'players', key: team }))];
      // given to another team: it leaves one team's calendar for another's
      if (before.team_id !== input.team_id) changes.push({ table: FIXTURE_LISTS });
      return { row: readMatchDetails(input.match_id, db), changes };
    },
    db,
  );
}

/** The report and its photos. The HTML is kept as written and sanitised on the page, like the privacy text. */
export function saveReport(input: ReportData, db: Db = getDb()) {
  return write(
    'matchDetails.saveReport',
    () => {
      matchRow(input.match_id, db);
      db.update(matches)
        .set({ report: input.report, report_images: input.report_images, updated_at: new Date().toISOString() })
        .where(eq(matches.id, input.match_id))
        .run();
      return { row: readMatchDetails(input.match_id, db), changes: matchChanges(input.match_id) };
    },
    db,
  );
}

/**
 * Puts every event of a match on the other side: our side was set the wrong way round ('Wir spielen' kept from
 * the match entered before) and is corrected under 'Details'. Else our goals stayed the opponent's, the score
 * counted from them could not be corrected (a typed one is refused against the goals), and our scorers were
 * listed for the other team until each event was entered again.
 */
function turnEventSides(matchId: string, db: Db): void {
  db.update(matchEvents)
    .set({ side: sql`CASE ${matchEvents.side} WHEN 'home' THEN 'away' ELSE 'home' END` })
    .where(eq(matchEvents.match_id, matchId))
    .run();
}

/**
 * Counts the score from the goal events. A match without goals keeps a score
 * typed in 'Spielplan' (a forfeit, a result entered after a mis-tapped
 * 'Anpfiff'); it gets 0:0 at kick-off where none was typed, and when its last
 * goal is taken back after kick-off (decision 026).
 */
export function followScore(matchId: string, db: Db, removed?: Pick<EventRow, 'type'>, options: { added?: boolean } = {}): void {
  const m = matchRow(matchId, db);
  const events = eventsOf(matchId, db);
  if (!events.some((e) => e.type === 'goal')) {
    const begun = m.live_phase !== 'not_started';
    const noScore = m.home_score === null || m.away_score === null;
    if (!begun || !(noScore || removed?.type === 'goal')) return;
  }
  const { home, away } = scoreFromEvents(events);
  // only a goal added ends a match: a form saved with 'Geplant' on purpose keeps it (the form's own rule decides)
  const ended = options.added === true && endedByGoals(m, events);
  if (m.home_score === home && m.away_score === away && !ended) return;
  db.update(matches)
    .set({ home_score: home, away_score: away, ...(ended && { status: 'finished' }), sequence: sql`${matches.sequence} + 1`, updated_at: new Date().toISOString() })
    .where(eq(matches.id, matchId))
    .run();
}

/**
 * Goals entered under 'Details' for a match still 'Geplant' that is over (its day passed, or two hours after
 * its kick-off, as the pages count it) end it, as a result typed in the form does (withResultStatus,
 * decision 067): kept 'Geplant', the table counted the result while the scorers' goals, the team's results
 * and the home page's 'Letztes Ergebnis' left it out. A match still to come keeps its status.
 */
function endedByGoals(m: MatchRow, events: readonly EventRow[]): boolean {
  if (m.status !== 'scheduled' || !events.some((e) => e.type === 'goal')) return false;
  const [today, minutesNow] = viennaMoment(appClock().now());
  return isPastMatch(m, today, minutesNow);
}

/** The event of a match entered last, whatever its minute. */
export function lastEntered(matchId: string, db: Db) {
  return db
    .select()
    .from(matchEvents)
    .where(eq(matchEvents.match_id, matchId))
    .orderBy(desc(matchEvents.created_at), desc(sql`rowid`))
    .limit(1)
    .get();
}
