import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clockStartingAt, registerAppClock } from '../../clock';
import { teamSeasonStatsIn } from '../../content/player-stats';
import { createTestDb } from '../../db/test-db';
import { write } from '../../db/write';
import type { Db } from '../../db/client';
import { matchEvents, matches, matchLineups, players, teams } from '../../db/schema';
import { listTrash } from '../../revisions/trash';
import { eventSchema, lineupProblems, lineupSchema, MATCH_DETAIL_ERRORS } from '../../../lib/schemas/match-details';
import { countingSide, readMatchDetails, saveLineup, scoreFromEvents } from './match-details';
import { addEvent, removeEvent, undoLastEvent } from './match-events';
import { advancePhase, matchDayChoices, recordEvent } from './match-day';
import { updateMatch } from './matches';
import { matchSchema } from '../../../lib/schemas/match';
import { affectedUrls } from '../../publish/affected-urls';

let db: Db;
let matchId: string;
let teamId: string;
let p: Record<string, string>;
beforeEach(() => {
  db = createTestDb();
  write('test.seed', () => seed(), db);
});
function seed() {
  teamId = db.insert(teams).values({ name: 'Kampfmannschaft', category: 'herren' }).returning().get().id;
  const other = db.insert(teams).values({ name: 'U15', category: 'jugend' }).returning().get().id;
  p = {};
  for (const [key, name, team] of [
    ['huber', 'Max Huber', teamId],
    ['gruber', 'Lukas Gruber', teamId],
    ['berger', 'Tobias Berger', teamId],
    ['youth', 'Jonas Klein', other],
  ] as const) {
    p[key] = db.insert(players).values({ team_id: team, name, position: 'Sturm' }).returning().get().id;
  }
  matchId = db
    .insert(matches)
    .values({ home_team: 'SV Kirchberg', away_team: 'ASK Oberdorf', match_date: '2026-11-22', match_time: '14:30', team_id: teamId, team_side: 'home' })
    .returning()
    .get().id;
}

const event = (input: Record<string, unknown>) => eventSchema.parse({ match_id: matchId, ...input });
const score = () => db.select().from(matches).where(eq(matches.id, matchId)).get()!;

describe('score from events', () => {
  it('counts goals for the side they count for; an own goal counts for the other side than the scorer', () => {
    expect(countingSide('goal', 'own_goal', 'home')).toBe('away');
    expect(countingSide('goal', 'penalty', 'home')).toBe('home');
    expect(countingSide('yellow', null, 'away')).toBe('away');
    expect(scoreFromEvents([{ type: 'goal', side: 'home' }, { type: 'yellow', side: 'away' }, { type: 'goal', side: 'away' }, { type: 'goal', side: 'home' }])).toEqual({
      home: 2,
      away: 1,
    });
  });

  it('keeps home_score/away_score in step with the goals, own goals and removals included', () => {
    addEvent({ ...event({ type: 'goal', side: 'home', player_id: p.huber, related_player_id: p.gruber }), minute: 12 }, null, db);
    expect(score()).toMatchObject({ home_score: 1, away_score: 0 });
    // our Berger turns the ball into his own net: a goal for the away side
    const own = addEvent({ ...event({ type: 'goal', goal_kind: 'own_goal', side: 'home', player_id: p.berger }), minute: 30 }, null, db);
    expect(own.row).toMatchObject({ side: 'away', goal_kind: 'own_goal', player_id: p.berger });
    // their own goal counts for us
    addEvent({ ...event({ type: 'goal', goal_kind: 'own_goal', side: 'away', player_name: 'K. Maier' }), minute: 50 }, null, db);
    expect(score()).toMatchObject({ home_score: 2, away_score: 1 });
    removeEvent(own.row.id, db);
    expect(score()).toMatchObject({ home_score: 2, away_score: 0 });
  });

  it('leaves a typed-in score alone while a match has neither goals nor a kick-off', () => {
    write('test.score', () => db.update(matches).set({ home_score: 3, away_score: 2 }).where(eq(matches.id, matchId)).run(), db);
    addEvent({ ...event({ type: 'yellow', side: 'away', player_name: 'K. Maier' }), minute: 5 }, null, db);
    expect(score()).toMatchObject({ home_score: 3, away_score: 2 });
  });
});

