// Every admin text field (issue 11, attack group 3), as the admin panel sends
// it: for each create or save action a valid body, with the fields an attacker
// (a careless or hostile admin) can type into. Each field takes a payload in
// turn; the rest of the body stays valid so that the payload is what the
// action's validation judges.
export type FieldSet = {
  action: string;
  /** the text fields an admin types into */
  fields: string[];
  /** a valid body with `value(field)` in each of the fields */
  body: (value: (field: string) => string, context: FieldContext) => unknown;
  /**
   * A field that is one value of its row (a match's report, a pasted table): it takes this many payloads
   * at once, one per line, so that every payload is kept with a few rows made first.
   */
  perValue?: number;
};

/**
 * What a body may refer to: rows the attack makes first (a team, a computed league, and a match and an
 * entered league for each payload row of a `perValue` set), `n` counting every save, `row` the set's
 * payload row. A match's report and line-up and a league's pasted table are one value each: a row of its
 * own keeps every payload.
 */
export type FieldContext = { teamId: string; leagueId: string; matchIds: string[]; enteredLeagueIds: string[]; n: number; row: number };

export const FIELD_SETS: FieldSet[] = [
  {
    action: 'admin.news.create',
    fields: ['title', 'excerpt', 'content'],
    body: (v) => ({ title: v('title'), excerpt: v('excerpt'), content: v('content'), image_url: '', published: true }),
  },
  {
    action: 'admin.teams.create',
    fields: ['name', 'category', 'description', 'achievements'],
    body: (v) => ({ name: v('name'), category: v('category'), description: v('description'), achievements: v('achievements'), image_url: '' }),
  },
  {
    action: 'admin.players.create',
    fields: ['name'],
    body: (v, c) => ({ name: v('name'), position: 'Stürmer', age: 20, jersey_number: c.n % 99, team_id: c.teamId, image_url: '' }),
  },
  {
    action: 'admin.matches.create',
    fields: ['home_team', 'away_team', 'location', 'competition', 'notes'],
    body: (v, c) => ({
      home_team: v('home_team'),
      away_team: v('away_team'),
      match_date: `2027-0${1 + (c.n % 9)}-1${c.n % 10}`,
      match_time: '15:30',
      location: v('location'),
      competition: v('competition'),
      season: '2026/27',
      notes: v('notes'),
      status: c.n % 2 ? 'finished' : 'scheduled',
      home_score: c.n % 2 ? 2 : null,
      away_score: c.n % 2 ? 1 : null,
    }),
  },
  {
    action: 'admin.sponsors.create',
    fields: ['name', 'description', 'website_url'],
    body: (v) => ({ name: v('name'), tier: 'gold', description: v('description'), website_url: v('website_url'), logo_url: '' }),
  },
  {
    action: 'admin.contacts.create',
    fields: ['name', 'role', 'phone', 'address', 'office_hours'],
    body: (v) => ({ name: v('name'), role: v('role'), email: '', phone: v('phone'), address: v('address'), office_hours: v('office_hours'), image_url: '' }),
  },
  {
    action: 'admin.youthTeams.create',
    fields: ['name', 'description', 'training_schedule', 'age_group', 'coach'],
    body: (v) => ({
      name: v('name'),
      description: v('description'),
      players: 12,
      training_schedule: v('training_schedule'),
      age_group: v('age_group'),
      coach: v('coach'),
      is_active: true,
    }),
  },
  {
    action: 'admin.shop.create',
    fields: ['name', 'price', 'external_link'],
    body: (v) => ({ name: v('name'), price: v('price'), external_link: v('external_link'), image_url: '', is_active: true }),
  },
  {
    action: 'admin.pageContent.create',
    fields: ['title', 'subtitle', 'content', 'button_text', 'button_link', 'meta_title', 'meta_description'],
    body: (v, c) => ({
      page_key: ['startseite', 'nachwuchs', 'mitglied', 'vereinsgeschichte', 'imprint'][c.n % 5],
      section_key: `xss_${c.n}`,
      title: v('title'),
      subtitle: v('subtitle'),
      content: v('content'),
      button_text: v('button_text'),
      button_link: v('button_link'),
      meta_title: v('meta_title'),
      meta_description: v('meta_description'),
      image_url: '',
      is_active: true,
    }),
  },
  {
    action: 'admin.home.save',
    fields: ['line1', 'line2', 'welcome'],
    body: (v) => ({ section_key: 'hero_text', line1: v('line1'), line2: v('line2'), welcome: v('welcome') }),
  },
  {
    action: 'admin.home.save',
    fields: ['team_a', 'team_b', 'match_date', 'match_time', 'match_location', 'button_link'],
    body: (v) => ({
      section_key: 'next_match',
      team_a: v('team_a'),
      team_b: v('team_b'),
      match_date: v('match_date'),
      match_time: v('match_time'),
      match_location: v('match_location'),
      button_link: v('button_link'),
      team_a_logo: '',
      team_b_logo: '',
    }),
  },
  {
    action: 'admin.home.save',
    fields: ['club_title_line1', 'club_title_line2', 'club_description', 'quick_links_title', 'contact_title', 'contact_location1', 'contact_email', 'social_title', 'copyright_text'],
    body: (v) => ({
      section_key: 'footer_texts',
      texts: {
        club_title_line1: v('club_title_line1'),
        club_title_line2: v('club_title_line2'),
        club_description: v('club_description'),
        quick_links_title: v('quick_links_title'),
        contact_title: v('contact_title'),
        contact_location1: v('contact_location1'),
        contact_location2: 'Hauptplatz 1',
        contact_location3: '8000 Graz',
        contact_email: v('contact_email'),
        social_title: v('social_title'),
        copyright_text: v('copyright_text'),
      },
    }),
  },
  {
    action: 'admin.social.save',
    fields: ['platform'],
    body: (v) => ({ links: [{ platform: v('platform').slice(0, 50), url: 'https://example.at/verein', is_active: true }] }),
  },
  // the match centre, the club and the media library (issues 12–15), after the suite's first round
  {
    action: 'admin.club.save',
    fields: ['short_name', 'long_name', 'home_ground'],
    body: (v) => ({ short_name: v('short_name'), long_name: v('long_name'), crest_url: '', primary_color: '#0b5d1e', secondary_color: '#f5f5f5', home_ground: v('home_ground') }),
  },
  {
    // the colours go into the pages' style: anything but '#rrggbb' is refused
    action: 'admin.club.save',
    fields: ['primary_color', 'secondary_color'],
    body: (v) => ({ short_name: 'SV Test', long_name: 'Sportverein Test', crest_url: '', primary_color: v('primary_color'), secondary_color: v('secondary_color'), home_ground: '' }),
  },
  {
    action: 'admin.matchDetails.saveLineup',
    fields: ['opponent_lineup'],
    perValue: 10,
    body: (v, c) => ({ match_id: c.matchIds[c.row], team_id: c.teamId, team_side: 'home', opponent_lineup: v('opponent_lineup'), players: [] }),
  },
  {
    action: 'admin.matchDetails.saveReport',
    fields: ['report'],
    perValue: 10,
    body: (v, c) => ({ match_id: c.matchIds[c.row], report: v('report'), report_images: [] }),
  },
  {
    // the opponent's players are typed in by name
    action: 'admin.matchDetails.addEvent',
    fields: ['player_name', 'related_player_name'],
    body: (v, c) => ({ match_id: c.matchIds[0], type: 'substitution', side: 'away', minute: 1 + (c.n % 89), player_name: v('player_name'), related_player_name: v('related_player_name') }),
  },
  {
    action: 'admin.leagues.create',
    fields: ['competition', 'our_team_name'],
    body: (v, c) => ({ competition: v('competition'), season: `20${10 + (c.n % 80)}/xss`, mode: 'computed', points_win: 3, points_draw: 1, points_loss: 0, tie_breakers: [], our_team_name: v('our_team_name'), team_id: '' }),
  },
  {
    action: 'admin.leagues.createResult',
    fields: ['home_team', 'away_team'],
    body: (v, c) => ({ league_id: c.leagueId, matchday: 1 + (c.n % 30), match_date: null, home_team: v('home_team'), away_team: v('away_team'), home_score: 2, away_score: 1 }),
  },
  {
    // a pasted table: the payloads are the teams' names, one row each
    action: 'admin.leagues.paste',
    fields: ['team'],
    perValue: 10,
    body: (v, c) => ({
      league_id: c.enteredLeagueIds[c.row],
      text: ['Rang\tMannschaft\tSp.\tPkt.', ...v('team').split('\n').map((team, i) => `${i + 1}\t${team}\t2\t${20 - i}`)].join('\n'),
    }),
  },
];
