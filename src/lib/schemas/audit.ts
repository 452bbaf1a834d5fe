// The audit log ('Protokoll', superadmins, issue 15) and the privacy tools for
// inquiries: the filter, the retention settings and the e-mail look-up, with
// every German text of both in one place (design habit 8). Pure: the island,
// the actions and the CSV read the same labels.
import { z } from 'astro/zod';
import './zod-german';

/** What the audit_log table records; content changes come from `revisions` as `content.<op>`. */
export const AUDIT_ACTION_LABELS = {
  'signin': 'Anmeldung',
  'signin.failed': 'Fehlgeschlagene Anmeldungen',
  'password.set': 'Passwort festgelegt',
  'user.invite': 'Einladung',
  'user.inviteFailed': 'Einladung nicht versendet',
  'user.inviteInterrupted': 'Einladung unterbrochen',
  'role.add': 'Rolle hinzugefügt',
  'role.remove': 'Rolle entfernt',
  'user.delete': 'Benutzer gelöscht',
  'inquiry.delete': 'Anfrage gelöscht',
  'inquiry.export': 'Daten exportiert',
  'inquiry.erase': 'Daten gelöscht (auf Antrag)',
  'retention.purge': 'Aufbewahrungsfrist abgelaufen',
  'retention.settings': 'Aufbewahrung geändert',
  'content.insert': 'Inhalt erstellt',
  'content.update': 'Inhalt geändert',
  'content.delete': 'Inhalt gelöscht',
  'content.restore': 'Inhalt wiederhergestellt',
  'password.change': 'Eigenes Passwort geändert',
  'factor.on': 'Zweiter Faktor eingerichtet',
  'factor.off': 'Zweiter Faktor ausgeschaltet',
  'factor.recoveryCodes': 'Neue Wiederherstellungscodes',
  'factor.remove': 'Zweiter Faktor entfernt',
  'factor.required': 'Zwei-Faktor-Pflicht geändert',
  'media.delete': 'Bild gelöscht',
  'media.sweep': 'Unbenutztes Bild automatisch gelöscht',
  'content.conflict': 'Speichern abgelehnt (inzwischen geändert)',
  'content.preview': 'Vorschau geöffnet',
  'content.purge': 'Endgültig gelöscht (Papierkorb)',
  'audit.export': 'Protokoll exportiert',
  'backup.restore': 'Sicherung eingespielt',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as AuditAction[];

/** The filter's kinds: an action, or every content change at once. */
export const AUDIT_KINDS = ['content', ...AUDIT_ACTIONS] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];
export const AUDIT_KIND_LABELS: Record<AuditKind, string> = { content: 'Alle Inhaltsänderungen', ...AUDIT_ACTION_LABELS };

/** German names of the tables a row belongs to (the column 'Bereich'); others show their table name. */
export const AUDIT_ENTITY_LABELS: Record<string, string> = {
  news: 'News',
  page_content: 'Seiteninhalte',
  homepage_content: 'Startseite',
  teams: 'Mannschaften',
  players: 'Spieler',
  matches: 'Spiele',
  match_lineups: 'Aufstellungen',
  match_events: 'Spielereignisse',
  leagues: 'Ligen',
  league_results: 'Ligaergebnisse',
  standings: 'Tabellen',
  sponsors: 'Sponsoren',
  contact_info: 'Kontakte',
  youth_teams: 'Nachwuchs',
  shop_items: 'Shop',
  gallery: 'Galerie',
  club_settings: 'Verein',
  users: 'Benutzer',
  membership_inquiries: 'Anfragen',
  site_settings: 'Einstellungen',
  media: 'Mediathek',
};

export const AUDIT_PAGE_SIZE = 50;

const day = z
  .string()
  .trim()
  .regex(/^(\d{4}-\d{2}-\d{2})?$/, 'Bitte ein Datum wählen.')
  .optional()
  .transform((v) => (v ? v : undefined));

/** The list's filter (also the CSV's, from the query string). Everything optional. */
export const auditFilterSchema = z.object({
  kind: z
    .enum(AUDIT_KINDS, { errorMap: () => ({ message: 'Unbekannte Aktion.' }) })
    .or(z.literal(''))
    .optional()
    .transform((v) => (v ? v : undefined)),
  user: z.string().trim().max(320, 'Höchstens 320 Zeichen.').optional(),
  entity: z.string().trim().max(100, 'Höchstens 100 Zeichen.').optional(),
  from: day,
  to: day,
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  /**
   * The newest entry the first page showed ('<at>:<key>'): the pages after it are counted from there, so that an
   * entry coming in meanwhile (the tab reloads at every change) does not push a row onto the next page twice.
   */
  upTo: z
    .string()
    .regex(/^\d{1,16}:[ar]\d{1,16}$/, 'Ungültige Seite.')
    .optional(),
});
export type AuditFilterInput = z.input<typeof auditFilterSchema>;
export type AuditFilter = z.output<typeof auditFilterSchema>;

