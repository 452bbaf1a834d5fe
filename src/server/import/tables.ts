// The old app's tables (public-site.md §9, admin-area.md §7) as they come
// over: in an order that has each row's references imported before it, with
// the key that finds an earlier import of the same row, the references to
// other tables, the columns that hold images, and how a row becomes ours.
import { z } from 'astro/zod';
import { contactSchema } from '../../lib/schemas/contact';
import { MATCH_NOTES_MAX, MATCH_STATUSES, type MatchStatus, matchSchema } from '../../lib/schemas/match';
import { newsSchema } from '../../lib/schemas/news';
import { pageContentSchema } from '../../lib/schemas/pageContent';
import { PLAYER_POSITIONS, playerSchema } from '../../lib/schemas/player';
import { shopItemSchema } from '../../lib/schemas/shopItem';
import { sponsorSchema } from '../../lib/schemas/sponsor';
import { textHead } from '../../lib/text';
import { withoutControlCharacters } from '../../lib/xml-text';
import { teamSchema } from '../../lib/schemas/team';
import { youthTeamSchema } from '../../lib/schemas/youthTeam';
import { sanitizePrivacyHtml } from '../content/sanitize';
import { IMPORT_TEXTS as T } from './texts';

export type SourceRow = Record<string, unknown>;

export type TableDef = {
  /** the old app's table, and ours (same name) */
  name: string;
  /** the column that identifies a row in the old app (or how to make the key of one without) */
  sourceKey: string | ((row: SourceRow) => string);
  /** references: our column → the old table it points into (null allowed unless `required`) */
  refs?: Record<string, { table: string; required?: boolean }>;
  /** columns with an image address, brought over as uploads into `folder` */
  images?: { columns: string[]; folder: string };
  /** the columns we store, validated; a ZodError or a message skips the row */
  toRow: (row: SourceRow) => Record<string, unknown>;
  /** columns kept as they came (dates, flags) besides the validated ones */
  keep?: string[];
};

// the old site's texts without control characters, as the admin stores them now (xml-text.ts)
const text = (v: unknown) => (v === null || v === undefined ? '' : withoutControlCharacters(String(v)));
const orNull = (v: unknown) => (v === null || v === undefined || v === '' ? null : withoutControlCharacters(String(v)));
/** Yes as Postgres, an export or a spreadsheet writes it ('TRUE' from Excel, 'WAHR' from German Excel). */
const YES = new Set(['true', 't', '1', 'wahr', 'ja', 'yes', 'y', 'x']);
const flag = (v: unknown) => v === true || v === 1 || (typeof v === 'string' && YES.has(v.trim().toLowerCase()));
const int = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));
/** an array from Postgres, a JSON text from an export, or one line per entry */
const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : (jsonList(v) ?? text(v).split('\n').filter(Boolean)));
/** A JSON list in a text ('["Meister 2019"]'); null for a text that only begins so ('[2019] Meister'), read as lines then. */
function jsonList(v: unknown): string[] | null {
  if (typeof v !== 'string' || !v.trim().startsWith('[')) return null;
  try {
    const parsed = JSON.parse(v) as unknown;
    return Array.isArray(parsed) ? parsed.map(String) : null;
  } catch {
    return null;
  }
}

/**
 * A position typed freely in the old app, as one of the eight the player form offers (player.ts): 'Tormann'
 * is a 'Torwart', 'Abwehr' a 'Verteidiger'. Anything else stays as it is, and the row is skipped with the reason.
 */
const POSITION_NAMES: Record<string, (typeof PLAYER_POSITIONS)[number]> = Object.fromEntries(
  (
    [
      ['Torwart', ['tormann', 'torhüter', 'torhueter', 'goalkeeper', 'keeper', 'tw']],
      ['Verteidiger', ['verteidigung', 'abwehr', 'abwehrspieler', 'innenverteidiger', 'außenverteidiger', 'aussenverteidiger', 'libero', 'defender', 'iv', 'av']],
      ['Mittelfeld', ['mittelfeldspieler', 'zentrales mittelfeld', 'defensives mittelfeld', 'offensives mittelfeld', 'midfielder', 'zm', 'dm', 'om']],
      ['Stürmer', ['sturm', 'stuermer', 'angriff', 'angreifer', 'mittelstürmer', 'forward', 'st']],
      ['Trainer', ['cheftrainer', 'coach', 'headcoach']],
      ['Co-Trainer', ['cotrainer', 'co trainer', 'assistenztrainer', 'assistant coach']],
      ['Spieler', ['player']],
      ['TM-Trainer', ['tormanntrainer', 'torwarttrainer', 'tormann-trainer', 'torwart-trainer', 'tw-trainer']],
    ] as const
  ).flatMap(([ours, names]) => [[ours.toLowerCase(), ours], ...names.map((name) => [name, ours])]),
);
const position = (v: unknown) => {
  const typed = text(v).trim();
  return POSITION_NAMES[typed.toLowerCase().replace(/\s+/g, ' ')] ?? typed;
};

