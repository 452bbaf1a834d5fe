// The admin's side of membership_inquiries (admin-area.md §2 Mitglied, §4, §8):
// an inquiry is unread or read, toggled by a button, or deleted.
import { z } from 'astro/zod';
import './zod-german';
import { id } from './common';

export const INQUIRY_STATUSES = ['unread', 'read'] as const;
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];

export const inquiryStatusSchema = z.object({
  id,
  status: z.enum(INQUIRY_STATUSES, { errorMap: () => ({ message: 'Unbekannter Status.' }) }),
});
export const inquiryIdSchema = z.object({ id });

export type InquiryEntry = {
  id: string;
  name: string;
  email: string;
  betreff: string;
  nachricht: string;
  status: InquiryStatus;
  created_at: string;
};

export const INQUIRY_TEXTS = {
  heading: 'Anfragen',
  noRecipient:
    'Neue Anfragen werden an keine E-Mail-Adresse gemeldet: Bitte unter „Startseite“ (Fußzeile) oder „Kontakt“ (Vereinsadresse) eine E-Mail-Adresse eintragen. Alle Anfragen stehen hier.',
  read: 'Gelesen',
  unread: 'Ungelesen',
  markRead: 'Als gelesen markieren',
  markUnread: 'Als ungelesen markieren',
  statusUpdated: 'Status aktualisiert!',
  deleted: 'Anfrage gelöscht!',
  error: 'Fehler',
  deleteError: 'Fehler beim Löschen',
  loadError: 'Fehler beim Laden',
  empty: 'Noch keine Anfragen eingegangen.',
  confirmDelete: 'Diese Anfrage wirklich löschen?',
} as const;
