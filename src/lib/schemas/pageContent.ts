// page_content (admin-area.md §3, §5, §7): free text sections of the public pages,
// keyed by page_key and section_key. One schema for the admin forms and the actions;
// create, update and the page-specific editors (imprint, privacy, social, history)
// derive from it.
import { z } from 'astro/zod';
import './zod-german';
import { isSafeUrl, isWebUrl, withWebScheme } from '../urls';
import { baseRevision, id, optionalText, OUTDATED_FORM, REQUIRED_MESSAGE, type Listed } from './common';
import { optionalImageUrl, withoutGoneUploads } from './upload';

export const LINK_MESSAGE = 'Bitte einen gültigen Link eingeben (https://…, mailto:…, tel:… oder /seite).';
export const KEY_MESSAGE = 'Nur Buchstaben, Ziffern, Punkt, Binde- und Unterstrich erlaubt.';
export const ORDER_MESSAGE = 'Bitte eine ganze Zahl eingeben.';
export const IBAN_MESSAGE = 'Keine gültige IBAN (Prüfziffer oder Länge stimmt nicht). Bitte nur die IBAN eingeben, z. B. AT61 1904 3002 3457 3201.';

/** A link that becomes an href: http(s), mailto, tel or a site path; empty becomes null. */
export const optionalLink = (max = 2000) =>
  optionalText(max).refine((v) => v === null || isSafeUrl(v), LINK_MESSAGE);

/**
 * display_order: an integer, default 0 (admin-area.md §5, §9); form strings are accepted when they are plain
 * digits, as the teams' orders (admin-fields.ts): Number() made '1.000' 1, '0x10' 16 and '1e3' 1000.
 */
export const displayOrder = () =>
  z.preprocess(
    (v) => {
      if (v === '' || v === undefined || v === null) return 0;
      if (typeof v !== 'string') return v;
      const trimmed = v.trim();
      return trimmed === '' ? 0 : /^[+-]?\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
    },
    z
      .number({ invalid_type_error: ORDER_MESSAGE })
      .int(ORDER_MESSAGE)
      .min(-1_000_000, ORDER_MESSAGE)
      .max(1_000_000, ORDER_MESSAGE),
  );

/** page_key and section_key: required, short, no markup. */
export const contentKey = () =>
  z
    .string({ required_error: REQUIRED_MESSAGE, invalid_type_error: REQUIRED_MESSAGE })
    .trim()
    .min(1, REQUIRED_MESSAGE)
    .max(100, 'Höchstens 100 Zeichen.')
    .regex(/^[A-Za-z0-9_.-]+$/, KEY_MESSAGE);

export const pageContentSchema = z.object({
  page_key: contentKey(),
  section_key: contentKey(),
  title: optionalText(5_000),
  subtitle: optionalText(5_000),
  content: withoutGoneUploads(optionalText(200_000)),
  image_url: optionalImageUrl,
  button_text: optionalText(500),
  button_link: optionalLink(),
  is_active: z.boolean().default(true),
  display_order: displayOrder(),
  meta_title: optionalText(500),
  // the spec's 160 characters are a guide shown in the editor, not a limit
  meta_description: optionalText(2_000),
});
export type PageContentInput = z.input<typeof pageContentSchema>;
export type PageContentData = z.output<typeof pageContentSchema>;

/**
 * Create: `base_revision` 0 says the form saw no entry of this page and section (a fixed one: the history's text,
 * an Impressum or 'Mitglied' section): of two admins filling it first, the second is refused, not saved as a
 * second entry the page and the list never show.
 */
export const pageContentCreateSchema = pageContentSchema.extend({ base_revision: baseRevision });

/** Update by id: only the fields sent are changed. */
export const pageContentUpdateSchema = pageContentSchema.partial().extend({ id, base_revision: baseRevision });
export type PageContentUpdateInput = z.input<typeof pageContentUpdateSchema>;

export const pageContentListSchema = z
  .object({ page_key: z.string().trim().max(100).optional() })
  .optional();

export const pageContentIdSchema = z.object({ id });

/** The row as the admin sees it (what the list action returns). */
export type PageContentEntry = {
  id: string;
  page_key: string;
  section_key: string;
  title: string | null;
  subtitle: string | null;
  content: string | null;
  image_url: string | null;
  button_text: string | null;
  button_link: string | null;
  is_active: boolean;
  display_order: number;
  meta_title: string | null;
  meta_description: string | null;
  created_at: string;
  updated_at: string;
} & Listed;