/** One line of the log as the admin sees it. */
export type AuditEntry = {
  key: string;
  at: number;
  userId: string | null;
  userName: string | null;
  action: AuditAction;
  entity: string | null;
  rowId: string | null;
  detail: string | null;
};
export type AuditPage = { entries: AuditEntry[]; total: number; page: number; pageSize: number; upTo: string | null };

export const RETENTION_DEFAULTS = { auditDays: 365, inquiryMonths: 12 } as const;
export const retentionSchema = z.object({
  auditDays: z.coerce
    .number({ invalid_type_error: 'Bitte eine Zahl von Tagen eingeben.' })
    .int('Bitte eine ganze Zahl eingeben.')
    .min(30, 'Mindestens 30 Tage.')
    .max(3650, 'Höchstens 3650 Tage.'),
  inquiryMonths: z.coerce
    .number({ invalid_type_error: 'Bitte eine Zahl von Monaten eingeben.' })
    .int('Bitte eine ganze Zahl eingeben.')
    .min(1, 'Mindestens 1 Monat.')
    .max(120, 'Höchstens 120 Monate.'),
});
export type RetentionSettings = z.output<typeof retentionSchema>;

export const subjectEmailSchema = z.object({
  email: z.string().trim().min(1, 'Bitte eine E-Mail-Adresse eingeben.').max(320, 'Höchstens 320 Zeichen.').email('Bitte eine gültige E-Mail-Adresse eingeben.'),
});

export const AUDIT_ONLY_MESSAGES = {
  audit: 'Nur Superadmins können das Protokoll sehen.',
  privacy: 'Nur Superadmins können gespeicherte Daten exportieren oder löschen.',
} as const;

export const AUDIT_TEXTS = {
  heading: 'Protokoll',
  intro: 'Anmeldungen, fehlgeschlagene Anmeldeserien, Rollen, Einladungen, Löschungen und Inhaltsänderungen.',
  filterHeading: 'Filtern',
  kind: 'Aktion',
  allKinds: 'Alle Aktionen',
  user: 'Benutzer',
  entity: 'Bereich',
  allEntities: 'Alle Bereiche',
  from: 'Von',
  to: 'Bis',
  apply: 'Filtern',
  reset: 'Zurücksetzen',
  csv: 'Als CSV herunterladen',
  empty: 'Keine Einträge für diesen Filter.',
  loadError: 'Fehler beim Laden',
  colTime: 'Zeit',
  colUser: 'Benutzer',
  colAction: 'Aktion',
  colEntity: 'Bereich',
  colRow: 'Datensatz',
  colDetail: 'Details',
  nobody: 'System',
  previous: 'Zurück',
  next: 'Weiter',
  pageOf: (page: number, pages: number, total: number) => `Seite ${page} von ${pages} (${total} Einträge)`,
  retentionHeading: 'Aufbewahrung',
  retentionIntro: 'Ältere Einträge und Anfragen löscht der Server jede Nacht selbst.',
  auditDays: 'Protokoll aufbewahren (Tage)',
  inquiryMonths: 'Anfragen aufbewahren (Monate)',
  inquiryHint: 'Die Standard-Datenschutzerklärung nennt 12 Monate; bei einer anderen Frist bitte die Datenschutzerklärung anpassen.',
  save: 'Speichern',
  saved: 'Aufbewahrung gespeichert!',
  error: 'Fehler',
  changed: (what: string) => `Geändert: ${what}`,
  purgedAudit: (n: number) => `${n} Protokolleinträge älter als die Aufbewahrungsfrist gelöscht`,
  purgedInquiries: (n: number) => `${n} ${n === 1 ? 'Anfrage' : 'Anfragen'} älter als die Aufbewahrungsfrist gelöscht`,
  forgotSignIns: (n: number) => `${n} abgelaufene Sitzungen, Anmelde-Links und Sperrvermerke gelöscht`,
  /** a restore's entry in the restored log: the log goes back to the archive's day with the data */
  restored: (archiveDay: string, archive: string) => `Sicherung vom ${archiveDay} eingespielt (${archive})`,
  /** the CSV download's own entry: how many entries went out, under which filter */
  exported: (n: number, filter: { kind?: string; user?: string; entity?: string; from?: string; to?: string }) => {
    const parts = [
      filter.kind && `Aktion: ${AUDIT_KIND_LABELS[filter.kind as AuditKind] ?? filter.kind}`,
      filter.user && `Benutzer: ${filter.user}`,
      filter.entity && `Bereich: ${AUDIT_ENTITY_LABELS[filter.entity] ?? filter.entity}`,
      filter.from && `von ${filter.from}`,
      filter.to && `bis ${filter.to}`,
    ].filter(Boolean);
    return `${n} ${n === 1 ? 'Eintrag' : 'Einträge'} als CSV${parts.length > 0 ? ` (${parts.join(', ')})` : ''}`;
  },
  burstPair: (n: number, address: string) => `${n} fehlgeschlagene Anmeldungen für dieses Konto von ${address}`,
  /** burstPair as the data-subject export gives it: the network address may be anyone's (decision 031) */
  burstPairExported: (n: number) => `${n} fehlgeschlagene Anmeldungen für dieses Konto`,
  burstAddress: (n: number, address: string) => `${n} fehlgeschlagene Anmeldungen von ${address} (verschiedene Konten möglich)`,
  burstAccount: (n: number) => `${n} fehlgeschlagene Anmeldungen für dieses Konto von verschiedenen Adressen: Konto wird angegriffen`,
  signinFrom: (address: string) => `von ${address}`,
  signinSecondFactor: (address: string) => `von ${address}, mit zweitem Faktor`,
  role: (label: string, email: string) => `${label}: ${email}`,
  invited: (email: string) => `Eingeladen: ${email}`,
  inviteFailed: (email: string, reason: string) => `Nicht versendet: ${email} (${reason})`,
  inviteInterrupted: (email: string) =>
    `Der Server wurde angehalten, während die Einladung an ${email} noch versendet wurde: ob sie angekommen ist, ist unbekannt (ihr Link gilt; sonst die Einladung wiederholen)`,
  /**
   * said at a start: its process was killed (not stopped) while the mail went out, or could not store how it
   * ended; a start after the link's 7 days (the server down that long) says it has expired
   */
  inviteCutOff: (email: string, since: string, byServer: boolean, linkExpired = false) =>
    `Versand der Einladung an ${email} (begonnen am ${since}) nicht abgeschlossen: ${byServer ? 'der Server' : 'der Import'} wurde vorher beendet oder konnte das Ergebnis nicht speichern. Ob sie angekommen ist, ist unbekannt (${linkExpired ? 'ihr Link ist inzwischen abgelaufen: bitte die Einladung wiederholen' : 'ihr Link gilt; sonst die Einladung wiederholen'})`,
  deletedUser: (email: string) => `Gelöscht: ${email}`,
  viaInvitation: 'über den Einladungslink',
  viaReset: 'über den Link zum Zurücksetzen',
} as const;