/**
 * A match's status and type as the old app showed them (public-site.md §4): 'upcoming' was 'Geplant' as
 * 'scheduled' is (a season's fixtures stored so were skipped, every one: the fixtures, the team pages and 'Nächstes
 * Spiel' lost them); a type other than league or cup, none among them, was 'Freundschaft' (it came as a league
 * match, counted in the tables). The old app showed any other status as it was ('abandoned'); such a match was
 * skipped, lost with its score: it comes as 'Abgesagt' (counted in no table, never live), the old word kept in its
 * notes. The usual English spellings of ours are ours.
 */
const STATUS_SPELLINGS: Record<string, MatchStatus> = {
  '': 'scheduled',
  upcoming: 'scheduled',
  in_progress: 'live',
  completed: 'finished',
  canceled: 'cancelled',
  ...Object.fromEntries(MATCH_STATUSES.map((status) => [status, status])),
};
const matchStatus = (v: unknown): { status: MatchStatus; notesLine: string | null } => {
  const typed = text(v).trim();
  const ours = STATUS_SPELLINGS[typed.toLowerCase().replace(/[\s-]+/g, '_')];
  return ours ? { status: ours, notesLine: null } : { status: 'cancelled', notesLine: T.oldMatchStatus(typed) };
};
const matchNotes = (notes: unknown, notesLine: string | null) => {
  const kept = orNull(notes);
  if (!notesLine) return kept;
  return kept ? `${textHead(kept, MATCH_NOTES_MAX - notesLine.length - 2)}\n\n${notesLine}` : notesLine;
};
const matchType = (v: unknown) => {
  const typed = text(v).trim().toLowerCase();
  return typed === 'league' || typed === 'cup' ? typed : 'friendly';
};

/** Validates with the entity's schema, keeping the output as it would be stored. */
const checked = <T extends z.ZodTypeAny>(schema: T, input: unknown) => schema.parse(input) as Record<string, unknown>;

const roleSchema = z.object({ role: z.enum(['superadmin', 'admin', 'moderator', 'user']) });
const emailSchema = z.object({ email: z.string().trim().toLowerCase().email('Keine gültige E-Mail-Adresse.') });
const inquirySchema = z.object({
  name: z.string().trim().min(1).max(200),
  email: z.string().trim().max(320),
  betreff: z.string().trim().min(1).max(500),
  nachricht: z.string().trim().min(1).max(20_000),
  status: z.enum(['unread', 'read']).default('unread'),
});
const homeSchema = z.object({
  section_key: z.string().min(1).max(100),
  title: z.string().max(2_000).nullable(),
  content: z.string().max(50_000).nullable(),
  image_url: z.string().max(2_000).nullable(),
  button_text: z.string().max(2_000).nullable(),
  button_link: z.string().max(2_000).nullable(),
  match_date: z.string().max(100).nullable(),
  match_time: z.string().max(100).nullable(),
  match_location: z.string().max(300).nullable(),
});

