// A realistic demo club (SV Kirchberg an der Raab, Styria) for `npm run seed:demo`:
// teams with players in every position, a season of matches around today with
// results, news with line breaks, sponsors in every tier, youth teams with their
// contact, contact persons, officials and the club address, shop items, the
// membership page, the club history with its five headings, and social links.
//
// buildDemoClub() only builds the rows (plain objects in the spec's shape, so a
// benchmark can scale or reuse them); seedDemoClub() writes them once, and
// addDemoPictures() (demo-images.ts) then gives them their generated pictures.
import { count, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { write } from '../db/write';
import { seedDemoLeague } from './demo-league';
import { seedDemoMatchDetails } from './demo-match-details';
import {
  contactInfo,
  homepageContent,
  matches,
  membershipInquiries,
  news,
  pageContent,
  players,
  shopItems,
  siteSettings,
  sponsors,
  teams,
  youthTeams,
} from '../db/schema';
import { seasonOfDate } from '../../lib/fixtures';

type Row<T extends { $inferInsert: unknown }> = T['$inferInsert'];

export type DemoClub = {
  homepage: Row<typeof homepageContent>[];
  pages: Row<typeof pageContent>[];
  news: Row<typeof news>[];
  teams: Row<typeof teams>[];
  players: Row<typeof players>[];
  matches: Row<typeof matches>[];
  sponsors: Row<typeof sponsors>[];
  contacts: Row<typeof contactInfo>[];
  youthTeams: Row<typeof youthTeams>[];
  shopItems: Row<typeof shopItems>[];
  inquiries: Row<typeof membershipInquiries>[];
};

export const DEMO_MARKER_KEY = 'demo_seeded_at';
const CLUB = 'SV Kirchberg an der Raab';
const HOME_GROUND = 'Sportplatz Kirchberg an der Raab';

/** Stable ids, so that a second build gives the same rows and links between them hold. */
const demoId = (kind: string, n: number | string) => `demo-${kind}-${n}`;

const isoDate = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (d: Date, days: number) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + days));
/** The first Saturday on or after the date. */
function saturdayFrom(d: Date): Date {
  const day = d.getUTCDay();
  return addDays(d, (6 - day + 7) % 7);
}

// eleven opponents: with the club a league of 12, as in the Styrian Unterliga (issue 14)
const OPPONENTS = [
  'USV St. Ruprecht an der Raab',
  'SC Gleisdorf 1b',
  'SV Feldbach',
  'FC Gnas',
  'USV Paldau',
  'SV Fehring',
  'SV Gersdorf an der Feistritz',
  'TuS Ilz',
  'USV Mühldorf',
  'FC Hatzendorf',
  'SV Sinabelkirchen',
];

// results of the autumn round, from the club's point of view (home goals, away goals)
const AUTUMN_RESULTS: [number, number][] = [
  [2, 1], [0, 0], [3, 2], [1, 2], [4, 0], [2, 2], [2, 1], [3, 3], [1, 1], [2, 0], [0, 1],
];

