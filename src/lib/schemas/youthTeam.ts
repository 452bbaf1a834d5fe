// youth_teams (admin-area.md §2, §3, §5, §8): one schema for the form, the edit
// dialog and the actions. Only the name is required; players is a whole number,
// default 0; a contact person from contact_info may be linked.
import { z } from 'astro/zod';
import './zod-german';
import { flag, integerOr, optional, required } from './admin-fields';
import { baseRevision, id } from './common';

export const YOUTH_NAME_MESSAGE = 'Bitte geben Sie einen Namen ein';

export const youthTeamSchema = z.object({
  name: required(200, YOUTH_NAME_MESSAGE),
  description: optional(2_000),
  players: integerOr(0, 0, 1_000),
  training_schedule: optional(500),
  age_group: optional(100),
  coach: optional(200),
  contact_info_id: optional(100),
  display_order: integerOr(0, 0, 1_000_000),
  is_active: flag(true),
});
export type YouthTeamInput = z.input<typeof youthTeamSchema>;
export type YouthTeamData = z.output<typeof youthTeamSchema>;

export const youthTeamUpdateSchema = youthTeamSchema.extend({ id, base_revision: baseRevision });
export const youthTeamIdSchema = z.object({ id });
export const youthTeamOrderSchema = z.object({ ids: z.array(id).min(1).max(1_000) });

export type YouthTeamEntry = {
  id: string;
  name: string;
  description: string | null;
  players: number;
  training_schedule: string | null;
  age_group: string | null;
  coach: string | null;
  contact_info_id: string | null;
  display_order: number;
  is_active: boolean;
  contact: { name: string; email: string | null; phone: string | null; role: string | null } | null;
};

/** A contact person to link (contact_info, ordered by name). */
export type ContactOption = { id: string; name: string; role: string | null; email: string | null; phone: string | null };

export const YOUTH_TEXTS = {
  createTitle: 'Neue Nachwuchsmannschaft',
  editTitle: 'Nachwuchsmannschaft bearbeiten',
  listTitle: 'Nachwuchsmannschaften',
  empty: 'Noch keine Nachwuchsmannschaften angelegt.',
  noContact: 'Keine Kontaktperson',
  confirmDelete: 'Sind Sie sicher, dass Sie diese Nachwuchsmannschaft löschen möchten?',
  loadError: 'Fehler beim Laden der Nachwuchsmannschaft',
  saveError: 'Fehler beim Speichern der Nachwuchsmannschaft',
  updateError: 'Fehler beim Aktualisieren der Nachwuchsmannschaft',
  deleteError: 'Fehler beim Löschen der Nachwuchsmannschaft',
  orderError: 'Fehler beim Aktualisieren der Reihenfolge',
  created: 'Nachwuchsmannschaft erfolgreich hinzugefügt',
  updated: 'Nachwuchsmannschaft erfolgreich aktualisiert',
  deleted: 'Nachwuchsmannschaft erfolgreich gelöscht',
  ordered: 'Reihenfolge erfolgreich aktualisiert',
  contactMissing: 'Die gewählte Kontaktperson existiert nicht mehr.',
  active: 'Aktiv',
  inactive: 'Inaktiv',
} as const;
