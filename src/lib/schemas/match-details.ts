// A match's details (issue 14): our team, line-up, events and report. One
// schema per shape, shared by the admin forms, the 'Spieltag' panel and the
// actions; the rules that need the database (the team's players) live in
// src/server/services/admin/match-details.ts, with the messages from here.
import { z } from 'astro/zod';
import './zod-german';
import { optional, optionalInteger, readText } from './admin-fields';
import { OUTDATED_FORM, baseRevision, id, type Listed } from './common';
import { UPLOAD_TEXTS, isGoneUpload, withoutGoneUploads } from './upload';
import type { LivePhase } from '../match-minute';
import type { MatchEntry } from './match';

export const SIDES = ['home', 'away'] as const;
export type Side = (typeof SIDES)[number];
export const EVENT_TYPES = ['goal', 'yellow', 'yellow_red', 'red', 'substitution'] as const;
export type EventType = (typeof EVENT_TYPES)[number];
export const GOAL_KINDS = ['regular', 'penalty', 'own_goal'] as const;
export type GoalKind = (typeof GOAL_KINDS)[number];
export const LINEUP_ROLES = ['start', 'sub'] as const;

/** The most players in a starting line-up. */
export const MAX_STARTERS = 11;

export const MATCH_DETAILS_TEXTS = {
  detailsButton: 'Details',
  dialogTitle: 'Spieldetails',
  teamLabel: 'Unsere Mannschaft',
  noTeam: 'Keine (nur Freitext)',
  sideLabel: 'Wir spielen',
  sides: { home: 'Heim', away: 'Auswärts' } as Record<Side, string>,
  lineupTitle: 'Aufstellung',
  lineupConflict: (who: string, when: string) =>
    `Nicht gespeichert: ${who} hat die Aufstellung inzwischen geändert (${when}).`,
  /** after a refused save, the stored line-up put into the form (lib/lineup-merge.ts) */
  lineupMerged: (conflicts: number) =>
    `Die gespeicherte Aufstellung ist jetzt eingetragen; was hier geändert wurde, bleibt${
      conflicts === 0 ? '' : conflicts === 1 ? ' (bei 1 Angabe wurde dort etwas anderes gewählt)' : ` (bei ${conflicts} Angaben wurde dort etwas anderes gewählt)`
    }. Bitte prüfen und erneut speichern.`,
  lineupReopen: 'Die gespeicherte Aufstellung konnte nicht geladen werden. Bitte die Spieldetails schließen und neu öffnen.',
  starters: 'Startelf',
  subs: 'Ersatzbank',
  notPlaying: '–',
  jersey: 'Nr.',
  opponentLineup: 'Aufstellung des Gegners',
  eventsTitle: 'Ereignisse',
  reportTitle: 'Spielbericht',
  reportImages: 'Fotos zum Spielbericht',
  saveLineup: 'Aufstellung speichern',
  saveReport: 'Bericht speichern',
  addEvent: 'Ereignis hinzufügen',
  removeEvent: 'Entfernen',
  minute: 'Minute',
  type: 'Ereignis',
  side: 'Seite',
  player: 'Spieler',
  opponentPlayer: 'Spieler (Gegner)',
  assist: 'Vorlage',
  playerOn: 'Eingewechselt',
  playerOff: 'Ausgewechselt',
  goalKind: 'Art',
  saved: 'Gespeichert',
  noEvents: 'Noch keine Ereignisse.',
  pickTeamFirst: 'Bitte zuerst unsere Mannschaft wählen und speichern.',
  errorTitle: 'Fehler',
} as const;

export const EVENT_LABELS: Record<EventType, string> = {
  goal: 'Tor',
  yellow: 'Gelbe Karte',
  yellow_red: 'Gelb-Rote Karte',
  red: 'Rote Karte',
  substitution: 'Wechsel',
};
export const GOAL_KIND_LABELS: Record<GoalKind, string> = { regular: 'Tor', penalty: 'Elfmeter', own_goal: 'Eigentor' };

/** Refusals of a line-up, an event or a link (German, shown as they are). */
/** The most stoppage time an event may carry (the clock counts on past it when Halbzeit or Abpfiff was forgotten). */
export const MAX_ADDED_MINUTES = 30;

