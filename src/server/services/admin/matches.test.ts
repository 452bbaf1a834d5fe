import { beforeEach, describe, expect, it } from 'vitest';
import { FIXTURE_LISTS } from '../../publish/pseudo-tables';
import { createTestDb } from '../../db/test-db';
import type { Db } from '../../db/client';
import { matchSchema } from '../../../lib/schemas/match';
import { createMatch, deleteMatch, listMatches, updateMatch } from './matches';
import { RefusedWrite } from '../../db/write';

let db: Db;
beforeEach(() => {
  db = createTestDb();
});
const base = { home_team: 'SV Kirchberg', away_team: 'SC Gleisdorf', match_date: '2026-08-10', competition: 'Unterliga', season: '2026/27' };
const match = (v: Record<string, unknown> = {}) => matchSchema.parse({ ...base, ...v });

describe('matches service', () => {
  it('creates a match with empty optional values as null, status scheduled and type league', () => {
    const { row, changes } = createMatch(match({ match_time: '', location: '', matchday: '', home_score: '', away_score: '', notes: '' }), db);
    expect(row).toMatchObject({ match_time: null, location: null, matchday: null, home_score: null, away_score: null, notes: null, status: 'scheduled', match_type: 'league', sequence: 0 });
    // a new match may bring a filter page of its own, and is on the filter pages' lists (FIXTURE_LISTS)
    expect(changes).toEqual([{ table: 'matches', key: row.id }, { table: FIXTURE_LISTS }]);
  });

  it('a new score names the match alone; another competition, teams or a deletion name the filter lists too', () => {
    const { row } = createMatch(match({}), db);
    const data = match({});
    expect(updateMatch(row.id, { ...data, home_score: 2, away_score: 1 }, db).changes).toEqual([{ table: 'matches', key: row.id }]);
    expect(updateMatch(row.id, { ...data, competition: 'Steirischer Cup' }, db).changes).toContainEqual({ table: FIXTURE_LISTS });
    expect(updateMatch(row.id, { ...data, competition: 'Steirischer Cup', away_team: 'SV Feldbach' }, db).changes).toContainEqual({ table: FIXTURE_LISTS });
    expect(deleteMatch(row.id, db).changes).toContainEqual({ table: FIXTURE_LISTS });
  });

  it('lists by date ascending', () => {
    createMatch(match({ match_date: '2026-09-01', home_team: 'Später' }), db);
    createMatch(match({ match_date: '2026-08-01', home_team: 'Früher' }), db);
    expect(listMatches(db).map((m) => m.home_team)).toEqual(['Früher', 'Später']);
  });

  it('raises the sequence on every update and keeps a real 0:0', () => {
    const { row } = createMatch(match(), db);
    const first = updateMatch(row.id, match({ home_score: '0', away_score: 0, status: 'finished' }), db).row;
    expect(first).toMatchObject({ home_score: 0, away_score: 0, status: 'finished', sequence: 1 });
    expect(updateMatch(row.id, match({ home_score: 0, away_score: 0, status: 'finished' }), db).row.sequence).toBe(2);
    expect(() => updateMatch('weg', match(), db)).toThrow(RefusedWrite);
    expect(deleteMatch(row.id, db).row.id).toBe(row.id);
    expect(() => deleteMatch(row.id, db)).toThrow('Dieses Spiel existiert nicht mehr.');
  });
});

describe("a result typed on a match still 'Geplant'", () => {
  it('ends the match once its day has come (created or edited), never a later one, a live or a set-aside one', () => {
    const past = createMatch(match({ match_date: '2026-08-10', home_score: 2, away_score: 1 }), db).row;
    expect(past.status).toBe('finished');
    const { row } = createMatch(match({ match_date: '2026-08-17' }), db);
    expect(row.status).toBe('scheduled');
    expect(updateMatch(row.id, match({ match_date: '2026-08-17', home_score: 0, away_score: 0 }), db).row.status).toBe('finished');
    // one score only is no result; a match in the future keeps what the admin chose
    expect(createMatch(match({ match_date: '2026-08-24', home_score: 1 }), db).row.status).toBe('scheduled');
    expect(createMatch(match({ match_date: '2099-08-24', home_score: 1, away_score: 1 }), db).row.status).toBe('scheduled');
    for (const status of ['live', 'cancelled', 'postponed']) expect(createMatch(match({ status, home_score: 3, away_score: 0 }), db).row.status, status).toBe(status);
  });

  it("a mis-tapped Anpfiff set back to 'Geplant' keeps its 0:0 without ending the match, and so does a later edit; a result typed then ends it", () => {
    const { row } = createMatch(match({ match_date: '2026-08-17', status: 'live', home_score: 0, away_score: 0 }), db);
    expect(updateMatch(row.id, match({ match_date: '2026-08-17', home_score: 0, away_score: 0 }), db).row.status).toBe('scheduled');
    expect(updateMatch(row.id, match({ match_date: '2026-08-17', home_score: 0, away_score: 0, notes: 'Anpfiff irrtümlich' }), db).row.status).toBe('scheduled');
    expect(updateMatch(row.id, match({ match_date: '2026-08-17', home_score: 2, away_score: 0 }), db).row.status).toBe('finished');
  });
});

describe('match schema', () => {
  const messages = (v: unknown) => {
    const r = matchSchema.safeParse(v);
    return r.success ? [] : [...new Set(r.error.issues.map((i) => i.message))];
  };
  it('requires home team, away team, date, competition and season with one message', () => {
    expect(messages({ home_team: '', away_team: '', match_date: '', competition: '', season: '' })).toEqual(['Bitte füllen Sie alle Pflichtfelder aus']);
    expect(messages({})).toEqual(['Bitte füllen Sie alle Pflichtfelder aus']);
  });
  it('refuses impossible dates, bad times, unknown statuses and types in German', () => {
    expect(messages({ ...base, match_date: '2026-02-30' })).toEqual(['Bitte ein gültiges Datum angeben.']);
    expect(messages({ ...base, match_time: '25:00' })).toEqual(['Bitte eine Uhrzeit im Format HH:MM angeben.']);
    expect(messages({ ...base, status: 'abandoned' })).toEqual(['Bitte einen Status aus der Liste wählen.']);
    expect(messages({ ...base, match_type: 'derby' })).toEqual(['Bitte eine Spielart aus der Liste wählen.']);
    expect(messages({ ...base, home_score: 'zwei' })).toEqual(['Bitte eine ganze Zahl eingeben.']);
  });
});
