// A match's events as the admin enters them (issue 14): by the 'Spieltag' panel at the pitch and the match's
// 'Details'. Goals decide the score (match-details.ts, followScore). Two admins at the pitch, or one on weak
// data, may send one event twice: a save sent again finds what it stored (its entry id), and one like an event
// entered since by someone else is refused once, naming it (decision 032).
import { and, eq } from 'drizzle-orm';
import { getDb, type Db } from '../../db/client';
import { RefusedWrite, write } from '../../db/write';
import { matchEvents, players, users } from '../../db/schema';
import { formatMinute, stoppageAllowed } from '../../../lib/match-minute';
import { EVENT_LABELS, MATCH_DETAIL_ERRORS as E, type EventData } from '../../../lib/schemas/match-details';
import {
  countingSide,
  eventEntry,
  eventsOf,
  followScore,
  halfMinutesOf,
  lastEntered,
  matchChanges,
  matchRow,
  readMatchDetails,
  type EventRow,
} from './match-details';

type MatchRow = ReturnType<typeof matchRow>;

/** Our players must be of our team; the opponent's are free text; a substitution needs both players. */
function checkedEvent(m: MatchRow, input: EventData & { minute: number }, db: Db) {
  const ours = m.team_id !== null && m.team_side === input.side;
  const playerIds = new Set(
    ours ? db.select({ id: players.id }).from(players).where(eq(players.team_id, m.team_id!)).all().map((p) => p.id) : [],
  );
  const player = ours ? input.player_id : null;
  const related = ours ? input.related_player_id : null;
  for (const id of [player, related]) if (id && !playerIds.has(id)) throw new RefusedWrite(E.notOurPlayer, 'BAD_REQUEST');
  const playerName = ours ? null : input.player_name;
  const relatedName = ours ? null : input.related_player_name;
  if (input.type === 'substitution') {
    if (!(player || playerName) || !(related || relatedName)) throw new RefusedWrite(E.bothPlayersRequired, 'BAD_REQUEST');
    if ((player && player === related) || (playerName && playerName === relatedName)) throw new RefusedWrite(E.samePlayer, 'BAD_REQUEST');
  } else if (input.type !== 'goal' && !(player || playerName)) {
    throw new RefusedWrite(E.playerRequired, 'BAD_REQUEST');
  }
  // the team's half length is read only for an event with stoppage time (most have none)
  if (input.added_time) {
    const half = halfMinutesOf(m, db);
    if (!stoppageAllowed(input.minute, half)) throw new RefusedWrite(E.stoppage(half), 'BAD_REQUEST');
  }
  const goalKind = input.type === 'goal' ? (input.goal_kind ?? 'regular') : null;
  return {
    match_id: m.id,
    type: input.type,
    side: countingSide(input.type, goalKind, input.side),
    minute: input.minute,
    added_time: input.added_time || null,
    goal_kind: goalKind,
    player_id: player,
    player_name: playerName,
    // an own goal has no assist
    related_player_id: goalKind === 'own_goal' ? null : related,
    related_player_name: goalKind === 'own_goal' ? null : relatedName,
  };
}

/** Who entered an event, as the refusals name them (null: not known, e.g. imported). */
function enteredBy(event: EventRow, db: Db): string | null {
  if (!event.created_by) return null;
  return db.select({ email: users.email }).from(users).where(eq(users.id, event.created_by)).get()?.email ?? null;
}

/** How many minutes apart two admins' entries of one event can be (each pressed at their own clock minute). */
const SAME_EVENT_MINUTES = 2;

/**
 * Refuses an event like one entered since the form's list was read (`known`): the same kind for the same side
 * within two minutes, naming no other player. Two admins at the pitch both entering the goal they saw stored it
 * twice, and the score said 2:0. Once only: the refusal shows the list with it, and the same save sent again
 * (the form's list now knows it) is stored, for the second goal that it may really be.
 */
function refuseSameEventSince(values: ReturnType<typeof checkedEvent>, known: readonly string[], db: Db) {
  const knownIds = new Set(known);
  const who = (id: string | null, name: string | null) => id ?? name?.toLocaleLowerCase('de') ?? null;
  const player = who(values.player_id, values.player_name);
  const same = eventsOf(values.match_id, db).find((e) => {
    if (knownIds.has(e.id) || e.type !== values.type || e.side !== values.side) return false;
    if (Math.abs(e.minute - values.minute) > SAME_EVENT_MINUTES) return false;
    const theirs = who(e.player_id, e.player_name);
    return player === null || theirs === null || player === theirs;
  });
  if (same) throw new RefusedWrite(E.sameEventEntered(enteredBy(same, db), `${EVENT_LABELS[same.type]}, ${formatMinute(same.minute, same.added_time)}`), 'CONFLICT');
}

/** Adds an event with its minute; the score follows the goals. */
export function addEvent(input: EventData & { minute: number }, createdBy: string | null, db: Db = getDb()) {
  return write(
    'matchDetails.addEvent',
    () => {
      const m = matchRow(input.match_id, db);
      // the same entry sent again (a double tap, an answer lost on the way): what the first one stored
      const stored = input.entry_id
        ? db.select().from(matchEvents).where(and(eq(matchEvents.match_id, m.id), eq(matchEvents.entry_id, input.entry_id))).get()
        : undefined;
      if (stored) return { row: eventEntry(stored), details: readMatchDetails(m.id, db), changes: matchChanges(m.id, 'match_events') };
      const values = checkedEvent(m, input, db);
      if (input.known_event_ids) refuseSameEventSince(values, input.known_event_ids, db);
      const row = db.insert(matchEvents).values({ ...values, created_by: createdBy, entry_id: input.entry_id }).returning().get();
      followScore(m.id, db, undefined, { added: true });
      return { row: eventEntry(row), details: readMatchDetails(m.id, db), changes: matchChanges(m.id, 'match_events') };
    },
    db,
  );
}

/** Removes one event (the editor's 'Entfernen'). */
export function removeEvent(eventId: string, db: Db = getDb()) {
  return write(
    'matchDetails.removeEvent',
    () => {
      const row = db.delete(matchEvents).where(eq(matchEvents.id, eventId)).returning().get();
      if (!row) throw new RefusedWrite(E.eventNotFound, 'NOT_FOUND');
      followScore(row.match_id, db, row);
      return { row: eventEntry(row), details: readMatchDetails(row.match_id, db), changes: matchChanges(row.match_id, 'match_events') };
    },
    db,
  );
}

/**
 * Removes the event entered last (the 'Spieltag' undo), whatever its minute: the one the panel showed as last
 * (`lastShown`); if another was entered since, nothing is removed and the admin is told who entered it.
 */
export function undoLastEvent(matchId: string, lastShown: string, db: Db = getDb()) {
  return write(
    'matchDetails.undoLastEvent',
    () => {
      matchRow(matchId, db);
      const last = lastEntered(matchId, db);
      if (!last) throw new RefusedWrite(E.nothingToUndo, 'BAD_REQUEST');
      if (last.id !== lastShown) throw new RefusedWrite(E.undoAnother(enteredBy(last, db)), 'CONFLICT');
      db.delete(matchEvents).where(eq(matchEvents.id, last.id)).run();
      followScore(matchId, db, last);
      return { row: eventEntry(last), details: readMatchDetails(matchId, db), changes: matchChanges(matchId, 'match_events') };
    },
    db,
  );
}
