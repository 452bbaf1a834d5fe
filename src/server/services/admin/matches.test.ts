import { beforeEach, describe, expect, it } from 'vitest';
import { FIXTURE_LISTS } from '../../publish/pseudo-tables';
import { createTestDb, seed } from '../../db/test-db';
import type { Db } from '../../db/client';
import { matchCreateSchema, matchSchema } from '../../../lib/schemas/match';
import { MATCH_DETAIL_ERRORS } from '../../../lib/schemas/match-details';
import { createMatch, deleteMatch, listMatches, updateMatch } from './matches';
import { advancePhase } from './match-day';
import { followScore } from './match-details';
import { matchEvents, matches, teams } from '../../db/schema';
import { eq } from 'drizzle-orm';
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

  it("a new match names our team and side; an unknown team or a team without a side is refused in German", () => {
    const team = seed(db, () => db.insert(teams).values({ name: 'Reserve', category: 'herren' }).returning().get());
    const create = (v: Record<string, unknown>) => createMatch(matchCreateSchema.parse({ ...base, ...v }), db);
    expect(create({ team_id: team.id, team_side: 'away' }).row.id).toBeTruthy();
    expect(db.select().from(matches).all().map((m) => [m.team_id, m.team_side])).toEqual([[team.id, 'away']]);
    expect(() => create({ team_id: 'gibt-es-nicht', team_side: 'home' })).toThrow(MATCH_DETAIL_ERRORS.unknownTeam);
    expect(() => create({ team_id: team.id, team_side: '' })).toThrow(MATCH_DETAIL_ERRORS.sideRequired);
    expect(matchCreateSchema.safeParse({ ...base, team_id: team.id, team_side: 'mitte' }).error?.issues[0].message).toBe(MATCH_DETAIL_ERRORS.side);
    // a side without a team is no team
    create({ team_id: '', team_side: 'home' });
    expect(db.select().from(matches).all().filter((m) => m.team_id === null).map((m) => m.team_side)).toEqual([null]);
  });

  it('refuses one team on both sides, in any case and spacing, in the new match, edit and import forms alike', async () => {
    const { matchUpdateSchema } = await import('../../../lib/schemas/match');
    const away = (schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { path: (string | number)[]; message: string }[] } } }, v: Record<string, unknown>) =>
      schema.safeParse({ ...base, ...v }).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(away(matchSchema, { away_team: ' sv  kirchberg ' })).toEqual([['away_team', 'Heim- und Auswärtsteam müssen verschieden sein.']]);
    expect(away(matchCreateSchema, { away_team: 'SV KIRCHBERG', team_id: null })).toEqual([['away_team', 'Heim- und Auswärtsteam müssen verschieden sein.']]);
    expect(away(matchUpdateSchema, { id: 'm', base_revision: 1, away_team: 'SV Kirchberg' })).toEqual([['away_team', 'Heim- und Auswärtsteam müssen verschieden sein.']]);
    expect(away(matchSchema, { away_team: 'SV Kirchberg II' })).toBeUndefined();
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

  it("a 0:0 a live match carried back to 'Geplant' (no clock ran, so it stays) ends nothing, nor does a later edit; a result typed then ends it", () => {
    const { row } = createMatch(match({ match_date: '2026-08-17', status: 'live', home_score: 0, away_score: 0 }), db);
    expect(updateMatch(row.id, match({ match_date: '2026-08-17', home_score: 0, away_score: 0 }), db).row.status).toBe('scheduled');
    expect(updateMatch(row.id, match({ match_date: '2026-08-17', home_score: 0, away_score: 0, notes: 'Anpfiff irrtümlich' }), db).row.status).toBe('scheduled');
    expect(updateMatch(row.id, match({ match_date: '2026-08-17', home_score: 2, away_score: 0 }), db).row.status).toBe('finished');
  });
});

describe('a live match set back to before its Anpfiff', () => {
  const kickedOff = (v: Record<string, unknown> = {}) => {
    const teamId = seed(db, () => db.insert(teams).values({ name: 'Kampfmannschaft' }).returning().get().id);
    const { row } = createMatch(match({ match_date: '2099-08-17', team_id: teamId, team_side: 'home', ...v }), db);
    advancePhase(row.id, 'kickoff', Date.parse('2099-08-17T13:00:00Z'), db);
    return { ...db.select().from(matches).where(eq(matches.id, row.id)).get()!, teamId };
  };

  it("loses the clock's 0:0 (a mis-tapped Anpfiff): the fixtures showed '0:0' on a match not played", () => {
    const m = kickedOff();
    expect(m).toMatchObject({ status: 'live', home_score: 0, away_score: 0 });
    // the form sends back what it shows: the 0:0
    const { row } = updateMatch(m.id, match({ match_date: '2099-08-17', team_id: m.teamId, team_side: 'home', home_score: 0, away_score: 0 }), db);
    expect(row).toMatchObject({ status: 'scheduled', home_score: null, away_score: null });
    expect(db.select().from(matches).where(eq(matches.id, m.id)).get()).toMatchObject({ live_phase: 'not_started', home_score: null, away_score: null });
  });

  it("loses it too after an Abpfiff pressed by mistake as well: set back from 'Beendet', the Anpfiff is offered again", () => {
    const m = kickedOff();
    advancePhase(m.id, 'full_time', Date.parse('2099-08-17T13:01:00Z'), db);
    expect(db.select().from(matches).where(eq(matches.id, m.id)).get()).toMatchObject({ status: 'finished', live_phase: 'full_time', home_score: 0, away_score: 0 });
    const { row } = updateMatch(m.id, match({ match_date: '2099-08-17', team_id: m.teamId, team_side: 'home', home_score: 0, away_score: 0 }), db);
    expect(row).toMatchObject({ status: 'scheduled', home_score: null, away_score: null });
    expect(db.select().from(matches).where(eq(matches.id, m.id)).get()).toMatchObject({ live_phase: 'not_started' });
    // a 0:0 typed with 'Beendet' in the form (no clock ran) and set back keeps what was typed
    const typed = createMatch(match({ match_date: '2099-08-17', status: 'finished', home_score: 0, away_score: 0 }), db).row;
    expect(updateMatch(typed.id, match({ match_date: '2099-08-17', home_score: 0, away_score: 0 }), db).row).toMatchObject({ status: 'scheduled', home_score: 0, away_score: 0 });
  });

  it('keeps a score typed in the same save, one the goals gave, and the 0:0 of a match set to Beendet', () => {
    const typed = kickedOff();
    expect(updateMatch(typed.id, match({ match_date: '2099-08-17', team_id: typed.teamId, team_side: 'home', home_score: 1, away_score: 0 }), db).row).toMatchObject({ home_score: 1, away_score: 0 });
    const ended = kickedOff();
    expect(updateMatch(ended.id, match({ match_date: '2099-08-17', team_id: ended.teamId, team_side: 'home', status: 'finished', home_score: 0, away_score: 0 }), db).row).toMatchObject({
      status: 'finished',
      home_score: 0,
      away_score: 0,
    });
    // a match called off in play keeps the score its goals gave
    const scored = kickedOff();
    seed(db, () => {
      db.insert(matchEvents).values({ match_id: scored.id, type: 'goal', minute: 10, side: 'away', player_name: 'Gast 9' }).run();
      followScore(scored.id, db);
    });
    const called = updateMatch(scored.id, match({ match_date: '2099-08-17', team_id: scored.teamId, team_side: 'home', status: 'cancelled', home_score: 0, away_score: 1 }), db).row;
    expect(called).toMatchObject({ status: 'cancelled', home_score: 0, away_score: 1 });
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