/** Page keys of the spec (admin-area.md §3), offered in the general editor. */
export const PAGE_KEYS = [
  'startseite',
  'social_media',
  'datenschutz',
  'imprint',
  'mitglied',
  'nachwuchs',
  'vereinsgeschichte',
] as const;

/** Toasts of the generic page-content editor (admin-area.md §8). */
export const PAGE_CONTENT_TEXTS = {
  updated: 'Seiteninhalt aktualisiert!',
  created: 'Seiteninhalt erstellt!',
  deleted: 'Seiteninhalt gelöscht!',
  error: 'Fehler',
  deleteError: 'Fehler beim Löschen',
  confirmDelete: 'Diesen Seiteninhalt wirklich löschen?',
} as const;

/** The privacy policy's HTML (page_key datenschutz, section_key main_content): "no validation" (§5), only a sane size. */
export const privacyTextSchema = z.object({ content: withoutGoneUploads(z.string().max(500_000, 'Höchstens 500000 Zeichen.')) });
/** A save of the text: from the version the editor loaded, when one was stored (decision 032). */
export const privacySaveSchema = privacyTextSchema.extend({ base_revision: baseRevision });

export const PRIVACY_TEXTS = {
  heading: 'Datenschutzerklärung',
  intro: 'HTML ist erlaubt (Absätze, Überschriften, Listen, Links, Bilder, Tabellen, Zitate, Code). Zeilenumbrüche werden auf der Website zu Umbrüchen.',
  label: 'Inhalt (HTML)',
  defaultBadge: 'Standardtext – noch nicht gespeichert',
  showPreview: 'Vorschau anzeigen',
  hidePreview: 'Vorschau ausblenden',
  previewHeading: 'Vorschau',
  noPreview: 'Keine Vorschau verfügbar',
  loadError: 'Fehler beim Laden',
  loadErrorText: 'Der Standardtext wird verwendet.',
  saveError: 'Fehler beim Speichern',
  savedTitle: 'Erfolgreich gespeichert',
  savedText: 'Die Datenschutzerklärung wurde aktualisiert.',
} as const;

export const SOCIAL_URL_MESSAGE = 'Bitte eine gültige Web-Adresse eingeben (https://…).';

/** The social links (page_key social_media, one row per platform): an http(s) URL or empty, and visible or hidden. */
/** A link as the form was filled with it: the server refuses the save when it changed since. */
const socialLinkRead = z.object({
  platform: z.string().max(50, OUTDATED_FORM),
  url: z.string().max(2_000, OUTDATED_FORM),
  is_active: z.boolean({ invalid_type_error: OUTDATED_FORM }),
});
export type SocialLinkValues = z.infer<typeof socialLinkRead>;

export const socialLinksSchema = z.object({
  links: z
    .array(
      z.object({
        platform: z.string().trim().min(1).max(50),
        url: optionalText(2_000)
          .transform((v) => (v === null ? null : withWebScheme(v)))
          .refine((v) => v === null || isWebUrl(v), SOCIAL_URL_MESSAGE),
        is_active: z.boolean(),
      }),
    )
    .max(20),
  read: z.array(socialLinkRead).max(20, OUTDATED_FORM).optional(),
});
export type SocialLinksInput = z.input<typeof socialLinksSchema>;

export type SocialLinkEntry = { platform: string; label: string; id: string | null; url: string; is_active: boolean };

export const SOCIAL_TEXTS = {
  heading: 'Social Media Links',
  url: 'URL',
  visible: 'Sichtbar',
  hidden: 'Versteckt',
  save: 'Alle Links speichern',
  notesHeading: 'Hinweise',
  notes: [
    'Deaktivierte (versteckte) Links werden im Footer der Website nicht angezeigt.',
    'Links ohne URL werden ebenfalls nicht angezeigt.',
    'Änderungen erscheinen nach dem Speichern auf allen Seiten der Website.',
  ],
  loadError: 'Fehler beim Laden',
  saveError: 'Fehler beim Speichern',
  savedTitle: 'Erfolgreich gespeichert',
  savedText: 'Social Media Links wurden aktualisiert.',
  /** after a refused save: the other admin's links are filled in, the ones changed here stay */
  merged:
    'Die Links wurden inzwischen von jemand anderem geändert. Dessen Änderungen sind jetzt eingetragen, die hier geänderten Links bleiben: bitte prüfen und erneut speichern.',
} as const;