export const MATCH_DETAIL_ERRORS = {
  notOurPlayer: 'Dieser Spieler gehört nicht zu unserer Mannschaft in diesem Spiel.',
  duplicatePlayer: 'Ein Spieler steht doppelt in der Aufstellung.',
  tooManyStarters: `Höchstens ${MAX_STARTERS} Spieler in der Startelf.`,
  duplicateJersey: 'Eine Rückennummer ist doppelt vergeben.',
  noTeam: 'Für dieses Spiel ist keine Mannschaft von uns gewählt.',
  unknownTeam: 'Diese Mannschaft existiert nicht mehr.',
  sideRequired: 'Bitte wählen, ob wir heim oder auswärts spielen.',
  playerRequired: 'Bitte einen Spieler wählen.',
  bothPlayersRequired: 'Bitte den eingewechselten und den ausgewechselten Spieler wählen.',
  samePlayer: 'Ein- und ausgewechselter Spieler müssen verschieden sein.',
  eventNotFound: 'Dieses Ereignis existiert nicht mehr.',
  nothingToUndo: 'Es gibt kein Ereignis zum Zurücknehmen.',
  sameEventEntered: (by: string | null, what: string) =>
    `Nicht eingetragen: ${by ?? 'ein anderer Admin'} hat gerade dasselbe eingetragen (${what}). Die Liste zeigt es jetzt; war es ein weiteres, bitte noch einmal speichern.`,
  undoAnother: (by: string | null) =>
    `Nicht zurückgenommen: ${by ?? 'ein anderer Admin'} hat inzwischen ein Ereignis eingetragen. Die Liste zeigt jetzt alle; bitte dort das richtige entfernen oder noch einmal zurücknehmen.`,
  minute: 'Bitte eine Minute von 1 bis 130 angeben.',
  stoppage: (half: number) => `Nachspielzeit gibt es nur zur ${half}. und ${2 * half}. Minute (und in der Verlängerung), z. B. ${half}+2.`,
  type: 'Bitte ein Ereignis aus der Liste wählen.',
  side: 'Bitte eine Seite wählen.',
  goalKind: 'Bitte eine Torart aus der Liste wählen.',
  notStarted: 'Das Spiel wurde noch nicht angepfiffen.',
  phase: 'Dieser Schritt passt nicht zum Spielstand.',
  calledOff: 'Dieses Spiel ist abgesagt oder verschoben. Bitte zuerst unter „Spielplan“ den Status ändern.',
  clockPastLimit: (shown: string) =>
    `Die Spieluhr steht bei ${shown}: so viel Nachspielzeit gibt es nicht. Bitte die Minute eintragen (oder „Halbzeit“ bzw. „Abpfiff“ drücken, falls vergessen).`,
  scoreFromGoals: (home: number, away: number) =>
    `Das Ergebnis ergibt sich aus den Toren unter „Spieldetails“ (${home}:${away}). Bitte die Tore dort ändern.`,
} as const;

const side = z.enum(SIDES, { errorMap: () => ({ message: MATCH_DETAIL_ERRORS.side }) });
const optionalId = z
  .string()
  .max(100)
  .nullish()
  .transform((v) => (v ? v : null));

/** Our team in a match, and the line-ups. */
const lineupFields = z.object({
  team_id: optionalId,
  team_side: side.nullish().transform((v) => v ?? null),
  opponent_lineup: optional(2_000),
  players: z
    .array(
      z.object({
        player_id: id,
        role: z.enum(LINEUP_ROLES, { errorMap: () => ({ message: 'Bitte Startelf oder Ersatzbank wählen.' }) }),
        jersey_number: optionalInteger(0, 99),
      }),
    )
    .max(60, 'Zu viele Spieler.'),
});
export const lineupSchema = lineupFields.extend({
  match_id: id,
  // the line-up as the form was filled: refused when someone changed it since (decision 032)
  read: lineupFields.extend({ opponent_lineup: readText(2_000) }).optional(),
});
export type LineupInput = z.input<typeof lineupSchema>;
export type LineupData = Omit<z.output<typeof lineupSchema>, 'read'>;
/** A line-up as compared: our team, its side, the opponent's text and who plays in which role with which number. */
export type LineupRead = z.output<typeof lineupFields>;

