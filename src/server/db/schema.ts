// The data model. Table and column names follow the product owner's specs
// (public-site.md §3, admin-area.md §3) so that a club can import its existing
// data; the auth and publishing tables at the end are ours.
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

const id = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());
const createdAt = () =>
  text('created_at')
    .notNull()
    .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`);
const updatedAt = () =>
  text('updated_at')
    .notNull()
    .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`);

// ── Auth (our own; the spec's hosted backend kept these out of sight) ──────────
export const users = sqliteTable('users', {
  id: id(),
  email: text('email').notNull().unique(),
  // null until the invited person chooses a password
  passwordHash: text('password_hash'),
  createdAt: createdAt(),
});

export const profiles = sqliteTable('profiles', {
  user_id: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  created_at: createdAt(),
});

export const userRoles = sqliteTable(
  'user_roles',
  {
    id: id(),
    user_id: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['superadmin', 'admin', 'moderator', 'user'] }).notNull(),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('user_roles_user_role').on(t.user_id, t.role)],
);

export const sessions = sqliteTable(
  'sessions',
  {
    // SHA-256 of the session token (hex); the token itself is never stored
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at').notNull(),
    createdAt: integer('created_at').notNull(),
    /** the browser it was made in (shortened), so its owner can tell their sessions apart */
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user').on(t.userId)],
);

export const oneTimeTokens = sqliteTable('one_time_tokens', {
  // SHA-256 of the token (hex)
  id: text('id').primaryKey(),
  purpose: text('purpose', { enum: ['setup', 'reset', 'invite', 'second-step'] }).notNull(),
  userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: integer('expires_at').notNull(),
  usedAt: integer('used_at'),
  createdAt: integer('created_at').notNull(),
});

// Single-use record of captcha challenges that have been answered.
export const usedCaptchas = sqliteTable('used_captchas', {
  id: text('id').primaryKey(),
  expiresAt: integer('expires_at').notNull(),
});

export const rateLimits = sqliteTable('rate_limits', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStart: integer('window_start').notNull(),
  blockedUntil: integer('blocked_until').notNull().default(0),
});

