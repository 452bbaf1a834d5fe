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
  },
  (t) => [index('news_published_created').on(t.published, t.created_at)],
);

export const teams = sqliteTable('teams', {
  id: id(),
  name: text('name').notNull(),
  description: text('description'),
  category: text('category').notNull().default('herren'),
  image_url: text('image_url'),
  display_order: integer('display_order').notNull().default(0),
  achievements: text('achievements', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
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
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('matches_date').on(t.match_date)],
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