describe('line-up', () => {
  const lineup = (players: { player_id: string; role: 'start' | 'sub'; jersey_number?: number }[]) =>
    lineupSchema.parse({ match_id: matchId, team_id: teamId, team_side: 'home', players });

  it('accepts the team players with numbers and stores starters and substitutes in order', () => {
    const saved = saveLineup(lineup([{ player_id: p.huber, role: 'start', jersey_number: 9 }, { player_id: p.gruber, role: 'sub', jersey_number: 14 }]), db);
    expect(saved.row.lineup).toEqual([
      { player_id: p.huber, name: 'Max Huber', role: 'start', jersey_number: 9 },
      { player_id: p.gruber, name: 'Lukas Gruber', role: 'sub', jersey_number: 14 },
    ]);
    // and the team's player pages: a player taken out of the line-up loses the match there
    expect(saved.changes).toEqual([{ table: 'matches', key: matchId }, { table: 'match_lineups', key: matchId }, { table: 'players', key: teamId }]);
  });

  it('a line-up saved again keeps its rows: only a player taken out goes to the trash, not the whole line-up each save', () => {
    saveLineup(lineup([{ player_id: p.huber, role: 'start', jersey_number: 9 }, { player_id: p.gruber, role: 'sub', jersey_number: 14 }]), db);
    const ids = () => db.select({ id: matchLineups.id, player_id: matchLineups.player_id }).from(matchLineups).all();
    const before = ids();
    const saved = saveLineup(lineup([{ player_id: p.gruber, role: 'start', jersey_number: 14 }, { player_id: p.berger, role: 'sub' }, { player_id: p.huber, role: 'sub', jersey_number: 9 }]), db);
    expect(saved.row.lineup.map((l) => [l.name, l.role])).toEqual([['Lukas Gruber', 'start'], ['Tobias Berger', 'sub'], ['Max Huber', 'sub']]);
    expect(ids().filter((r) => before.some((b) => b.id === r.id)).length).toBe(2);
    expect(listTrash(db)).toEqual([]);
    saveLineup(lineup([{ player_id: p.gruber, role: 'start', jersey_number: 14 }, { player_id: p.huber, role: 'sub', jersey_number: 9 }]), db);
    expect(listTrash(db).map((t) => [t.entity, t.with_rows])).toEqual([['match_lineups', 0]]);
  });

  it('refuses players of another team, a player twice and more than eleven starters, in German', () => {
    expect(() => saveLineup(lineup([{ player_id: p.youth, role: 'start' }]), db)).toThrow(MATCH_DETAIL_ERRORS.notOurPlayer);
    expect(() => saveLineup(lineup([{ player_id: p.huber, role: 'start' }, { player_id: p.huber, role: 'sub' }]), db)).toThrow(
      MATCH_DETAIL_ERRORS.duplicatePlayer,
    );
    const twelve = Array.from({ length: 12 }, (_, i) => `x${i}`);
    expect(lineupProblems(twelve.map((id) => ({ player_id: id, role: 'start', jersey_number: null })), new Set(twelve))).toEqual([
      'Höchstens 11 Spieler in der Startelf.',
    ]);
    expect(lineupProblems([{ player_id: 'a', role: 'start', jersey_number: 7 }, { player_id: 'b', role: 'sub', jersey_number: 7 }], new Set(['a', 'b']))).toEqual([
      MATCH_DETAIL_ERRORS.duplicateJersey,
    ]);
    expect(lineupSchema.safeParse({ match_id: matchId, players: [{ player_id: p.huber, role: 'bench' }] }).error?.issues[0].message).toBe(
      'Bitte Startelf oder Ersatzbank wählen.',
    );
  });
});

