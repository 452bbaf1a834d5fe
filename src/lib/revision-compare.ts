// The comparison of two versions of a row in the admin's 'Verlauf' (issue 15):
// which fields changed, how a stored value reads for a person (0/1 of a
// checkbox as 'ja'/'nein', a JSON list as a list, a long text as a word diff),
// German field names, and every German text of the history dialog and the
// 'Papierkorb' in one place (design habit 8). Pure: the island and its tests.
import { formatDateTime } from './dates-de';
import type { RevisionOp } from './revisions';
import { diffText, type DiffSegment } from './text-diff';

export const REVISIONS_UI_TEXTS = {
  dialogTitle: (title: string) => (title ? `Verlauf: ${title}` : 'Verlauf'),
  close: 'Schließen',
  loading: 'Lädt...',
  loadError: 'Verlauf konnte nicht geladen werden',
  noVersions: 'Für diesen Eintrag sind noch keine Fassungen gespeichert. Jede Änderung ab jetzt wird hier aufgehoben.',
  versionsHeading: 'Fassungen',
  current: 'aktuell',
  by: (who: string) => `von ${who}`,
  system: 'System',
  versionLabel: (n: number, when: string, op: string) => `Fassung ${n}: ${when} (${op})`,
  compareHeading: 'Vergleich',
  compareLeft: 'Ältere Fassung',
  compareRight: 'Neuere Fassung',
  field: 'Feld',
  changed: 'geändert',
  unchanged: 'unverändert',
  changedCount: (n: number) => (n === 0 ? 'Keine Unterschiede.' : n === 1 ? '1 Feld geändert.' : `${n} Felder geändert.`),
  showUnchanged: 'Unveränderte Felder zeigen',
  removedMark: 'entfernt',
  addedMark: 'hinzugefügt',
  restore: 'Wiederherstellen',
  versionNumber: (n: number) => `Fassung ${n}`,
  restoreLabel: (n: number) => `Fassung ${n} wiederherstellen`,
  restoreConfirm: (n: number, when: string) =>
    `Fassung ${n} vom ${when} wiederherstellen? Die jetzige Fassung bleibt im Verlauf erhalten, die Website wird aktualisiert.`,
  restored: 'Fassung wiederhergestellt',
  /** fields whose picture of that version was deleted in the media library since */
  keptImages: (fields: string[]) =>
    `Bilder dieser Fassung wurden inzwischen aus der Mediathek gelöscht und nicht wiederhergestellt (${fields.join(', ')}).`,
  restoreFailed: 'Wiederherstellen fehlgeschlagen',
  yes: 'ja',
  no: 'nein',
  empty: '—',
  ops: { insert: 'erstellt', update: 'geändert', delete: 'gelöscht', restore: 'wiederhergestellt' } satisfies Record<RevisionOp, string>,
  // the trash
  trashHeading: 'Papierkorb',
  trashIntro: (days: number) =>
    `Gelöschte Einträge bleiben ${days} Tage hier und können wiederhergestellt werden; danach sind sie mit allen früheren Fassungen endgültig weg. „Endgültig löschen“ tut das sofort (etwa wenn jemand die Löschung seiner Daten verlangt).`,
  trashEmpty: 'Der Papierkorb ist leer.',
  trashLoadError: 'Papierkorb konnte nicht geladen werden',
  kind: 'Art',
  entry: 'Eintrag',
  deleted: 'Gelöscht',
  expires: 'Endgültig weg am',
  actions: 'Aktionen',
  withRows: (n: number) => (n === 1 ? 'und 1 weiterer Eintrag' : `und ${n} weitere Einträge`),
  untrashConfirm: (title: string) => `„${title}“ wiederherstellen?`,
  untrashLabel: (title: string) => `„${title}“ wiederherstellen`,
  untrashed: (title: string) => `„${title}“ wiederhergestellt`,
  untrashFailed: 'Wiederherstellen fehlgeschlagen',
  purge: 'Endgültig löschen',
  purgeLabel: (title: string) => `„${title}“ endgültig löschen`,
  purgeConfirm: (title: string) =>
    `„${title}“ endgültig löschen? Der Eintrag und alle seine früheren Fassungen sind danach weg und können nicht wiederhergestellt werden.`,
  purged: (title: string) => `„${title}“ endgültig gelöscht`,
  purgeFailed: 'Endgültig löschen fehlgeschlagen',
  // retention (superadmins)
  retentionHeading: 'Aufbewahrung',
  retentionIntro: 'Wie lange gelöschte Einträge im Papierkorb bleiben und wie lange ältere Fassungen aufgehoben werden.',
  trashDays: 'Papierkorb (Tage)',
  revisionDays: 'Ältere Fassungen (Tage)',
  revisionDaysHint: 'Die aktuelle Fassung jedes Eintrags bleibt immer erhalten.',
  retentionSave: 'Aufbewahrung speichern',
  retentionSaved: 'Aufbewahrung gespeichert',
  retentionFailed: 'Aufbewahrung nicht gespeichert',
  retentionLoadError: 'Aufbewahrung konnte nicht geladen werden',
  retentionOnly: 'Nur Superadmins können die Aufbewahrung ändern.',
  trashDaysRange: 'Der Papierkorb hält Einträge 1 bis 365 Tage.',
  revisionDaysRange: 'Ältere Fassungen werden 7 bis 3650 Tage aufgehoben.',
} as const;

