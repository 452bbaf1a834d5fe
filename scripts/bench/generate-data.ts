// The benchmark's data set: a club of realistic size (issue 7), generated
// deterministically (same seed, same rows, same ids) and fast: every row goes in
// through a prepared statement inside one transaction. Separate from the demo
// seed (src/server/services/demo-data.ts), which is written for people to look
// at; this one is written to have the size and the shape of a busy club.
import crypto from 'node:crypto';
import type { Db } from '../../src/server/db/client';
import { BENCH_COMPETITIONS, FIRST, LAST, PLACES, POSITIONS, paragraph, prng, sentence, writeImages } from './club-material';

export type BenchSize = {
  news: number;
  teams: number;
  players: number;
  youthTeams: number;
  matches: number;
  /** match events (goals, cards, substitutions) over the played matches (issue 14) */
  events: number;
  sponsors: number;
  shopItems: number;
  contacts: number;
};

/** The size issue 7 names: 1,000 news (half with images), 30 teams with 600 players … */
export const FULL_SIZE: BenchSize = {
  news: 1000,
  teams: 30,
  players: 600,
  youthTeams: 40,
  matches: 500,
  events: 5000,
  sponsors: 60,
  shopItems: 200,
  contacts: 12,
};

/**
 * The big club of issue 16: 10,000 news, 2,000 matches, 100 teams (20 players
 * each), the rest as in FULL_SIZE. `npm run bench -- --big`.
 */
export const BIG_SIZE: BenchSize = {
  ...FULL_SIZE,
  news: 10_000,
  teams: 100,
  players: 2_000,
  matches: 2_000,
  events: 20_000,
};

/** The smoke test's size: every table filled, every kind of page present. */
export const TINY_SIZE: BenchSize = {
  news: 12,
  teams: 3,
  players: 30,
  youthTeams: 3,
  matches: 12,
  events: 40,
  sponsors: 4,
  shopItems: 4,
  contacts: 3,
};

export type GeneratedData = {
  counts: Record<string, number>;
  /** ids the benchmark edits and visits */
  newsIds: string[];
  publishedNewsIds: string[];
  matchIds: string[];
  teamIds: string[];
  images: string[];
  ms: number;
};

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Fills an empty, migrated database with a club of the given size and writes
 * its images into uploadsDir. Deterministic for a given seed.
 */
