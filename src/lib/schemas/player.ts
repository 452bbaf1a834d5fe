// players (admin-area.md §2, §3, §5, §8, §9): one schema for the 'New player'
// form, the edit dialog and the actions. Name, position and team are required;
// age and jersey number are whole numbers or empty.
import { z } from 'astro/zod';
import { optionalInteger, required } from './admin-fields';
import { id } from './common';
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

export const playerSchema = z.object({
  name: required(200),
  position: required(50).refine((p) => p === '' || (PLAYER_POSITIONS as readonly string[]).includes(p), 'Bitte eine Position aus der Liste wählen.'),
  age: optionalInteger(0, 120),
  jersey_number: optionalInteger(0, 999),
  team_id: required(100),
  image_url: optionalImageUrl,
});
export type PlayerInput = z.input<typeof playerSchema>;
export type PlayerData = z.output<typeof playerSchema>;

export const playerUpdateSchema = playerSchema.extend({ id });
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
};

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
