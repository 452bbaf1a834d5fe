// leagues (issue 14, 'Tabellen'): a league's settings, the other teams'
// results of a computed league, and the pasted table of an entered one. One
// schema each for the form and the action; German messages throughout.
import { z } from 'astro/zod';
import './zod-german';
import { sameTeam, TIE_BREAKERS } from '../league-table';
import type { StandingRow } from '../standings-paste';
import type { TableRow } from '../league-table';
import { integerOr, optional, optionalInteger, required } from './admin-fields';
import { baseRevision, id, type Listed } from './common';

export const LEAGUE_MODES = ['computed', 'entered'] as const;
export type LeagueMode = (typeof LEAGUE_MODES)[number];

const points = (fallback: number) => integerOr(fallback, 0, 10);
const isoDate = /^\d{4}-\d{2}-\d{2}$/;

export const leagueSchema = z.object({
  competition: required(100),
  season: required(20),
  mode: z.enum(LEAGUE_MODES, { errorMap: () => ({ message: 'Bitte eine Art der Tabelle wählen.' }) }).default('computed'),
  points_win: points(3),
  points_draw: points(1),
  points_loss: points(0),
  tie_breakers: z
    .array(z.enum(TIE_BREAKERS, { errorMap: () => ({ message: 'Unbekanntes Kriterium bei Punktegleichheit.' }) }))
    .max(TIE_BREAKERS.length)
    .refine((list) => new Set(list).size === list.length, 'Jedes Kriterium nur einmal.'),
  our_team_name: optional(200),
  team_id: optional(100),
});
export type LeagueInput = z.input<typeof leagueSchema>;
export type LeagueData = z.output<typeof leagueSchema>;
export const leagueUpdateSchema = leagueSchema.extend({ id, base_revision: baseRevision });
export const leagueIdSchema = z.object({ id });

const score = optionalInteger(0, 99);
/** One team on both sides (as typed, in any case): a league result's and a match's. */
export const SAME_TEAMS_MESSAGE = 'Heim- und Auswärtsteam müssen verschieden sein.';

export const leagueResultSchema = z
  .object({
    league_id: id,
    matchday: optionalInteger(0, 200),
    match_date: optional(10).refine((v) => v === null || isoDate.test(v), 'Bitte ein gültiges Datum angeben.'),
    home_team: required(200),
    away_team: required(200),
    home_score: score,
    away_score: score,
  })
  .refine((r) => !sameTeam(r.home_team, r.away_team), {
    message: SAME_TEAMS_MESSAGE,
    path: ['away_team'],
  })
  .refine((r) => (r.home_score === null) === (r.away_score === null), {
    message: 'Bitte beide Tore angeben (oder keines, wenn das Spiel noch aussteht).',
    path: ['away_score'],
  });
export type LeagueResultData = z.output<typeof leagueResultSchema>;
export const leagueResultUpdateSchema = z.object({ id, result: leagueResultSchema, base_revision: baseRevision });

export const standingsPasteSchema = z.object({
  league_id: id,
  text: z.string({ invalid_type_error: 'Bitte die Tabelle als Text einfügen.' }).max(50_000, 'Die eingefügte Tabelle ist zu lang.'),
});

/** A league as the admin sees it, with how many results or rows it has. */
export type LeagueEntry = Listed & {
  id: string;
  competition: string;
  season: string;
  mode: LeagueMode;
  points_win: number;
  points_draw: number;
  points_loss: number;
  tie_breakers: string[];
  our_team_name: string | null;
  team_id: string | null;
  results: number;
  standings: number;
};
export type LeagueResultEntry = {
  id: string;
  league_id: string;
  matchday: number | null;
  match_date: string | null;
  home_team: string;
  away_team: string;
  home_score: number | null;
  away_score: number | null;
} & Listed;
/** A row of an entered table, as pasted. */
export type StandingEntry = StandingRow;
/** One league's results, pasted rows and the table as the site shows it (the admin's editor). */
export type LeagueDetail = { results: LeagueResultEntry[]; standings: StandingEntry[]; table: TableRow[]; ourTeam: string | null };
/** A competition and season found in the matches, with its league if there is one. */
export type LeagueCandidate = { competition: string; season: string; matches: number; leagueId: string | null };
export type LeaguesOverview = {
  leagues: LeagueEntry[];
  candidates: LeagueCandidate[];
  teams: { id: string; name: string }[];
};