/**
 * What is wrong with a line-up, as one German message each (empty when it is
 * fine): only players of our team, nobody twice, at most eleven starters, no
 * shirt number twice.
 */
export function lineupProblems(players: LineupData['players'], teamPlayerIds: ReadonlySet<string>): string[] {
  const problems = new Set<string>();
  const seen = new Set<string>();
  const numbers = new Set<number>();
  for (const p of players) {
    if (!teamPlayerIds.has(p.player_id)) problems.add(MATCH_DETAIL_ERRORS.notOurPlayer);
    if (seen.has(p.player_id)) problems.add(MATCH_DETAIL_ERRORS.duplicatePlayer);
    seen.add(p.player_id);
    if (p.jersey_number != null) {
      if (numbers.has(p.jersey_number)) problems.add(MATCH_DETAIL_ERRORS.duplicateJersey);
      numbers.add(p.jersey_number);
    }
  }
  if (players.filter((p) => p.role === 'start').length > MAX_STARTERS) problems.add(MATCH_DETAIL_ERRORS.tooManyStarters);
  return [...problems];
}

/**
 * One event. `side` is the side of the player (ours or the opponent's); the
 * service stores the side the event counts for, which for an own goal is the
 * other one. Our players by id, the opponent's as free text.
 */
export const eventSchema = z.object({
  match_id: id,
  type: z.enum(EVENT_TYPES, { errorMap: () => ({ message: MATCH_DETAIL_ERRORS.type }) }),
  side,
  /** empty: the minute from the match clock ('Spieltag') */
  minute: optionalInteger(1, 130),
  added_time: optionalInteger(0, MAX_ADDED_MINUTES),
  goal_kind: z
    .enum(GOAL_KINDS, { errorMap: () => ({ message: MATCH_DETAIL_ERRORS.goalKind }) })
    .nullish()
    .transform((v) => v ?? null),
  player_id: optionalId,
  player_name: optional(120),
  related_player_id: optionalId,
  related_player_name: optional(120),
  /** the form's own id for this entry: sent again, it finds the event stored the first time (decision 032) */
  entry_id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,64}$/, OUTDATED_FORM)
    .nullish()
    .transform((v) => v ?? null),
  /** the events the form's list showed: one like it entered since by someone else is refused once */
  known_event_ids: z.array(id).max(1_000, OUTDATED_FORM).optional(),
});
export type EventInput = z.input<typeof eventSchema>;
export type EventData = z.output<typeof eventSchema>;

export const eventIdSchema = z.object({ id });
export const matchRefSchema = z.object({ match_id: id });
/**
 * The undo at the pitch names the event it takes back, the last one its panel showed: another admin's event
 * entered since is not taken back in its place (a review of two admins at once).
 */
export const undoEventSchema = z.object({ match_id: id, last_event_id: id });

/** The match report: HTML (sanitised when published) and its photos. */
export const reportSchema = z.object({
  match_id: id,
  report: withoutGoneUploads(optional(50_000)),
  report_images: z
    .array(z.string().trim().max(500).refine((v) => !isGoneUpload(v), UPLOAD_TEXTS.gone))
    .max(20, 'Höchstens 20 Fotos.')
    .default([]),
  // the match's version the report was read with: only a change of the report since refuses it
  base_revision: baseRevision,
  // the report as it was read: compared instead where the match had no version yet
  read: z
    .object({ report: readText(50_000), report_images: z.array(z.string().max(500, OUTDATED_FORM)).max(20, OUTDATED_FORM).default([]) })
    .optional(),
});
export type ReportData = Omit<z.output<typeof reportSchema>, 'base_revision' | 'read'>;

