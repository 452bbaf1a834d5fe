// matches (admin-area.md §2, §3, §4, §5, §8, §9): one schema for the 'New match'
// form, the edit dialog and the actions. Home team, away team, date,
// competition and season are required; everything else may be empty (stored
// as NULL).
import { z } from 'astro/zod';
import './zod-german';
import { optional, optionalInteger, required } from './admin-fields';
import { baseRevision, id, REQUIRED_MESSAGE, type Listed } from './common';
import { MATCH_DETAIL_ERRORS, SIDES } from './match-details';
import { sameTeam } from '../league-table';
import { SAME_TEAMS_MESSAGE } from './league';

/** A match's notes, the longest kept (the import adds the old app's status word to them). */
export const MATCH_NOTES_MAX = 2_000;
export const MATCH_STATUSES = ['scheduled', 'live', 'finished', 'postponed', 'cancelled'] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];
export const MATCH_STATUS_LABELS: Record<MatchStatus, string> = {
  scheduled: 'Geplant',
  live: 'Live',
  finished: 'Beendet',
  postponed: 'Verschoben',
  cancelled: 'Abgesagt',
};
/** The manager shows an unknown status as scheduled (admin-area.md §4); the value itself is kept until saved. */
export function adminMatchStatus(status: string | null | undefined): MatchStatus {
  return (MATCH_STATUSES as readonly string[]).includes(status ?? '') ? (status as MatchStatus) : 'scheduled';
}

export const MATCH_TYPES = ['league', 'cup', 'friendly'] as const;
export const MATCH_TYPE_LABELS: Record<(typeof MATCH_TYPES)[number], string> = {
  league: 'Liga',
  cup: 'Pokal',
  friendly: 'Freundschaft',
};

export const COMPETITIONS = [
  'Regionalliga',
  'Oberliga',
  'Landesliga',
  'Unterliga',
  'Bezirksliga',
  'Gebietsliga',
  '1. Klasse',
  '2. Klasse',
  'Jugendliga',
  'ÖFB Cup',
  'Freundschaftsspiel',
] as const;

export const DATE_MESSAGE = 'Bitte ein gültiges Datum angeben.';
export const TIME_MESSAGE = 'Bitte eine Uhrzeit im Format HH:MM angeben.';

/** 'YYYY-MM-DD' of a day that exists (2026-02-30 does not). */
export function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
}

const matchFields = z.object({
  home_team: required(200),
  away_team: required(200),
  match_date: z
    .string({ required_error: REQUIRED_MESSAGE, invalid_type_error: REQUIRED_MESSAGE })
    .trim()
    .min(1, REQUIRED_MESSAGE)
    .refine((v) => v === '' || isCalendarDate(v), DATE_MESSAGE),
  match_time: optional(5).refine((v) => v === null || /^([01]\d|2[0-3]):[0-5]\d$/.test(v), TIME_MESSAGE),
  location: optional(300),
  competition: required(100),
  season: required(20),
  matchday: optionalInteger(0, 200),
  home_score: optionalInteger(0, 999),
  away_score: optionalInteger(0, 999),
  status: z.enum(MATCH_STATUSES, { errorMap: () => ({ message: 'Bitte einen Status aus der Liste wählen.' }) }).default('scheduled'),
  notes: optional(MATCH_NOTES_MAX),
  match_type: z.enum(MATCH_TYPES, { errorMap: () => ({ message: 'Bitte eine Spielart aus der Liste wählen.' }) }).default('league'),
});
/**
 * A match of a team against itself (one name typed twice, or in other case) is refused, as a league result
 * is: saved, it showed on the fixtures with its score while the table left it out. (Two empty names are
 * the required fields' one message alone.)
 */
function withTwoTeams<T extends typeof matchFields>(schema: T): z.ZodEffects<T> {
  return schema.refine((m: z.output<typeof matchFields>) => !m.home_team || !sameTeam(m.home_team, m.away_team), { message: SAME_TEAMS_MESSAGE, path: ['away_team'] });
}

export const matchSchema = withTwoTeams(matchFields);
export type MatchInput = z.input<typeof matchSchema>;
export type MatchData = z.output<typeof matchSchema>;

/**
 * A new match names our team and its side right away (a first-day review: twenty fixtures typed in, and no
 * team page listed one, since only 'Details' named the team). An edit leaves them to 'Details', where the
 * line-up that belongs to them is.
 */
export const matchCreateSchema = withTwoTeams(matchFields.extend({
  team_id: z
    .string()
    .max(100)
    .nullish()
    .transform((v) => (v ? v : null)),
  team_side: z.preprocess(
    (v) => (v === '' ? null : v),
    z
      .enum(SIDES, { errorMap: () => ({ message: MATCH_DETAIL_ERRORS.side }) })
      .nullish()
      .transform((v) => v ?? null),
  ),
}));
export type MatchCreateData = z.output<typeof matchCreateSchema>;

export const matchUpdateSchema = withTwoTeams(matchFields.extend({ id, base_revision: baseRevision }));
export const matchIdSchema = z.object({ id });

export type MatchEntry = Listed & {
  id: string;
  home_team: string;
  away_team: string;
  match_date: string;
  match_time: string | null;
  location: string | null;
  competition: string | null;
  season: string | null;
  matchday: number | null;
  home_score: number | null;
  away_score: number | null;
  status: string;
  notes: string | null;
  match_type: string | null;
  sequence: number;
};

/** Toasts of the match manager (admin-area.md §8): errors titled 'Fehler', successes 'Erfolg'. */
export const MATCH_TEXTS = {
  createTitle: 'Neues Spiel',
  ourTeam: 'Unsere Mannschaft',
  ourTeamHint: 'Damit das Spiel auf der Mannschaftsseite steht; Aufstellung und Ereignisse später unter „Details“.',
  noTeam: 'Keine (nur Spielplan)',
  ourSide: 'Wir spielen',
  editTitle: 'Spiel bearbeiten',
  listTitle: 'Alle Spiele',
  // the list is by date, oldest first (admin-area.md); a phone needed a long scroll to this weekend's match
  jumpToNext: 'Zum nächsten Spiel',
  empty: 'Noch keine Spiele angelegt.',
  confirmDelete: 'Sind Sie sicher, dass Sie dieses Spiel löschen möchten?',
  errorTitle: 'Fehler',
  successTitle: 'Erfolg',
  loadError: 'Fehler beim Laden der Spiele',
  saveError: 'Fehler beim Speichern des Spiels',
  updateError: 'Fehler beim Aktualisieren des Spiels',
  deleteError: 'Fehler beim Löschen des Spiels',
  created: 'Spiel erfolgreich hinzugefügt',
  updated: 'Spiel erfolgreich aktualisiert',
  deleted: 'Spiel erfolgreich gelöscht',
} as const;
