// The home editor (admin-area.md §2 Startseite, §7 homepage_content): loads what
// the public home page shows now, and upserts one section by section_key,
// mapping the editor's fields onto the reused columns (public-site.md §3).
import { eq } from 'drizzle-orm';
import { getDb, type Db } from '../../db/client';
import { write } from '../../db/write';
import { conflictSince } from '../../revisions';
import { homepageContent } from '../../db/schema';
import type { Change } from '../../publish/routes';
import { HERO_COLOURS, NEXT_MATCH_DEFAULTS } from '../../content/defaults';
import { footerTextsOf, heroDefaultsFor, nextMatchDefaultsFor, renamedClubIn } from '../../content/club-facts';
import { FOOTER_KEYS, type HomeEditorData, type HomeSectionKey, type HomepageSectionData } from '../../../lib/schemas/homepage';
import { parseMatchTeams } from '../../../lib/match-text';

type Section = typeof homepageContent.$inferSelect;
type SectionValues = Omit<typeof homepageContent.$inferInsert, 'id' | 'section_key' | 'created_at' | 'updated_at'>;

function section(db: Db, key: string): Section | null {
  return db.select().from(homepageContent).where(eq(homepageContent.section_key, key)).get() ?? null;
}

/** The values the public home page shows now: stored ones, else the built-in defaults. */
export function loadHomeEditor(db: Db = getDb()): HomeEditorData {
  const footerRow = section(db, 'footer_texts');
  const heroText = section(db, 'hero_text');
  const heroWelcome = section(db, 'hero_welcome');
  const nextMatch = section(db, 'next_match');
  const background = section(db, 'hero_background');
  // the defaults the public pages show for this club (a renamed one's own: decision 055)
  const club = renamedClubIn(db);
  const cardDefaults = nextMatchDefaultsFor(club);
  const heroDefaults = heroDefaultsFor(club);
  const teams = parseMatchTeams(nextMatch?.content || cardDefaults.content);
  return {
    footer: footerTextsOf(footerRow, club),
    hero: {
      line1: heroText?.title || heroDefaults.line1,
      line2: heroText?.content || heroDefaults.line2,
      welcome: heroText?.button_text || heroWelcome?.content || heroDefaults.welcome,
      line1_colour: heroText?.match_date || HERO_COLOURS.line1,
      line2_colour: heroText?.match_time || HERO_COLOURS.line2,
      welcome_colour: heroText?.match_location || HERO_COLOURS.welcome,
    },
    nextMatch: {
      team_a: teams.home,
      team_b: teams.away,
      team_a_logo: nextMatch?.image_url ?? null,
      team_b_logo: nextMatch?.button_text ?? null,
      button_link: nextMatch?.button_link || NEXT_MATCH_DEFAULTS.buttonLink,
      match_date: nextMatch?.match_date || NEXT_MATCH_DEFAULTS.date,
      match_time: nextMatch?.match_time || NEXT_MATCH_DEFAULTS.time,
      match_location: nextMatch?.match_location || cardDefaults.location,
    },
    background: background?.image_url ?? null,
  };
}

/** The columns one section writes (public-site.md §3 field reuse). */
export function sectionValues(input: HomepageSectionData): SectionValues {
  switch (input.section_key) {
    case 'footer_texts':
      return { content: JSON.stringify(Object.fromEntries(FOOTER_KEYS.map((k) => [k, input.texts[k]]))) };
    case 'hero_text':
      return {
        title: input.line1,
        content: input.line2,
        button_text: input.welcome,
        match_date: input.line1_colour,
        match_time: input.line2_colour,
        match_location: input.welcome_colour,
      };
    case 'next_match': {
      const teams = [input.team_a, input.team_b].filter(Boolean);
      return {
        // the public card splits 'Team A vs. Team B' again
        content: teams.length === 2 ? `${input.team_a} vs. ${input.team_b}` : (teams[0] ?? null),
        image_url: input.team_a_logo,
        button_text: input.team_b_logo,
        button_link: input.button_link,
        match_date: input.match_date,
        match_time: input.match_time,
        match_location: input.match_location,
      };
    }
    case 'hero_background':
      return { image_url: input.image_url };
  }
}

/** One section's values as its editor form holds them (an empty logo or image is ''). */
export function sectionFormValues(key: HomeSectionKey, db: Db = getDb()): Record<string, string> {
  const data = loadHomeEditor(db);
  switch (key) {
    case 'footer_texts':
      return data.footer;
    case 'hero_text':
      return data.hero;
    case 'next_match':
      return { ...data.nextMatch, team_a_logo: data.nextMatch.team_a_logo ?? '', team_b_logo: data.nextMatch.team_b_logo ?? '' };
    case 'hero_background':
      return { image_url: data.background ?? '' };
  }
}

/**
 * Refuses a section's save when the section was changed since its form was filled with `read`
 * (another admin's save; decision 032): the form compares the values, the sections have no
 * revision of their own in the editor (one form's fields are spread over reused columns).
 */
export function assertSectionAsRead(key: HomeSectionKey, read: Record<string, string | null>, db: Db = getDb()): void {
  // nothing stored: no one saved the section since (a save stores it); its defaults follow the club's name
  // (decision 055), and a rename meanwhile is no other admin's change
  const stored = key === 'hero_text' ? section(db, 'hero_text') ?? section(db, 'hero_welcome') : section(db, key);
  if (!stored) return;
  const now = sectionFormValues(key, db);
  if (Object.keys(now).every((field) => (now[field] ?? '') === (read[field] ?? ''))) return;
  const latest = db.$client
    .prepare(`SELECT user_name, created_at FROM revisions WHERE entity = 'homepage_content' AND json_extract(data, '$.section_key') = ? ORDER BY id DESC LIMIT 1`)
    .get(key) as { user_name: string | null; created_at: number } | undefined;
  throw conflictSince(latest?.user_name ?? null, latest?.created_at ?? Date.now());
}

/** Upserts one section on section_key; only that section's columns are written. */
export function saveHomeSection(input: HomepageSectionData, db: Db = getDb()) {
  return write(
    'home.saveHomeSection',
    () => {
      const values = sectionValues(input);
      const row = db
        .insert(homepageContent)
        .values({ section_key: input.section_key, ...values })
        .onConflictDoUpdate({ target: homepageContent.section_key, set: { ...values, updated_at: new Date().toISOString() } })
        .returning()
        .get();
      const changes: Change[] = [{ table: 'homepage_content', key: input.section_key }];
      return { row, changes };
    },
    db,
  );
}
