export { FORM_TEXTS, COOKIE_TEXTS, INSTALL_TEXTS } from '../../lib/ui-texts';

// Every built-in German default and fallback text of public-site.md, in one place,
// word for word where the spec gives the words. An empty database renders every
// page completely from these.

export const CLUB = {
  nameLine1: 'SV Kirchberg',
  nameLine2: 'an der Raab',
  fullName: 'SV Kirchberg an der Raab',
  place: 'Kirchberg',
  ground: 'Sportplatz Kirchberg',
  street: 'Sportplatzweg 1',
  postcodeTown: '8324 Kirchberg an der Raab',
  region: 'Steiermark, Österreich',
  email: 'office@sv-kirchberg.at',
  zvr: 'ZVR-Zahl: 123456789',
} as const;

export const HERO_COLOURS = {
  line1: '#1e40af',
  line2: '#3b82f6',
  welcome: '#6b7280',
} as const;

export const HERO_DEFAULTS = {
  line1: CLUB.nameLine1,
  line2: CLUB.nameLine2,
  welcome: `Willkommen beim ${CLUB.fullName} – Fußball mit Herz in der Steiermark. Ob Kampfmannschaft, Nachwuchs oder Fans: Bei uns ist jeder willkommen.`,
  primaryButtonText: 'Mitglied werden',
  primaryButtonLink: '/mitglied-werden',
  secondaryButtonText: 'Unsere Geschichte',
  secondaryButtonLink: '/vereinsgeschichte',
} as const;

export const NEXT_MATCH_DEFAULTS = {
  heading: 'Nächstes Spiel',
  content: `${CLUB.nameLine1} vs. Gegner`,
  date: '10. August 2024',
  time: '16:00 Uhr',
  location: CLUB.ground,
  buttonText: 'Mehr zum Spiel',
  buttonLink: '/spielplan',
} as const;

export const FOOTER_DEFAULTS = {
  club_title_line1: CLUB.nameLine1,
  club_title_line2: CLUB.nameLine2,
  club_description:
    'Seit Jahrzehnten steht unser Verein für Fußball, Gemeinschaft und Nachwuchsarbeit in der Oststeiermark.',
  quick_links_title: 'Schnellzugriff',
  contact_title: 'Kontakt',
  contact_location1: CLUB.street,
  contact_location2: CLUB.postcodeTown,
  contact_location3: CLUB.region,
  contact_email: CLUB.email,
  social_title: 'Folge uns',
  copyright_text: `© 2024 ${CLUB.fullName}. Alle Rechte vorbehalten.`,
} as const;
export type FooterTexts = { -readonly [K in keyof typeof FOOTER_DEFAULTS]: string };

export const NAV_LINKS = [
  { href: '/', label: 'Startseite' },
  { href: '/news', label: 'News' },
  { href: '/mannschaften', label: 'Mannschaften' },
  { href: '/nachwuchs', label: 'Nachwuchs' },
  { href: '/spielplan', label: 'Spielplan' },
  { href: '/shop', label: 'Shop' },
  { href: '/sponsoren', label: 'Sponsoren' },
  { href: '/kontakt', label: 'Kontakt' },
  { href: '/impressum', label: 'Impressum' },
] as const;

export const FOOTER_LINKS = [
  { href: '/news', label: 'News' },
  { href: '/spielplan', label: 'Spielplan' },
  { href: '/mannschaften', label: 'Mannschaften' },
  { href: '/nachwuchs', label: 'Nachwuchs' },
  { href: '/impressum', label: 'Impressum' },
  { href: '/datenschutz', label: 'Datenschutz' },
  { href: '/kontakt', label: 'Kontakt' },
] as const;

export const SOCIAL_PLATFORMS = [
  { key: 'facebook', label: 'Facebook', order: 1 },
  { key: 'instagram', label: 'Instagram', order: 2 },
  { key: 'whatsapp', label: 'WhatsApp', order: 3 },
  { key: 'tiktok', label: 'TikTok', order: 4 },
] as const;
export const SOCIAL_OTHER_ORDER = 99;