export const PHASE_STEPS = ['kickoff', 'half_time', 'second_half', 'full_time'] as const;
export type PhaseStep = (typeof PHASE_STEPS)[number];
/** Which phase each button leads to, and from which phase it may be pressed. */
export const PHASE_FLOW: Record<PhaseStep, { from: LivePhase[]; to: LivePhase }> = {
  kickoff: { from: ['not_started'], to: 'first_half' },
  half_time: { from: ['first_half'], to: 'half_time' },
  second_half: { from: ['half_time'], to: 'second_half' },
  full_time: { from: ['first_half', 'second_half', 'half_time'], to: 'full_time' },
};
export const phaseSchema = z.object({
  match_id: id,
  step: z.enum(PHASE_STEPS, { errorMap: () => ({ message: MATCH_DETAIL_ERRORS.phase }) }),
});

/** A player as the admin picks them. */
export type TeamPlayer = { id: string; name: string; jersey_number: number | null; position: string };
export type LineupEntry = { player_id: string; name: string; role: 'start' | 'sub'; jersey_number: number | null };
export type MatchEventEntry = {
  id: string;
  type: EventType;
  side: Side;
  minute: number;
  added_time: number | null;
  goal_kind: GoalKind | null;
  player_id: string | null;
  player_name: string | null;
  related_player_id: string | null;
  related_player_name: string | null;
  created_at: string;
};
/** Everything the details editor and 'Spieltag' show of one match. */
export type MatchDetailsEntry = Pick<
  MatchEntry,
  'id' | 'home_team' | 'away_team' | 'match_date' | 'match_time' | 'location' | 'competition' | 'status' | 'home_score' | 'away_score'
> & {
  team_id: string | null;
  team_side: Side | null;
  opponent_lineup: string | null;
  report: string | null;
  report_images: string[];
  live_phase: LivePhase;
  kickoff_at: number | null;
  second_half_at: number | null;
  /** minutes of one half: our team's (45 without a team) */
  half_minutes: number;
  lineup: LineupEntry[];
  events: MatchEventEntry[];
  /** the event entered last: what 'Letztes Ereignis zurücknehmen' takes back (the list is in match order) */
  last_event_id: string | null;
  players: TeamPlayer[];
  teams: { id: string; name: string }[];
} & Listed;

/** 'Spieltag' (issue 14): the panel at the pitch. */
export const MATCH_DAY_TEXTS = {
  heading: 'Spieltag',
  chooseMatch: 'Spiel',
  noMatches: 'Kein Spiel mit einer unserer Mannschaften. Im Spielplan unter „Details“ die Mannschaft zuordnen.',
  unassignedToday: (count: number) =>
    `${count === 1 ? 'Ein Spiel von heute hat' : `${count} Spiele von heute haben`} noch keine unserer Mannschaften und ` +
    `${count === 1 ? 'fehlt' : 'fehlen'} deshalb hier: im Spielplan unter „Details“ die Mannschaft zuordnen.`,
  notToday: (date: string) => `Dieses Spiel ist nicht heute, sondern am ${date}.`,
  phases: {
    not_started: 'Noch nicht angepfiffen',
    first_half: '1. Halbzeit',
    half_time: 'Halbzeit',
    second_half: '2. Halbzeit',
    full_time: 'Abpfiff',
  } as Record<LivePhase, string>,
  steps: { kickoff: 'Anpfiff', half_time: 'Halbzeit', second_half: 'Anpfiff 2. Halbzeit', full_time: 'Abpfiff' } as Record<PhaseStep, string>,
  goal: 'Tor',
  card: 'Karte',
  substitution: 'Wechsel',
  ours: 'Wir',
  theirs: 'Gegner',
  minute: 'Minute',
  minuteHint: 'leer: aus der Spieluhr',
  scorer: 'Torschütze',
  assist: 'Vorlage',
  noAssist: 'Keine Vorlage',
  kind: 'Art',
  cardKind: 'Karte',
  player: 'Spieler',
  choose: 'Bitte wählen',
  playerOn: 'Eingewechselt',
  playerOff: 'Ausgewechselt',
  save: 'Speichern',
  cancel: 'Abbrechen',
  undo: 'Letztes Ereignis zurücknehmen',
  undone: 'Zurückgenommen',
  saved: 'Gespeichert',
  events: 'Ereignisse',
  noEvents: 'Noch keine Ereignisse.',
  openPage: 'Spielseite öffnen',
  errorTitle: 'Fehler',
} as const;