/** German names of the stored columns; others show their column name. */
export const REVISION_FIELD_LABELS: Record<string, string> = {
  title: 'Titel', subtitle: 'Untertitel', content: 'Inhalt', excerpt: 'Kurztext', name: 'Name', short_name: 'Kurzname',
  long_name: 'Vollständiger Name', description: 'Beschreibung', image_url: 'Bild', logo_url: 'Logo', crest_url: 'Wappen',
  category: 'Kategorie', coach: 'Trainer', training_schedule: 'Trainingszeiten', achievements: 'Erfolge', age_group: 'Altersgruppe',
  age: 'Alter', position: 'Position', jersey_number: 'Rückennummer', team_id: 'Mannschaft', player_id: 'Spieler',
  display_order: 'Reihenfolge', sequence: 'Reihenfolge', is_active: 'Aktiv', published: 'Veröffentlicht', publish_at: 'Veröffentlichen am',
  unpublish_at: 'Zurückziehen am', author_id: 'Autor', created_by: 'Erstellt von', email: 'E-Mail', phone: 'Telefon', role: 'Rolle',
  address: 'Adresse', office_hours: 'Bürozeiten', website_url: 'Website', external_link: 'Externer Link', price: 'Preis',
  button_text: 'Button-Text', button_link: 'Button-Link', section_key: 'Abschnitt', page_key: 'Seite', meta_title: 'Seitentitel (SEO)',
  meta_description: 'Beschreibung (SEO)', home_team: 'Heim', away_team: 'Gast', home_score: 'Tore Heim', away_score: 'Tore Gast',
  match_date: 'Datum', match_time: 'Uhrzeit', kickoff_at: 'Anpfiff', match_type: 'Bewerb', match_location: 'Spielort', location: 'Ort',
  status: 'Status', report: 'Spielbericht', report_images: 'Bilder zum Bericht', matchday: 'Runde', season: 'Saison',
  competition: 'Bewerb', league_id: 'Liga', match_id: 'Spiel', minute: 'Minute', added_time: 'Nachspielzeit', type: 'Art',
  player_name: 'Spieler', related_player_name: 'Zweiter Spieler', notes: 'Notizen', team_name: 'Mannschaft', played: 'Spiele',
  won: 'Siege', drawn: 'Unentschieden', lost: 'Niederlagen', goals_for: 'Tore', goals_against: 'Gegentore', points: 'Punkte',
  primary_color: 'Hauptfarbe', secondary_color: 'Zweitfarbe', home_ground: 'Heimstätte', consent_name: 'Einwilligung Name',
  consent_photo: 'Einwilligung Foto', consent_stats: 'Einwilligung Statistik', tier: 'Stufe', half_minutes: 'Minuten je Halbzeit',
};

