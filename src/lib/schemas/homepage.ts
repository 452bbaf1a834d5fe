// homepage_content (admin-area.md §2 Startseite, §3; public-site.md §3): the
// sections the home editor writes, upserted by section_key. One schema for the
// entity: a union over the section keys, each with its own fields, which the
// service maps onto the reused columns (hero_text's colours live in match_date,
// match_time and match_location, as the spec has it).
import { z } from 'astro/zod';
import './zod-german';
import { optional } from './admin-fields';
import { optionalLink } from './pageContent';
import { cleanText, OUTDATED_FORM } from './common';
import { optionalImageUrl } from './upload';

/** The eleven keys of footer_texts.content, in the order of the form. */
export const FOOTER_KEYS = [
  'club_title_line1',
  'club_title_line2',
  'club_description',
  'quick_links_title',
  'contact_title',
  'contact_location1',
  'contact_location2',
  'contact_location3',
  'contact_email',
  'social_title',
  'copyright_text',
] as const;
export type FooterKey = (typeof FOOTER_KEYS)[number];

export const FOOTER_LABELS: Record<FooterKey, string> = {
  club_title_line1: 'Vereinsname Zeile 1',
  club_title_line2: 'Vereinsname Zeile 2',
  club_description: 'Beschreibung',
  quick_links_title: 'Überschrift Schnellzugriff',
  contact_title: 'Überschrift Kontakt',
  contact_location1: 'Adresse Zeile 1',
  contact_location2: 'Adresse Zeile 2',
  contact_location3: 'Adresse Zeile 3',
  contact_email: 'Kontakt-E-Mail',
  social_title: 'Überschrift Social Media',
  copyright_text: 'Copyright-Text',
};

/** Default hero colours (admin-area.md §9). */
export const DEFAULT_HERO_COLOURS = { line1: '#1e40af', line2: '#3b82f6', welcome: '#6b7280' } as const;

export const COLOUR_MESSAGE = 'Bitte eine Farbe im Format #RRGGBB angeben.';
/** A CSS hex colour; empty falls back to the default colour. */
const colour = (fallback: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? fallback : typeof v === 'string' ? v.trim() : v),
    z.string({ invalid_type_error: COLOUR_MESSAGE }).regex(/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i, COLOUR_MESSAGE),
  );

/** A footer text: may be empty (the footer then shows nothing there). */
const footerText = (max: number) =>
cleanText(max).default('');

export const footerTextsSchema = z.object(
  Object.fromEntries(FOOTER_KEYS.map((k) => [k, footerText(k === 'club_description' ? 2_000 : 300)])) as Record<
    FooterKey,
    ReturnType<typeof footerText>
  >,
);

/** The section's form values as it was filled: a save is refused when the section changed since (decision 032). */
const read = z.record(z.string().max(40, OUTDATED_FORM), z.string().max(50_000, OUTDATED_FORM).nullable()).optional();

export const homepageSectionSchema = z.discriminatedUnion('section_key', [
  z.object({ section_key: z.literal('footer_texts'), texts: footerTextsSchema, read }),
  z.object({
    section_key: z.literal('hero_text'),
    read,
    line1: optional(200),
    line2: optional(200),
    welcome: optional(2_000),
    line1_colour: colour(DEFAULT_HERO_COLOURS.line1),
    line2_colour: colour(DEFAULT_HERO_COLOURS.line2),
    welcome_colour: colour(DEFAULT_HERO_COLOURS.welcome),
  }),
  z.object({
    section_key: z.literal('next_match'),
    read,
    team_a: optional(200),
    team_b: optional(200),
    team_a_logo: optionalImageUrl,
    team_b_logo: optionalImageUrl,
    button_link: optionalLink(),
    match_date: optional(100),
    match_time: optional(100),
    match_location: optional(300),
  }),
  z.object({ section_key: z.literal('hero_background'), image_url: optionalImageUrl, read }),
]);
export type HomepageSectionInput = z.input<typeof homepageSectionSchema>;
export type HomepageSectionData = z.output<typeof homepageSectionSchema>;
export type HomeSectionKey = HomepageSectionData['section_key'];

/** What the editor loads: the values the public home page shows now (stored, else the defaults). */
export type HomeEditorData = {
  footer: Record<FooterKey, string>;
  hero: { line1: string; line2: string; welcome: string; line1_colour: string; line2_colour: string; welcome_colour: string };
  nextMatch: {
    team_a: string;
    team_b: string;
    team_a_logo: string | null;
    team_b_logo: string | null;
    button_link: string;
    match_date: string;
    match_time: string;
    match_location: string;
  };
  background: string | null;
};

/** Toasts of the home editor (admin-area.md §8). */
export const HOME_TEXTS = {
  footerSaved: 'Footer-Texte aktualisiert!',
  heroSaved: 'Hero-Text aktualisiert!',
  matchSaved: 'Spielinformationen aktualisiert!',
  backgroundSaved: 'Hintergrundbild aktualisiert!',
  blockCreated: 'Inhalt erfolgreich erstellt!',
  blockUpdated: 'Inhalt erfolgreich aktualisiert!',
  blockDeleted: 'Inhalt erfolgreich gelöscht!',
  error: 'Fehler',
  loadError: 'Fehler beim Laden',
  confirmBlockDelete: 'Diesen Inhaltsblock wirklich löschen?',
} as const;
