import { beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, seed } from '../../db/test-db';
import type { Db } from '../../db/client';
import { leagueResults, matches, standings, teams } from '../../db/schema';
import { RefusedWrite } from '../../db/write';
import { leagueResultSchema, leagueSchema } from '../../../lib/schemas/league';
import { leagueTableById } from '../../content/league-tables';
import { listTrash } from '../../revisions/trash';
import { affectedUrls } from '../../publish/affected-urls';
import { createLeague, createResult, deleteLeague, deleteResult, leagueDetail, listLeagues, pasteStandings, updateLeague, updateResult } from './leagues';

let db: Db;
beforeEach(() => {
  db = createTestDb();
  seed(db, (tx) => {
    tx.insert(teams).values({ id: 'kampf', name: 'Kampfmannschaft' }).run();
    tx.insert(matches)
      .values([
        { id: 'm1', home_team: 'SV Kirchberg', away_team: 'FC Gnas', match_date: '2026-08-08', competition: 'Unterliga Ost', season: '2026/27', status: 'finished', home_score: 2, away_score: 0 },
        { id: 'm2', home_team: 'USV Paldau', away_team: 'SV Kirchberg', match_date: '2026-08-15', competition: 'Unterliga Ost', season: '2026/27', status: 'finished', home_score: 1, away_score: 1 },
        { id: 'm3', home_team: 'SV Kirchberg', away_team: 'TuS Ilz', match_date: '2026-08-22', competition: 'Unterliga Ost', season: '2026/27' },
        { id: 'm4', home_team: 'SV Kirchberg', away_team: 'SK Sturm', match_date: '2026-07-22', competition: 'Steirischer Cup', season: '2026/27', match_type: 'cup' },
      ])
      .run();
  });
});

const league = (v: Record<string, unknown> = {}) => leagueSchema.parse({ competition: 'Unterliga Ost', season: '2026/27', tie_breakers: ['goal_difference', 'head_to_head'], ...v });
const result = (v: Record<string, unknown>) => leagueResultSchema.parse(v);