export async function generateBenchData(
  db: Db,
  options: { uploadsDir: string; size?: BenchSize; seed?: number },
): Promise<GeneratedData> {
  const started = performance.now();
  const size = options.size ?? FULL_SIZE;
  const rng = prng(options.seed ?? 7);
  const images = await writeImages(options.uploadsDir, rng, 6);
  const sqlite = db.$client;
  // fixed "now" of the data set, so dates do not depend on the day of the run
  const now = Date.UTC(2026, 10, 15, 12);
  const day = 86_400_000;

  const insert = {
    homepage: sqlite.prepare(
      `INSERT INTO homepage_content (id, section_key, title, content, image_url, button_text, button_link, match_date, match_time, match_location)
       VALUES (@id, @section_key, @title, @content, @image_url, @button_text, @button_link, @match_date, @match_time, @match_location)`,
    ),
    page: sqlite.prepare(
      `INSERT INTO page_content (id, page_key, section_key, title, subtitle, content, image_url, button_text, button_link, is_active, display_order, meta_title, meta_description)
       VALUES (@id, @page_key, @section_key, @title, @subtitle, @content, @image_url, @button_text, @button_link, 1, @display_order, @meta_title, @meta_description)`,
    ),
    news: sqlite.prepare(
      `INSERT INTO news (id, title, excerpt, content, image_url, published, created_at, updated_at)
       VALUES (@id, @title, @excerpt, @content, @image_url, @published, @created_at, @created_at)`,
    ),
    team: sqlite.prepare(
      `INSERT INTO teams (id, name, description, category, image_url, display_order, achievements)
       VALUES (@id, @name, @description, @category, @image_url, @display_order, @achievements)`,
    ),
    player: sqlite.prepare(
      `INSERT INTO players (id, team_id, name, position, age, jersey_number, image_url)
       VALUES (@id, @team_id, @name, @position, @age, @jersey_number, NULL)`,
    ),
    contact: sqlite.prepare(
      `INSERT INTO contact_info (id, name, role, email, phone, address, office_hours, image_url, created_at)
       VALUES (@id, @name, @role, @email, @phone, @address, @office_hours, NULL, @created_at)`,
    ),
    youth: sqlite.prepare(
      `INSERT INTO youth_teams (id, name, description, players, training_schedule, age_group, coach, contact_info_id, display_order, is_active)
       VALUES (@id, @name, @description, @players, @training_schedule, @age_group, @coach, @contact_info_id, @display_order, 1)`,
    ),
    match: sqlite.prepare(
      `INSERT INTO matches (id, home_team, away_team, match_date, match_time, location, competition, season, matchday, match_type, home_score, away_score, status, notes, team_id, team_side, live_phase)
       VALUES (@id, @home_team, @away_team, @match_date, @match_time, @location, @competition, @season, @matchday, @match_type, @home_score, @away_score, @status, @notes, @team_id, @team_side, @live_phase)`,
    ),
    event: sqlite.prepare(
      `INSERT INTO match_events (id, match_id, type, side, minute, goal_kind, player_id, player_name, related_player_id)
       VALUES (@id, @match_id, @type, @side, @minute, @goal_kind, @player_id, @player_name, @related_player_id)`,
    ),
    sponsor: sqlite.prepare(
      `INSERT INTO sponsors (id, name, logo_url, website_url, description, tier) VALUES (@id, @name, @logo_url, @website_url, @description, @tier)`,
    ),
    shop: sqlite.prepare(
      `INSERT INTO shop_items (id, name, price, image_url, external_link, display_order, is_active)
       VALUES (@id, @name, @price, @image_url, @external_link, @display_order, 1)`,
    ),
  };

  const person = () => `${rng.pick(FIRST)} ${rng.pick(LAST)}`;
  const newsIds: string[] = [];
  const publishedNewsIds: string[] = [];
  const matchIds: string[] = [];
  const teamIds: string[] = [];
  const blank = { title: null, content: null, image_url: null, button_text: null, button_link: null, match_date: null, match_time: null, match_location: null };
  const pageBlank = { title: null, subtitle: null, content: null, image_url: null, button_text: null, button_link: null, meta_title: null, meta_description: null };

  // one transaction through the write helper, as every write (docs/decisions/013); imported here,
  // not at the top: the helper loads the server config, which must see the bench's DATA_DIR
  const { write } = await import('../../src/server/db/write');
  write('bench.generate', () => {
    // the home page and the footer: every section an admin can fill
    insert.homepage.run({ ...blank, id: rng.uuid(), section_key: 'hero_text', title: 'SV Kirchberg', content: 'an der Raab', button_text: paragraph(rng, 2), match_date: '#1e40af', match_time: '#3b82f6', match_location: '#374151' });
    insert.homepage.run({ ...blank, id: rng.uuid(), section_key: 'hero_welcome', content: paragraph(rng, 2), button_text: 'Mitglied werden', button_link: '/mitglied-werden' });
    insert.homepage.run({ ...blank, id: rng.uuid(), section_key: 'hero_secondary_button', content: 'Unsere Geschichte', button_link: '/vereinsgeschichte' });
    insert.homepage.run({ ...blank, id: rng.uuid(), section_key: 'hero_background', image_url: images[0] });
    insert.homepage.run({ ...blank, id: rng.uuid(), section_key: 'next_match', content: 'SV Kirchberg vs. SC Feldbach', image_url: images[1], button_text: images[2], button_link: '/spielplan', match_date: '2026-11-22', match_time: '14:30', match_location: 'Sportplatz Kirchberg' });
    insert.homepage.run({
      ...blank,
      id: rng.uuid(),
      section_key: 'footer_texts',
      content: JSON.stringify({
        club_title_line1: 'SV Kirchberg',
        club_title_line2: 'an der Raab',
        club_description: paragraph(rng, 2),
        quick_links_title: 'Schnellzugriff',
        contact_title: 'Kontakt',
        contact_location1: 'Sportplatzweg 1',
        contact_location2: '8324 Kirchberg an der Raab',
        contact_location3: 'Steiermark, Österreich',
        contact_email: 'office@sv-kirchberg.at',
        social_title: 'Folge uns',
        copyright_text: '© 2026 SV Kirchberg an der Raab. Alle Rechte vorbehalten.',
      }),
    });

    const page = (page_key: string, section_key: string, order: number, fields: Record<string, string | null>) =>
      insert.page.run({ ...pageBlank, id: rng.uuid(), page_key, section_key, display_order: order, ...fields });
    ['facebook', 'instagram', 'whatsapp', 'tiktok'].forEach((platform, i) =>
      page('social_media', platform, i + 1, { button_link: `https://www.${platform}.com/svkirchberg` }),
    );
    for (let i = 0; i < 3; i++) page('startseite', `block_${i + 1}`, i, { title: sentence(rng, 3, 5), content: paragraph(rng, 4) });
    page('vereinsgeschichte', 'main_content', 0, { title: 'Vereinsgeschichte', content: Array.from({ length: 8 }, () => paragraph(rng, 6)).join('\n\n'), meta_title: 'Vereinsgeschichte', meta_description: sentence(rng) });
    page('datenschutz', 'main_content', 0, { title: 'Datenschutzerklärung', content: Array.from({ length: 10 }, () => paragraph(rng, 5)).join('\n\n') });
    ['medieninhaber', 'vereinsregister', 'datenschutz', 'haftungsausschluss'].forEach((key, i) =>
      page('imprint', key, i, { title: key.charAt(0).toUpperCase() + key.slice(1), content: paragraph(rng, 4) }),
    );
    page('nachwuchs', 'header', 0, { title: 'Unser Nachwuchs', content: paragraph(rng, 3) });
    const membership: [string, Record<string, string>][] = [
      ['header', { title: 'Werde Teil unserer Vereinsfamilie' }],
      ['quote', { content: sentence(rng) }],
      ['description', { content: paragraph(rng, 3) }],
      ['bank_info', { content: 'Mitgliedsbeitrag: 36,00 € pro Jahr' }],
      ['iban', { content: 'AT61 1904 3002 3457 3201' }],
      ['bank', { content: 'Raiffeisenbank Kirchberg, BIC RZSTAT2G' }],
      ['verwendungszweck', { content: 'Mitgliedsbeitrag 2027' }],
      ['thanks', { title: 'Danke!', content: sentence(rng) }],
      ['form_title', { content: 'Anfrage senden' }],
      ['form_description', { content: sentence(rng) }],
    ];
    membership.forEach(([key, fields], i) => page('mitglied', key, i, fields));

    // news: newest first by created_at, every second one with a photo, one in twenty a draft
    for (let i = 0; i < size.news; i++) {
      const id = rng.uuid();
      const published = i % 20 !== 19;
      const body = Array.from({ length: rng.int(3, 7) }, () => paragraph(rng, rng.int(3, 6))).join('\n\n');
      insert.news.run({
        id,
        title: `${sentence(rng, 4, 9).slice(0, -1)} (${i + 1})`,
        excerpt: i % 3 === 0 ? null : sentence(rng, 12, 24),
        content: body,
        image_url: i % 2 === 0 ? images[i % images.length] : null,
        published: published ? 1 : 0,
        created_at: iso(now - i * (day * 1.1) - rng.int(0, 3_600_000)),
      });
      newsIds.push(id);
      if (published) publishedNewsIds.push(id);
    }

    // teams and their players, spread evenly
    const categories = ['herren', 'herren', 'damen', 'jugend', 'nachwuchs'];
    for (let t = 0; t < size.teams; t++) {
      const id = rng.uuid();
      teamIds.push(id);
      insert.team.run({
        id,
        name: t === 0 ? 'Kampfmannschaft' : t === 1 ? 'Reserve' : `${rng.pick(['U', 'Damen ', 'Senioren ', 'Hobby '])}${t + 6} ${rng.pick(PLACES)}`,
        description: paragraph(rng, 2),
        category: categories[t % categories.length],
        image_url: t % 3 === 0 ? images[t % images.length] : null,
        display_order: t,
        achievements: JSON.stringify(Array.from({ length: rng.int(0, 4) }, (_, k) => `Meister ${2010 + k * 3} ${rng.pick(BENCH_COMPETITIONS)}`)),
      });
    }
    const playersOf = new Map<string, string[]>();
    for (let p = 0; p < size.players; p++) {
      const playerId = rng.uuid();
      const teamId = teamIds[p % teamIds.length];
      playersOf.set(teamId, [...(playersOf.get(teamId) ?? []), playerId]);
      insert.player.run({
        id: playerId,
        team_id: teamId,
        name: person(),
        position: rng.pick(POSITIONS),
        age: rng.int(16, 38),
        jersey_number: (Math.floor(p / teamIds.length) % 99) + 1,
      });
    }

    const contactIds: string[] = [];
    for (let c = 0; c < size.contacts; c++) {
      const id = rng.uuid();
      contactIds.push(id);
      const name = person();
      insert.contact.run({
        id,
        name: c === 0 ? 'SV Kirchberg an der Raab' : name,
        role: c === 0 ? 'Vereinsadresse' : c < 4 ? 'Funktionär' : 'Ansprechperson',
        email: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@sv-kirchberg.at`,
        phone: `+43 664 ${rng.int(1000000, 9999999)}`,
        address: c === 0 ? 'Sportplatzweg 1, 8324 Kirchberg an der Raab' : null,
        office_hours: c === 0 ? 'https://www.sv-kirchberg.at' : c < 4 ? rng.pick(['Obmann', 'Kassier', 'Schriftführer']) : 'Mo–Fr 17–19 Uhr',
        created_at: iso(now - (size.contacts - c) * day),
      });
    }
    for (let y = 0; y < size.youthTeams; y++) {
      const age = 6 + (y % 12);
      insert.youth.run({
        id: rng.uuid(),
        name: `U${age + 1} ${['A', 'B', 'C', 'D'][Math.floor(y / 12) % 4]}`,
        description: paragraph(rng, 2),
        players: rng.int(10, 24),
        training_schedule: `${rng.pick(['Mo', 'Di', 'Mi'])} und ${rng.pick(['Do', 'Fr'])} ${rng.int(16, 18)}:00–${rng.int(18, 19)}:30 Uhr`,
        age_group: `Jahrgang ${2026 - age - 1}/${2026 - age}`,
        coach: person(),
        contact_info_id: contactIds.length > 1 ? contactIds[1 + (y % (contactIds.length - 1))] : null,
        display_order: y,
      });
    }

    // a season and a half of matches: past ones with results, future ones planned
    const playedMatches: { id: string; side: 'home' | 'away'; teamId: string | null }[] = [];
    for (let m = 0; m < size.matches; m++) {
      const id = rng.uuid();
      matchIds.push(id);
      const date = new Date(now + (m - Math.floor(size.matches * 0.6)) * day * 1.3);
      const past = date.getTime() < now;
      const home = m % 2 === 0;
      const opponent = `${rng.pick(['SC', 'SV', 'USV', 'FC', 'ASK'])} ${rng.pick(PLACES)}`;
      const reserve = teamIds.length > 0 && m % 5 === 4;
      const us = reserve ? 'SV Kirchberg Reserve' : 'SV Kirchberg';
      const teamId = teamIds[reserve ? 1 : 0] ?? null;
      if (past) playedMatches.push({ id, side: home ? 'home' : 'away', teamId });
      insert.match.run({
        id,
        home_team: home ? us : opponent,
        away_team: home ? opponent : us,
        match_date: date.toISOString().slice(0, 10),
        match_time: rng.pick(['10:30', '14:00', '15:30', '16:00', '18:00', '19:30']),
        location: home ? 'Sportplatz Kirchberg' : `Sportplatz ${opponent.split(' ').slice(1).join(' ')}`,
        competition: rng.pick(BENCH_COMPETITIONS),
        season: date.getUTCMonth() >= 6 ? `${date.getUTCFullYear()}/${(date.getUTCFullYear() + 1) % 100}` : `${date.getUTCFullYear() - 1}/${date.getUTCFullYear() % 100}`,
        matchday: (m % 30) + 1,
        match_type: m % 10 === 9 ? 'cup' : m % 17 === 16 ? 'friendly' : 'league',
        home_score: past ? rng.int(0, 5) : null,
        away_score: past ? rng.int(0, 4) : null,
        status: past ? 'finished' : m % 40 === 39 ? 'postponed' : 'scheduled',
        notes: m % 6 === 0 ? sentence(rng) : null,
        team_id: teamId,
        team_side: teamId ? (home ? 'home' : 'away') : null,
        live_phase: past ? 'full_time' : 'not_started',
      });
    }

    // what happened in the played matches: goals, cards and substitutions, ours by player, theirs by name
    const kinds = ['goal', 'goal', 'yellow', 'substitution', 'goal', 'yellow', 'substitution', 'red', 'yellow_red', 'goal'] as const;
    for (let e = 0; e < size.events && playedMatches.length > 0; e++) {
      const match = playedMatches[e % playedMatches.length];
      const ours = e % 3 !== 2;
      const squad = (match.teamId && playersOf.get(match.teamId)) || [];
      const type = kinds[e % kinds.length];
      const side = ours ? match.side : match.side === 'home' ? 'away' : 'home';
      insert.event.run({
        id: rng.uuid(),
        match_id: match.id,
        type,
        side,
        minute: rng.int(1, 90),
        goal_kind: type === 'goal' ? (e % 11 === 0 ? 'penalty' : 'regular') : null,
        player_id: ours && squad.length > 0 ? rng.pick(squad) : null,
        player_name: ours && squad.length > 0 ? null : person(),
        related_player_id: ours && squad.length > 1 && (type === 'goal' || type === 'substitution') ? rng.pick(squad) : null,
      });
    }

    const tiers = ['premium', 'gold', 'silver', 'bronze', 'standard', 'supporter'];
    for (let s = 0; s < size.sponsors; s++) {
      const name = `${rng.pick(LAST)} ${rng.pick(['Bau', 'Elektro', 'Autohaus', 'Gasthof', 'Bäckerei', 'Installationen', 'Versicherung', 'Tischlerei'])}`;
      insert.sponsor.run({
        id: rng.uuid(),
        name,
        logo_url: s % 2 === 0 ? images[s % images.length] : null,
        website_url: `https://www.${name.toLowerCase().replace(/[^a-z]+/g, '-')}.at`,
        description: sentence(rng),
        tier: tiers[Math.min(tiers.length - 1, Math.floor((s / Math.max(1, size.sponsors)) * tiers.length))],
      });
    }
    for (let s = 0; s < size.shopItems; s++) {
      insert.shop.run({
        id: rng.uuid(),
        name: `${rng.pick(['Trikot', 'Schal', 'Kappe', 'Hoodie', 'Trainingsanzug', 'Tasse', 'Autogrammkarte', 'Sporttasche'])} ${rng.pick(['Heim', 'Auswärts', 'Retro', 'Nachwuchs', 'Fan'])} ${s + 1}`,
        price: `${rng.int(5, 80)},${rng.pick(['00', '50', '90'])} €`,
        image_url: s % 2 === 0 ? images[s % images.length] : null,
        external_link: s % 4 === 0 ? 'https://shop.sv-kirchberg.at' : null,
        display_order: s,
      });
    }
  }, db);

  const count = (table: string) => (sqlite.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
  const counts: Record<string, number> = {};
  for (const table of ['news', 'teams', 'players', 'youth_teams', 'matches', 'match_events', 'sponsors', 'shop_items', 'contact_info', 'homepage_content', 'page_content']) {
    counts[table] = count(table);
  }
  counts.news_with_image = (sqlite.prepare('SELECT count(*) AS n FROM news WHERE image_url IS NOT NULL').get() as { n: number }).n;
  return { counts, newsIds, publishedNewsIds, matchIds, teamIds, images, ms: Math.round(performance.now() - started) };
}

/** A short stable digest of the data, so two runs can be seen to use the same set. */
export function dataDigest(db: Db): string {
  const hash = crypto.createHash('sha256');
  for (const table of ['news', 'teams', 'players', 'matches']) {
    for (const row of db.$client.prepare(`SELECT id FROM ${table} ORDER BY id`).all() as { id: string }[]) hash.update(row.id);
  }
  return hash.digest('hex').slice(0, 12);
}
