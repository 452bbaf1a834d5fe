// CSV fixtures lists: the delimiter found from the header line (German
// spreadsheets write ';'), the header's column names guessed into a mapping,
// and the rows read through the mapping the admin confirmed.
import { parse } from 'csv-parse/sync';
import { IMPORT_FIELDS, MATCH_IMPORT_TEXTS as T, type ImportField } from './texts';
import { ImportReadError, MAX_IMPORT_ROWS, type ColumnMapping, type ImportDefaults, type ImportedMatch, type ImportProblem, type ReadResult } from './types';
import { normalizeTeamName, parseImportDate, parseImportInteger, parseImportScore, parseImportTime, timeInDateCell } from './values';
import { seasonOfDate } from '../fixtures';
import { withoutControlCharacters } from '../xml-text';

export type CsvTable = { headers: string[]; rows: string[][] };

function delimiterOf(text: string): string {
  const first = text.split(/\r?\n/, 1)[0] ?? '';
  const counts = [';', ',', '\t'].map((d) => [d, first.split(d).length - 1] as const);
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

/** The header and the non-empty rows; throws a German message when the text is no CSV. */
export function readCsvTable(text: string): CsvTable {
  const clean = text.replace(/^\uFEFF/, '');
  let records: string[][];
  try {
    records = parse(clean, { delimiter: delimiterOf(clean), relax_column_count: true, relax_quotes: true, skip_empty_lines: true, trim: true });
  } catch (error) {
    throw new ImportReadError(T.csvUnreadable(error instanceof Error ? error.message.split('\n')[0] : String(error)));
  }
  const rows = records.filter((r) => r.some((cell) => cell !== ''));
  if (rows.length === 0) throw new ImportReadError(T.emptyCsv);
  if (rows.length - 1 > MAX_IMPORT_ROWS) throw new ImportReadError(T.tooManyRows(MAX_IMPORT_ROWS));
  return { headers: rows[0], rows: rows.slice(1) };
}

// German (and a few English) column names as league portals and spreadsheets write them, normalised
const HEADER_NAMES: Record<ImportField, string[]> = {
  date: ['datum', 'spieldatum', 'date', 'tag', 'termin'],
  time: ['uhrzeit', 'zeit', 'anstoss', 'ankick', 'beginn', 'time', 'anpfiff'],
  home: ['heim', 'heimteam', 'heimmannschaft', 'heimverein', 'home', 'mannschaft 1', 'team 1', 'heimmannsch'],
  away: ['gast', 'gastteam', 'gastmannschaft', 'gastverein', 'auswaerts', 'auswaertsteam', 'auswaertsmannschaft', 'away', 'mannschaft 2', 'team 2'],
  score: ['ergebnis', 'resultat', 'endstand', 'score', 'result', 'endergebnis'],
  home_goals: ['tore heim', 'heimtore', 'tore h', 'home goals'],
  away_goals: ['tore gast', 'gasttore', 'tore g', 'tore auswaerts', 'away goals'],
  location: ['ort', 'spielort', 'sportplatz', 'platz', 'stadion', 'spielstaette', 'location', 'venue', 'anlage'],
  competition: ['wettbewerb', 'liga', 'bewerb', 'klasse', 'spielklasse', 'competition', 'league'],
  season: ['saison', 'spielzeit', 'season'],
  matchday: ['spieltag', 'runde', 'rd', 'matchday', 'round', 'st'],
  source_id: ['id', 'spiel id', 'spielnr', 'spiel nr', 'spielnummer', 'nr', 'match id', 'begegnung', 'begegnungsnr'],
};

/** The mapping the header suggests: each field to the first column whose name is one of its names. */
export function guessColumnMapping(headers: string[]): ColumnMapping {
  const mapping: ColumnMapping = {};
  const taken = new Set<number>();
  const names = headers.map((h) => normalizeTeamName(h));
  for (const field of IMPORT_FIELDS) {
    const index = names.findIndex((name, i) => !taken.has(i) && HEADER_NAMES[field].includes(name));
    if (index >= 0) {
      mapping[field] = index;
      taken.add(index);
    }
  }
  return mapping;
}

const MAX_CELL = 300;

/** The rows read through the mapping; a row that cannot be read is a problem, the others still count. */
export function csvRowsToMatches(table: CsvTable, mapping: ColumnMapping, defaults: ImportDefaults): ReadResult {
  if (mapping.date === undefined || mapping.home === undefined || mapping.away === undefined) throw new ImportReadError(T.mapRequired);
  const matches: ImportedMatch[] = [];
  const problems: ImportProblem[] = [];
  table.rows.forEach((row, index) => {
    const line = index + 2;
    const cell = (field: ImportField) => {
      const column = mapping[field];
      if (column === undefined) return undefined;
      // the source's own id is a key, never shown: kept as it is, so that a match imported before still matches
      const text = field === 'source_id' ? (row[column] ?? '') : withoutControlCharacters(row[column] ?? '');
      return text.trim();
    };
    const has = (field: ImportField) => mapping[field] !== undefined;
    const problem = (message: string) => problems.push({ line, message });
    if (row.some((value) => value.length > MAX_CELL)) return problem(T.rowTooLong(line));
    const date = parseImportDate(cell('date'));
    if (!date) return problem(T.rowDate(line, cell('date') ?? ''));
    const home = cell('home') ?? '';
    const away = cell('away') ?? '';
    if (!home || !away) return problem(T.rowTeams(line));
    const time = has('time') ? parseImportTime(cell('time')) : timeInDateCell(cell('date') ?? '') ?? undefined;
    if (time === undefined && has('time')) return problem(T.rowTime(line, cell('time') ?? ''));
    let score: [number, number] | null | undefined;
    if (has('score')) {
      score = parseImportScore(cell('score'));
      if (score === undefined) return problem(T.rowScore(line, cell('score') ?? ''));
    } else if (has('home_goals') && has('away_goals')) {
      const h = cell('home_goals') ?? '';
      const a = cell('away_goals') ?? '';
      score = h === '' && a === '' ? null : parseImportScore(`${h}:${a}`);
      if (score === undefined) return problem(T.rowScore(line, `${h}:${a}`));
    }
    const competition = (has('competition') && cell('competition')) || defaults.competition.trim();
    if (!competition) return problem(T.rowCompetition(line));
    const season = (has('season') && cell('season')) || defaults.season.trim() || seasonOfDate(date);
    const match: ImportedMatch = { line, sourceId: (has('source_id') && cell('source_id')) || null, match_date: date, home_team: home, away_team: away, competition, season };
    if (time !== undefined) match.match_time = time;
    // an empty result cell never clears a result entered by hand: the portal may simply lag behind
    if (score) {
      [match.home_score, match.away_score] = score;
      match.status = 'finished';
    }
    if (has('location')) match.location = cell('location') || null;
    if (has('matchday')) match.matchday = parseImportInteger(cell('matchday'));
    matches.push(match);
  });
  return { matches, problems };
}
