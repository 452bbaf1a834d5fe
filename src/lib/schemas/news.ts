// news (admin-area.md §2, §3, §4, §5, §8): one schema for the admin form and the
// actions. Title and content are required (the form sends nothing without
// them); everything else is optional; new news is published unless unticked.
// Publish and unpublish times (issue 15) are Vienna wall-clock times from
// datetime-local fields (or ms since epoch from an API caller or the undo).
import { z } from 'astro/zod';
import './zod-german';
import { isSkippedViennaTime, viennaLocalToEpoch } from '../dates-de';
import { flag, optional, required } from './admin-fields';
import { baseRevision, id } from './common';
import { optionalImageUrl, withoutGoneUploads } from './upload';

export const NEWS_REQUIRED_MESSAGE = 'Titel und Inhalt sind erforderlich.';

export const SCHEDULE_INVALID_MESSAGE = 'Bitte ein gültiges Datum mit Uhrzeit eingeben.';
/** 02:00–02:59 on the Sunday the clocks go forward: the browser's picker offers it, no clock shows it */
export const SCHEDULE_SKIPPED_HOUR_MESSAGE = 'Diese Uhrzeit gibt es an diesem Tag wegen der Zeitumstellung nicht (02:00–02:59). Bitte eine andere wählen.';
export const SCHEDULE_ORDER_MESSAGE = 'Das Zurückziehen muss nach dem Veröffentlichen liegen.';

/** Latest moment accepted (year 9999): anything later is a typo, not a plan. */
const LATEST = Date.UTC(9999, 11, 31);

/** An optional moment: empty is none; a datetime-local value is Vienna time; a number is ms since epoch. */
const scheduleTime = z.unknown().transform((value, ctx): number | null => {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= LATEST) return value;
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (trimmed === '') return null;
    const ms = viennaLocalToEpoch(trimmed);
    if (ms !== null && ms <= LATEST) return ms;
    if (isSkippedViennaTime(trimmed)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: SCHEDULE_SKIPPED_HOUR_MESSAGE });
      return z.NEVER;
    }
  }
  ctx.addIssue({ code: z.ZodIssueCode.custom, message: SCHEDULE_INVALID_MESSAGE });
  return z.NEVER;
});

const newsFields = z.object({
  title: required(300, NEWS_REQUIRED_MESSAGE),
  content: withoutGoneUploads(required(100_000, NEWS_REQUIRED_MESSAGE)),
  excerpt: optional(1_000),
  image_url: optionalImageUrl,
  published: flag(true),
  /** when the news goes public by itself; a time already past means now (the service decides, with its clock) */
  publish_at: scheduleTime,
  /** when it is taken off the site by itself */
  unpublish_at: scheduleTime,
});

/** An unpublish time at or before the publish time would never show the news: refused. */
function scheduleInOrder(data: { publish_at: number | null; unpublish_at: number | null }, ctx: z.RefinementCtx) {
  if (data.publish_at !== null && data.unpublish_at !== null && data.unpublish_at <= data.publish_at) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: SCHEDULE_ORDER_MESSAGE, path: ['unpublish_at'] });
  }
}

export const newsSchema = newsFields.superRefine(scheduleInOrder);
export type NewsInput = z.input<typeof newsSchema>;
export type NewsData = z.output<typeof newsSchema>;

export const newsUpdateSchema = newsFields.extend({ id, base_revision: baseRevision }).superRefine(scheduleInOrder);
export const newsPublishSchema = z.object({ id, published: z.boolean() });
export const newsIdSchema = z.object({ id });
/** One news as the admin's form edits it. */
export type NewsEntry = {
  id: string;
  title: string;
  content: string;
  excerpt: string | null;
  image_url: string | null;
  published: boolean;
  created_at: string;
  author_id: string | null;
  /** ms since epoch: when it is published by itself (it is unpublished until then) */
  publish_at: number | null;
  /** ms since epoch: when it is taken off the site by itself */
  unpublish_at: number | null;
};

/** What the admin list shows of one news: all but its text, which the form loads when it opens. */
export type NewsListEntry = Omit<NewsEntry, 'content'>;

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
  publishAt: 'Veröffentlichen am',
  unpublishAt: 'Zurückziehen am',
  scheduleHint: 'Uhrzeit in Wien. Mit einem Zeitpunkt in der Zukunft bleibt die News bis dahin unveröffentlicht. Ein vergangener Zeitpunkt veröffentlicht sofort, mit diesem Datum (bitte das Jahr prüfen); ein vergangener Zeitpunkt beim Zurückziehen nimmt sie sofort von der Website.',
  planned: 'Geplant',
  plannedFor: (when: string) => `Geplant für ${when}`,
  unpublishOn: (when: string) => `Wird zurückgezogen am ${when}`,
} as const;