export const HOME_TEXTS = {
  // beside the spec's next match (issue 13): the latest result from the fixtures
  lastResult: 'Letztes Ergebnis',
  // on the spec's next-match card when the match it names is past (its day before today)
  cardPast: 'Vorbei',
  // … and the fixtures' next match below it then
  insteadNext: 'Laut Spielplan als Nächstes:',
  allResults: 'Alle Ergebnisse',
  newsHeading: 'Aktuelle News',
  newsEmpty: 'Noch keine News veröffentlicht.',
  newsLoading: 'News werden geladen...',
  allNews: 'Alle News anzeigen',
  readMore: 'Weiterlesen',
  imageComing: 'Bild folgt',
  teamsHeading: 'Unsere Mannschaften',
  teamsLoading: 'Lädt Teams...',
  viewTeam: 'Team ansehen',
  achievements: 'Erfolge:',
  sponsorsHeading: 'Unsere Sponsoren',
  sponsorsEmpty: 'Noch keine Sponsoren hinzugefügt.',
  sponsorsLoading: 'Sponsoren werden geladen...',
  sponsorsInvite: 'Sie möchten unseren Verein unterstützen? Werden Sie Partner!',
  sponsorsInviteLink: 'Kontakt aufnehmen',
  allTeams: 'Alle Mannschaften anzeigen',
} as const;

export const NEWS_TEXTS = {
  heading: 'News',
  intro: `Neuigkeiten rund um den ${CLUB.fullName}.`,
  noImage: 'Kein Bild',
  empty: 'Noch keine News veröffentlicht.',
  showAll: 'Alle News anzeigen',
  readMore: 'Weiterlesen',
  notFound: 'Artikel nicht gefunden',
  backToNews: 'Zurück zu den News',
  // shown on the 'Alle News anzeigen' button while the rest of the list loads
  loading: HOME_TEXTS.newsLoading,
  allHeading: 'Alle News',
  // the older articles, in pages of NEWS_PAGE_SIZE (src/server/content/news-archive.ts)
  archiveHeading: 'Ältere News',
  archiveLink: 'News-Archiv',
  archivePage: 'Seite',
  archivePageHeading: 'News-Archiv, Seite',
  /** an archive page's own description (search engines list pages with the same one as one): 'News-Archiv, Seite 2: 50 Artikel vom 1. Februar 2024 bis 21. März 2024.' */
  archivePageDescription: (page: number, articles: number, from: string, to: string) =>
    `News-Archiv, Seite ${page}: ${articles} Artikel ${from === to ? `vom ${from}` : `vom ${from} bis ${to}`}.`,
  archiveNav: 'Seiten des News-Archivs',
  newer: 'Neuere News',
  older: 'Ältere News',
  feed: 'RSS-Feed abonnieren',
  feedTitle: 'News (RSS)',
  initialCount: 6,
  homeCount: 3,
  // the RSS feed's newest articles
  feedCount: 50,
  excerptLength: 150,
} as const;

export const TEAM_TEXTS = {
  heading: 'Mannschaften',
  intro: 'Alle Mannschaften unseres Vereins im Überblick.',
  defaultDescription: 'Eine Mannschaft mit Leidenschaft und Teamgeist.',
  noPlayers: 'Noch keine Spieler für dieses Team hinzugefügt.',
  // not in the spec: an empty list should not look like a broken page
  empty: 'Noch keine Mannschaften eingetragen.',
  backToTeams: 'Alle Mannschaften',
  players: (n: number) => `${n} Spieler`,
  age: (n: number) => `${n} Jahre`,
  jerseyLabel: 'Rückennummer',
  homeCount: 3,
} as const;

/** Labels of the stored team categories (admin-area.md: Herren, Jugend, Nachwuchs, Damen). */
const TEAM_CATEGORY_LABELS: Record<string, string> = {
  herren: 'Herren',
  jugend: 'Jugend',
  nachwuchs: 'Nachwuchs',
  damen: 'Damen',
};
export function teamCategoryLabel(category: string | null | undefined): string {
  const value = (category ?? '').trim();
  return TEAM_CATEGORY_LABELS[value.toLowerCase()] ?? value;
}

