import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, seed } from '../db/test-db';
import type { Db } from '../db/client';
import { matches, teams } from '../db/schema';
import { FIXTURE_LISTS } from './pseudo-tables';
import { affectedUrls, allUrls } from './affected-urls';

let db: Db;
beforeEach(() => {
  db = createTestDb();
});
afterEach(() => db.$client.close());

describe('per-team calendars', () => {
  it('exist for every team, and a match change, the team or the club name republishes them', () => {
    const [a, b] = seed(db, () => [db.insert(teams).values({ name: 'KM', category: 'Herren' }).returning().get(), db.insert(teams).values({ name: 'U16', category: 'Jugend' }).returning().get()]);
    const calendars = [`/mannschaften/${a.id}/spielplan.ics`, `/mannschaften/${b.id}/spielplan.ics`];
    expect(allUrls(db)).toEqual(expect.arrayContaining(calendars));
    // a match that is gone: whose calendar listed it is not known, so every one
    expect(affectedUrls(db, [{ table: 'matches', key: 'm1' }])).toEqual(expect.arrayContaining(calendars));
    expect(affectedUrls(db, [{ table: 'club_settings' }])).toEqual(expect.arrayContaining(calendars));
    const teamChange = affectedUrls(db, [{ table: 'teams', key: a.id }]);
    expect(teamChange).toContain(calendars[0]);
    expect(teamChange).not.toContain(calendars[1]);
    // a deleted team's calendar is named, so that its file is removed
    expect(affectedUrls(db, [{ table: 'teams', key: 'gone' }])).toContain('/mannschaften/gone/spielplan.ics');
  });

  it("a match's result reaches its own team's calendar only; a relisted match reaches all", () => {
    const [a, b] = seed(db, () => [db.insert(teams).values({ name: 'KM', category: 'Herren' }).returning().get(), db.insert(teams).values({ name: 'U16', category: 'Jugend' }).returning().get()]);
    const [ours, nobodys] = seed(db, () => [
      db.insert(matches).values({ home_team: 'SV', away_team: 'FC', match_date: '2026-10-10', team_id: a.id, team_side: 'home' }).returning().get(),
      db.insert(matches).values({ home_team: 'SV', away_team: 'USV', match_date: '2026-10-17' }).returning().get(),
    ]);
    const calendars = (urls: string[]) => urls.filter((u) => u.endsWith('/spielplan.ics') && u.startsWith('/mannschaften/'));
    expect(calendars(affectedUrls(db, [{ table: 'matches', key: ours.id }]))).toEqual([`/mannschaften/${a.id}/spielplan.ics`]);
    expect(calendars(affectedUrls(db, [{ table: 'matches', key: nobodys.id }]))).toEqual([]);
    expect(calendars(affectedUrls(db, [{ table: 'matches', key: ours.id }, { table: FIXTURE_LISTS }])).sort()).toEqual(
      [`/mannschaften/${a.id}/spielplan.ics`, `/mannschaften/${b.id}/spielplan.ics`].sort(),
    );
  });
});