/** Bookkeeping columns, the same in every version worth comparing: not shown. */
export const REVISION_HIDDEN_FIELDS: ReadonlySet<string> = new Set(['id', 'created_at', 'updated_at']);

/**
 * Checkbox columns (SQLite stores them as 0/1, so the data alone cannot tell):
 * a test holds this list to the schema's boolean columns of the revisioned tables.
 */
export const REVISION_BOOLEAN_FIELDS: ReadonlySet<string> = new Set([
  'is_active', 'published', 'consent_name', 'consent_photo', 'consent_stats',
]);

/** A text this long, or with a line break, is compared word by word. */
export const LONG_TEXT_CHARS = 80;

export type RevisionValue =
  | { kind: 'empty' }
  | { kind: 'text'; text: string }
  | { kind: 'list'; items: string[] };

export type FieldComparison = {
  key: string;
  label: string;
  changed: boolean;
  before: RevisionValue;
  after: RevisionValue;
  /** The word diff from `before` to `after`, for long texts that changed. */
  diff: DiffSegment[] | null;
};

export const fieldLabel = (key: string) => REVISION_FIELD_LABELS[key] ?? key;

/** A JSON list stored as text ('["Meister 2019"]'), or null. */
function jsonList(value: string): unknown[] | null {
  const trimmed = value.trim();
  if (!trimmed.startsWith('[') || !trimmed.endsWith(']')) return null;
  try {
    const parsed: unknown = JSON.parse(trimmed);
    return Array.isArray(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

const itemText = (item: unknown) => (typeof item === 'string' ? item : JSON.stringify(item));

/** How a stored value of a column reads in the comparison. */
export function revisionValue(key: string, value: unknown): RevisionValue {
  if (value === null || value === undefined || value === '') return { kind: 'empty' };
  if (REVISION_BOOLEAN_FIELDS.has(key) || typeof value === 'boolean') {
    return { kind: 'text', text: value === true || value === 1 || value === '1' ? REVISIONS_UI_TEXTS.yes : REVISIONS_UI_TEXTS.no };
  }
  const list = Array.isArray(value) ? value : typeof value === 'string' ? jsonList(value) : null;
  if (list) return list.length ? { kind: 'list', items: list.map(itemText) } : { kind: 'empty' };
  if (typeof value === 'object') return { kind: 'text', text: JSON.stringify(value) };
  return { kind: 'text', text: String(value) };
}

/** Whether a text is long enough for a word diff. */
export const isLongText = (value: unknown) =>
  typeof value === 'string' && (value.length > LONG_TEXT_CHARS || value.includes('\n'));

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The fields of two versions of a row, in the order the newer one stores them
 * (columns only the older had last), bookkeeping columns left out.
 */
export function compareRevisions(before: Record<string, unknown>, after: Record<string, unknown>): FieldComparison[] {
  const keys = [...new Set([...Object.keys(after), ...Object.keys(before)])].filter((key) => !REVISION_HIDDEN_FIELDS.has(key));
  return keys.map((key) => {
    const old = before[key];
    const now = after[key];
    const changed = !same(old, now);
    const shown = { before: revisionValue(key, old), after: revisionValue(key, now) };
    // a list is compared item by item by the eye; a long text word by word
    const textual = shown.before.kind !== 'list' && shown.after.kind !== 'list' && typeof (old ?? '') === 'string' && typeof (now ?? '') === 'string';
    const diff = changed && textual && (isLongText(old) || isLongText(now)) ? diffText(String(old ?? ''), String(now ?? '')) : null;
    return { key, label: fieldLabel(key), changed, ...shown, diff };
  });
}

/** 'geändert von anna@verein.at' parts of a version: when, what, who ('System' without a user). */
export function versionCaption(version: { op: RevisionOp; created_at: number; user_name: string | null }) {
  return {
    when: formatDateTime(version.created_at),
    op: REVISIONS_UI_TEXTS.ops[version.op] ?? version.op,
    who: version.user_name ?? REVISIONS_UI_TEXTS.system,
  };
}
