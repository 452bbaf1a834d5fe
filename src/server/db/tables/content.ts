// The content tables of the specs (public-site.md §3, admin-area.md §3), with the spec's table and column
// names so that a club can import its existing data. The matches and leagues are in matches.ts.
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAtColumn, idColumn, updatedAtColumn } from './columns';
import { users } from './auth';

export const homepageContent = sqliteTable('homepage_content', {
  id: idColumn(),
  section_key: text('section_key').notNull().unique(),
  title: text('title'),
  content: text('content'),
  image_url: text('image_url'),
  button_text: text('button_text'),
  button_link: text('button_link'),
  match_date: text('match_date'),
  match_time: text('match_time'),
  match_location: text('match_location'),
  created_at: createdAtColumn(),
  updated_at: updatedAtColumn(),
});

export const pageContent = sqliteTable(
  'page_content',
  {
    id: idColumn(),
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
    created_at: createdAtColumn(),
    updated_at: updatedAtColumn(),
  },
  (t) => [index('page_content_page').on(t.page_key, t.section_key)],
);

export const news = sqliteTable(
  'news',
  {
    id: idColumn(),
    title: text('title').notNull(),
    excerpt: text('excerpt'),
    content: text('content').notNull(),
    image_url: text('image_url'),
    published: integer('published', { mode: 'boolean' }).notNull().default(true),
    created_at: createdAtColumn(),
    updated_at: updatedAtColumn(),
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
  id: idColumn(),
  name: text('name').notNull(),
  description: text('description'),
  category: text('category').notNull().default('herren'),
  image_url: text('image_url'),
  display_order: integer('display_order').notNull().default(0),
  achievements: text('achievements', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
  // minutes of one half: 45, youth teams play shorter halves (the 'Spieltag' clock, stoppage time)
  half_minutes: integer('half_minutes').notNull().default(45),
  created_at: createdAtColumn(),
});

export const players = sqliteTable(
  'players',
  {
    id: idColumn(),
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
    created_at: createdAtColumn(),
  },
  (t) => [index('players_team').on(t.team_id)],
);


export const sponsors = sqliteTable('sponsors', {
  id: idColumn(),
  name: text('name').notNull(),
  logo_url: text('logo_url'),
  website_url: text('website_url'),
  description: text('description'),
  tier: text('tier').notNull().default('standard'),
  created_at: createdAtColumn(),
});

export const contactInfo = sqliteTable('contact_info', {
  id: idColumn(),
  name: text('name').notNull(),
  role: text('role'),
  email: text('email'),
  phone: text('phone'),
  address: text('address'),
  office_hours: text('office_hours'),
  image_url: text('image_url'),
  created_at: createdAtColumn(),
});

export const youthTeams = sqliteTable('youth_teams', {
  id: idColumn(),
  name: text('name').notNull(),
  description: text('description'),
  players: integer('players').notNull().default(0),
  training_schedule: text('training_schedule'),
  age_group: text('age_group'),
  coach: text('coach'),
  contact_info_id: text('contact_info_id').references(() => contactInfo.id, { onDelete: 'set null' }),
  display_order: integer('display_order').notNull().default(0),
  is_active: integer('is_active', { mode: 'boolean' }).notNull().default(true),
  created_at: createdAtColumn(),
});

export const shopItems = sqliteTable('shop_items', {
  id: idColumn(),
  name: text('name').notNull(),
  price: text('price').notNull(),
  image_url: text('image_url'),
  external_link: text('external_link'),
  display_order: integer('display_order').notNull().default(0),
  is_active: integer('is_active', { mode: 'boolean' }).notNull().default(true),
  created_at: createdAtColumn(),
  updated_at: updatedAtColumn(),
});

export const membershipInquiries = sqliteTable('membership_inquiries', {
  id: idColumn(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  betreff: text('betreff').notNull(),
  nachricht: text('nachricht').notNull(),
  status: text('status', { enum: ['unread', 'read'] }).notNull().default('unread'),
  created_at: createdAtColumn(),
});

// The spec says only that a gallery exists; these are the fields a gallery needs.
export const gallery = sqliteTable('gallery', {
  id: idColumn(),
  title: text('title'),
  description: text('description'),
  image_url: text('image_url').notNull(),
  display_order: integer('display_order').notNull().default(0),
  is_active: integer('is_active', { mode: 'boolean' }).notNull().default(true),
  created_at: createdAtColumn(),
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
  updated_at: updatedAtColumn(),
});