/** What still holds an address's inquiries after their erasure (the server's backups as it keeps them). */
export type ErasureCopies = {
  /** how many nightly archives are kept (BACKUP_KEEP), null when the server makes none (no BACKUP_DIR) */
  nightlyKeep: number | null;
  /** how long the data a restore replaced stays in the data folder, null when there is none */
  beforeRestoreDays: number | null;
};

export const PRIVACY_TOOL_TEXTS = {
  heading: 'Datenauskunft und Löschung (DSGVO)',
  intro: 'Alles, was zu einer E-Mail-Adresse gespeichert ist, als Datei herunterladen, oder ihre Anfragen auf Antrag löschen.',
  email: 'E-Mail-Adresse',
  export: 'Daten exportieren',
  erase: 'Anfragen löschen',
  confirmErase: (email: string) => `Alle Anfragen von ${email} endgültig löschen? Das kann nicht rückgängig gemacht werden.`,
  exported: (n: number) => `Export erstellt: ${n} ${n === 1 ? 'Anfrage' : 'Anfragen'}`,
  erased: (n: number) => `${n} ${n === 1 ? 'Anfrage' : 'Anfragen'} gelöscht`,
  accountRemains: 'Zu dieser Adresse besteht ein Benutzerkonto; es wird unter „Benutzer“ gelöscht.',
  // what holds them still, as this server keeps it (copiesAfterErasure): it said 'the daily backups, 7 days' on a
  // server that makes none, and left out the archives made by hand and the data a restore replaced
  backupsKeep: ({ nightlyKeep, beforeRestoreDays }: ErasureCopies) =>
    [
      nightlyKeep !== null
        ? `Die nächtlichen Sicherungen enthalten sie noch, bis die ${nightlyKeep} aufbewahrten ersetzt sind (etwa ${nightlyKeep} ${nightlyKeep === 1 ? 'Tag' : 'Tage'}); von Hand erstellte Sicherungen (npm run backup), bis sie gelöscht werden.`
        : 'Von Hand erstellte Sicherungen (npm run backup) enthalten sie noch, bis sie gelöscht werden.',
      beforeRestoreDays !== null ? `Die vor einer Wiederherstellung ersetzten Daten im Datenordner enthalten sie bis zu ${beforeRestoreDays} Tage.` : null,
      'Wird eine Sicherung zurückgespielt, bitte erneut löschen.',
    ]
      .filter(Boolean)
      .join(' '),
  error: 'Fehler',
  exportedDetail: (n: number) => `Export für eine E-Mail-Adresse: ${n} ${n === 1 ? 'Anfrage' : 'Anfragen'}`,
  erasedDetail: (n: number, masked: string) => `${n} ${n === 1 ? 'Anfrage' : 'Anfragen'} von ${masked} gelöscht`,
} as const;
