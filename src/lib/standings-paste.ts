// An entered league table (issue 14): the rows a club copies from its league
// portal (ÖFB, fussball.de, ligaportal) and pastes into 'Tabellen'. Tab-,
// semicolon- or comma-separated, with the portal's German headings (Rang,
// Mannschaft, Sp., S, U, N, Tore '25:12', Diff, Pkt.). Anything it cannot read
// is refused with a German message naming the line, and nothing is stored.
import { parse } from 'csv-parse/sync';

export type StandingRow = {
  position: number;
  team_name: string;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  goals_for: number;
  goals_against: number;
  points: number;
};

export type PasteResult = { ok: true; rows: StandingRow[] } | { ok: false; message: string };

export const PASTE_TEXTS = {
  empty: 'Bitte die Tabelle einfügen (mit Kopfzeile, z. B. Rang; Mannschaft; Sp.; S; U; N; Tore; Diff; Pkt.).',
  unreadable: 'Die eingefügte Tabelle konnte nicht gelesen werden. Bitte als Text mit Tabulatoren, Strichpunkten oder Kommas einfügen.',
  noHeader: 'Keine Kopfzeile erkannt: Die erste Zeile muss die Spalten nennen, mindestens „Mannschaft“ und „Pkt.“.',
  noRows: 'Unter der Kopfzeile steht keine Mannschaft.',
  tooMany: (max: number) => `Höchstens ${max} Mannschaften.`,
  notNumber: (line: number, column: string, value: string) => `Zeile ${line}: „${column}“ ist keine ganze Zahl („${value}“).`,
  badGoals: (line: number, value: string) => `Zeile ${line}: Tore bitte als „erzielt:erhalten“ angeben, z. B. 25:12 („${value}“).`,
  noTeam: (line: number) => `Zeile ${line}: Der Name der Mannschaft fehlt.`,
  longTeam: (line: number) => `Zeile ${line}: Der Name der Mannschaft ist zu lang (höchstens 200 Zeichen).`,
  duplicate: (line: number, team: string) => `Zeile ${line}: „${team}“ steht schon weiter oben in der Tabelle.`,
  notAdding: (line: number, team: string) => `Zeile ${line}: Bei „${team}“ ergeben Siege, Unentschieden und Niederlagen nicht die Zahl der Spiele.`,
} as const;

export const MAX_STANDINGS = 40;

type Column = 'position' | 'team' | 'played' | 'won' | 'drawn' | 'lost' | 'goals' | 'goals_for' | 'goals_against' | 'points';

/** Headings as the portals write them, without dots, spaces and case. */
const HEADINGS: Record<string, Column> = {
  rang: 'position', pl: 'position', platz: 'position', pos: 'position', position: 'position', '#': 'position', nr: 'position', rg: 'position',
  mannschaft: 'team', team: 'team', verein: 'team', club: 'team', klub: 'team',
  sp: 'played', spiele: 'played', gespielt: 'played', spl: 'played',
  s: 'won', g: 'won', siege: 'won', sieg: 'won', gew: 'won', gewonnen: 'won', w: 'won',
  u: 'drawn', unentschieden: 'drawn', remis: 'drawn', unent: 'drawn', d: 'drawn',
  n: 'lost', v: 'lost', niederlagen: 'lost', niederlage: 'lost', verl: 'lost', verloren: 'lost', l: 'lost',
  tore: 'goals', torverhältnis: 'goals', tv: 'goals', torv: 'goals',
  'tore+': 'goals_for', tf: 'goals_for', 'tore-': 'goals_against', tg: 'goals_against', gegentore: 'goals_against',
  pkt: 'points', punkte: 'points', pt: 'points', pts: 'points', p: 'points', pkte: 'points',
  // English portals: 'P W D L GF GA GD Pts' (P is played there, beside Pts: see columnsOf)
  mp: 'played', gp: 'played', gf: 'goals_for', ga: 'goals_against',
};
/** Headings that name the points whatever else the row says: beside one of them, 'P' is the games played. */
const POINTS_WORDS = new Set(['pkt', 'punkte', 'pt', 'pts', 'pkte']);

/** Which column holds what, from the heading row. */
function columnsOf(headings: string[]): Map<Column, number> {
  const keys = headings.map(headingKey);
  const pointsNamed = keys.some((key) => POINTS_WORDS.has(key));
  const playedNamed = keys.some((key) => key !== 'p' && HEADINGS[key] === 'played');
  // 'Team P W D L Pts': P took the points column and Pts was left out (the games played became the points);
  // beside 'MP' or 'Sp' too, 'P' is the position ('P Team MP W D L GF GA GD Pts')
  const pIs: Column = !pointsNamed ? 'points' : playedNamed ? 'position' : 'played';
  const columns = new Map<Column, number>();
  keys.forEach((key, i) => {
    const column = key === 'p' ? pIs : HEADINGS[key];
    if (column && !columns.has(column)) columns.set(column, i);
  });
  return columns;
}