describe('events', () => {
  it('refuses an event of ours with a player of another team, and a substitution without both players', () => {
    expect(() => addEvent({ ...event({ type: 'yellow', side: 'home', player_id: p.youth }), minute: 3 }, null, db)).toThrow(MATCH_DETAIL_ERRORS.notOurPlayer);
    expect(() => addEvent({ ...event({ type: 'substitution', side: 'home', player_id: p.huber }), minute: 3 }, null, db)).toThrow(
      MATCH_DETAIL_ERRORS.bothPlayersRequired,
    );
    expect(db.select().from(matchEvents).all()).toHaveLength(0);
  });

  it('republishes the match page, the fixtures and the home page', () => {
    const { changes } = addEvent({ ...event({ type: 'goal', side: 'home', player_id: p.huber }), minute: 3 }, null, db);
    expect(changes).toEqual([{ table: 'matches', key: matchId }, { table: 'match_events', key: matchId }]);
    const urls = affectedUrls(db, changes);
    for (const url of ['/', '/spielplan', `/spiel/${matchId}`]) expect(urls).toContain(url);
  });
});

describe('match day', () => {
  const T0 = Date.UTC(2026, 10, 22, 13, 30);

  it('offers the running or next match of our teams', () => {
    expect(matchDayChoices('2026-11-22', db).current).toBe(matchId);
    expect(matchDayChoices('2026-11-25', db).choices).toHaveLength(0);
  });

  it("counts today's matches without one of our teams, which it cannot offer, and says which day it is", () => {
    const add = (status: string, date = '2026-11-22') =>
      write('test.seed', () => db.insert(matches).values({ home_team: 'SV Kirchberg', away_team: `FC ${status}`, match_date: date, status }).run(), db);
    expect(matchDayChoices('2026-11-22', db)).toMatchObject({ today: '2026-11-22', unassignedToday: 0 });
    add('scheduled');
    add('live');
    // over, called off, or another day: nothing to record today
    add('finished');
    add('cancelled');
    add('scheduled', '2026-11-23');
    const day = matchDayChoices('2026-11-22', db);
    expect(day).toMatchObject({ today: '2026-11-22', unassignedToday: 2, current: matchId });
    expect(day.choices.map((c) => c.id)).toEqual([matchId]);
  });

  it('passes over a match called off or put off, whose Anpfiff is refused in German', () => {
    write('test.off', () => db.update(matches).set({ status: 'cancelled' }).where(eq(matches.id, matchId)).run(), db);
    const later = write('test.seed', () => db.insert(matches).values({ home_team: 'SV Kirchberg', away_team: 'FC Gnas', match_date: '2026-11-22', match_time: '17:00', team_id: teamId, team_side: 'home' }).returning().get().id, db);
    expect(matchDayChoices('2026-11-22', db).current).toBe(later);
    expect(() => advancePhase(matchId, 'kickoff', T0, db)).toThrow(MATCH_DETAIL_ERRORS.calledOff);
    write('test.off', () => db.update(matches).set({ status: 'postponed' }).where(eq(matches.id, matchId)).run(), db);
    expect(() => advancePhase(matchId, 'kickoff', T0, db)).toThrow(MATCH_DETAIL_ERRORS.calledOff);
    expect(score()).toMatchObject({ status: 'postponed', live_phase: 'not_started', kickoff_at: null });
  });

  it("refuses the clock's minute past the most stoppage time (Halbzeit forgotten) and takes a typed one", () => {
    advancePhase(matchId, 'kickoff', T0, db);
    const MIN = 60_000;
    expect(recordEvent({ ...event({ type: 'yellow', side: 'away', player_name: 'K. Maier' }), minute: null }, null, T0 + (45 + 29) * MIN, db).row).toMatchObject({ minute: 45, added_time: 30 });
    expect(() => recordEvent({ ...event({ type: 'yellow', side: 'away', player_name: 'K. Maier' }), minute: null }, null, T0 + (45 + 75) * MIN, db)).toThrow(MATCH_DETAIL_ERRORS.clockPastLimit("45+76'"));
    expect(recordEvent({ ...event({ type: 'yellow', side: 'away', player_name: 'K. Maier' }), minute: 60 }, null, T0 + (45 + 76) * MIN, db).row).toMatchObject({ minute: 60, added_time: null });
    // a cup match's second half runs on into extra time: its clock is taken
    write('test.cup', () => db.update(matches).set({ match_type: 'cup' }).where(eq(matches.id, matchId)).run(), db);
    const T2 = T0 + 2 * 60 * MIN;
    advancePhase(matchId, 'half_time', T2 - 15 * MIN, db);
    advancePhase(matchId, 'second_half', T2, db);
    expect(recordEvent({ ...event({ type: 'yellow', side: 'away', player_name: 'K. Maier' }), minute: null }, null, T2 + (45 + 35) * MIN, db).row).toMatchObject({ minute: 90, added_time: 36 });
  });

  it('a match whose Abpfiff was forgotten is still offered, first, days later', () => {
    advancePhase(matchId, 'kickoff', T0, db);
    const later = write('test.seed', () => db.insert(matches).values({ home_team: 'SV Kirchberg', away_team: 'FC Gnas', match_date: '2026-11-29', team_id: teamId, team_side: 'home' }).returning().get().id, db);
    const day = matchDayChoices('2026-11-28', db);
    expect(day.current).toBe(matchId);
    expect(day.choices.map((c) => c.id)).toEqual([matchId, later]);
    advancePhase(matchId, 'full_time', T0 + 7 * 86_400_000, db);
    expect(matchDayChoices('2026-11-28', db)).toMatchObject({ current: later, choices: [{ id: later }] });
  });

  it("'Beendet' in the form ends a live match's clock; another status sets it back to before the Anpfiff", () => {
    const HALF = 60 * 60_000;
    const form = (status: string) => matchSchema.parse({ home_team: 'SV Kirchberg', away_team: 'ASK Oberdorf', match_date: '2026-11-22', match_time: '14:30', competition: 'Unterliga', season: '2026/27', status, home_score: 0, away_score: 0 });
    advancePhase(matchId, 'kickoff', T0, db);
    updateMatch(matchId, form('live'), db);
    expect(score()).toMatchObject({ live_phase: 'first_half', kickoff_at: T0 });
    updateMatch(matchId, form('finished'), db);
    expect(score()).toMatchObject({ live_phase: 'full_time', status: 'finished', kickoff_at: T0 });
    write('test.seed', () => db.update(matches).set({ live_phase: 'second_half', status: 'live', second_half_at: T0 + HALF }).where(eq(matches.id, matchId)).run(), db);
    updateMatch(matchId, form('cancelled'), db);
    // the times stay (the next Anpfiff sets them anew)
    expect(score()).toMatchObject({ live_phase: 'not_started', status: 'cancelled', kickoff_at: T0, second_half_at: T0 + HALF });
    // a match that never ran keeps its phase, whatever its status
    updateMatch(matchId, form('finished'), db);
    expect(score()).toMatchObject({ live_phase: 'not_started', status: 'finished' });
    // a running clock whose status came back another way (a restored version): a later edit leaves it alone
    write('test.seed', () => db.update(matches).set({ live_phase: 'first_half', status: 'scheduled' }).where(eq(matches.id, matchId)).run(), db);
    updateMatch(matchId, form('scheduled'), db);
    expect(score()).toMatchObject({ live_phase: 'first_half', kickoff_at: T0 });
    // ...and 'Spieltag' does not offer it as running: only a live match is
    expect(matchDayChoices('2026-12-20', db).choices).toEqual([]);
  });

  it('goes through the phases in order and fills in the minute from the clock, 46 after the break', () => {
    expect(() => recordEvent(event({ type: 'goal', side: 'home', player_id: p.huber }), null, T0, db)).toThrow(MATCH_DETAIL_ERRORS.notStarted);
    expect(() => advancePhase(matchId, 'half_time', T0, db)).toThrow(MATCH_DETAIL_ERRORS.phase);
    advancePhase(matchId, 'kickoff', T0, db);
    expect(score()).toMatchObject({ live_phase: 'first_half', status: 'live', kickoff_at: T0, home_score: 0, away_score: 0 });
    const goal = recordEvent(event({ type: 'goal', side: 'home', player_id: p.huber, related_player_id: p.gruber }), 'admin-1', T0 + 17 * 60_000, db);
    expect(goal.row).toMatchObject({ minute: 18, added_time: null, related_player_id: p.gruber });
    const late = recordEvent(event({ type: 'yellow', side: 'away', player_name: 'K. Maier' }), null, T0 + 47 * 60_000, db);
    expect(late.row).toMatchObject({ minute: 45, added_time: 3 });
    advancePhase(matchId, 'half_time', T0 + 48 * 60_000, db);
    advancePhase(matchId, 'second_half', T0 + 63 * 60_000, db);
    const sub = recordEvent(event({ type: 'substitution', side: 'home', player_id: p.berger, related_player_id: p.huber }), null, T0 + 63 * 60_000, db);
    expect(sub.row).toMatchObject({ minute: 46, player_id: p.berger, related_player_id: p.huber });
    advancePhase(matchId, 'full_time', T0 + 110 * 60_000, db);
    expect(score()).toMatchObject({ live_phase: 'full_time', status: 'finished', home_score: 1, away_score: 0 });
    // undo takes back the event entered last, the one the panel showed as last
    const shownLast = () => readMatchDetails(matchId, db).last_event_id!;
    expect(shownLast()).toBe(sub.row.id);
    expect(undoLastEvent(matchId, sub.row.id, db).row.id).toBe(sub.row.id);
    undoLastEvent(matchId, shownLast(), db);
    // another admin's event entered since the panel showed its last one is not taken back in its place
    const seen = shownLast();
    const other = recordEvent(event({ type: 'red', side: 'away', player_name: 'K. Maier' }), 'admin-2', T0 + 100 * 60_000, db);
    expect(() => undoLastEvent(matchId, seen, db)).toThrow(MATCH_DETAIL_ERRORS.undoAnother('ein anderer Admin'));
    expect(readMatchDetails(matchId, db).events.map((e) => e.id)).toContain(other.row.id);
    expect(readMatchDetails(matchId, db).events.map((e) => e.id)).toContain(seen);
    undoLastEvent(matchId, shownLast(), db);
    undoLastEvent(matchId, shownLast(), db);
    expect(score()).toMatchObject({ home_score: 0, away_score: 0 });
    expect(readMatchDetails(matchId, db).last_event_id).toBeNull();
    expect(() => undoLastEvent(matchId, seen, db)).toThrow(MATCH_DETAIL_ERRORS.nothingToUndo);
  });

  it("counts stoppage time after the team's own half length (a youth team's 25 minutes)", () => {
    write('test.youth', () => db.update(teams).set({ half_minutes: 25 }).where(eq(teams.id, teamId)).run(), db);
    advancePhase(matchId, 'kickoff', T0, db);
    const late = recordEvent(event({ type: 'yellow', side: 'away', player_name: 'K. Maier' }), null, T0 + 26 * 60_000, db);
    expect(late.row).toMatchObject({ minute: 25, added_time: 2 });
    expect(late.details.half_minutes).toBe(25);
    advancePhase(matchId, 'half_time', T0 + 27 * 60_000, db);
    advancePhase(matchId, 'second_half', T0 + 37 * 60_000, db);
    const goal = recordEvent(event({ type: 'goal', side: 'home', player_id: p.huber }), null, T0 + 37 * 60_000, db);
    expect(goal.row).toMatchObject({ minute: 26, added_time: null });
    // typed in: stoppage time belongs to the end of this team's halves
    expect(() => recordEvent({ ...event({ type: 'yellow', side: 'away', player_name: 'K. Maier' }), minute: 45, added_time: 1 }, null, T0, db)).toThrow(
      MATCH_DETAIL_ERRORS.stoppage(25),
    );
    expect(recordEvent({ ...event({ type: 'yellow', side: 'away', player_name: 'K. Maier' }), minute: 50, added_time: 3 }, null, T0, db).row).toMatchObject({
      minute: 50,
      added_time: 3,
    });
  });
});

