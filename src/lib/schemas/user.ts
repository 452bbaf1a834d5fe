// Users and their roles (public-site.md §6, admin-area.md §2, §5, §6, §8): the
// schemas of the user-management actions and the tab's German texts.
import { z } from 'astro/zod';
import './zod-german';

export const ROLES = ['superadmin', 'admin', 'moderator', 'user'] as const;
export type Role = (typeof ROLES)[number];
export const ROLE_LABELS: Record<Role, string> = {
  superadmin: 'Superadmin',
  admin: 'Admin',
  moderator: 'Moderator',
  user: 'Benutzer',
};

/** The spec's answers to everyone who is not a superadmin (admin-area.md §6, §8). */
export const SUPERADMIN_ONLY_MESSAGES = {
  invite: 'Nur Superadmins können Einladungen versenden',
  roles: 'Nur Superadmins können Rollen verwalten',
  delete: 'Nur Superadmins können Benutzer löschen',
  list: 'Nur Superadmins können Benutzer verwalten',
  cache: 'Nur Superadmins können den Cache aktualisieren.',
  secondFactor: 'Nur Superadmins können die Zwei-Faktor-Anmeldung anderer verwalten',
  deploy: 'Nur Superadmins können die Übertragung neu starten.',
  club: 'Nur Superadmins können die Vereinsdaten ändern.',
  backup: 'Nur Superadmins können den Stand der Sicherungen sehen.',
  jobs: 'Nur Superadmins können den Stand der geplanten Aufgaben sehen.',
  mail: 'Nur Superadmins können den Stand des E-Mail-Versands sehen.',
} as const;

export const USER_TEXTS = {
  title: 'Benutzerverwaltung',
  inviteTitle: 'Benutzer einladen',
  inviteHint: 'Die eingeladene Person erhält eine E-Mail mit einem Link (7 Tage gültig), über den sie ihr Passwort festlegt.',
  invitePlaceholder: 'name@beispiel.at',
  inviteButton: 'Einladung senden',
  inviteSending: 'Wird gesendet...',
  emailRequired: 'Bitte geben Sie eine E-Mail-Adresse ein',
  inviteSuccess: 'Einladung erfolgreich versendet!',
  inviteFailed: 'Fehler beim Versenden der Einladung',
  inviteStillSending: 'Einladung wird noch versendet',
  inviteStillSendingText:
    'Das Versenden dauert länger als üblich; die Einladung wird im Hintergrund weiter versendet. Ob sie versendet wurde, steht dann im Protokoll.',
  inviteUnderWay: 'Die Einladung an diese Adresse wird gerade noch versendet. Bitte warten, bis sie im Protokoll steht, und erst dann bei Bedarf erneut einladen.',
  /** why an invitation's mail did not go (the import names it in its log) */
  inviteNotSentReason: {
    smtp: 'der Mailserver ist nicht erreichbar oder hat die E-Mail abgelehnt',
    login: 'der Mailserver hat die Anmeldung des Servers abgelehnt, Benutzer und Passwort in SMTP_URL prüfen',
    sender: 'der Mailserver hat den Absender abgelehnt, MAIL_FROM prüfen',
    recipient: 'der Mailserver hat die Empfängeradresse abgelehnt, bitte die Schreibweise prüfen',
    refused: 'der Mailserver hat die E-Mail abgelehnt',
    busy: 'der Mailserver nimmt gerade keine E-Mails an',
    timeout: 'der Mailserver hat nicht rechtzeitig geantwortet',
    tls: 'die verschlüsselte Verbindung zum Mailserver kam nicht zustande, smtps:// bzw. smtp:// und den Port in SMTP_URL prüfen',
    unreachable: 'der Mailserver ist nicht erreichbar',
    'outbox-full': 'kein Speicherplatz frei für die E-Mail',
    outbox: 'die E-Mail konnte nicht gespeichert werden',
  },
  /** the server's message for a failed invitation (the spec's text first): why, and that nothing was sent */
  inviteNotSent: (reason: string, tryLater = true) =>
    `Fehler beim Versenden der Einladung: ${reason}. Es wurde keine Einladung verschickt${tryLater ? '; bitte später erneut versuchen' : ''}.`,
  loadFailed: 'Fehler beim Laden der Benutzer',
  roleAdded: (label: string) => `Rolle "${label}" hinzugefügt`,
  roleRemoved: (label: string) => `Rolle "${label}" entfernt`,
  roleFailed: (message: string | undefined) => `Fehler beim Ändern der Rolle: ${message || 'Unbekannter Fehler'}`,
  deleteSuccess: 'Benutzer erfolgreich gelöscht!',
  deleteFailed: 'Fehler beim Löschen des Benutzers',
  superadminNotDeletable: 'Superadmin-Benutzer können nicht gelöscht werden',
  ownAccount: 'Eigenes Konto',
  cannotDeleteSelf: 'Sie können Ihr eigenes Konto nicht löschen.',
  lastSuperadmin: 'Der letzte Superadmin kann diese Rolle nicht verlieren.',
  alreadyHasRole: 'Der Benutzer hat diese Rolle bereits.',
  doesNotHaveRole: 'Der Benutzer hat diese Rolle nicht.',
  userNotFound: 'Benutzer nicht gefunden.',
  userExists: 'Ein Benutzer mit dieser E-Mail-Adresse existiert bereits.',
  colEmail: 'E-Mail',
  colCreated: 'Erstellt am',
  colRoles: 'Rollen',
  colActions: 'Aktionen',
  noRoles: 'Keine Rolle',
  pending: 'Einladung ausstehend',
  rolesMenu: 'Rollen verwalten',
  addRole: (label: string) => `${label} hinzufügen`,
  removeRole: (label: string) => `${label} entfernen`,
  delete: 'Löschen',
  deleteTitle: 'Benutzer löschen',
  deleteQuestion: (email: string) =>
    `Möchten Sie den Benutzer ${email} wirklich löschen? Diese Aktion kann nicht rückgängig gemacht werden.`,
  cancel: 'Abbrechen',
  empty: 'Noch keine Benutzer vorhanden.',
  loading: 'Benutzer werden geladen...',
} as const;

const userId = z.string().min(1).max(100);

export const inviteSchema = z.object({
  email: z
    .string({ required_error: USER_TEXTS.emailRequired })
    .trim()
    .min(1, USER_TEXTS.emailRequired)
    .max(320, 'Die E-Mail-Adresse ist zu lang.')
    .email('Bitte geben Sie eine gültige E-Mail-Adresse ein'),
});
export type InviteInput = z.infer<typeof inviteSchema>;

export const roleChangeSchema = z.object({ userId, role: z.enum(ROLES) });
export type RoleChangeInput = z.infer<typeof roleChangeSchema>;

export const deleteUserSchema = z.object({ userId });

/** One row of the user list: profile, roles, and whether the invitation is still open. */
export type UserListEntry = { id: string; email: string; createdAt: string; roles: Role[]; pending: boolean; secondFactor: boolean };
