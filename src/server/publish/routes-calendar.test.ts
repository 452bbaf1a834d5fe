import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, seed } from '../db/test-db';
import type { Db } from '../db/client';
import { teams } from '../db/schema';
import { affectedUrls, allUrls } from './routes';

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
    expect(affectedUrls(db, [{ table: 'matches', key: 'm1' }])).toEqual(expect.arrayContaining(calendars));
    expect(affectedUrls(db, [{ table: 'club_settings' }])).toEqual(expect.arrayContaining(calendars));
    const teamChange = affectedUrls(db, [{ table: 'teams', key: a.id }]);
    expect(teamChange).toContain(calendars[0]);
    expect(teamChange).not.toContain(calendars[1]);
    // a deleted team's calendar is named, so that its file is removed
    expect(affectedUrls(db, [{ table: 'teams', key: 'gone' }])).toContain('/mannschaften/gone/spielplan.ics');
  });
});