function buildMatches(now: Date): Row<typeof matches>[] {
  const today = isoDate(now);
  // from July on the new season (the one rule, lib/fixtures.ts)
  const season = seasonOfDate(today);
  const seasonYear = Number(season.slice(0, 4));
  const rows: Row<typeof matches>[] = [];
  const push = (row: Omit<Row<typeof matches>, 'id' | 'season'>, n: number) => {
    const finished = row.match_date < today && (row.status ?? 'scheduled') === 'scheduled';
    rows.push({ id: demoId('match', n), season, ...row, ...(finished ? { status: 'finished' } : {}) });
  };
  const autumnStart = saturdayFrom(new Date(Date.UTC(seasonYear, 7, 1)));
  OPPONENTS.forEach((opponent, i) => {
    const date = isoDate(addDays(autumnStart, i * 7));
    const home = i % 2 === 0;
    const [ours, theirs] = AUTUMN_RESULTS[i];
    const played = date < today;
    push(
      {
        home_team: home ? CLUB : opponent,
        away_team: home ? opponent : CLUB,
        match_date: date,
        match_time: i >= 9 ? '14:30' : '17:00',
        location: home ? HOME_GROUND : `Sportplatz ${opponent.replace(/^(USV|SV|SC|FC|TuS) /, '').replace(/ 1b$/, '')}`,
        competition: 'Unterliga Ost',
        matchday: i + 1,
        match_type: 'league',
        home_score: played ? (home ? ours : theirs) : null,
        away_score: played ? (home ? theirs : ours) : null,
        status: 'scheduled',
        notes: i === 4 ? 'Derby vor 600 Zuschauern.\nTore: Pichler (2), Hofer, Wagner.' : null,
      },
      i + 1,
    );
  });
  // the spring round, home and away swapped
  const springStart = saturdayFrom(new Date(Date.UTC(seasonYear + 1, 2, 14)));
  OPPONENTS.forEach((opponent, i) => {
    const date = isoDate(addDays(springStart, i * 7));
    const home = i % 2 === 1;
    // seeded late in a season, the spring round is partly played as well
    const [ours, theirs] = AUTUMN_RESULTS[AUTUMN_RESULTS.length - 1 - i];
    const played = date < today && i !== 3;
    push(
      {
        home_team: home ? CLUB : opponent,
        away_team: home ? opponent : CLUB,
        match_date: date,
        match_time: '16:00',
        location: home ? HOME_GROUND : `Sportplatz ${opponent.replace(/^(USV|SV|SC|FC|TuS) /, '').replace(/ 1b$/, '')}`,
        competition: 'Unterliga Ost',
        matchday: OPPONENTS.length + i + 1,
        match_type: 'league',
        home_score: played ? (home ? ours : theirs) : null,
        away_score: played ? (home ? theirs : ours) : null,
        status: i === 3 ? 'postponed' : 'scheduled',
        notes: i === 3 ? 'Neuer Termin wird bekanntgegeben.' : null,
      },
      100 + i,
    );
  });
  const cupDate = isoDate(addDays(autumnStart, -14));
  push(
    {
      home_team: CLUB,
      away_team: 'SK Sturm Graz Amateure',
      match_date: cupDate,
      match_time: '18:00',
      location: HOME_GROUND,
      competition: 'Steirischer Cup',
      match_type: 'cup',
      home_score: cupDate < today ? 1 : null,
      away_score: cupDate < today ? 4 : null,
      status: 'scheduled',
      notes: 'Erste Runde. Ein Fest für den ganzen Ort.',
    },
    200,
  );
  push(
    {
      home_team: CLUB,
      away_team: 'SV Kirchberg an der Raab Altherren',
      match_date: isoDate(addDays(springStart, -21)),
      match_time: '10:30',
      location: 'Kunstrasen Gleisdorf',
      competition: 'Freundschaftsspiel',
      match_type: 'friendly',
      status: 'cancelled',
      notes: 'Abgesagt wegen Schneefalls.',
    },
    201,
  );
  return rows.sort((a, b) => a.match_date.localeCompare(b.match_date));
}

