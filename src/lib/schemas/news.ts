// news (admin-area.md §2, §3, §4, §5, §8): one schema for the admin form and the
// actions. Title and content are required (the form sends nothing without
// them); everything else is optional; new news is published unless unticked.
import { z } from 'astro/zod';
import { flag, optional, required } from './admin-fields';
import { id } from './common';
import { optionalImageUrl } from './upload';

export const NEWS_REQUIRED_MESSAGE = 'Titel und Inhalt sind erforderlich.';

export const newsSchema = z.object({
  title: required(300, NEWS_REQUIRED_MESSAGE),
  content: required(100_000, NEWS_REQUIRED_MESSAGE),
  excerpt: optional(1_000),
  image_url: optionalImageUrl,
  published: flag(true),
});
export type NewsInput = z.input<typeof newsSchema>;
export type NewsData = z.output<typeof newsSchema>;

export const newsUpdateSchema = newsSchema.extend({ id });
export const newsPublishSchema = z.object({ id, published: z.boolean() });
export const newsIdSchema = z.object({ id });
/** Undo of a deletion: the row as it was, with its id, date and author. */
export const newsRestoreSchema = newsSchema.extend({
  id,
  created_at: z.string().trim().regex(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/),
  author_id: z.string().max(100).nullable(),
});

/** What the admin list shows of one news. */
export type NewsEntry = {
  id: string;
  title: string;
  content: string;
  excerpt: string | null;
  image_url: string | null;
  published: boolean;
  created_at: string;
  author_id: string | null;
};

/** The news manager's German texts (admin-area.md §2, §4, §8). */
export const NEWS_TEXTS = {
  heading: 'News',
  createTitle: 'Neue News erstellen',
  editTitle: 'News bearbeiten',
  listTitle: 'Alle News',
  empty: 'Noch keine News erstellt.',
  published: 'Veröffentlicht',
  draft: 'Entwurf',
  publish: 'Veröffentlichen',
  hide: 'Verstecken',
  toastHidden: 'News versteckt',
  toastPublished: 'News veröffentlicht',
  created: 'News erstellt!',
  updated: 'News aktualisiert!',
  deleted: 'News gelöscht!',
  restored: 'News wiederhergestellt',
  undo: 'Rückgängig',
  loadError: 'Fehler beim Laden',
  error: 'Fehler',
  deleteError: 'Fehler beim Löschen',
  preview: 'Vorschau',
  noPreview: 'Noch kein Text für die Vorschau.',
} as const;