describe('stoppage time', () => {
  it('is refused on a minute that ends no half, in German, and nothing is stored', () => {
    expect(() => addEvent({ ...event({ type: 'goal', side: 'home', player_id: p.huber, added_time: 2 }), minute: 17 }, null, db)).toThrow(
      'Nachspielzeit gibt es nur zur 45. und 90. Minute (und in der Verlängerung), z. B. 45+2.',
    );
    expect(db.select().from(matchEvents).all()).toHaveLength(0);
    expect(score()).toMatchObject({ home_score: null, away_score: null });
    for (const [minute, added] of [[45, 2], [90, 4], [120, 1], [17, 0]] as const) {
      addEvent({ ...event({ type: 'yellow', side: 'away', player_name: 'K. Maier', added_time: added }), minute }, null, db);
    }
    expect(db.select({ m: matchEvents.minute, a: matchEvents.added_time }).from(matchEvents).all()).toEqual([
      { m: 45, a: 2 },
      { m: 90, a: 4 },
      { m: 120, a: 1 },
      { m: 17, a: null },
    ]);
  });
});

describe('match page dependencies', () => {
  it("a player's change republishes the match pages of that player's team only", () => {
    const other = write('test.other', () => db.insert(matches).values({ home_team: 'A', away_team: 'B', match_date: '2026-11-29' }).returning().get(), db);
    const urls = affectedUrls(db, [{ table: 'players', key: teamId }]);
    expect(urls).toContain(`/spiel/${matchId}`);
    expect(urls).not.toContain(`/spiel/${other.id}`);
  });
});

