import ICAL from 'ical.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, seed } from '../db/test-db';
import type { Db } from '../db/client';
import { matches, teams } from '../db/schema';
import { teamCalendar } from './team-calendar';

let db: Db;
beforeEach(() => {
  db = createTestDb();
});
afterEach(() => db.$client.close());

describe('teamCalendar', () => {
  it("lists the team's matches only, named after the team and the club; none for a team that does not exist", () => {
    const [km, u16] = seed(db, (tx) => [
      tx.insert(teams).values({ id: 'km', name: 'Kampfmannschaft', category: 'Herren' }).returning().get(),
      tx.insert(teams).values({ id: 'u16', name: 'U16', category: 'Jugend' }).returning().get(),
    ]);
    seed(db, (tx) =>
      tx
        .insert(matches)
        .values([
          { id: 'a', team_id: km.id, home_team: 'SV Kirchberg', away_team: 'ASK Gnas', match_date: '2026-08-15', match_time: '17:30', status: 'finished', home_score: 1, away_score: 0 },
          { id: 'b', team_id: u16.id, home_team: 'SV Kirchberg U16', away_team: 'USV Feldbach U16', match_date: '2026-08-16' },
          { id: 'c', team_id: null, home_team: 'SV Kirchberg', away_team: 'Ohne Team', match_date: '2026-08-17' },
        ])
        .run(),
    );
    const calendar = new ICAL.Component(ICAL.parse(teamCalendar(km.id)!.toString('utf8')));
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toMatch(/^Spielplan Kampfmannschaft – /);
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events.map((e) => [e.uid.split('@')[0], e.summary])).toEqual([['match-a', 'SV Kirchberg – ASK Gnas (1:0)']]);
    expect(teamCalendar('gone')).toBeNull();
  });

  it('is an error, never an empty calendar, when the matches cannot be read (the published file stays)', () => {
    const [km] = seed(db, (tx) => [tx.insert(teams).values({ id: 'km', name: 'Kampfmannschaft', category: 'Herren' }).returning().get()]);
    seed(db, (tx) => tx.insert(matches).values({ id: 'a', team_id: km.id, home_team: 'SV Kirchberg', away_team: 'ASK Gnas', match_date: '2026-08-15' }).run());
    db.$client.exec('ALTER TABLE matches RENAME TO matches_away');
    expect(() => teamCalendar(km.id)).toThrow('the matches could not be read');
  });
});
