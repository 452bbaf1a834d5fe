// The admin tabs by key (admin-area.md §2), in the spec's order.
export const TABS = [
  { key: 'startseite', label: 'Startseite' },
  { key: 'news', label: 'News' },
  { key: 'mannschaften', label: 'Mannschaften' },
  { key: 'spieler', label: 'Spieler' },
  { key: 'nachwuchs', label: 'Nachwuchs' },
  { key: 'spielplan', label: 'Spielplan' },
  { key: 'shop', label: 'Shop' },
  { key: 'mitglied', label: 'Mitglied' },
  { key: 'sponsoren', label: 'Sponsoren' },
  { key: 'kontakt', label: 'Kontakt' },
  { key: 'impressum', label: 'Impressum' },
  { key: 'datenschutz', label: 'Datenschutz' },
  { key: 'social', label: 'Social Media' },
  { key: 'vereinsgeschichte', label: 'Vereinsgeschichte' },
  { key: 'benutzer', label: 'Benutzer', superadminOnly: true },
  // beyond the spec (issue 13): the club's name, crest and colours
  { key: 'verein', label: 'Verein', superadminOnly: true },
  // the match centre (issue 14): recording a match at the pitch, and the league tables
  { key: 'spieltag', label: 'Spieltag' },
  { key: 'tabellen', label: 'Tabellen' },
  // the editorial safety net (issue 15): uploaded images, deleted rows, who did what
  { key: 'medien', label: 'Medien' },
  { key: 'papierkorb', label: 'Papierkorb' },
  { key: 'protokoll', label: 'Protokoll', superadminOnly: true },
] as const satisfies readonly { key: string; label: string; superadminOnly?: boolean }[];

export type TabKey = (typeof TABS)[number]['key'];