describe('our side set the wrong way round', () => {
  const sides = () => db.select({ side: matchEvents.side, player: matchEvents.player_id }).from(matchEvents).where(eq(matchEvents.match_id, matchId)).orderBy(matchEvents.minute).all();
  const enter = () => {
    addEvent({ ...event({ type: 'goal', side: 'home', player_id: p.huber }), minute: 12 }, null, db);
    addEvent({ ...event({ type: 'goal', side: 'home', player_id: p.gruber }), minute: 30 }, null, db);
    addEvent({ ...event({ type: 'yellow', side: 'away', player_name: 'K. Maier' }), minute: 50 }, null, db);
  };

  it("corrected under Details ('Wir spielen'): every event goes to the other side, and the score with them", () => {
    enter();
    expect(score()).toMatchObject({ home_score: 2, away_score: 0 });
    const saved = saveLineup(lineupSchema.parse({ match_id: matchId, team_id: teamId, team_side: 'away', players: [] }), db);
    expect(score()).toMatchObject({ team_side: 'away', home_score: 0, away_score: 2 });
    expect(sides()).toEqual([
      { side: 'away', player: p.huber },
      { side: 'away', player: p.gruber },
      { side: 'home', player: null },
    ]);
    expect(saved.changes).toContainEqual({ table: 'match_events', key: matchId });
    // the same side again turns nothing
    saveLineup(lineupSchema.parse({ match_id: matchId, team_id: teamId, team_side: 'away', players: [] }), db);
    expect(score()).toMatchObject({ home_score: 0, away_score: 2 });
  });
});

