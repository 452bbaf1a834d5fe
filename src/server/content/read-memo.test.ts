import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../db/client';
import { matches } from '../db/schema';
import { guardWrites, write } from '../db/write';
import { matchesByDateIn } from './public-matches';
import { memoRead, readConsistently } from './read-memo';

let dir: string;
let db: Db;
let other: Db;
const teamNames = (from: Db) => from.$client.prepare('SELECT name FROM teams ORDER BY name').pluck().all() as string[];
const addTeam = (to: Db, name: string) => write('test.team', () => to.$client.prepare("INSERT INTO teams (id, name) VALUES (lower(hex(randomblob(16))), ?)").run(name), to);
let reads = 0;
const names = (from: Db) => memoRead(from, 'names', () => (reads++, teamNames(from)));

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-memo-'));
  // two connections to one file, as the server and a render process have
  db = guardWrites(openDatabase(path.join(dir, 'club.db')));
  other = guardWrites(openDatabase(path.join(dir, 'club.db')));
  reads = 0;
});
afterEach(() => {
  db.$client.close();
  other.$client.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('memoRead', () => {
  it('reads once while nothing changes, and hands every caller the same value', () => {
    addTeam(db, 'Kampfmannschaft');
    const first = names(db);
    expect(names(db)).toBe(first);
    expect(reads).toBe(1);
  });

  it("reads again after this connection's own write", () => {
    addTeam(db, 'Kampfmannschaft');
    expect(names(db)).toEqual(['Kampfmannschaft']);
    addTeam(db, 'Reserve');
    expect(names(db)).toEqual(['Kampfmannschaft', 'Reserve']);
    expect(reads).toBe(2);
  });

  it("reads again after another connection's commit (a render process after the server's save)", () => {
    expect(names(db)).toEqual([]);
    addTeam(other, 'U16');
    expect(names(db)).toEqual(['U16']);
    expect(reads).toBe(2);
  });

  it('keeps nothing read inside a transaction that is rolled back', () => {
    expect(() =>
      write(
        'test.rolled-back',
        () => {
          db.$client.prepare("INSERT INTO teams (id, name) VALUES ('x', 'Geist')").run();
          expect(names(db)).toEqual(['Geist']);
          throw new Error('abgebrochen');
        },
        db,
      ),
    ).toThrow('abgebrochen');
    expect(names(db)).toEqual([]);
  });

  it("keeps a list every page reads through a full publish's thousands of player records: past its bound the memo lets go of what was read least recently", () => {
    addTeam(db, 'Kampfmannschaft');
    let recordReads = 0;
    const record = (id: number) => memoRead(db, `record:${id}`, () => (recordReads++, { id }));
    // a render process's pages: each reads the shared list and its own player's record
    for (let id = 0; id < 3_000; id++) {
      expect(names(db)).toEqual(['Kampfmannschaft']);
      record(id);
    }
    expect(reads).toBe(1);
    expect(recordReads).toBe(3_000);
    // the latest records are still kept, the earliest went
    record(2_999);
    expect(recordReads).toBe(3_000);
    record(0);
    expect(recordReads).toBe(3_001);
  });

  it('keeps nothing when the read fails', () => {
    expect(() => memoRead(db, 'failing', () => { throw new Error('kaputt'); })).toThrow('kaputt');
    expect(memoRead(db, 'failing', () => 'gelesen')).toBe('gelesen');
  });
});

describe('readConsistently', () => {
  it('reads once when nothing commits meanwhile, with the memo at hand', () => {
    addTeam(db, 'Kampfmannschaft');
    let runs = 0;
    const value = readConsistently(db, () => (runs++, names(db)));
    expect(value).toEqual(['Kampfmannschaft']);
    expect(readConsistently(db, () => names(db))).toBe(value);
    expect(runs).toBe(1);
    expect(reads).toBe(1);
  });

  it("reads again in one snapshot when another connection commits while it reads (a save during a render process's read)", () => {
    addTeam(db, 'Kampfmannschaft');
    let runs = 0;
    const [before, after] = readConsistently(db, () => {
      runs++;
      const first = teamNames(db);
      if (runs === 1) addTeam(other, 'Reserve');
      return [first, teamNames(db)];
    });
    // the first run saw two states; what it answers is the second run's, from one
    expect(runs).toBe(2);
    expect(before).toEqual(['Kampfmannschaft', 'Reserve']);
    expect(after).toEqual(before);
  });
});

describe("the club's list of matches", () => {
  it('carries what drizzle reads of every match but the report and the match centre, in the same order', () => {
    const add = (values: Record<string, unknown>) =>
      write('test.match', () => db.insert(matches).values({ home_team: 'SV', away_team: 'FC', match_date: '2026-08-01', ...values }).run(), db);
    add({ match_time: '18:00', season: '2026/27', home_score: 2, away_score: 1, status: 'finished', notes: 'Bericht', matchday: 3, report: '<p>lang</p>', report_images: ['/a.jpg'] });
    add({ match_date: '2026-07-15', match_time: null, location: 'Gnas', competition: 'Liga', team_side: 'home', sequence: 4 });
    add({ match_date: '2026-08-01', match_time: '15:00', status: 'cancelled', away_team: "FC 'Ü'" });
    const fromDrizzle = db
      .select()
      .from(matches)
      .orderBy(asc(matches.match_date), asc(matches.match_time))
      .all()
      .map(({ report, report_images, opponent_lineup, live_phase, kickoff_at, second_half_at, external_key, ...listed }) => {
        void [report, report_images, opponent_lineup, live_phase, kickoff_at, second_half_at, external_key];
        return listed;
      });
    expect(matchesByDateIn(db)).toEqual(fromDrizzle);
    expect(matchesByDateIn(db).map((m) => m.match_time)).toEqual([null, '15:00', '18:00']);
  });
});
