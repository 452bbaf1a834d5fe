// contact_info (admin-area.md §3, §5, §8): the club address (role
// 'Vereinsadresse', office_hours = website), contact persons (any other role)
// and officials (role 'Funktionär', office_hours = their function). Name is
// required; an e-mail, when given, must be one (the page makes a mailto link).
import { z } from 'astro/zod';
import './zod-german';
import { baseRevision, type Listed, id, optionalText, requiredText } from './common';
import { optionalImageUrl } from './upload';

/** The two roles with a meaning of their own (public-site.md §3 contact_info). */
export const CONTACT_ROLES = { clubAddress: 'Vereinsadresse', official: 'Funktionär' } as const;

export const EMAIL_MESSAGE = 'Bitte eine gültige E-Mail-Adresse eingeben.';

const optionalEmail = optionalText(320).refine(
  (v) => v === null || z.string().email().safeParse(v).success,
  EMAIL_MESSAGE,
);

export const contactSchema = z.object({
  name: requiredText(5_000),
  role: optionalText(200),
  email: optionalEmail,
  phone: optionalText(100),
  address: optionalText(2_000),
  office_hours: optionalText(2_000),
  image_url: optionalImageUrl,
});
export type ContactInput = z.input<typeof contactSchema>;
export type ContactData = z.output<typeof contactSchema>;

export const contactUpdateSchema = contactSchema.extend({ id, base_revision: baseRevision });
/** The club address, one record: saved from the version the form was opened on, when there is one. */
export const clubAddressSchema = contactSchema.extend({ base_revision: baseRevision });

/** A contact person's form: the two reserved roles would move the person out of the list (into the club address or the officials). */
export const contactPersonSchema = contactSchema.superRefine((value, ctx) => {
  const kind = contactKind(value.role);
  if (kind !== 'person') ctx.addIssue({ code: 'custom', path: ['role'], message: reservedRoleMessage(kind) });
});

/** Why a role is refused for a contact person. */
export function reservedRoleMessage(kind: 'clubAddress' | 'official'): string {
  return kind === 'clubAddress' ? CONTACT_ADMIN_TEXTS.clubAddressRole : CONTACT_ADMIN_TEXTS.officialRole;
}
export const contactIdSchema = z.object({ id });

export type ContactEntry = Listed & {
  id: string;
  name: string;
  role: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  office_hours: string | null;
  image_url: string | null;
  created_at: string;
};

/** Which of the three groups a contact belongs to. */
export function contactKind(role: string | null | undefined): 'clubAddress' | 'official' | 'person' {
  const r = (role ?? '').trim();
  if (r === CONTACT_ROLES.clubAddress) return 'clubAddress';
  if (r === CONTACT_ROLES.official) return 'official';
  return 'person';
}

export const CONTACT_ADMIN_TEXTS = {
  clubAddress: 'Vereinsadresse',
  persons: 'Ansprechpartner',
  officials: 'Funktionäre',
  addPerson: 'Ansprechpartner hinzufügen',
  addOfficial: 'Funktionär hinzufügen',
  editContact: 'Kontakt bearbeiten',
  name: 'Name *',
  clubName: 'Vereinsname *',
  role: 'Rolle',
  roleHint: 'z. B. Obmann, Kassier, Nachwuchsleiter',
  email: 'E-Mail',
  phone: 'Telefon',
  address: 'Adresse',
  officeHours: 'Erreichbarkeit',
  website: 'Website/Informationen',
  function: 'Funktion',
  functionHint: 'wird als Abzeichen angezeigt, z. B. Obmann-Stellvertreter',
  image: 'Foto',
  saveAddress: 'Vereinsadresse speichern',
  created: 'Kontakt erstellt!',
  updated: 'Kontakt aktualisiert!',
  deleted: 'Kontakt gelöscht!',
  officialCreated: 'Funktionär erstellt!',
  addressSaved: 'Vereinsadresse gespeichert!',
  error: 'Fehler',
  deleteError: 'Fehler beim Löschen',
  loadError: 'Fehler beim Laden',
  noPersons: 'Noch keine Ansprechpartner angelegt.',
  noOfficials: 'Noch keine Funktionäre angelegt.',
  confirmDelete: 'Diesen Kontakt wirklich löschen?',
  clubAddressRole: 'Die Rolle „Vereinsadresse“ hat nur die Vereinsadresse oben. Bitte eine andere Rolle eingeben.',
  officialRole: 'Funktionäre bitte unter „Funktionär hinzufügen“ anlegen, oder eine andere Rolle eingeben.',
} as const;