describe('goals entered under Details for a match still Geplant', () => {
  const at = (instant: string) => registerAppClock(clockStartingAt(instant));
  afterEach(() => registerAppClock(undefined));

  it('end a match that is over (its day passed, or two hours after kick-off), so its goals count for the scorers', () => {
    at('2026-11-23T08:00:00Z');
    addEvent({ ...event({ type: 'goal', side: 'home', player_id: p.huber }), minute: 12 }, null, db);
    expect(score()).toMatchObject({ home_score: 1, away_score: 0, status: 'finished' });
    expect(teamSeasonStatsIn(db, teamId)?.stats.get(p.huber)).toMatchObject({ goals: 1 });
    // set back to 'Geplant' on purpose in the form: it stays so
    const form = matchSchema.parse({ home_team: 'SV Kirchberg', away_team: 'ASK Oberdorf', match_date: '2026-11-22', match_time: '14:30', competition: 'Unterliga', season: '2026/27', status: 'scheduled', home_score: 1, away_score: 0 });
    expect(updateMatch(matchId, form, db).row).toMatchObject({ status: 'scheduled', home_score: 1 });
  });

  it('leave a match of today before its end and a match to come as they are', () => {
    // 14:30 kick-off in Vienna (UTC+1): over at 16:30, 15:30 UTC
    at('2026-11-22T15:00:00Z');
    addEvent({ ...event({ type: 'goal', side: 'home', player_id: p.huber }), minute: 12 }, null, db);
    expect(score()).toMatchObject({ home_score: 1, away_score: 0, status: 'scheduled' });
    at('2026-11-22T15:31:00Z');
    addEvent({ ...event({ type: 'goal', side: 'away', player_name: 'K. Maier' }), minute: 80 }, null, db);
    expect(score()).toMatchObject({ home_score: 1, away_score: 1, status: 'finished' });

    const later = write('test.later', () => db.insert(matches).values({ home_team: 'SV Kirchberg', away_team: 'FC X', match_date: '2026-11-29', match_time: '14:30', team_id: teamId, team_side: 'home' }).returning().get(), db);
    addEvent({ ...eventSchema.parse({ match_id: later.id, type: 'goal', side: 'home', player_id: p.gruber }), minute: 5 }, null, db);
    expect(db.select().from(matches).where(eq(matches.id, later.id)).get()).toMatchObject({ home_score: 1, status: 'scheduled' });
  });
});

