// One match as a source (a CSV row, an iCalendar event) describes it. A field
// left undefined is one the source does not have: an import never clears what
// the club entered by hand just because the file lacks that column.
import type { FieldDiff, ImportPlan, PlanKind } from './plan';
import type { ImportField } from './texts';

export type ImportStatus = 'scheduled' | 'finished' | 'cancelled' | 'postponed';

export type ImportedMatch = {
  /** the row (CSV, counting the header as 1) or event number, for messages */
  line: number;
  /** the source's own id (a column, an iCalendar UID), if it has one */
  sourceId: string | null;
  match_date: string;
  match_time?: string | null;
  home_team: string;
  away_team: string;
  home_score?: number | null;
  away_score?: number | null;
  location?: string | null;
  competition: string;
  season: string;
  matchday?: number | null;
  /**
   * 'scheduled' is no statement that the match is on, only that the source
   * names no cancellation: neither source can say more (plan.ts, importedStatus).
   */
  status?: ImportStatus;
};

export type ImportProblem = { line: number; message: string };

export type ReadResult = { matches: ImportedMatch[]; problems: ImportProblem[] };

/** Which column (0-based) holds which field; a field without a column is absent. */
export type ColumnMapping = Partial<Record<ImportField, number>>;

/** What the admin sets for the whole file: used where the source names no competition or season. */
export type ImportDefaults = { competition: string; season: string };

export const MAX_IMPORT_ROWS = 2_000;

/** A source that cannot be read at all; its message is German and shown as it is. */
export class ImportReadError extends Error {
  override name = 'ImportReadError';
}

// What the server answers the admin panel at each step (src/server/services/admin/match-import.ts).
export type TeamChoice = { id: string; name: string };
export type ImportInspection =
  | { format: 'csv'; headers: string[]; sample: string[][]; rowCount: number; mapping: ColumnMapping; teams: TeamChoice[] }
  | { format: 'ical'; eventCount: number; teams: TeamChoice[] };
export type ReviewItem = {
  kind: PlanKind;
  key: string;
  line: number;
  match_date: string;
  match_time: string | null;
  home_team: string;
  away_team: string;
  score: string | null;
  competition: string;
  season: string;
  /** the source calls the match off or puts it back (the review names it beside the teams) */
  setAside: 'cancelled' | 'postponed' | null;
  diffs: FieldDiff[];
};
export type ImportReview = Pick<ImportPlan, 'counts' | 'problems' | 'fingerprint'> & { items: ReviewItem[] };
export type ImportResult = { created: number; updated: number; leagueResults: number };