function buildTeams() {
  const teamRows: Row<typeof teams>[] = [
    {
      id: demoId('team', 'kampf'),
      name: 'Kampfmannschaft',
      description: 'Unsere erste Mannschaft spielt in der Unterliga Ost – mit vielen Spielern aus dem eigenen Nachwuchs.',
      category: 'herren',
      display_order: 0,
      achievements: ['Meister 1. Klasse Ost 2019', 'Aufstieg in die Unterliga 2019', 'Cup-Viertelfinale 2022'],
    },
    {
      id: demoId('team', 'reserve'),
      name: 'Reserve',
      description: 'Die U23 und alle, die Spielpraxis sammeln – Sprungbrett in die Kampfmannschaft.',
      category: 'herren',
      display_order: 1,
      achievements: ['Herbstmeister 2023'],
    },
    {
      id: demoId('team', 'damen'),
      name: 'Damen',
      description: 'Seit 2021 mit eigener Damenmannschaft in der Landesliga-Nachwuchsgruppe.',
      category: 'damen',
      display_order: 2,
      achievements: [],
    },
    {
      id: demoId('team', 'u16'),
      name: 'U16',
      description: 'Unsere älteste Nachwuchsmannschaft in der Spielgemeinschaft mit St. Ruprecht.',
      category: 'jugend',
      display_order: 3,
      achievements: ['Hallenturniersieger Feldbach 2024'],
    },
  ];
  const roster: [string, string, number | null, number | null][] = [
    ['Gerhard Pichler', 'Trainer', 52, null],
    ['Markus Hofer', 'Co-Trainer', 41, null],
    ['Andreas Wagner', 'TM-Trainer', 45, null],
    ['Lukas Gruber', 'Torwart', 27, 1],
    ['Florian Schwarz', 'Torwart', 21, 12],
    ['Stefan Lang', 'Verteidiger', 29, 2],
    ['Michael Koller', 'Verteidiger', 24, 4],
    ['Thomas Weber', 'Verteidiger', 31, 5],
    ['David Url', 'Verteidiger', 19, 3],
    ['Patrick Pölzl', 'Mittelfeld', 26, 6],
    ['Daniel Strobl', 'Mittelfeld', 23, 8],
    ['Martin Fink', 'Mittelfeld', 28, 10],
    ['Julian Kern', 'Mittelfeld', 18, 14],
    ['Kevin Pichler', 'Stürmer', 22, 9],
    ['Simon Rath', 'Stürmer', 25, 11],
    ['Matthias Hirschmann', 'Stürmer', 20, 19],
    ['Johannes Maier', 'Spieler', 17, 23],
  ];
  const playerRows: Row<typeof players>[] = roster.map(([name, position, age, jersey], i) => ({
    id: demoId('player', `kampf-${i}`),
    team_id: demoId('team', 'kampf'),
    name,
    position,
    age,
    jersey_number: jersey,
  }));
  const small = (team: string, list: [string, string, number, number | null][]) =>
    list.forEach(([name, position, age, jersey], i) =>
      playerRows.push({ id: demoId('player', `${team}-${i}`), team_id: demoId('team', team), name, position, age, jersey_number: jersey }),
    );
  small('reserve', [
    ['Bernd Posch', 'Trainer', 38, null],
    ['Fabian Neuhold', 'Torwart', 19, 1],
    ['Jakob Resch', 'Verteidiger', 20, 4],
    ['Elias Wolf', 'Mittelfeld', 18, 7],
    ['Noah Kainz', 'Stürmer', 19, 9],
  ]);
  small('damen', [
    ['Sabine Rauch', 'Trainer', 36, null],
    ['Lena Fuchs', 'Torwart', 22, 1],
    ['Anna Schweiger', 'Verteidiger', 24, 5],
    ['Julia Monschein', 'Mittelfeld', 19, 8],
    ['Sarah Haas', 'Stürmer', 21, 10],
  ]);
  small('u16', [
    ['Christian Derler', 'Trainer', 44, null],
    ['Tobias Krenn', 'Torwart', 15, 1],
    ['Leon Grabner', 'Verteidiger', 15, 3],
    ['Luca Zach', 'Mittelfeld', 16, 8],
    ['Moritz Zotter', 'Stürmer', 15, 11],
  ]);
  return { teamRows, playerRows };
}

