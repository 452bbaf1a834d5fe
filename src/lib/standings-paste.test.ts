import { describe, expect, it } from 'vitest';
import { parseStandings } from './standings-paste';

const rowsOf = (text: string) => {
  const result = parseStandings(text);
  if (!result.ok) throw new Error(result.message);
  return result.rows;
};
const messageOf = (text: string) => {
  const result = parseStandings(text);
  return result.ok ? null : result.message;
};

describe('parseStandings', () => {
  it('reads a table copied from a portal (tabs, German headings, Tore 25:12, Diff ignored)', () => {
    const text = 'Rang\tMannschaft\tSp.\tS\tU\tN\tTore\tDiff\tPkt.\n1.\tSV Feldbach\t13\t9\t2\t2\t30:12\t18\t29\n2.\tFC Gnas\t13\t8\t3\t2\t25:12\t13\t27\n';
    expect(rowsOf(text)).toEqual([
      { position: 1, team_name: 'SV Feldbach', played: 13, won: 9, drawn: 2, lost: 2, goals_for: 30, goals_against: 12, points: 29 },
      { position: 2, team_name: 'FC Gnas', played: 13, won: 8, drawn: 3, lost: 2, goals_for: 25, goals_against: 12, points: 27 },
    ]);
  });

  it('takes semicolons and commas, quoted names, other spellings of the headings and a points deduction', () => {
    const semicolons = 'Pl.;Verein;Spiele;G;U;V;Tore;Pkt\n2;"USV Paldau; 1b";4;1;1;2;5 - 7;4\n1;TuS Ilz;4;3;0;1;9:3;-3\n';
    expect(rowsOf(semicolons).map((r) => [r.position, r.team_name, r.goals_for, r.goals_against, r.points])).toEqual([
      [1, 'TuS Ilz', 9, 3, -3],
      [2, 'USV Paldau; 1b', 5, 7, 4],
    ]);
    const commas = 'Mannschaft,Sp,Punkte\nSC Gleisdorf 1b,3,7\n\nSV Fehring,3,1\n';
    expect(rowsOf(commas).map((r) => [r.position, r.team_name, r.played, r.points, r.won])).toEqual([
      [1, 'SC Gleisdorf 1b', 3, 7, 0],
      [2, 'SV Fehring', 3, 1, 0],
    ]);
  });

  it("reads an English portal's 'P W D L GF GA GD Pts' (P took the points: the games played became them), one name however spaced, goals a spreadsheet made a time", () => {
    expect(rowsOf('Pos\tTeam\tP\tW\tD\tL\tGF\tGA\tGD\tPts\n1\tSV Feldbach\t3\t2\t1\t0\t7\t2\t5\t7\n')).toEqual([
      { position: 1, team_name: 'SV Feldbach', played: 3, won: 2, drawn: 1, lost: 0, goals_for: 7, goals_against: 2, points: 7 },
    ]);
    // beside 'MP', 'P' is the rank
    expect(rowsOf('P\tTeam\tMP\tW\tD\tL\tGF\tGA\tGD\tPts\n2\tFC Gnas\t3\t1\t1\t1\t4\t4\t0\t4\n')).toEqual([
      { position: 2, team_name: 'FC Gnas', played: 3, won: 1, drawn: 1, lost: 1, goals_for: 4, goals_against: 4, points: 4 },
    ]);
    // a lone 'P' is still the points
    expect(rowsOf('Mannschaft;P\nFC Gnas;12\n')[0]).toMatchObject({ team_name: 'FC Gnas', points: 12 });
    expect(messageOf('Mannschaft\tPkt.\nSV  Feldbach\t3\nSV\u00a0Feldbach\t2\n')).toBe('Zeile 3: „SV Feldbach“ steht schon weiter oben in der Tabelle.');
    expect(rowsOf('Mannschaft\tTore\tPkt.\nSV Feldbach\t30:12:00\t29\n')[0]).toMatchObject({ goals_for: 30, goals_against: 12 });
  });

  it('refuses a bad paste with a German message naming the line', () => {
    expect(messageOf('   ')).toMatch(/Bitte die Tabelle einfügen/);
    expect(messageOf('SV Feldbach\t13\t29\nFC Gnas\t13\t27')).toMatch(/Keine Kopfzeile erkannt/);
    expect(messageOf('Mannschaft\tPkt.')).toBe('Unter der Kopfzeile steht keine Mannschaft.');
    expect(messageOf('Mannschaft\tSp.\tPkt.\nSV Feldbach\tdreizehn\t29')).toBe('Zeile 2: „Sp.“ ist keine ganze Zahl („dreizehn“).');
    expect(messageOf('Mannschaft\tTore\tPkt.\nSV Feldbach\t30\t29')).toMatch(/^Zeile 2: Tore bitte als „erzielt:erhalten“/);
    expect(messageOf('Mannschaft\tPkt.\nSV Feldbach\t29\nSV Feldbach\t20')).toBe('Zeile 3: „SV Feldbach“ steht schon weiter oben in der Tabelle.');
    expect(messageOf('Mannschaft\tSp.\tS\tU\tN\tPkt.\nFC Gnas\t13\t8\t3\t1\t27')).toMatch(/ergeben Siege, Unentschieden und Niederlagen nicht/);
    expect(messageOf('Mannschaft\tPkt.\n\t3')).toBe('Zeile 2: Der Name der Mannschaft fehlt.');
    expect(messageOf(`Mannschaft\tPkt.\n${'x'.repeat(201)}\t3`)).toMatch(/zu lang/);
    expect(messageOf(['Mannschaft\tPkt.', ...Array.from({ length: 41 }, (_, i) => `Team ${i}\t1`)].join('\n'))).toBe('Höchstens 40 Mannschaften.');
  });
});