describe('leagues service', () => {
  it('lists the competitions of the fixtures with their league, and refuses a second league for one of them', () => {
    expect(listLeagues(db).candidates).toEqual([
      { competition: 'Steirischer Cup', season: '2026/27', matches: 1, leagueId: null },
      { competition: 'Unterliga Ost', season: '2026/27', matches: 3, leagueId: null },
    ]);
    const { row, changes } = createLeague(league({ team_id: 'kampf' }), db);
    expect(changes).toEqual([{ table: 'leagues', key: row.id }]);
    expect(row).toMatchObject({ mode: 'computed', points_win: 3, points_draw: 1, points_loss: 0, team_id: 'kampf' });
    const overview = listLeagues(db);
    expect(overview.candidates[1].leagueId).toBe(row.id);
    expect(overview.teams).toEqual([{ id: 'kampf', name: 'Kampfmannschaft' }]);
    expect(() => createLeague(league(), db)).toThrow('Für diesen Bewerb und diese Saison gibt es schon eine Tabelle.');
    expect(() => createLeague(league({ season: '2027/28', team_id: 'weg' }), db)).toThrow('Diese Mannschaft existiert nicht mehr.');
    expect(() => updateLeague('weg', league(), db)).toThrow(RefusedWrite);
  });

  it("takes a season spelt otherwise as the same one: one candidate, its league, no second league", () => {
    seed(db, (tx) => tx.insert(matches).values({ id: 'm5', home_team: 'TuS Ilz', away_team: 'SV Kirchberg', match_date: '2026-08-29', competition: 'Unterliga Ost', season: '2026-27' }).run());
    const { row } = createLeague(league(), db);
    expect(listLeagues(db).candidates).toEqual([
      { competition: 'Steirischer Cup', season: '2026/27', matches: 1, leagueId: null },
      { competition: 'Unterliga Ost', season: '2026/27', matches: 4, leagueId: row.id },
    ]);
    expect(() => createLeague(league({ season: '2026-27' }), db)).toThrow('Für diesen Bewerb und diese Saison gibt es schon eine Tabelle.');
    // its own season spelt otherwise is no other league's
    expect(updateLeague(row.id, league({ season: '2026-27', base_revision: 1 }), db).row).toMatchObject({ season: '2026-27' });
  });

  it("a league given to another team: the old team's pages lose the link to its table, not only the new team's gain it", () => {
    seed(db, (tx) => tx.insert(teams).values({ id: 'reserve', name: 'Reserve' }).run());
    const { row } = createLeague(league({ team_id: 'kampf' }), db);
    // a rename keeps the team: the keyed change reaches that team's pages alone
    const renamed = updateLeague(row.id, league({ team_id: 'kampf', our_team_name: 'Kirchberg' }), db);
    expect(renamed.changes).toEqual([{ table: 'leagues', key: row.id }]);
    expect(affectedUrls(db, renamed.changes)).not.toContain('/team/reserve');
    const moved = updateLeague(row.id, league({ team_id: 'reserve' }), db);
    expect(affectedUrls(db, moved.changes)).toEqual(expect.arrayContaining(['/team/kampf', '/team/reserve', `/tabelle/${row.id}`]));
  });

  it("computes the table from our matches and the other teams' results, and follows edits of those results", () => {
    const { row } = createLeague(league(), db);
    const a = createResult(result({ league_id: row.id, matchday: 1, home_team: 'USV Paldau', away_team: 'TuS Ilz', home_score: '3', away_score: '0' }), db);
    expect(a.changes).toEqual([{ table: 'league_results', key: row.id }]);
    createResult(result({ league_id: row.id, matchday: 2, home_team: 'FC Gnas', away_team: 'TuS Ilz', home_score: 1, away_score: 0 }), db);
    // our own match entered here as well is not counted twice: the fixtures have it
    createResult(result({ league_id: row.id, matchday: 1, home_team: 'SV Kirchberg', away_team: 'FC Gnas', home_score: 5, away_score: 0 }), db);
    let detail = leagueDetail(row.id, db);
    expect(detail.ourTeam).toBe('SV Kirchberg');
    expect(detail.table.map((r) => [r.team, r.played, r.points])).toEqual([
      ['USV Paldau', 2, 4],
      ['SV Kirchberg', 2, 4],
      ['FC Gnas', 2, 3],
      ['TuS Ilz', 2, 0],
    ]);
    // level on 4 points, goal difference first: Paldau +3 before us (+2); after the edit Paldau has +1
    updateResult(a.row.id, result({ league_id: row.id, matchday: 1, home_team: 'USV Paldau', away_team: 'TuS Ilz', home_score: 1, away_score: 0 }), db);
    detail = leagueDetail(row.id, db);
    expect(detail.table.slice(0, 2).map((r) => r.team)).toEqual(['SV Kirchberg', 'USV Paldau']);
    expect(detail.results.map((r) => r.matchday)).toEqual([1, 1, 2]);
    expect(deleteResult(a.row.id, db).changes).toEqual([{ table: 'league_results', key: row.id }]);
    expect(() => deleteResult(a.row.id, db)).toThrow('Dieses Ergebnis existiert nicht mehr.');
    // our name in the table as the league gives it
    updateLeague(row.id, league({ our_team_name: 'Kirchberg/Raab' }), db);
    expect(leagueTableById(db, row.id)!.rows.map((r) => r.team)).toContain('Kirchberg/Raab');
  });

  it('replaces an entered table with a pasted one, or keeps it and says why', () => {
    const { row } = createLeague(league({ mode: 'entered' }), db);
    const paste = 'Rang\tMannschaft\tSp.\tS\tU\tN\tTore\tDiff\tPkt.\n1\tFC Gnas\t2\t2\t0\t0\t4:1\t3\t6\n2\tSV Kirchberg\t2\t1\t1\t0\t3:1\t2\t4\n';
    expect(pasteStandings(row.id, paste, db).changes).toEqual([{ table: 'standings', key: row.id }]);
    expect(() => pasteStandings(row.id, 'Mannschaft\tPkt.\nSV Feldbach\tviele', db)).toThrow('Zeile 2: „Pkt.“ ist keine ganze Zahl („viele“).');
    expect(db.select().from(standings).all()).toHaveLength(2);
    const table = leagueTableById(db, row.id)!;
    expect(table.rows.map((r) => [r.position, r.team, r.goalDifference, r.points])).toEqual([
      [1, 'FC Gnas', 3, 6],
      [2, 'SV Kirchberg', 2, 4],
    ]);
    expect(() => pasteStandings('weg', paste, db)).toThrow('Diese Tabelle existiert nicht mehr.');
    // next week's table: the teams' rows are kept and updated, a team no longer in it deleted; the trash holds that one
    const ids = db.select({ id: standings.id }).from(standings).all().map((r) => r.id).sort();
    pasteStandings(row.id, 'Rang\tMannschaft\tSp.\tPkt.\n1\tSV Kirchberg\t3\t7\n2\tFC Gnas\t3\t6\n', db);
    expect(db.select({ id: standings.id }).from(standings).all().map((r) => r.id).sort()).toEqual(ids);
    expect(listTrash(db)).toEqual([]);
    expect(leagueTableById(db, row.id)!.rows.map((r) => [r.position, r.team, r.points])).toEqual([[1, 'SV Kirchberg', 7], [2, 'FC Gnas', 6]]);
    // two teams on one rank: by points (their rows keep the first paste's order, FC Gnas's first)
    pasteStandings(row.id, 'Rang\tMannschaft\tSp.\tPkt.\n1\tSV Kirchberg\t3\t9\n1\tFC Gnas\t3\t7\n', db);
    expect(leagueDetail(row.id, db).standings.map((r) => r.team_name)).toEqual(['SV Kirchberg', 'FC Gnas']);
    expect(leagueTableById(db, row.id)!.rows.map((r) => r.team)).toEqual(['SV Kirchberg', 'FC Gnas']);
    pasteStandings(row.id, 'Rang\tMannschaft\tSp.\tPkt.\n1\tSV Kirchberg\t4\t10\n', db);
    expect(listTrash(db).map((t) => [t.entity, t.title])).toEqual([['standings', 'FC Gnas']]);
    deleteLeague(row.id, db);
    expect(db.select().from(standings).all()).toHaveLength(0);
    expect(db.select().from(leagueResults).all()).toHaveLength(0);
  });
});

describe('league schemas', () => {
  const messages = (schema: typeof leagueResultSchema | typeof leagueSchema, v: unknown) => {
    const r = schema.safeParse(v);
    return r.success ? [] : [...new Set(r.error.issues.map((i) => i.message))];
  };
  it('refuses a result of a team against itself, one score only, unknown tie-breakers, points out of range', () => {
    expect(messages(leagueResultSchema, { league_id: 'l', home_team: 'A', away_team: 'a', home_score: 1, away_score: 1 })).toEqual(['Heim- und Auswärtsteam müssen verschieden sein.']);
    expect(messages(leagueResultSchema, { league_id: 'l', home_team: 'A', away_team: 'B', home_score: 1, away_score: '' })).toEqual([
      'Bitte beide Tore angeben (oder keines, wenn das Spiel noch aussteht).',
    ]);
    expect(messages(leagueSchema, { competition: 'X', season: '1', tie_breakers: ['coin'] })).toEqual(['Unbekanntes Kriterium bei Punktegleichheit.']);
    expect(messages(leagueSchema, { competition: 'X', season: '1', tie_breakers: [], points_win: 11 })).toEqual(['Bitte eine ganze Zahl von 0 bis 10 eingeben.']);
  });
});