function buildNews(now: Date): Row<typeof news>[] {
  const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000).toISOString();
  const items: [number, string, string | null, string, boolean][] = [
    [
      2,
      'Weihnachtsfeier im Vereinsheim',
      'Am Samstag vor dem vierten Advent feiern wir gemeinsam – alle Mitglieder, Eltern und Fans sind eingeladen.',
      'Liebe Vereinsfamilie,\n\nauch heuer lassen wir das Fußballjahr gemeinsam ausklingen.\nBeginn ist um 18:00 Uhr im Vereinsheim.\n\nFür Punsch, Maroni und Musik ist gesorgt. Die Nachwuchsmannschaften führen ein kleines Programm auf.',
      true,
    ],
    [
      9,
      'Herbstmeister-Rennen bis zum Schluss',
      null,
      'Mit einem 2:0 gegen Hatzendorf hat sich die Kampfmannschaft in die Winterpause verabschiedet.\nPatrick Pölzl traf nach einem Eckball, Kevin Pichler machte kurz vor Schluss alles klar.\n\nTrainer Gerhard Pichler: „Die Burschen haben eine tolle Herbstsaison gespielt. Jetzt heißt es regenerieren.“',
      true,
    ],
    [
      21,
      'Neue Flutlichtanlage in Betrieb',
      'Dank der Unterstützung der Gemeinde und unserer Sponsoren trainieren wir ab sofort unter LED-Flutlicht.',
      'Nach drei Monaten Bauzeit ist es so weit: Die neue LED-Flutlichtanlage ist in Betrieb.\nSie spart rund 60 Prozent Strom und macht Abendspiele im Herbst möglich.\n\nEin großes Danke an alle freiwilligen Helferinnen und Helfer!',
      true,
    ],
    [
      35,
      'Nachwuchs: Schnuppertraining für Kinder ab 5 Jahren',
      null,
      'Jeden Dienstag und Donnerstag um 17:00 Uhr laden wir zum Schnuppertraining ein.\nMitzubringen sind nur Sportschuhe, Trinkflasche und gute Laune.\n\nAnmeldung bei unserer Jugendleiterin Eva Schweiger.',
      true,
    ],
    [
      52,
      'Derbysieg gegen Paldau',
      'Vor 600 Zuschauerinnen und Zuschauern gewinnt die Kampfmannschaft das Derby mit 4:0.',
      'Was für ein Abend!\nSchon zur Pause stand es 2:0, nach dem Seitenwechsel legten Hofer und Wagner nach.\n\nDie Stimmung auf dem Sportplatz war großartig – danke an alle Fans!',
      true,
    ],
    [
      70,
      'Saisonauftakt in der Unterliga Ost',
      null,
      'Am Samstag beginnt die neue Saison.\nZum Auftakt empfangen wir St. Ruprecht an der Raab.\n\nDie Kantine ist ab 15:00 Uhr geöffnet.',
      true,
    ],
    [
      85,
      'Sommerfest 2026 – ein voller Erfolg',
      'Über 1.000 Besucherinnen und Besucher an zwei Tagen: Danke!',
      'Zwei Tage lang wurde am Sportplatz gefeiert.\nHöhepunkte waren das Elfmeterschießen der Ortsvereine und das Konzert der Musikkapelle.\n\nDer Reinerlös kommt unserem Nachwuchs zugute.',
      true,
    ],
    [
      1,
      'Entwurf: Rückblick Jahreshauptversammlung',
      null,
      'Dieser Beitrag ist noch nicht veröffentlicht.',
      false,
    ],
  ];
  return items.map(([ago, title, excerpt, content, published], i) => ({
    id: demoId('news', i + 1),
    title,
    excerpt,
    content,
    published,
    created_at: daysAgo(ago),
    updated_at: daysAgo(ago),
  }));
}