/** Player groups in the order the team page shows them. */
export const PLAYER_GROUP_ORDER = [
  'Trainer',
  'Co-Trainer',
  'TM-Trainer',
  'Torwart',
  'Verteidiger',
  'Mittelfeld',
  'Stürmer',
  'Spieler',
] as const;

// the admin's lists live with their schemas (one source each)
export { TEAM_CATEGORIES } from '../../lib/schemas/team';

export const YOUTH_DEFAULTS = {
  // not in the spec: an empty grid should not look like a broken page
  empty: 'Noch keine Nachwuchsmannschaften eingetragen.',
  playersLabel: 'Spieler',
  trainingLabel: 'Training',
  coachLabel: 'Trainer',
  contactLabel: 'Ansprechpartner',
  title: 'Nachwuchs',
  intro:
    'Die Förderung junger Talente liegt uns besonders am Herzen. In unseren Nachwuchsmannschaften lernen Kinder und Jugendliche Fußball mit Spaß, Fairness und Teamgeist – betreut von engagierten Trainerinnen und Trainern.',
} as const;

export { COMPETITIONS, MATCH_STATUSES } from '../../lib/schemas/match';

export const FIXTURES_TEXTS = {
  heading: 'Spielplan',
  intro: `Alle Spiele des ${CLUB.fullName}.`,
  empty: 'Noch keine Spiele verfügbar.',
  // the spec shows sample matches when there are none; they are marked so that
  // nobody drives to a match that does not exist
  samplesNote: 'Beispiele, wie der Spielplan aussieht, sobald Spiele eingetragen sind:',
  subscribe: 'Spielplan abonnieren',
  download: 'Kalenderdatei (.ics) herunterladen',
  // where a league table exists (issue 14)
  tables: 'Tabelle',
  calendarTitle: 'Spielplan (iCalendar)',
  timeSuffix: ' Uhr',
  against: 'gegen',
  // around the spec (issue 13): the next match, past results, filters
  nextBadge: 'Nächstes Spiel',
  jumpToNext: 'Zum nächsten Spiel',
  noNext: 'Derzeit ist kein weiteres Spiel geplant.',
  filterLabel: 'Spiele filtern',
  filterAll: 'Alle Spiele',
  filterCompetitions: 'Wettbewerb:',
  filterTeams: 'Nach Mannschaft filtern',
  // one page per season; the list shows the current one (docs/decisions/041)
  filterSeasons: 'Saison:',
  season: (season: string) => `Saison ${season}`,
} as const;

/** Shown on /spielplan when the matches table is empty or unreadable. */
export const SAMPLE_MATCHES = [
  {
    id: 'sample-1',
    home_team: CLUB.fullName,
    away_team: 'SC Gleisdorf',
    match_date: '2024-08-10',
    match_time: '16:00',
    location: CLUB.ground,
    competition: 'Unterliga',
    season: '2024/25',
    matchday: 1,
    match_type: 'league',
    home_score: null,
    away_score: null,
    status: 'scheduled',
    notes: null,
  },
  {
    id: 'sample-2',
    home_team: 'USV St. Ruprecht',
    away_team: CLUB.fullName,
    match_date: '2024-08-17',
    match_time: '17:00',
    location: 'Sportplatz St. Ruprecht an der Raab',
    competition: 'Unterliga',
    season: '2024/25',
    matchday: 2,
    match_type: 'league',
    home_score: null,
    away_score: null,
    status: 'scheduled',
    notes: null,
  },
  {
    id: 'sample-3',
    home_team: CLUB.fullName,
    away_team: 'SV Feldbach',
    match_date: '2024-08-24',
    match_time: '18:00',
    location: CLUB.ground,
    competition: 'ÖFB Cup',
    season: '2024/25',
    matchday: null,
    match_type: 'cup',
    home_score: null,
    away_score: null,
    status: 'scheduled',
    notes: null,
  },
] as const;