const LABELS: Record<Column, string> = {
  position: 'Rang', team: 'Mannschaft', played: 'Sp.', won: 'S', drawn: 'U', lost: 'N', goals: 'Tore', goals_for: 'Tore+', goals_against: 'Tore-', points: 'Pkt.',
};

const headingKey = (cell: string) => cell.toLowerCase().replace(/[.\s]/g, '');

function delimiterOf(text: string): string {
  const head = text.split(/\r?\n/).find((line) => line.trim() !== '') ?? '';
  if (head.includes('\t')) return '\t';
  return (head.match(/;/g)?.length ?? 0) >= (head.match(/,/g)?.length ?? 0) && head.includes(';') ? ';' : ',';
}

function readCells(text: string): string[][] | null {
  try {
    return parse(text, {
      delimiter: delimiterOf(text),
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
    }) as string[][];
  } catch {
    return null;
  }
}

/** Reads a pasted table; every row or none. */
export function parseStandings(text: string): PasteResult {
  if (!text || text.trim() === '') return { ok: false, message: PASTE_TEXTS.empty };
  const cells = readCells(text.trim());
  if (!cells) return { ok: false, message: PASTE_TEXTS.unreadable };
  const lines = cells.filter((row) => row.some((cell) => cell !== ''));
  const columns = columnsOf(lines[0] ?? []);
  if (!columns.has('team') || !columns.has('points')) return { ok: false, message: PASTE_TEXTS.noHeader };
  const body = lines.slice(1);
  if (body.length === 0) return { ok: false, message: PASTE_TEXTS.noRows };
  if (body.length > MAX_STANDINGS) return { ok: false, message: PASTE_TEXTS.tooMany(MAX_STANDINGS) };

  const rows: StandingRow[] = [];
  const seen = new Set<string>();
  for (const [index, row] of body.entries()) {
    const line = index + 2;
    const cell = (column: Column) => (columns.has(column) ? (row[columns.get(column)!] ?? '').trim() : '');
    const int = (column: Column, fallback: number, allowNegative = false): number | string => {
      const raw = cell(column).replace(/\.$/, '').replace(/^\u2212/, '-');
      if (raw === '' && !columns.has(column)) return fallback;
      if (!(allowNegative ? /^[+-]?\d{1,4}$/ : /^\+?\d{1,4}$/).test(raw)) return PASTE_TEXTS.notNumber(line, LABELS[column], cell(column));
      return Number(raw);
    };
    // one name however it was spaced ('SV  Feldbach', a no-break space from a web page): a team listed twice was
    // taken, and our row was not marked
    const team = cell('team').replace(/\s+/g, ' ');
    if (team === '') return { ok: false, message: PASTE_TEXTS.noTeam(line) };
    if (team.length > 200) return { ok: false, message: PASTE_TEXTS.longTeam(line) };
    if (seen.has(team.toLowerCase())) return { ok: false, message: PASTE_TEXTS.duplicate(line, team) };
    seen.add(team.toLowerCase());

    let goals: [number, number] | string = [0, 0];
    if (columns.has('goals')) {
      // '30:12:00': a spreadsheet that took the goals for a time of day
      const m = /^(\d{1,4})\s*[:\-–]\s*(\d{1,4})(?::00)?$/.exec(cell('goals'));
      goals = m ? [Number(m[1]), Number(m[2])] : PASTE_TEXTS.badGoals(line, cell('goals'));
    } else {
      const gf = int('goals_for', 0);
      const ga = int('goals_against', 0);
      goals = typeof gf === 'string' ? gf : typeof ga === 'string' ? ga : [gf, ga];
    }
    const values = {
      position: int('position', index + 1),
      played: int('played', 0),
      won: int('won', 0),
      drawn: int('drawn', 0),
      lost: int('lost', 0),
      // a points deduction can leave a team below zero
      points: int('points', 0, true),
    };
    const failure = [...Object.values(values), goals].find((v): v is string => typeof v === 'string');
    if (failure) return { ok: false, message: failure };
    const n = values as Record<keyof typeof values, number>;
    if (columns.has('played') && (columns.has('won') || columns.has('drawn') || columns.has('lost')) && n.won + n.drawn + n.lost !== n.played) {
      return { ok: false, message: PASTE_TEXTS.notAdding(line, team) };
    }
    const [goals_for, goals_against] = goals as [number, number];
    rows.push({ position: n.position, team_name: team, played: n.played, won: n.won, drawn: n.drawn, lost: n.lost, goals_for, goals_against, points: n.points });
  }
  return { ok: true, rows: rows.sort((a, b) => a.position - b.position) };
}