function buildContacts() {
  const contacts: Row<typeof contactInfo>[] = [
    {
      id: demoId('contact', 'adresse'),
      name: CLUB,
      role: 'Vereinsadresse',
      address: 'Sportplatzweg 1\n8324 Kirchberg an der Raab\nSteiermark, Österreich',
      phone: '+43 3115 2233',
      email: 'office@sv-kirchberg.at',
      office_hours: 'https://www.sv-kirchberg.at',
      created_at: '2024-01-01T08:00:00.000Z',
    },
    { id: demoId('contact', 'obmann'), name: 'Josef Hofer', role: 'Obmann', phone: '+43 664 123 45 67', email: 'obmann@sv-kirchberg.at', office_hours: 'Erreichbar Mo–Fr ab 17:00 Uhr', created_at: '2024-01-01T08:01:00.000Z' },
    { id: demoId('contact', 'sport'), name: 'Gerhard Pichler', role: 'Sportlicher Leiter', phone: '+43 664 234 56 78', email: 'sport@sv-kirchberg.at', created_at: '2024-01-01T08:02:00.000Z' },
    { id: demoId('contact', 'jugend'), name: 'Eva Schweiger', role: 'Jugendleiterin', phone: '+43 664 345 67 89', email: 'jugend@sv-kirchberg.at', office_hours: 'Training Di und Do am Sportplatz', created_at: '2024-01-01T08:03:00.000Z' },
    { id: demoId('contact', 'kassier'), name: 'Maria Lang', role: 'Funktionär', office_hours: 'Kassierin', email: 'kassa@sv-kirchberg.at', created_at: '2024-01-01T08:04:00.000Z' },
    { id: demoId('contact', 'schrift'), name: 'Karin Url', role: 'Funktionär', office_hours: 'Schriftführerin', email: 'schrift@sv-kirchberg.at', created_at: '2024-01-01T08:05:00.000Z' },
    { id: demoId('contact', 'platz'), name: 'Franz Rath', role: 'Funktionär', office_hours: 'Platzwart', phone: '+43 664 456 78 90', created_at: '2024-01-01T08:06:00.000Z' },
  ];
  const jugend = demoId('contact', 'jugend');
  const youth: Row<typeof youthTeams>[] = [
    { id: demoId('youth', 'u7'), name: 'U7', age_group: 'Jahrgang 2019/20', description: 'Die Jüngsten lernen spielerisch den Umgang mit dem Ball.', players: 12, training_schedule: 'Di 16:30–17:30', coach: 'Lisa Hofer', contact_info_id: jugend, display_order: 0, is_active: true },
    { id: demoId('youth', 'u9'), name: 'U9', age_group: 'Jahrgang 2017/18', description: 'Kleinfeld-Turniere in der Region.\nSpaß steht an erster Stelle.', players: 14, training_schedule: 'Di und Do 17:00–18:15', coach: 'Peter Lang', contact_info_id: jugend, display_order: 1, is_active: true },
    { id: demoId('youth', 'u11'), name: 'U11', age_group: 'Jahrgang 2015/16', description: 'Meisterschaft im Kleinfeld, Technik und Zusammenspiel.', players: 15, training_schedule: 'Mo und Mi 17:00–18:30', coach: 'Thomas Weber', contact_info_id: jugend, display_order: 2, is_active: true },
    { id: demoId('youth', 'u13'), name: 'U13', age_group: 'Jahrgang 2013/14', description: 'Der Schritt aufs Großfeld.', players: 16, training_schedule: 'Mo, Mi und Fr 17:30–19:00', coach: 'Daniel Strobl', contact_info_id: demoId('contact', 'sport'), display_order: 3, is_active: true },
    { id: demoId('youth', 'u15'), name: 'U15', age_group: 'Jahrgang 2011/12', description: 'In der Spielgemeinschaft mit St. Ruprecht.', players: 18, training_schedule: 'Di und Do 18:00–19:30', coach: 'Christian Derler', contact_info_id: jugend, display_order: 4, is_active: false },
  ];
  return { contacts, youth };
}

