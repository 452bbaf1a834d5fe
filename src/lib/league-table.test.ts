import { describe, expect, it } from 'vitest';
import { TIE_BREAK_PRESETS, cleanTieBreakers, computeTable, presetOf, type LeagueResult } from './league-table';

const r = (home: string, away: string, homeGoals: number | null, awayGoals: number | null): LeagueResult => ({ home, away, homeGoals, awayGoals });
const AUSTRIA = TIE_BREAK_PRESETS.austria.order;
const GERMANY = TIE_BREAK_PRESETS.germany.order;
const names = (rows: { team: string }[]) => rows.map((row) => row.team);

// Hand-checked: A 1-1-1 3:2 (4 P.), B 1-1-1 7:4 (4 P.), C 1-2-0 4:3 (5 P.), D 0-2-1 2:7 (2 P.).
// A beat B, so head to head puts A first; B's goal difference (+3 to +1) puts B first.
const FOUR = [r('A', 'B', 2, 0), r('C', 'D', 1, 1), r('A', 'C', 0, 1), r('B', 'D', 5, 0), r('A', 'D', 1, 1), r('B', 'C', 2, 2)];

describe('computeTable', () => {
  it('counts played, won, drawn, lost, goals, difference and points (3/1/0)', () => {
    const table = computeTable(FOUR, { tieBreakers: GERMANY });
    expect(table).toEqual([
      { position: 1, team: 'C', played: 3, won: 1, drawn: 2, lost: 0, goalsFor: 4, goalsAgainst: 3, goalDifference: 1, points: 5 },
      { position: 2, team: 'B', played: 3, won: 1, drawn: 1, lost: 1, goalsFor: 7, goalsAgainst: 4, goalDifference: 3, points: 4 },
      { position: 3, team: 'A', played: 3, won: 1, drawn: 1, lost: 1, goalsFor: 3, goalsAgainst: 2, goalDifference: 1, points: 4 },
      { position: 4, team: 'D', played: 3, won: 0, drawn: 2, lost: 1, goalsFor: 2, goalsAgainst: 7, goalDifference: -5, points: 2 },
    ]);
  });

  it('puts the winner of the direct match first where head to head comes before goal difference (Austria)', () => {
    expect(names(computeTable(FOUR, { tieBreakers: AUSTRIA }))).toEqual(['C', 'A', 'B', 'D']);
    expect(names(computeTable(FOUR, { tieBreakers: GERMANY }))).toEqual(['C', 'B', 'A', 'D']);
  });

  it('counts with 2/1/0 where the league says so, which can change the order', () => {
    // X 1-0-1 1:3, Y 0-2-0 0:0, P 0-1-1 0:1, Q 1-1-0 3:0
    const results = [r('X', 'P', 1, 0), r('Q', 'X', 3, 0), r('Y', 'P', 0, 0), r('Y', 'Q', 0, 0)];
    const three = computeTable(results, { tieBreakers: GERMANY });
    expect(three.map((row) => [row.team, row.points])).toEqual([['Q', 4], ['X', 3], ['Y', 2], ['P', 1]]);
    const two = computeTable(results, { points: { win: 2, draw: 1, loss: 0 }, tieBreakers: GERMANY });
    // X and Y level on 2 points: Y's difference (0) beats X's (-2)
    expect(two.map((row) => [row.team, row.points])).toEqual([['Q', 3], ['Y', 2], ['X', 2], ['P', 1]]);
  });

  it('orders three teams level on points by their small table, and again among two still level (sub-group)', () => {
    // A, B and C each have 6 points. Among them: A–B 2:1, C–B 0:1, A–C 1:2 → all 3 points,
    // difference 0; A scored 3, B and C 2 each, and 2 away goals each. So A first; then
    // B and C alone: B won at C, so B before C, although C's difference overall (+5) is best.
    const results = [r('A', 'B', 2, 1), r('C', 'B', 0, 1), r('A', 'C', 1, 2), r('A', 'D', 1, 0), r('B', 'D', 1, 0), r('C', 'D', 5, 0)];
    const austria = computeTable(results, { tieBreakers: AUSTRIA });
    expect(austria.map((row) => [row.team, row.points, row.goalDifference])).toEqual([
      ['A', 6, 1],
      ['B', 6, 1],
      ['C', 6, 5],
      ['D', 0, -7],
    ]);
    // Germany: difference first (C), then A and B level on +1: A scored more (4 to 3)
    expect(names(computeTable(results, { tieBreakers: GERMANY }))).toEqual(['C', 'A', 'B', 'D']);
  });

  it('lists teams without a played match, ignores results without both scores, and reads names with stray spaces as one team', () => {
    const table = computeTable([r('A ', 'B', 1, 0), r('B', 'C', null, null), r('  A', 'C', null, 2)]);
    expect(table.map((row) => [row.team, row.played, row.points])).toEqual([['A', 1, 3], ['C', 0, 0], ['B', 1, 0]]);
    // (C before B: both without points, C's difference 0 beats B's -1)
  });

  it("reads one team whatever the case it was typed in, under its first spelling; a match of a team against itself so typed counts nothing", () => {
    const table = computeTable([r('FC Oberdorf', 'SV Kirchberg', 2, 1), r('FC oberdorf', 'SK Au', 0, 0), r('sk au', 'SV KIRCHBERG', 1, 3), r('SK Au', 'sk AU', 4, 0)]);
    expect(table.map((row) => [row.team, row.played, row.points])).toEqual([['FC Oberdorf', 2, 4], ['SV Kirchberg', 2, 3], ['SK Au', 2, 1]]);
  });

  it('stands teams level on everything by name, and applies wins and away goals when asked', () => {
    expect(names(computeTable([r('Zeltweg', 'Admont', 1, 1)], { tieBreakers: AUSTRIA }))).toEqual(['Admont', 'Zeltweg']);
    // E 4 points; Ö and Ä 3 points each, 2:2: Ö won once (at home), Ä drew three times, twice away (2 away goals)
    const results = [r('Ö', 'E', 2, 0), r('E', 'Ö', 2, 0), r('E', 'Ä', 1, 1), r('F', 'Ä', 1, 1), r('Ä', 'F', 0, 0)];
    expect(names(computeTable(results, { tieBreakers: ['wins'] })).slice(0, 2)).toEqual(['E', 'Ö']);
    expect(names(computeTable(results, { tieBreakers: ['away_goals'] })).slice(0, 2)).toEqual(['E', 'Ä']);
  });
});

describe('tie-breaker lists', () => {
  it('knows its presets and drops unknown or repeated entries', () => {
    expect(presetOf(['head_to_head', 'goal_difference', 'goals_for', 'wins', 'away_goals'])).toBe('austria');
    expect(presetOf(['goal_difference', 'goals_for', 'head_to_head', 'away_goals'])).toBe('germany');
    expect(presetOf(['goals_for'])).toBeNull();
    expect(cleanTieBreakers(['goals_for', 'lottery', 'goals_for', 3, 'wins'])).toEqual(['goals_for', 'wins']);
    expect(cleanTieBreakers('goals_for')).toEqual([]);
  });
});
