// The content kept in revisions (issue 15), for the server and the admin panel:
// which tables, their German names, and which column names a version in the
// history and the trash. Everything an admin edits is here; the users, their
// sessions and tokens, the inquiries (erased on request) and the settings are not.

/** Revisioned entities by SQL table name: German name, and the columns that title a version. */
export const REVISIONED = {
  news: { label: 'News', title: ['title'] },
  page_content: { label: 'Seiteninhalt', title: ['title', 'page_key'] },
  homepage_content: { label: 'Startseite', title: ['title', 'section_key'] },
  teams: { label: 'Mannschaft', title: ['name'] },
  players: { label: 'Spieler', title: ['name'] },
  matches: { label: 'Spiel', title: ['home_team', 'away_team'] },
  match_lineups: { label: 'Aufstellung', title: ['role', 'jersey_number'] },
  match_events: { label: 'Spielereignis', title: ['type', 'minute', 'player_name'] },
  leagues: { label: 'Liga', title: ['competition', 'season'] },
  league_results: { label: 'Ligaergebnis', title: ['home_team', 'away_team'] },
  standings: { label: 'Tabellenzeile', title: ['team_name'] },
  sponsors: { label: 'Sponsor', title: ['name'] },
  contact_info: { label: 'Kontakt', title: ['name', 'role'] },
  youth_teams: { label: 'Nachwuchsteam', title: ['name'] },
  shop_items: { label: 'Shop-Artikel', title: ['name'] },
  gallery: { label: 'Galerie', title: ['title'] },
  club_settings: { label: 'Verein', title: ['long_name'] },
} as const satisfies Record<string, { label: string; title: readonly string[] }>;

export type RevisionedEntity = keyof typeof REVISIONED;

/** Entities only a superadmin edits: their versions, restore and trash are a superadmin's too. */
export const SUPERADMIN_ENTITIES: ReadonlySet<string> = new Set<RevisionedEntity>(['club_settings']);

export const REVISIONED_ENTITIES = Object.keys(REVISIONED) as RevisionedEntity[];

export function isRevisionedEntity(value: string): value is RevisionedEntity {
  return Object.hasOwn(REVISIONED, value);
}

/**
 * Restore order: a parent before the rows that point to it (a team before its
 * players, a match before its line-up and events, a league before its results).
 */
export const RESTORE_ORDER: readonly RevisionedEntity[] = [
  'club_settings', 'teams', 'leagues', 'matches', 'players', 'match_lineups', 'match_events', 'league_results', 'standings',
  'news', 'page_content', 'homepage_content', 'sponsors', 'contact_info', 'youth_teams', 'shop_items', 'gallery',
];

/**
 * Columns putting back a version leaves as they are: a calendar's SEQUENCE only
 * rises (calendar apps ignore an event with a lower one; the restore raises it),
 * the match day's phase and times are the pitch's, the import's key is the
 * source's, and whether and when a news is public is its own switch (putting back
 * an older text must not bring back an article taken off since, nor move its date).
 */
export const KEPT_ON_RESTORE: Partial<Record<RevisionedEntity, readonly string[]>> = {
  // and our team and its side, which the line-up's rows belong to (an older version put another team's
  // players under this one, and every later line-up save was refused)
  matches: ['sequence', 'live_phase', 'kickoff_at', 'second_half_at', 'external_key', 'team_id', 'team_side'],
  // and so is its date: a scheduled article is dated as of its publish time (decision 030)
  news: ['published', 'publish_at', 'unpublish_at', 'created_at'],
  // a player's publication consent is the family's, as it stands now: an older version put a withdrawn photo consent
  // back (the child's photo on the team and match pages again), credited to the admin who recorded the first
  players: ['consent_name', 'consent_photo', 'consent_stats', 'consent_given_by', 'consent_given_at', 'consent_recorded_by'],
};

/** Columns that never go into a revision, whatever table grows them. */
export const SECRET_COLUMN = /password|token|secret|hash|totp|recovery/i;

export type RevisionOp = 'insert' | 'update' | 'delete' | 'restore';

export type RevisionVersion = {
  id: number;
  op: RevisionOp;
  created_at: number;
  user_name: string | null;
  data: Record<string, unknown>;
};

export type TrashEntry = {
  /** the revision of the deleted row: what 'Wiederherstellen' takes */
  id: number;
  entity: RevisionedEntity;
  entity_label: string;
  row_id: string;
  title: string;
  /** rows the same delete took with it (a team's players) */
  with_rows: number;
  user_name: string | null;
  created_at: number;
  /** when it leaves the trash for good */
  expires_at: number;
};

/** The title of a version: its title columns joined, or the row id. */
export function versionTitle(entity: RevisionedEntity, data: Record<string, unknown>, rowId: string): string {
  const parts = REVISIONED[entity].title.map((column) => data[column]).filter((v) => v !== null && v !== undefined && v !== '');
  const text = parts.map(String).join(entity === 'matches' || entity === 'league_results' ? ' – ' : ' · ').trim();
  return text || rowId;
}

export const REVISION_TEXTS = {
  system: 'System',
  conflict: (who: string, when: string) =>
    `Nicht gespeichert: ${who} hat diesen Eintrag inzwischen geändert (${when}). Bitte vergleichen und erneut speichern.`,
  conflictDeleted: 'Nicht gespeichert: dieser Eintrag wurde inzwischen gelöscht.',
  unknownEntity: 'Unbekannter Inhaltstyp.',
  revisionNotFound: 'Diese Fassung gibt es nicht mehr.',
  notInTrash: 'Dieser Eintrag ist nicht mehr im Papierkorb.',
  stillExists: 'Dieser Eintrag existiert bereits wieder.',
  purgedDetail: (label: string, versions: number) => `${label} endgültig gelöscht (${versions} ${versions === 1 ? 'Fassung' : 'Fassungen'})`,
  // the section written since is another row: its 'Verlauf' does not hold the deleted text (the button was never
  // called 'Versionen'); the way back is to make room first
  sectionTaken:
    'Diesen Seitenabschnitt gibt es inzwischen wieder, mit einem neuen Text. Um den gelöschten zurückzuholen, zuerst den jetzigen Abschnitt löschen, dann diesen hier wiederherstellen.',
  cannotRestoreDeleted: 'Dieser Eintrag wurde gelöscht: bitte aus dem Papierkorb wiederherstellen.',
  restoreRefused: (label: string) =>
    // no pronoun: most labels are not masculine ('Liga', 'Mannschaft', 'Spielereignis')
    `${label} kann nicht wiederhergestellt werden: Ein Eintrag, auf den dieser Eintrag verweist, fehlt, oder ein gleichnamiger Eintrag existiert bereits.`,
} as const;
