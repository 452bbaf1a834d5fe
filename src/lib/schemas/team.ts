// teams (admin-area.md §2, §3, §5, §8, §9): one schema for the 'New team' form,
// the edit dialog and the actions. Name and category are required;
// achievements are typed comma-separated and stored as a trimmed list.
import { z } from 'astro/zod';
import './zod-german';
import { integerOr, optional, required } from './admin-fields';
import { baseRevision, cleanText, id } from './common';
import { optionalImageUrl } from './upload';
import { HALF_MINUTES, MIN_HALF_MINUTES } from '../match-minute';

export const TEAM_CATEGORIES = ['Herren', 'Jugend', 'Nachwuchs', 'Damen'] as const;

/** 'Meister 2019, Cupsieger 2021' → ['Meister 2019', 'Cupsieger 2021']; a list is accepted as it is. */
export function splitAchievements(value: unknown): unknown {
  if (typeof value === 'string') return value.split(',');
  if (value === undefined || value === null) return [];
  return value;
}

export const teamSchema = z.object({
  name: required(200),
  category: required(50),
  description: optional(2_000),
  image_url: optionalImageUrl,
  achievements: z.preprocess(
    splitAchievements,
    z
      .array(
        cleanText(200, { notText: 'Bitte Erfolge als Text eingeben.', tooLong: 'Höchstens 200 Zeichen je Erfolg.' }),
        { invalid_type_error: 'Bitte Erfolge durch Kommas getrennt eingeben.' },
      )
      .max(50, 'Höchstens 50 Erfolge.')
      .transform((list) => list.filter((a) => a !== '')),
  ),
  display_order: integerOr(0, 0, 1_000_000),
  /** minutes of one half (empty: 45): the 'Spieltag' clock counts stoppage time after it */
  half_minutes: integerOr(HALF_MINUTES, MIN_HALF_MINUTES, HALF_MINUTES),
});
export type TeamInput = z.input<typeof teamSchema>;
export type TeamData = z.output<typeof teamSchema>;

export const teamUpdateSchema = teamSchema.extend({
  id,
  base_revision: baseRevision,
  // not sent (an admin tab of the app before the field, a script): the stored half length stays
  half_minutes: teamSchema.shape.half_minutes.optional(),
});
/** What an update stores: the half length only when it was sent. */
export type TeamUpdate = Omit<TeamData, 'half_minutes'> & { half_minutes?: number };
export const teamIdSchema = z.object({ id });
/** Drag reordering: the team ids in their new order; each gets its index as display_order. */
export const teamOrderSchema = z.object({ ids: z.array(id).min(1).max(1_000) });

/** What the admin table shows of one team. */
export type TeamEntry = {
  id: string;
  name: string;
  category: string;
  description: string | null;
  image_url: string | null;
  achievements: string[];
  display_order: number;
  half_minutes: number;
  playerCount: number;
};

/** Toasts and confirmations of the teams manager (admin-area.md §5, §8). */
export const TEAM_TEXTS = {
  createTitle: 'Neues Team',
  editTitle: 'Team bearbeiten',
  listTitle: 'Alle Teams',
  empty: 'Noch keine Teams angelegt.',
  confirmDelete: 'Sind Sie sicher, dass Sie dieses Team löschen möchten? Alle zugehörigen Spieler werden ebenfalls gelöscht!',
  loadError: 'Fehler beim Laden der Teams',
  saveError: 'Fehler beim Speichern des Teams',
  updateError: 'Fehler beim Aktualisieren des Teams',
  deleteError: 'Fehler beim Löschen des Teams',
  orderError: 'Fehler beim Aktualisieren der Reihenfolge',
  created: 'Team erfolgreich hinzugefügt',
  updated: 'Team erfolgreich aktualisiert',
  deleted: 'Team erfolgreich gelöscht',
  ordered: 'Reihenfolge erfolgreich aktualisiert',
  view: 'Ansehen',
  halfMinutes: 'Minuten je Halbzeit',
  halfMinutesHint: 'Für die Spieluhr am Spieltag: Nachspielzeit zählt ab dieser Minute (Jugend oft 25, 30 oder 35).',
  // the page /nachwuchs shows the youth teams of the tab 'Nachwuchs', not teams of these categories (two
  // entities of the spec under one word; a volunteer's U12 was missing there, found by a first-day review)
  youthCategoryHint: 'Diese Mannschaft erscheint unter „Mannschaften“. Die Seite „Nachwuchs“ zeigt die Teams aus dem Tab „Nachwuchs“ (mit Trainingszeiten und Ansprechperson): die Mannschaft bitte dort zusätzlich anlegen.',
} as const;