export const TABLES: TableDef[] = [
  { name: 'profiles', sourceKey: 'user_id', keep: ['created_at'], toRow: (r) => checked(emailSchema, { email: text(r.email) }) },
  { name: 'user_roles', sourceKey: (r) => (r.user_id && r.role ? `${String(r.user_id)}:${String(r.role)}` : ''), refs: { user_id: { table: 'profiles', required: true } }, toRow: (r) => checked(roleSchema, { role: text(r.role) }) },
  {
    name: 'contact_info',
    sourceKey: 'id',
    images: { columns: ['image_url'], folder: 'contacts' },
    keep: ['created_at'],
    toRow: (r) => checked(contactSchema, { name: text(r.name), role: orNull(r.role), email: orNull(r.email), phone: orNull(r.phone), address: orNull(r.address), office_hours: orNull(r.office_hours), image_url: orNull(r.image_url) }),
  },
  {
    name: 'teams',
    sourceKey: 'id',
    images: { columns: ['image_url'], folder: 'teams' },
    keep: ['created_at', 'display_order'],
    toRow: (r) => {
      const row = checked(teamSchema, { name: text(r.name), category: text(r.category), description: orNull(r.description), image_url: orNull(r.image_url), achievements: list(r.achievements) });
      // the old site has no half length: a new team gets the default, an imported one again keeps the club's own
      delete row.half_minutes;
      return row;
    },
  },
  {
    name: 'players',
    sourceKey: 'id',
    refs: { team_id: { table: 'teams', required: true } },
    images: { columns: ['image_url'], folder: 'players' },
    keep: ['created_at'],
    toRow: (r) => {
      const row = checked(playerSchema, { name: text(r.name), position: position(r.position), age: int(r.age), jersey_number: int(r.jersey_number), team_id: text(r.team_id), image_url: orNull(r.image_url) });
      delete row.team_id;
      return row;
    },
  },
  {
    name: 'youth_teams',
    sourceKey: 'id',
    refs: { contact_info_id: { table: 'contact_info' } },
    keep: ['created_at'],
    toRow: (r) => {
      const row = checked(youthTeamSchema, { name: text(r.name), description: orNull(r.description), players: int(r.players) ?? 0, training_schedule: orNull(r.training_schedule), age_group: orNull(r.age_group), coach: orNull(r.coach), display_order: int(r.display_order) ?? 0, is_active: flag(r.is_active ?? true) });
      delete row.contact_info_id;
      return row;
    },
  },
  {
    name: 'matches',
    sourceKey: 'id',
    keep: ['created_at'],
    toRow: (r) => {
      const { status, notesLine } = matchStatus(r.status);
      return checked(matchSchema, { home_team: text(r.home_team), away_team: text(r.away_team), match_date: text(r.match_date).slice(0, 10), match_time: orNull(r.match_time)?.slice(0, 5) ?? null, location: orNull(r.location), competition: text(r.competition) || 'Meisterschaft', season: text(r.season) || '–', matchday: int(r.matchday), home_score: int(r.home_score), away_score: int(r.away_score), status, notes: matchNotes(r.notes, notesLine), match_type: matchType(r.match_type) });
    },
  },
  {
    name: 'news',
    sourceKey: 'id',
    refs: { author_id: { table: 'profiles' } },
    images: { columns: ['image_url'], folder: 'news' },
    keep: ['created_at', 'updated_at'],
    toRow: (r) => checked(newsSchema, { title: text(r.title), excerpt: orNull(r.excerpt), content: text(r.content), image_url: orNull(r.image_url), published: flag(r.published ?? true) }),
  },
  {
    name: 'sponsors',
    sourceKey: 'id',
    images: { columns: ['logo_url'], folder: 'sponsors' },
    keep: ['created_at'],
    toRow: (r) => checked(sponsorSchema, { name: text(r.name), tier: text(r.tier) || 'standard', logo_url: orNull(r.logo_url), website_url: orNull(r.website_url), description: orNull(r.description) }),
  },
  {
    name: 'shop_items',
    sourceKey: 'id',
    images: { columns: ['image_url'], folder: 'shop' },
    keep: ['created_at', 'updated_at'],
    toRow: (r) => checked(shopItemSchema, { name: text(r.name), price: text(r.price), image_url: orNull(r.image_url), external_link: orNull(r.external_link), display_order: int(r.display_order) ?? 0, is_active: flag(r.is_active ?? true) }),
  },
  {
    name: 'homepage_content',
    sourceKey: 'section_key',
    // next_match keeps team B's logo in button_text (public-site.md §3)
    images: { columns: ['image_url', 'button_text'], folder: 'hero' },
    toRow: (r) => checked(homeSchema, Object.fromEntries(['section_key', 'title', 'content', 'image_url', 'button_text', 'button_link', 'match_date', 'match_time', 'match_location'].map((c) => [c, c === 'section_key' ? text(r[c]) : orNull(r[c])]))),
  },
  {
    name: 'page_content',
    sourceKey: 'id',
    images: { columns: ['image_url'], folder: 'seiten' },
    keep: ['created_at', 'updated_at'],
    toRow: (r) => {
      const privacy = r.page_key === 'datenschutz' && r.section_key === 'main_content';
      const row = checked(pageContentSchema, { page_key: text(r.page_key), section_key: text(r.section_key), title: orNull(r.title), subtitle: orNull(r.subtitle), content: orNull(r.content), image_url: orNull(r.image_url), button_text: orNull(r.button_text), button_link: orNull(r.button_link), is_active: flag(r.is_active ?? true), display_order: int(r.display_order) ?? 0, meta_title: orNull(r.meta_title), meta_description: orNull(r.meta_description) });
      // the privacy text is HTML: stored as the sanitiser lets it through
      if (privacy && typeof row.content === 'string') row.content = sanitizePrivacyHtml(row.content);
      return row;
    },
  },
  {
    name: 'membership_inquiries',
    sourceKey: 'id',
    keep: ['created_at'],
    toRow: (r) => checked(inquirySchema, { name: text(r.name), email: text(r.email), betreff: text(r.betreff), nachricht: text(r.nachricht), status: text(r.status) || 'unread' }),
  },
  {
    name: 'gallery',
    sourceKey: 'id',
    images: { columns: ['image_url'], folder: 'galerie' },
    keep: ['created_at', 'display_order'],
    toRow: (r) => {
      if (!orNull(r.image_url)) throw new Error('Bild fehlt.');
      return { title: orNull(r.title), description: orNull(r.description), image_url: text(r.image_url), is_active: flag(r.is_active ?? true) };
    },
  },
];

export const TABLE_NAMES = TABLES.map((t) => t.name);