function buildPages(now: Date, matchRows: Row<typeof matches>[]): { homepage: Row<typeof homepageContent>[]; pages: Row<typeof pageContent>[] } {
  const today = isoDate(now);
  const next = matchRows.find((m) => m.match_date >= today && m.status === 'scheduled');
  const homepage: Row<typeof homepageContent>[] = [
    {
      section_key: 'hero_text',
      title: 'SV Kirchberg',
      content: 'an der Raab',
      button_text: 'Willkommen beim SV Kirchberg an der Raab – Fußball mit Herz im Steirischen Vulkanland. Kampfmannschaft, Damen, Nachwuchs und Fans: Bei uns ist jeder willkommen.',
      match_date: '#1e40af',
      match_time: '#3b82f6',
      match_location: '#6b7280',
    },
    { section_key: 'hero_welcome', button_text: 'Mitglied werden', button_link: '/mitglied-werden' },
    { section_key: 'hero_secondary_button', content: 'Unsere Geschichte', button_link: '/vereinsgeschichte' },
    {
      section_key: 'next_match',
      content: next ? `${next.home_team} vs. ${next.away_team}` : `${CLUB} vs. USV St. Ruprecht an der Raab`,
      match_date: next?.match_date ?? null,
      match_time: next?.match_time ?? null,
      match_location: next?.location ?? null,
      button_link: '/spielplan',
    },
    {
      section_key: 'footer_texts',
      content: JSON.stringify({
        club_title_line1: 'SV Kirchberg',
        club_title_line2: 'an der Raab',
        club_description: 'Fußball, Gemeinschaft und Nachwuchsarbeit im Steirischen Vulkanland – seit 1948.',
        quick_links_title: 'Schnellzugriff',
        contact_title: 'Kontakt',
        contact_location1: 'Sportplatzweg 1',
        contact_location2: '8324 Kirchberg an der Raab',
        contact_location3: 'Steiermark, Österreich',
        contact_email: 'office@sv-kirchberg.at',
        social_title: 'Folge uns',
        copyright_text: `© ${now.getUTCFullYear()} ${CLUB}. Alle Rechte vorbehalten.`,
      }),
    },
  ];
  const page = (page_key: string, section_key: string, o: Partial<Row<typeof pageContent>>, order = 0): Row<typeof pageContent> => ({
    id: demoId('page', `${page_key}-${section_key}`),
    page_key,
    section_key,
    is_active: true,
    display_order: order,
    ...o,
  });
  const history = [
    'Der SV Kirchberg an der Raab ist mehr als ein Fußballverein: Er ist seit über 75 Jahren ein Treffpunkt für den ganzen Ort.',
    'Die Gründung\n1948 gründeten zwölf junge Kirchberger den Verein. Gespielt wurde zunächst auf einer Wiese neben der Raab, die Tore zimmerte der örtliche Tischler.\nDas erste Meisterschaftsspiel endete 3:3.',
    'Entwicklung und Wachstum\n1972 wurde der heutige Sportplatz eröffnet, 1985 folgte das Vereinsheim.\nMit der ersten Nachwuchsmannschaft 1978 begann die Jugendarbeit, die den Verein bis heute prägt.',
    'Erfolge und Meilensteine\nMeistertitel in der 1. Klasse 1991 und 2019, der Aufstieg in die Unterliga und das Cup-Viertelfinale 2022 sind die sportlichen Höhepunkte.\nSeit 2021 spielt eine eigene Damenmannschaft.',
    'Gemeinschaft und Tradition\nDas Sommerfest, die Weihnachtsfeier und der Frühschoppen nach dem Heimspiel gehören zum Jahreslauf in Kirchberg.\nÜber 100 Freiwillige helfen jedes Jahr mit.',
    'Blick in die Zukunft\nDie neue Flutlichtanlage ist erst der Anfang: Ein Kunstrasenplatz für den Nachwuchs ist in Planung.\nUnser Ziel bleibt, junge Menschen aus der Region für den Fußball zu begeistern.',
  ].join('\n\n');
  const pages: Row<typeof pageContent>[] = [
    page('social_media', 'facebook', { title: 'Facebook', button_link: 'https://www.facebook.com/svkirchbergraab' }, 1),
    page('social_media', 'instagram', { title: 'Instagram', button_link: 'https://www.instagram.com/svkirchbergraab' }, 2),
    page('social_media', 'whatsapp', { title: 'WhatsApp', button_link: null, is_active: false }, 3),
    page('social_media', 'tiktok', { title: 'TikTok', button_link: 'https://www.tiktok.com/@svkirchbergraab' }, 4),
    page('mitglied', 'header', { title: 'MITGLIED WERDEN' }, 0),
    page('mitglied', 'quote', { content: '„Gemeinsam sind wir stärker – werde Teil unserer Vereinsfamilie!“' }, 1),
    page('mitglied', 'description', { content: 'Mit deiner Mitgliedschaft unterstützt du Kampfmannschaft, Damen und über 80 Kinder im Nachwuchs. Der Mitgliedsbeitrag beträgt 36 € pro Jahr und Familie.' }, 2),
    page('mitglied', 'bank_info', { content: 'Überweise 36 € /Jahr' }, 3),
    page('mitglied', 'iban', { content: 'AT61 1904 3002 3457 3201' }, 4),
    page('mitglied', 'bank', { content: 'Raiffeisenbank Kirchberg an der Raab' }, 5),
    page('mitglied', 'verwendungszweck', { content: 'Mitgliedsbeitrag, Vor- und Nachname' }, 6),
    page('mitglied', 'thanks', { title: 'Danke für deine Unterstützung!', content: 'Jeder Beitrag hilft uns, den Fußball in unserer Region zu fördern.' }, 7),
    page('mitglied', 'form_title', { content: 'Trainer oder Spieler bewerben?' }, 8),
    page('mitglied', 'form_description', { content: 'Sende uns eine Nachricht – wir freuen uns auf dich!' }, 9),
    page('nachwuchs', 'header', { title: 'Nachwuchs', content: 'Über 80 Kinder und Jugendliche trainieren bei uns – betreut von 14 Trainerinnen und Trainern. Schnuppern ist jederzeit möglich!' }, 0),
    page('vereinsgeschichte', 'main_content', {
      title: 'Vereinsgeschichte SV Kirchberg an der Raab',
      content: history,
      meta_title: 'Vereinsgeschichte – 75 Jahre SV Kirchberg an der Raab',
      meta_description: 'Von der Gründung 1948 auf der Wiese an der Raab bis zur Unterliga: die Geschichte unseres Vereins.',
    }),
    page('imprint', 'bildrechte', { title: 'Bildnachweis', content: 'Fotos: Vereinsarchiv SV Kirchberg an der Raab' }, 10),
    page('startseite', 'sommerfest', {
      title: 'Sommerfest 2027',
      subtitle: 'Save the date',
      content: 'Zwei Tage Fußball, Musik und Kulinarik am Sportplatz.\nWir freuen uns auf euch!',
      button_text: 'Mehr erfahren',
      button_link: '/news',
    }),
  ];
  return { homepage, pages };
}

