import { describe, expect, it } from 'vitest';
import { createTestDb, seed } from '../db/test-db';
import { leagueResults, leagues, matches, standings, teams } from '../db/schema';
import { currentLeagueTables, leagueIds, leagueTableById, leaguesOfTeam } from './league-tables';
import { seasonStartYear } from '../../lib/fixtures';

describe('league tables for the public pages', () => {
  it("takes our side from team_side, shows it under the league's name for us, and leaves out cancelled matches", () => {
    const db = createTestDb();
    seed(db, (tx) => {
      tx.insert(teams).values({ id: 'damen', name: 'Damen' }).run();
      tx.insert(leagues).values({ id: 'l', competition: 'Landesliga Damen', season: '2026/27', our_team_name: 'Kirchberg/Raab', team_id: 'damen' }).run();
      tx.insert(matches)
        .values([
          // one match only: which side is ours comes from team_side
          { id: 'a', home_team: 'SG Gnas', away_team: 'SV Kirchberg Damen', team_side: 'away', match_date: '2026-09-01', competition: 'Landesliga Damen', season: '2026/27', status: 'finished', home_score: 0, away_score: 2 },
          { id: 'b', home_team: 'SV Kirchberg Damen', away_team: 'FC Absage', team_side: 'home', match_date: '2026-09-08', competition: 'Landesliga Damen', season: '2026/27', status: 'cancelled' },
          // a result typed in with the status left at 'Geplant' counts; a live score and a postponed match's do not
          { id: 'c', home_team: 'SV Kirchberg Damen', away_team: 'FC Vergessen', team_side: 'home', match_date: '2026-09-15', competition: 'Landesliga Damen', season: '2026/27', status: 'scheduled', home_score: 1, away_score: 1 },
          { id: 'd', home_team: 'FC Laufend', away_team: 'SV Kirchberg Damen', team_side: 'away', match_date: '2026-09-22', competition: 'Landesliga Damen', season: '2026/27', status: 'live', home_score: 3, away_score: 0 },
          { id: 'e', home_team: 'FC Später', away_team: 'SV Kirchberg Damen', team_side: 'away', match_date: '2026-09-29', competition: 'Landesliga Damen', season: '2026/27', status: 'postponed', home_score: 0, away_score: 1 },
        ])
        .run();
      tx.insert(leagueResults).values({ id: 'r', league_id: 'l', home_team: '<script>x</script>', away_team: 'SG Gnas', home_score: 1, away_score: 1 }).run();
    });
    const table = leagueTableById(db, 'l')!;
    expect(table.ourTeam).toBe('Kirchberg/Raab');
    expect(table.rows.map((r) => [r.team, r.played, r.points])).toEqual([
      ['Kirchberg/Raab', 2, 4],
      ['<script>x</script>', 1, 1],
      ['FC Vergessen', 1, 1],
      ['SG Gnas', 2, 1],
      ['FC Laufend', 0, 0],
      ['FC Später', 0, 0],
    ]);
    expect(leaguesOfTeam(db, 'damen')).toEqual([{ id: 'l', competition: 'Landesliga Damen', season: '2026/27' }]);
    expect(leagueTableById(db, 'weg')).toBeNull();
  });

  it("takes our name from the side most matches name: one match's side set the wrong way round makes no opponent us", () => {
    const db = createTestDb();
    const match = (id: string, home: string, away: string, side: 'home' | 'away', score: [number, number]) =>
      ({ id, home_team: home, away_team: away, team_side: side, match_date: `2026-09-0${id}`, competition: 'Unterliga', season: '2026/27', status: 'finished', home_score: score[0], away_score: score[1] }) as const;
    seed(db, (tx) => {
      tx.insert(leagues).values([{ id: 'l', competition: 'Unterliga', season: '2026/27' }]).run();
      tx.insert(matches)
        .values([
          // entered first, with 'Wir spielen: Heim' kept from the form's last match: the side names FC X
          match('1', 'FC X', 'SV Kirchberg', 'home', [1, 0]),
          match('2', 'SV Kirchberg', 'FC Y', 'home', [2, 0]),
          match('3', 'FC Z', 'SV Kirchberg', 'away', [0, 1]),
        ])
        .run();
      tx.insert(leagueResults)
        .values([
          { id: 'r', league_id: 'l', home_team: 'FC X', away_team: 'FC Y', home_score: 1, away_score: 0 },
          // our own result typed again in other case: ours count from the fixtures only, not twice
          { id: 's', league_id: 'l', home_team: 'sv kirchberg', away_team: 'fc y', home_score: 2, away_score: 0 },
        ])
        .run();
    });
    const table = leagueTableById(db, 'l')!;
    expect(table.ourTeam).toBe('SV Kirchberg');
    expect(table.rows.map((r) => [r.team, r.played, r.points])).toEqual([
      ['SV Kirchberg', 3, 6],
      ['FC X', 2, 6],
      ['FC Z', 1, 0],
      ['FC Y', 2, 0],
    ]);
  });

  it("counts a result of ours typed under 'Ergebnisse' that the fixtures do not hold (the autumn before the club began here), once", () => {
    const db = createTestDb();
    seed(db, (tx) => {
      tx.insert(leagues).values([{ id: 'l', competition: 'Unterliga', season: '2026/27' }]).run();
      tx.insert(matches)
        .values([
          { id: 'f', home_team: 'SV Kirchberg', away_team: 'FC Gnas', team_side: 'home', match_date: '2027-03-14', competition: 'Unterliga', season: '2026/27', status: 'finished', home_score: 1, away_score: 0 },
          { id: 'g', home_team: 'TuS Ilz', away_team: 'SV Kirchberg', team_side: 'away', match_date: '2027-03-21', competition: 'Unterliga', season: '2026/27', status: 'scheduled' },
        ])
        .run();
      tx.insert(leagueResults)
        .values([
          // the autumn, typed in: not in the fixtures (it was left out, TuS Ilz's row with it)
          { id: 'r1', league_id: 'l', home_team: 'SV Kirchberg', away_team: 'TuS Ilz', home_score: 2, away_score: 0 },
          { id: 'r2', league_id: 'l', home_team: 'FC Gnas', away_team: 'sv kirchberg', home_score: 1, away_score: 1 },
          // the spring's first match typed again: counted once, from the fixtures
          { id: 'r3', league_id: 'l', home_team: 'SV Kirchberg', away_team: 'FC Gnas', home_score: 1, away_score: 0 },
        ])
        .run();
    });
    expect(leagueTableById(db, 'l')!.rows.map((r) => [r.team, r.played, r.points, r.goalsFor, r.goalsAgainst])).toEqual([
      ['SV Kirchberg', 3, 7, 4, 1],
      ['FC Gnas', 2, 1, 1, 2],
      ['TuS Ilz', 1, 0, 0, 2],
    ]);
  });

  it('shows the leagues of the newest season on /tabelle, every league on its own page, pasted rows as pasted', () => {
    const db = createTestDb();
    seed(db, (tx) => {
      tx.insert(leagues)
        .values([
          { id: 'alt', competition: 'Unterliga Ost', season: '2025/26' },
          { id: 'neu', competition: 'Unterliga Ost', season: '2026/27', mode: 'entered', our_team_name: 'SV Kirchberg' },
          { id: 'res', competition: '1. Klasse', season: '2026/27' },
        ])
        .run();
      tx.insert(standings)
        .values([
          { league_id: 'neu', position: 2, team_name: 'SV Kirchberg', played: 3, won: 2, drawn: 0, lost: 1, goals_for: 5, goals_against: 4, points: 6 },
          { league_id: 'neu', position: 1, team_name: 'FC Gnas', played: 3, won: 3, drawn: 0, lost: 0, goals_for: 9, goals_against: 1, points: 9 },
        ])
        .run();
    });
    expect(currentLeagueTables(db).map((l) => l.id)).toEqual(['res', 'neu']);
    expect(leagueIds(db).sort()).toEqual(['alt', 'neu', 'res']);
    // next season's league made in June stays off until its first result; a hall cup named by words, with a
    // result, is this season's (its year, not its letters): beside the season's tables, not instead of them
    seed(db, (tx) => {
      tx.insert(leagues).values([{ id: 'next', competition: 'Unterliga Ost', season: '2027/28' }, { id: 'halle', competition: 'Hallencup', season: 'Winter 2026' }]).run();
      tx.insert(leagueResults).values({ id: 'h1', league_id: 'halle', home_team: 'FC Gnas', away_team: 'SC Weiz', home_score: 1, away_score: 1 }).run();
    });
    expect(currentLeagueTables(db).map((l) => l.id)).toEqual(['res', 'halle', 'neu']);
    seed(db, (tx) => tx.insert(leagueResults).values({ id: 'r1', league_id: 'next', home_team: 'FC Gnas', away_team: 'SC Weiz', home_score: 2, away_score: 0 }).run());
    expect(currentLeagueTables(db).map((l) => l.id)).toEqual(['next']);
    expect(['Frühjahr 2027', '2026/27', '26/27', 'Herbst 2026', '2027-28', 'Hallencup'].map(seasonStartYear)).toEqual([2026, 2026, 2026, 2026, 2027, -1]);
    const entered = leagueTableById(db, 'neu')!;
    expect(entered.rows.map((r) => [r.position, r.team, r.goalDifference, r.points])).toEqual([
      [1, 'FC Gnas', 8, 9],
      [2, 'SV Kirchberg', 1, 6],
    ]);
  });
});