export const LEAGUE_TEXTS = {
  title: 'Tabellen',
  intro: 'Eine Tabelle je Bewerb und Saison: berechnet aus den Ergebnissen (unsere aus dem Spielplan, die der anderen Mannschaften hier eingetragen) oder als fertige Tabelle vom Verbandsportal eingefügt.',
  candidatesTitle: 'Bewerbe im Spielplan',
  candidatesEmpty: 'Im Spielplan stehen noch keine Spiele mit Bewerb und Saison.',
  create: 'Tabelle anlegen',
  open: 'Öffnen',
  prefill: 'Als neue Tabelle vorbereiten',
  newTitle: 'Neue Tabelle',
  leaguesTitle: 'Tabellen',
  leaguesEmpty: 'Noch keine Tabelle angelegt.',
  settings: 'Einstellungen',
  mode: 'Art der Tabelle',
  modes: { computed: 'Berechnet aus Ergebnissen', entered: 'Eingefügte Tabelle (vom Verbandsportal)' } satisfies Record<LeagueMode, string>,
  // what a table is made of: a computed one counts the club's own matches of its competition and season too
  // ('0 Ergebnisse' stood beside a table of five of the club's matches; found by a first-day review)
  computedFrom: (matches: number, results: number) =>
    `${matches} ${matches === 1 ? 'Spiel' : 'Spiele'} im Spielplan, ${results} ${results === 1 ? 'weiteres Ergebnis' : 'weitere Ergebnisse'}`,
  enteredRows: (rows: number) => `${rows} ${rows === 1 ? 'Zeile' : 'Zeilen'}`,
  points: 'Punkte für Sieg / Unentschieden / Niederlage',
  win: 'Sieg',
  draw: 'Unentschieden',
  loss: 'Niederlage',
  tieBreak: 'Bei Punktegleichheit',
  custom: 'Eigene Reihenfolge',
  moveUp: (criterion: string) => `${criterion} nach oben`,
  moveDown: (criterion: string) => `${criterion} nach unten`,
  movedTo: (criterion: string, place: number) => `${criterion} ist jetzt an ${place}. Stelle.`,
  ourName: 'Unser Name in der Tabelle',
  ourNameHint: 'Leer lassen: der Name aus unseren Spielen im Spielplan.',
  team: 'Unsere Mannschaft',
  noTeam: 'Keine',
  matchesCount: (n: number) => `${n} ${n === 1 ? 'Spiel' : 'Spiele'}`,
  resultsTitle: 'Ergebnisse der anderen Mannschaften',
  resultsEmpty: 'Noch keine Ergebnisse anderer Mannschaften eingetragen.',
  addResult: 'Ergebnis hinzufügen',
  editResult: 'Ergebnis bearbeiten',
  pasteTitle: 'Tabelle einfügen',
  pasteHint: 'Tabelle auf dem Verbandsportal markieren, kopieren und hier einfügen (mit Kopfzeile: Rang, Mannschaft, Sp., S, U, N, Tore, Pkt.). Die bisherige Tabelle wird ersetzt.',
  pasteButton: 'Tabelle übernehmen',
  standingsTitle: 'Eingefügte Tabelle',
  standingsEmpty: 'Noch keine Tabelle eingefügt.',
  confirmDelete: 'Sind Sie sicher, dass Sie diese Tabelle mit allen Ergebnissen löschen möchten?',
  confirmDeleteResult: 'Sind Sie sicher, dass Sie dieses Ergebnis löschen möchten?',
  errorTitle: 'Fehler',
  successTitle: 'Erfolg',
  loadError: 'Fehler beim Laden der Tabellen',
  saveError: 'Fehler beim Speichern',
  deleteError: 'Fehler beim Löschen',
  created: 'Tabelle angelegt',
  saved: 'Tabelle gespeichert',
  deleted: 'Tabelle gelöscht',
  resultSaved: 'Ergebnis gespeichert',
  resultDeleted: 'Ergebnis gelöscht',
  pasted: (n: number) => `Tabelle mit ${n} Mannschaften übernommen`,
  notFound: 'Diese Tabelle existiert nicht mehr.',
  resultNotFound: 'Dieses Ergebnis existiert nicht mehr.',
  duplicate: 'Für diesen Bewerb und diese Saison gibt es schon eine Tabelle.',
  unknownTeam: 'Diese Mannschaft existiert nicht mehr.',
  publicLink: 'Öffentliche Tabelle ansehen',
} as const;