export function buildDemoClub(now = new Date()): DemoClub {
  const matchRows = buildMatches(now);
  const { teamRows, playerRows } = buildTeams();
  const { contacts, youth } = buildContacts();
  const { homepage, pages } = buildPages(now, matchRows);
  return {
    homepage,
    pages,
    news: buildNews(now),
    teams: teamRows,
    players: playerRows,
    matches: matchRows,
    sponsors: [
      { id: demoId('sponsor', 1), name: 'Raiffeisenbank Kirchberg an der Raab', tier: 'premium', website_url: 'https://raiffeisen-kirchberg.example', description: 'Hauptsponsor seit 1995' },
      { id: demoId('sponsor', 2), name: 'Autohaus Pichler', tier: 'gold', website_url: 'https://autohaus-pichler.example' },
      { id: demoId('sponsor', 3), name: 'Elektro Hofer', tier: 'gold', website_url: 'https://elektro-hofer.example' },
      { id: demoId('sponsor', 4), name: 'Gasthof Kirchenwirt', tier: 'silver', website_url: 'https://kirchenwirt.example', description: 'Unser Vereinslokal' },
      { id: demoId('sponsor', 5), name: 'Bäckerei Schwarz', tier: 'bronze' },
      { id: demoId('sponsor', 6), name: 'Tischlerei Lang', tier: 'standard', website_url: 'https://tischlerei-lang.example' },
      { id: demoId('sponsor', 7), name: 'Steirische Kürbiskernöl-Manufaktur', tier: 'standard' },
      { id: demoId('sponsor', 8), name: 'Freundeskreis des Vereins', tier: 'supporter' },
    ],
    contacts,
    youthTeams: youth,
    shopItems: [
      { id: demoId('shop', 1), name: 'Heimtrikot 2026/27', price: '49,90 €', external_link: 'https://shop.sv-kirchberg.example/heimtrikot', display_order: 0, is_active: true },
      { id: demoId('shop', 2), name: 'Auswärtstrikot 2026/27', price: '49,90 €', external_link: 'https://shop.sv-kirchberg.example/auswaertstrikot', display_order: 1, is_active: true },
      { id: demoId('shop', 3), name: 'Fanschal', price: '15,00 €', external_link: 'Im Vereinsheim erhältlich', display_order: 2, is_active: true },
      { id: demoId('shop', 4), name: 'Kappe', price: '18,00 €', external_link: null, display_order: 3, is_active: true },
      { id: demoId('shop', 5), name: 'Trainingsanzug', price: '65,00 €', external_link: 'Bestellung beim Zeugwart', display_order: 4, is_active: true },
      { id: demoId('shop', 6), name: 'Trikot 2023 (Restposten)', price: '20,00 €', external_link: null, display_order: 5, is_active: false },
    ],
    inquiries: [
      { id: demoId('inquiry', 1), name: 'Sandra Krenn', email: 'sandra.krenn@example.at', betreff: 'Mitgliedschaft für die Familie', nachricht: 'Hallo!\nWir sind neu in Kirchberg und möchten als Familie Mitglied werden. Wie geht das?\n\nLG Sandra', status: 'unread', created_at: new Date(now.getTime() - 86_400_000).toISOString() },
      { id: demoId('inquiry', 2), name: 'Lukas Maier', email: 'lukas.maier@example.at', betreff: 'Probetraining U13', nachricht: 'Mein Sohn (11) würde gerne einmal mittrainieren.', status: 'read', created_at: new Date(now.getTime() - 5 * 86_400_000).toISOString() },
    ],
  };
}