export const SPONSOR_TIER_ORDER = ['premium', 'gold', 'silver', 'bronze', 'standard', 'supporter'] as const;
// the admin's tiers live with the sponsor schema (src/lib), which islands may import
export { SPONSOR_TIERS } from '../../lib/schemas/sponsor';
export const SPONSOR_TEXTS = {
  heading: 'Unsere Sponsoren',
  intro: 'Wir danken unseren Partnern für ihre Unterstützung.',
  empty: 'Noch keine Sponsoren hinzugefügt.',
} as const;

export const CONTACT_TEXTS = {
  heading: 'Kontakt',
  contactPersons: 'Ansprechpartner',
  clubAddress: 'Vereinsadresse',
  officials: 'Funktionäre',
  contactsFallback: 'Die Kontaktdaten werden gerade aktualisiert.',
  officialsFallback: 'Keine Funktionäre verfügbar.',
  websiteLabel: 'Website/Informationen',
  formHeading: 'Schreib uns',
  roleClubAddress: 'Vereinsadresse',
  roleOfficial: 'Funktionär',
} as const;

export const IMPRINT_SECTIONS = ['medieninhaber', 'vereinsregister', 'datenschutz', 'haftungsausschluss'] as const;
export const IMPRINT_DEFAULTS: Record<(typeof IMPRINT_SECTIONS)[number], { title: string; content: string }> = {
  medieninhaber: {
    title: 'Medieninhaber und Herausgeber',
    content: `${CLUB.fullName}\n${CLUB.street}\n${CLUB.postcodeTown}\n${CLUB.region}\nE-Mail: ${CLUB.email}\n\nVereinszweck: Förderung und Ausübung des Fußballsports, insbesondere der Jugendarbeit.`,
  },
  vereinsregister: {
    title: 'Vereinsregister',
    content: `${CLUB.zvr}\nZuständige Behörde: Bezirkshauptmannschaft Weiz`,
  },
  datenschutz: {
    title: 'Datenschutz',
    content: 'Informationen zum Umgang mit personenbezogenen Daten finden Sie in unserer Datenschutzerklärung.',
  },
  haftungsausschluss: {
    title: 'Haftungsausschluss',
    content:
      'Die Inhalte dieser Website wurden mit größtmöglicher Sorgfalt erstellt. Für die Richtigkeit, Vollständigkeit und Aktualität der Inhalte übernehmen wir jedoch keine Gewähr. Für Inhalte verlinkter externer Seiten sind ausschließlich deren Betreiber verantwortlich.',
  },
};
export const IMPRINT_TEXTS = { heading: 'Impressum' } as const;

/** The seven-section default privacy policy, with the 'Stand' line filled in at render time. */
export const PRIVACY_DEFAULT = {
  heading: 'Datenschutzerklärung',
  sections: [
    {
      title: '1. Verantwortliche Stelle',
      body: `Verantwortlich für die Datenverarbeitung auf dieser Website ist der ${CLUB.fullName}, ${CLUB.street}, ${CLUB.postcodeTown}, ${CLUB.region}. E-Mail: ${CLUB.email}`,
    },
    {
      title: '2. Erhebung personenbezogener Daten',
      body: 'Beim Besuch dieser Website speichert der Server automatisch Informationen in Server-Logdateien, die Ihr Browser übermittelt: IP-Adresse, Datum und Uhrzeit der Anfrage, aufgerufene Seite, Browsertyp und Betriebssystem. Diese Daten dienen ausschließlich dem sicheren Betrieb der Website (Art. 6 Abs. 1 lit. f DSGVO).',
    },
    {
      title: '3. Cookies',
      body: 'Wir verwenden notwendige Cookies, die für den Betrieb der Website erforderlich sind. Analyse- und Marketing-Cookies setzen wir nur mit Ihrer Einwilligung. Ihre Auswahl können Sie jederzeit über den Cookie-Banner bzw. den Link „Cookie-Einstellungen“ anpassen.',
    },
    {
      title: '4. Kontaktformular',
      body: 'Wenn Sie uns über das Kontakt- oder Mitgliedsformular Anfragen senden, werden Ihre Angaben zur Bearbeitung der Anfrage gespeichert. Rechtsgrundlage ist Ihre Einwilligung (Art. 6 Abs. 1 lit. a DSGVO), die Sie jederzeit widerrufen können. Anfragen werden nach 12 Monaten automatisch gelöscht; auf Wunsch erhalten Sie vorher Auskunft über alle zu Ihrer E-Mail-Adresse gespeicherten Daten oder lassen diese sofort löschen.',
    },
    {
      title: '5. Ihre Rechte',
      body: 'Ihnen stehen die Rechte auf Auskunft, Berichtigung, Löschung, Einschränkung der Verarbeitung (Art. 15–18 DSGVO), Datenübertragbarkeit (Art. 20 DSGVO) und Widerspruch (Art. 21 DSGVO) zu. Sie können sich außerdem bei der Österreichischen Datenschutzbehörde (www.dsb.gv.at) beschweren.',
    },
    {
      title: '6. Speicherdauer',
      body: 'Personenbezogene Daten werden nur so lange gespeichert, wie es für den jeweiligen Zweck erforderlich ist oder gesetzliche Aufbewahrungsfristen es verlangen.',
    },
    {
      title: '7. Änderungen',
      body: 'Wir behalten uns vor, diese Datenschutzerklärung anzupassen, damit sie stets den aktuellen rechtlichen Anforderungen entspricht.',
    },
  ],
  standPrefix: 'Stand: ',
} as const;

