// players (admin-area.md §2, §3, §5, §8, §9): one schema for the 'New player'
// form, the edit dialog and the actions. Name, position and team are required;
// age and jersey number are whole numbers or empty.
import { z } from 'astro/zod';
import './zod-german';
import { flag, optional, optionalInteger, required } from './admin-fields';
import { baseRevision, id } from './common';
import { optionalImageUrl } from './upload';

export const PLAYER_POSITIONS = [
  'Torwart',
  'Verteidiger',
  'Mittelfeld',
  'Stürmer',
  'Spieler',
  'Trainer',
  'Co-Trainer',
  'TM-Trainer',
] as const;

/** YYYY-MM-DD of a real day, or empty. */
const consentDate = optional(10).refine((v) => {
  if (v === null) return true;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const at = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === v;
}, 'Bitte ein gültiges Datum angeben.');

const playerFields = z.object({
  name: required(200),
  position: required(50).refine((p) => p === '' || (PLAYER_POSITIONS as readonly string[]).includes(p), 'Bitte eine Position aus der Liste wählen.'),
  age: optionalInteger(0, 120),
  jersey_number: optionalInteger(0, 999),
  team_id: required(100),
  image_url: optionalImageUrl,
  // publication consent (issue 14, docs/decisions/028-player-consent.md); who
  // recorded it is the signed-in admin, set by the server, never by the form
  consent_name: flag(false),
  consent_photo: flag(false),
  consent_stats: flag(false),
  consent_given_by: optional(200),
  consent_given_at: consentDate,
});

/** Consent counts once it says who gave it and when: a ticked box alone records nothing. */
function consentComplete(v: z.output<typeof playerFields>, ctx: z.RefinementCtx) {
  const ticked = v.consent_name || v.consent_photo || v.consent_stats;
  const recorded = v.consent_given_by !== null || v.consent_given_at !== null;
  if (!ticked && !recorded) return;
  if (!ticked) ctx.addIssue({ code: 'custom', path: ['consent_name'], message: PLAYER_CONSENT_TEXTS.tickSomething });
  if (v.consent_given_by === null) ctx.addIssue({ code: 'custom', path: ['consent_given_by'], message: PLAYER_CONSENT_TEXTS.givenByMissing });
  if (v.consent_given_at === null) ctx.addIssue({ code: 'custom', path: ['consent_given_at'], message: PLAYER_CONSENT_TEXTS.givenAtMissing });
}

export const playerSchema = playerFields.superRefine(consentComplete);
export type PlayerInput = z.input<typeof playerSchema>;
export type PlayerData = z.output<typeof playerSchema>;

export const playerUpdateSchema = playerFields.extend({ id, base_revision: baseRevision }).superRefine(consentComplete);
export const playerIdSchema = z.object({ id });

/** One row of the admin table: the player with the joined team name. */
export type PlayerEntry = {
  id: string;
  name: string;
  position: string;
  age: number | null;
  jersey_number: number | null;
  team_id: string;
  team_name: string | null;
  image_url: string | null;
  consent_name: boolean;
  consent_photo: boolean;
  consent_stats: boolean;
  consent_given_by: string | null;
  consent_given_at: string | null;
  consent_recorded_by: string | null;
};

export const PLAYER_CONSENT_TEXTS = {
  legend: 'Einverständnis zur Veröffentlichung',
  hint: 'Für Spieler unter 14 Jahren zeigt die Website ohne eingetragenes Einverständnis nur den Namen (Einstellung „Minderjährige schützen“ unter „Verein“).',
  // 'Name' covers the details beside the name (position, number, age); labels that
  // contain no other field's label, so that each field is found by its own
  name: 'Name und Spielerangaben veröffentlichen',
  photo: 'Foto veröffentlichen',
  stats: 'Statistik veröffentlichen',
  givenBy: 'Einverständnis gegeben von',
  givenByPlaceholder: 'z. B. Mutter, Maria Huber',
  givenAt: 'Datum des Einverständnisses',
  recordedBy: (email: string) => `Eingetragen von ${email}`,
  tickSomething: 'Bitte ankreuzen, wofür das Einverständnis gilt.',
  givenByMissing: 'Bitte angeben, wer das Einverständnis gegeben hat.',
  givenAtMissing: 'Bitte das Datum des Einverständnisses angeben.',
  summary: (what: string, date: string) => `Einverständnis: ${what} (${date})`,
  summaryName: 'Name',
  summaryPhoto: 'Foto',
  summaryStats: 'Statistik',
} as const;

export const PLAYER_TEXTS = {
  createTitle: 'Neuer Spieler',
  editTitle: 'Spieler bearbeiten',
  listTitle: 'Spieler',
  search: 'Suche nach Name, Position oder Team',
  empty: 'Keine Spieler gefunden.',
  noTeams: 'Bitte zuerst unter „Mannschaften“ ein Team anlegen.',
  confirmDelete: 'Sind Sie sicher, dass Sie diesen Spieler löschen möchten?',
  loadError: 'Fehler beim Laden der Spieler',
  teamsLoadError: 'Fehler beim Laden der Teams',
  saveError: 'Fehler beim Speichern des Spielers',
  updateError: 'Fehler beim Aktualisieren des Spielers',
  deleteError: 'Fehler beim Löschen des Spielers',
  created: 'Spieler erfolgreich hinzugefügt',
  updated: 'Spieler erfolgreich aktualisiert',
  deleted: 'Spieler erfolgreich gelöscht',
  teamMissing: 'Das gewählte Team existiert nicht mehr.',
} as const;