// Addresses an account signed in from lately (30 days): a sign-in from one of
// them is never slowed down for the account's sake (src/server/auth/signin-limits.ts).
export const knownSignInAddresses = sqliteTable(
  'known_signin_addresses',
  {
    /** the e-mail as normalised (the same key whether the account exists or not) */
    account: text('account').notNull(),
    address: text('address').notNull(),
    lastSuccessAt: integer('last_success_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.account, t.address] })],
);

// The second factor of a sign-in (docs/decisions/019): one TOTP key per user,
// sealed with a key derived from the site's secret, and ten single-use
// recovery codes, of which only hashes are kept.
export const totpFactors = sqliteTable('totp_factors', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** AES-256-GCM: iv.tag.ciphertext, base64url */
  sealedKey: text('sealed_key').notNull(),
  /** null while the user is still setting it up (scanned, not yet confirmed with a code) */
  confirmedAt: integer('confirmed_at'),
  /** the newest time step a code was accepted for: no code counts twice */
  lastStep: integer('last_step').notNull().default(0),
  createdAt: integer('created_at').notNull(),
});

export const recoveryCodes = sqliteTable(
  'recovery_codes',
  {
    /** SHA-256 of the code (hex) */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    usedAt: integer('used_at'),
  },
  (t) => [index('recovery_codes_user').on(t.userId)],
);

// Key-value settings: cache version, signing secret.
export const siteSettings = sqliteTable('site_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

// Pages that still differ from the database (a render or disk failure, a crash
// between commit and publish): retried with back-off until they are published
// (src/server/publish/pending.ts).
export const publishPending = sqliteTable('publish_pending', {
  url: text('url').primaryKey(),
  since: integer('since').notNull(),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: integer('next_attempt_at').notNull().default(0),
  lastError: text('last_error'),
});

// Jobs of the scheduler (src/server/scheduler.ts): when each runs next, so that
// a restart neither skips nor repeats a due job.
export const scheduledJobs = sqliteTable('scheduled_jobs', {
  name: text('name').primaryKey(),
  nextRunAt: integer('next_run_at').notNull(),
  lastRunAt: integer('last_run_at'),
  lastError: text('last_error'),
});

// ── Content (spec names) ──────────────────────────────────────────────────────
export const homepageContent = sqliteTable('homepage_content', {
  id: id(),
  section_key: text('section_key').notNull().unique(),
  title: text('title'),
  content: text('content'),
  image_url: text('image_url'),
  button_text: text('button_text'),
  button_link: text('button_link'),
  match_date: text('match_date'),
  match_time: text('match_time'),
  match_location: text('match_location'),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

export const pageContent = sqliteTable(
  'page_content',
  {
    id: id(),
    page_key: text('page_key').notNull(),
    section_key: text('section_key').notNull(),
    title: text('title'),
    subtitle: text('subtitle'),
    content: text('content'),
    image_url: text('image_url'),
    button_text: text('button_text'),
    button_link: text('button_link'),
    is_active: integer('is_active', { mode: 'boolean' }).notNull().default(true),
    display_order: integer('display_order').notNull().default(0),
    meta_title: text('meta_title'),
    meta_description: text('meta_description'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('page_content_page').on(t.page_key, t.section_key)],
);

export const news = sqliteTable(
  'news',
  {
    id: id(),
    title: text('title').notNull(),
    excerpt: text('excerpt'),
    content: text('content').notNull(),
    image_url: text('image_url'),
    published: integer('published', { mode: 'boolean' }).notNull().default(true),
    created_at: createdAt(),
    updated_at: updatedAt(),
    author_id: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    // issue 15: scheduled publishing (ms since epoch; the scheduler sets `published` when due)
    publish_at: integer('publish_at'),
    unpublish_at: integer('unpublish_at'),
  },
  (t) => [
    // with the id, the published articles' ids (every list, the sitemap) and an article's place in the archive
    // are read from the index alone, not from 10,000 rows with their texts
    index('news_published_created_id').on(t.published, t.created_at, t.id),
    // the scheduler's times on every news save: a scan read each article's text on the way (10,000 at a big club)
    index('news_publish_at').on(t.publish_at).where(sql`publish_at IS NOT NULL`),
    index('news_unpublish_at').on(t.unpublish_at).where(sql`unpublish_at IS NOT NULL`),
  ],
);

export const teams = sqliteTable('teams', {
  id: id(),
  name: text('name').notNull(),
  description: text('description'),
  category: text('category').notNull().default('herren'),
  image_url: text('image_url'),
  display_order: integer('display_order').notNull().default(0),
  achievements: text('achievements', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
  // minutes of one half: 45, youth teams play shorter halves (the 'Spieltag' clock, stoppage time)
  half_minutes: integer('half_minutes').notNull().default(45),
  created_at: createdAt(),
});

export const players = sqliteTable(
  'players',
  {
    id: id(),
    team_id: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: text('position').notNull(),
    age: integer('age'),
    jersey_number: integer('jersey_number'),
    image_url: text('image_url'),
    // publication consent (issue 14): what may be shown of the player, who gave it
    // (the player or a guardian) and when, and which admin recorded it
    consent_name: integer('consent_name', { mode: 'boolean' }).notNull().default(false),
    consent_photo: integer('consent_photo', { mode: 'boolean' }).notNull().default(false),
    consent_stats: integer('consent_stats', { mode: 'boolean' }).notNull().default(false),
    consent_given_by: text('consent_given_by'),
    // YYYY-MM-DD
    consent_given_at: text('consent_given_at'),
    consent_recorded_by: text('consent_recorded_by'),
    created_at: createdAt(),
  },
  (t) => [index('players_team').on(t.team_id)],
);

export const matches = sqliteTable(
  'matches',
  {
    id: id(),
    home_team: text('home_team').notNull(),
    away_team: text('away_team').notNull(),
    // ISO date YYYY-MM-DD
    match_date: text('match_date').notNull(),
    // HH:MM
    match_time: text('match_time'),
    location: text('location'),
    competition: text('competition'),
    season: text('season'),
    matchday: integer('matchday'),
    match_type: text('match_type').default('league'),
    home_score: integer('home_score'),
    away_score: integer('away_score'),
    status: text('status').notNull().default('scheduled'),
    notes: text('notes'),
    // raised on every change, for iCalendar SEQUENCE
    sequence: integer('sequence').notNull().default(0),
    // ── match centre (issue 14); the spec's free-text home_team/away_team stay ──
    // our team in this match, and which of the two sides it is ('home' | 'away')
    team_id: text('team_id').references(() => teams.id, { onDelete: 'set null' }),
    team_side: text('team_side', { enum: ['home', 'away'] }),
    // the match report: HTML, sanitised like a news article's content
    report: text('report'),
    report_images: text('report_images', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
    // the opponent's line-up as free text
    opponent_lineup: text('opponent_lineup'),
    // match day: where the match stands, and when each half began (ms since 1970)
    live_phase: text('live_phase', { enum: ['not_started', 'first_half', 'half_time', 'second_half', 'full_time'] })
      .notNull()
      .default('not_started'),
    kickoff_at: integer('kickoff_at'),
    second_half_at: integer('second_half_at'),
    // the import's stable key for this match (a league portal's id or a hash of date and teams)
    external_key: text('external_key'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('matches_date').on(t.match_date), index('matches_team').on(t.team_id), uniqueIndex('matches_external_key').on(t.external_key)],
);

// Our side's line-up of one match: starting eleven and substitutes, from the team's players.
export const matchLineups = sqliteTable(
  'match_lineups',
  {
    id: id(),
    match_id: text('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    player_id: text('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    // the number worn in this match (may differ from the player's usual one)
    jersey_number: integer('jersey_number'),
    role: text('role', { enum: ['start', 'sub'] }).notNull(),
    display_order: integer('display_order').notNull().default(0),
  },
  // by player too, with the columns it reads: a player page reads the matches a player played in (issue 16)
  (t) => [uniqueIndex('match_lineups_player').on(t.match_id, t.player_id), index('match_lineups_by_player').on(t.player_id, t.match_id, t.role)],
);

// What happened in a match, by minute. `side` is the side the event counts for:
// the scoring side for a goal (an own goal counts for the other side than the
// player's), the player's side for cards and substitutions. Our players are
// linked (player_id); the opponent's are free text (player_name).
export const matchEvents = sqliteTable(
  'match_events',
  {
    id: id(),
    match_id: text('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['goal', 'yellow', 'yellow_red', 'red', 'substitution'] }).notNull(),
    side: text('side', { enum: ['home', 'away'] }).notNull(),
    minute: integer('minute').notNull(),
    // 45+2: minute 45, added_time 2
    added_time: integer('added_time'),
    goal_kind: text('goal_kind', { enum: ['regular', 'penalty', 'own_goal'] }),
    player_id: text('player_id').references(() => players.id, { onDelete: 'set null' }),
    player_name: text('player_name'),
    // the assist of a goal, or the player going off in a substitution
    related_player_id: text('related_player_id').references(() => players.id, { onDelete: 'set null' }),
    related_player_name: text('related_player_name'),
    created_by: text('created_by'),
    created_at: createdAt(),
  },
  // by player too: a player page reads the events it names (issue 16), without a scan of every match's events;
  // with every column it reads in the index, so that no row of the table is looked up (a third of its reading)
  (t) => [
    index('match_events_match').on(t.match_id, t.minute),
    index('match_events_player').on(t.player_id, t.match_id, t.type, t.minute, t.goal_kind, t.related_player_id),
    index('match_events_related').on(t.related_player_id, t.match_id, t.type, t.minute, t.goal_kind, t.player_id),
  ],
);

// A league table per competition and season: computed from results, or entered
// (pasted from a league portal) for clubs that enter only their own matches.
export const leagues = sqliteTable(
  'leagues',
  {
    id: id(),
    // the same texts as matches.competition and matches.season
    competition: text('competition').notNull(),
    season: text('season').notNull(),
    mode: text('mode', { enum: ['computed', 'entered'] }).notNull().default('computed'),
    points_win: integer('points_win').notNull().default(3),
    points_draw: integer('points_draw').notNull().default(1),
    points_loss: integer('points_loss').notNull().default(0),
    // after points, in order (docs/decisions: the league table's tie-breaks)
    tie_breakers: text('tie_breakers', { mode: 'json' })
      .$type<string[]>()
      .notNull()
      .default(sql`'["goal_difference","goals_for","head_to_head"]'`),
    // our name in this league's table, and the team it is
    our_team_name: text('our_team_name'),
    team_id: text('team_id').references(() => teams.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex('leagues_competition_season').on(t.competition, t.season)],
);

// The other teams' results of a league (our own are in matches): what a computed table needs besides ours.
export const leagueResults = sqliteTable(
  'league_results',
  {
    id: id(),
    league_id: text('league_id')
      .notNull()
      .references(() => leagues.id, { onDelete: 'cascade' }),
    matchday: integer('matchday'),
    match_date: text('match_date'),
    home_team: text('home_team').notNull(),
    away_team: text('away_team').notNull(),
    home_score: integer('home_score'),
    away_score: integer('away_score'),
    external_key: text('external_key'),
    created_at: createdAt(),
  },
  (t) => [index('league_results_league').on(t.league_id), uniqueIndex('league_results_external_key').on(t.league_id, t.external_key)],
);

// An entered (pasted) table's rows, as the league portal shows them.
export const standings = sqliteTable(
  'standings',
  {
    id: id(),
    league_id: text('league_id')
      .notNull()
      .references(() => leagues.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    team_name: text('team_name').notNull(),
    played: integer('played').notNull().default(0),
    won: integer('won').notNull().default(0),
    drawn: integer('drawn').notNull().default(0),
    lost: integer('lost').notNull().default(0),
    goals_for: integer('goals_for').notNull().default(0),
    goals_against: integer('goals_against').notNull().default(0),
    points: integer('points').notNull().default(0),
  },
  (t) => [index('standings_league').on(t.league_id, t.position)],
);

export const sponsors = sqliteTable('sponsors', {
  id: id(),
  name: text('name').notNull(),
  logo_url: text('logo_url'),
  website_url: text('website_url'),
  description: text('description'),
  tier: text('tier').notNull().default('standard'),
  created_at: createdAt(),
});

export const contactInfo = sqliteTable('contact_info', {
  id: id(),
  name: text('name').notNull(),
  role: text('role'),
  email: text('email'),
  phone: text('phone'),
  address: text('address'),
  office_hours: text('office_hours'),
  image_url: text('image_url'),
  created_at: createdAt(),
});

export const youthTeams = sqliteTable('youth_teams', {
  id: id(),
  name: text('name').notNull(),
  description: text('description'),
  players: integer('players').notNull().default(0),
  training_schedule: text('training_schedule'),
  age_group: text('age_group'),
  coach: text('coach'),
  contact_info_id: text('contact_info_id').references(() => contactInfo.id, { onDelete: 'set null' }),
  display_order: integer('display_order').notNull().default(0),
  is_active: integer('is_active', { mode: 'boolean' }).notNull().default(true),
  created_at: createdAt(),
});

export const shopItems = sqliteTable('shop_items', {
  id: id(),
  name: text('name').notNull(),
  price: text('price').notNull(),
  image_url: text('image_url'),
  external_link: text('external_link'),
  display_order: integer('display_order').notNull().default(0),
  is_active: integer('is_active', { mode: 'boolean' }).notNull().default(true),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

export const membershipInquiries = sqliteTable('membership_inquiries', {
  id: id(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  betreff: text('betreff').notNull(),
  nachricht: text('nachricht').notNull(),
  status: text('status', { enum: ['unread', 'read'] }).notNull().default('unread'),
  created_at: createdAt(),
});

// The spec says only that a gallery exists; these are the fields a gallery needs.
export const gallery = sqliteTable('gallery', {
  id: id(),
  title: text('title'),
  description: text('description'),
  image_url: text('image_url').notNull(),
  display_order: integer('display_order').notNull().default(0),
  is_active: integer('is_active', { mode: 'boolean' }).notNull().default(true),
  created_at: createdAt(),
});

// The club's identity (issue 13, admin tab 'Verein', superadmins): one row, id 'club'.
// Where it is missing the built-in club of src/server/content/defaults.ts stands in.
export const clubSettings = sqliteTable('club_settings', {
  id: text('id').primaryKey().default('club'),
  short_name: text('short_name').notNull(),
  long_name: text('long_name').notNull(),
  crest_url: text('crest_url'),
  primary_color: text('primary_color').notNull(),
  secondary_color: text('secondary_color').notNull(),
  home_ground: text('home_ground'),
  updated_at: updatedAt(),
});

// ── Editorial safety net (issue 15, src/server/revisions/) ──────────────────────
// Every version of every content row, written by the connection's revision
// triggers: an insert or update keeps the row as it is after the write, a
// delete the row as it was (the trash). `change_set` groups the rows of one
// write() (a team and the players its delete took with it).
export const revisions = sqliteTable(
  'revisions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    change_set: text('change_set').notNull(),
    entity: text('entity').notNull(),
    row_id: text('row_id').notNull(),
    op: text('op', { enum: ['insert', 'update', 'delete', 'restore'] }).notNull(),
    data: text('data').notNull(),
    user_id: text('user_id'),
    user_name: text('user_name'),
    // ms since epoch
    created_at: integer('created_at').notNull(),
    // a deleted row put back (or expired from the trash): no longer in the trash
    trash_closed: integer('trash_closed', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [
    index('revisions_row').on(t.entity, t.row_id, t.id),
    index('revisions_trash').on(t.op, t.trash_closed, t.created_at),
    index('revisions_created').on(t.created_at),
    // the rows of one write, for 'Rückgängig' and the trash's restore: a scan of every version before
    index('revisions_change_set').on(t.change_set, t.op),
  ],
);

// Who did what and when (superadmin, 'Protokoll'): sign-ins, failed sign-in
// bursts, roles, invitations, deletions. Content changes are read from `revisions`.
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    // ms since epoch
    at: integer('at').notNull(),
    user_id: text('user_id'),
    user_name: text('user_name'),
    action: text('action').notNull(),
    entity: text('entity'),
    row_id: text('row_id'),
    detail: text('detail'),
  },
  (t) => [index('audit_log_at').on(t.at), index('audit_log_action').on(t.action, t.at)],
);

// The media library: every uploaded image once, with its alt text.
export const media = sqliteTable('media', {
  url: text('url').primaryKey(),
  alt: text('alt').notNull().default(''),
  bytes: integer('bytes'),
  width: integer('width'),
  height: integer('height'),
  uploaded_by: text('uploaded_by'),
  created_at: createdAt(),
  // when a file that no upload recorded was found on disk (ISO; null: recorded at its upload): the nightly
  // sweep counts from here, not from the file's time (a file copied in by hand, or kept from before an update)
  found_at: text('found_at'),
});

/** Every content table by its SQL name: the publisher's dependency keys. */
export const contentTables = {
  club_settings: clubSettings,
  homepage_content: homepageContent,
  page_content: pageContent,
  news,
  teams,
  players,
  matches,
  sponsors,
  contact_info: contactInfo,
  youth_teams: youthTeams,
  shop_items: shopItems,
  membership_inquiries: membershipInquiries,
  gallery,
  match_lineups: matchLineups,
  match_events: matchEvents,
  leagues,
  league_results: leagueResults,
  standings,
} as const;
export type ContentTable = keyof typeof contentTables;

// What `npm run import` brought over from the old app (src/server/import): each
// old row's id, the id of our row, and the hash of the old row, so that a second
// run updates instead of duplicating and leaves unchanged rows alone.
export const importMap = sqliteTable(
  'import_map',
  {
    source_table: text('source_table').notNull(),
    source_id: text('source_id').notNull(),
    target_id: text('target_id').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.source_table, t.source_id] })],
);