export const MEMBERSHIP_DEFAULTS = {
  header: 'MITGLIED WERDEN',
  quote: '„Gemeinsam sind wir stärker – werde Teil unserer Vereinsfamilie!“',
  description:
    'Mit deiner Mitgliedschaft unterstützt du unseren Verein und die Arbeit mit unseren Mannschaften. Der Mitgliedsbeitrag beträgt 36 € pro Jahr und Familie.',
  bank_info: 'Überweise 36 € /Jahr',
  iban: 'AT61 1904 3002 3457 3201',
  bank: 'Raiffeisenbank Kirchberg an der Raab',
  verwendungszweck: 'Name',
  qrPlaceholder: 'QR Code',
  thanksTitle: 'Danke für deine Unterstützung!',
  thanksText: 'Jeder Beitrag hilft uns, den Fußball in unserer Region zu fördern.',
  form_title: 'Trainer oder Spieler bewerben?',
  form_description: 'Sende uns eine Nachricht – wir freuen uns auf dich!',
  ibanLabel: 'IBAN',
  bankLabel: 'Bank',
  referenceLabel: 'Verwendungszweck',
} as const;

export const SHOP_TEXTS = {
  heading: 'Vereinsshop',
  tagline: 'Zeig deine Farben – Fanartikel für echte Fans.',
  buy: 'Jetzt kaufen',
  unavailable: 'Nicht verfügbar',
  emptyTitle: 'Noch keine Produkte verfügbar',
  emptyText: 'Unser Shop wird bald mit tollen Fanartikeln gefüllt.',
  errorTitle: 'Fehler beim Laden',
  errorText: 'Shop-Produkte konnten nicht geladen werden.',
  metaTitle: `Vereinsshop – ${CLUB.fullName}`,
  metaDescription: `Trikots, Schals und Fanartikel des ${CLUB.fullName}.`,
} as const;

/** Shown when the shop query fails (public-site.md §8); kept in src/lib for the admin island. */
export { SAMPLE_SHOP_ITEMS } from '../../lib/shop-samples';

export const HISTORY_DEFAULTS = {
  title: `Vereinsgeschichte ${CLUB.fullName}`,
  empty: 'Inhalte werden geladen...',
  headings: [
    'Die Gründung',
    'Entwicklung und Wachstum',
    'Erfolge und Meilensteine',
    'Gemeinschaft und Tradition',
    'Blick in die Zukunft',
  ],
} as const;

export const NOT_FOUND_TEXTS = {
  title: 'Oops! Page not found',
  link: 'Return to Home',
} as const;




export const SITE_TEXTS = {
  defaultDescription: `Offizielle Website des ${CLUB.fullName}: News, Mannschaften, Spielplan, Nachwuchs und Mitgliedschaft.`,
  skipLink: 'Zum Inhalt springen',
  menu: 'Menü',
  adminLink: 'Admin',
  logout: 'Logout',
} as const;