export type SeedOutcome = { status: 'seeded'; counts: Record<string, number> } | { status: 'already-seeded'; at: string } | { status: 'not-empty'; tables: string[] };

const CONTENT_TABLES = {
  news,
  teams,
  players,
  matches,
  sponsors,
  contact_info: contactInfo,
  youth_teams: youthTeams,
  shop_items: shopItems,
  page_content: pageContent,
  homepage_content: homepageContent,
} as const;

/**
 * Writes the demo club into an empty database in one transaction. A second run
 * changes nothing ('already-seeded'); a database with content of its own is left
 * alone ('not-empty'), so real data is never mixed with the demo. The pictures
 * come after, from addDemoPictures() (they take a while to draw and store).
 */
export function seedDemoClub(db: Db, now = new Date()): SeedOutcome {
  return write('demo.seed', (tx) => {
    const marker = tx.select().from(siteSettings).where(eq(siteSettings.key, DEMO_MARKER_KEY)).get();
    if (marker) return { status: 'already-seeded', at: marker.value } as const;
    const filled = Object.entries(CONTENT_TABLES)
      .filter(([, table]) => (tx.select({ n: count() }).from(table).get()?.n ?? 0) > 0)
      .map(([name]) => name);
    if (filled.length > 0) return { status: 'not-empty', tables: filled } as const;
    const club = buildDemoClub(now);
    tx.insert(homepageContent).values(club.homepage).run();
    tx.insert(pageContent).values(club.pages).run();
    tx.insert(news).values(club.news).run();
    tx.insert(teams).values(club.teams).run();
    tx.insert(players).values(club.players).run();
    tx.insert(matches).values(club.matches).run();
    // the match centre (issue 14): the league's other results; our line-ups and events
    seedDemoLeague(tx, club, now);
    seedDemoMatchDetails(tx, club, now);
    tx.insert(sponsors).values(club.sponsors).run();
    tx.insert(contactInfo).values(club.contacts).run();
    tx.insert(youthTeams).values(club.youthTeams).run();
    tx.insert(shopItems).values(club.shopItems).run();
    tx.insert(membershipInquiries).values(club.inquiries).run();
    tx.insert(siteSettings).values({ key: DEMO_MARKER_KEY, value: now.toISOString() }).run();
    const counts = Object.fromEntries(Object.entries(club).map(([k, rows]) => [k, (rows as unknown[]).length]));
    return { status: 'seeded', counts } as const;
  }, db);
}