describe("the spec's match form", () => {
  it('keeps the score of the goal events; a match without events keeps the typed score', async () => {
    const { updateMatch } = await import('./matches');
    const { matchSchema } = await import('../../../lib/schemas/match');
    const form = (o: Record<string, unknown>) =>
      matchSchema.parse({ home_team: 'SV Kirchberg', away_team: 'ASK Oberdorf', match_date: '2026-11-22', competition: 'Unterliga', season: '2026/27', status: 'finished', ...o });
    addEvent({ ...event({ type: 'goal', side: 'home', player_id: p.huber }), minute: 12 }, null, db);
    // a score typed against the goals is refused, not saved and counted over; nothing of the form is stored
    expect(() => updateMatch(matchId, form({ home_score: 5, away_score: 5, location: 'Anderswo' }), db)).toThrow(MATCH_DETAIL_ERRORS.scoreFromGoals(1, 0));
    expect(score()).toMatchObject({ home_score: 1, away_score: 0, location: null });
    // the form with the goals' score saves its other fields
    expect(updateMatch(matchId, form({ home_score: 1, away_score: 0, location: 'Sportplatz' }), db).row).toMatchObject({ home_score: 1, status: 'finished', location: 'Sportplatz' });
    const plain = write('test.plain', () => db.insert(matches).values({ home_team: 'A', away_team: 'B', match_date: '2026-11-29' }).returning().get(), db);
    expect(updateMatch(plain.id, form({ home_score: 3, away_score: 2 }), db).row).toMatchObject({ home_score: 3, away_score: 2 });
  });

  it('keeps a score typed in after kick-off while the match has no goals (a forfeit, a mis-tapped Anpfiff)', () => {
    const T0 = Date.UTC(2026, 10, 22, 13, 30);
    advancePhase(matchId, 'kickoff', T0, db);
    expect(score()).toMatchObject({ home_score: 0, away_score: 0 });
    const form = matchSchema.parse({ home_team: 'SV Kirchberg', away_team: 'ASK Oberdorf', match_date: '2026-11-22', competition: 'Unterliga', season: '2026/27', status: 'finished', home_score: 3, away_score: 0 });
    expect(updateMatch(matchId, form, db).row).toMatchObject({ home_score: 3, away_score: 0, status: 'finished' });
    expect(score().live_phase).toBe('full_time');
    recordEvent({ ...event({ type: 'yellow', side: 'away', player_name: 'K. Maier' }), minute: 70 }, null, T0, db);
    expect(score()).toMatchObject({ home_score: 3, away_score: 0 });
    // a goal entered and taken back again counts the score from the goals: 0:0
    const goal = addEvent({ ...event({ type: 'goal', side: 'home', player_id: p.huber }), minute: 20 }, null, db);
    expect(score()).toMatchObject({ home_score: 1, away_score: 0 });
    undoLastEvent(matchId, goal.row.id, db);
    expect(score()).toMatchObject({ home_score: 0, away_score: 0 });
  });
});
