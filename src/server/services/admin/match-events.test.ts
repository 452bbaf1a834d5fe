import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { createTestDb } from '../../db/test-db';
import { write } from '../../db/write';
import type { Db } from '../../db/client';
import { matchEvents, matches, players, teams, users } from '../../db/schema';
import { eventSchema, MATCH_DETAIL_ERRORS as E } from '../../../lib/schemas/match-details';
import { addEvent } from './match-events';
import { advancePhase, recordEvent } from './match-day';

// Two admins at the pitch, or one on weak data: the same event sent twice (decision 032).
let db: Db;
let matchId: string;
let huber: string;
let gruber: string;
const KICKOFF = Date.parse('2026-11-22T13:30:00Z');
beforeEach(() => {
  db = createTestDb();
  write(
    'test.seed',
    () => {
      const team = db.insert(teams).values({ name: 'Kampfmannschaft', category: 'herren' }).returning().get().id;
      huber = db.insert(players).values({ team_id: team, name: 'Max Huber', position: 'Sturm' }).returning().get().id;
      gruber = db.insert(players).values({ team_id: team, name: 'Lukas Gruber', position: 'Sturm' }).returning().get().id;
      db.insert(users).values({ id: 'anna', email: 'anna@sv-kirchberg.at' }).run();
      matchId = db
        .insert(matches)
        .values({ home_team: 'SV Kirchberg', away_team: 'ASK Oberdorf', match_date: '2026-11-22', match_time: '14:30', team_id: team, team_side: 'home' })
        .returning()
        .get().id;
    },
    db,
  );
  advancePhase(matchId, 'kickoff', KICKOFF, db);
});

const minute = (m: number) => KICKOFF + (m - 1) * 60_000 + 30_000;
const event = (input: Record<string, unknown>) => eventSchema.parse({ match_id: matchId, ...input });
const stored = () => db.select().from(matchEvents).where(eq(matchEvents.match_id, matchId)).all();
const scoreNow = () => db.select({ home: matches.home_score, away: matches.away_score }).from(matches).where(eq(matches.id, matchId)).get();

describe('an event sent again', () => {
  it('with the same entry id is stored once: the second answer is the first event', () => {
    const goal = event({ type: 'goal', side: 'home', player_id: huber, entry_id: 'a1b2c3d4e5f6a7b8c9d0', known_event_ids: [] });
    const first = recordEvent(goal, 'anna', minute(23), db);
    // the answer was lost on the way; the admin taps again a minute later
    const again = recordEvent(goal, 'anna', minute(24), db);
    expect(again.row.id).toBe(first.row.id);
    expect(stored()).toHaveLength(1);
    expect(scoreNow()).toEqual({ home: 1, away: 0 });
  });

  it('with another entry id like one entered since by someone else is refused once, naming who and what', () => {
    recordEvent(event({ type: 'goal', side: 'home', entry_id: 'anna-entry-0000000001', known_event_ids: [] }), 'anna', minute(23), db);
    // Ben's panel read the list before Anna's goal; he enters the same goal a minute later
    const ben = event({ type: 'goal', side: 'home', player_id: huber, entry_id: 'ben-entry-00000000001', known_event_ids: [] });
    expect(() => recordEvent(ben, 'ben', minute(24), db)).toThrow(E.sameEventEntered('anna@sv-kirchberg.at', "Tor, 23'"));
    expect(stored()).toHaveLength(1);
    expect(scoreNow()).toEqual({ home: 1, away: 0 });
    // his list now shows Anna's goal: the same save sent again is a second goal
    const shown = stored().map((e) => e.id);
    recordEvent({ ...ben, known_event_ids: shown }, 'ben', minute(25), db);
    expect(stored()).toHaveLength(2);
    expect(scoreNow()).toEqual({ home: 2, away: 0 });
  });

  it('is not refused for another side, another kind, another player or minutes apart', () => {
    recordEvent(event({ type: 'goal', side: 'home', player_id: huber, known_event_ids: [] }), 'anna', minute(23), db);
    recordEvent(event({ type: 'yellow', side: 'away', player_name: 'Weber', known_event_ids: [] }), 'anna', minute(23), db);
    const none: string[] = [];
    // Ben's list knew none of them
    recordEvent(event({ type: 'goal', side: 'away', known_event_ids: none }), 'ben', minute(24), db);
    recordEvent(event({ type: 'goal', side: 'home', player_id: gruber, known_event_ids: none }), 'ben', minute(24), db);
    recordEvent(event({ type: 'yellow', side: 'away', player_name: 'Huber (ASK)', known_event_ids: none }), 'ben', minute(24), db);
    addEvent({ ...event({ type: 'goal', side: 'home', player_id: huber, known_event_ids: none }), minute: 26 }, 'ben', db);
    expect(stored()).toHaveLength(6);
    expect(scoreNow()).toEqual({ home: 3, away: 1 });
  });

  it('an opponent named in other letters is the same player; an event from an import or before this is named as another admin', () => {
    addEvent({ ...event({ type: 'yellow', side: 'away', player_name: 'Weber' }), minute: 30 }, null, db);
    const ben = event({ type: 'yellow', side: 'away', player_name: 'WEBER', known_event_ids: [] });
    expect(() => recordEvent(ben, 'ben', minute(31), db)).toThrow(E.sameEventEntered(null, "Gelbe Karte, 30'"));
    expect(E.sameEventEntered(null, "Gelbe Karte, 30'")).toContain('ein anderer Admin');
  });

  it('refuses an entry id that is not one the form makes', () => {
    expect(eventSchema.safeParse({ match_id: matchId, type: 'goal', side: 'home', entry_id: "x' OR 1=1" }).success).toBe(false);
    expect(eventSchema.safeParse({ match_id: matchId, type: 'goal', side: 'home', entry_id: 'short' }).success).toBe(false);
  });
});
