// Building blocks of the per-entity schemas in this folder (design habit 6:
// one file, one zod schema per entity; create and update shapes derive from it).
import { z } from 'astro/zod';
import { withoutControlCharacters } from '../xml-text';

/** The admin area's one message for missing required fields (admin-area.md §5). */
export const REQUIRED_MESSAGE = 'Bitte füllen Sie alle Pflichtfelder aus';

const TEXT_MESSAGE = 'Bitte Text eingeben.';

/**
 * The one base of typed text: a string without control characters (xml-text.ts: a Word soft line break pasted
 * into a name kept the share images and icons from being drawn), trimmed, at most `max` long; with `missing`,
 * blank is refused too. Every refusal in German, also for an API caller sending nothing or a number (never
 * zod's 'Required').
 */
export const cleanText = (
  max: number,
  messages: { missing?: string; notText?: string; tooLong?: string } = {},
) => {
  const trimmed = z.string().trim().max(max, messages.tooLong ?? `Höchstens ${max} Zeichen.`);
  return z
    .string({ required_error: messages.missing, invalid_type_error: messages.notText ?? messages.missing ?? TEXT_MESSAGE })
    .transform(withoutControlCharacters)
    .pipe(messages.missing ? trimmed.min(1, messages.missing) : trimmed);
};
export const requiredText = (max: number, message = REQUIRED_MESSAGE) =>
  cleanText(max, { missing: message, notText: TEXT_MESSAGE });
/** Optional text: empty becomes null (stored as NULL, as the admin spec asks). */
export const optionalText = (max: number) =>
  cleanText(max)
    .nullish()
    .transform((v) => (v ? v : null));
export const id = z.string().min(1).max(100);
/**
 * The version of the row the admin's form was opened on (issue 15): a save
 * against an older version than the stored one is refused. 0: the row had no
 * version yet (written before revisions were kept), so any version refuses.
 * Optional: a caller that does not send it is not checked.
 */
export const baseRevision = z.number().int().nonnegative().optional();

/** A row as an admin list sends it: with the revision it is at (withRevisions), the base of its edit form. */
export type Listed = { revision?: number };

/** A value only a form out of step with the server sends (the admin reloads and enters it again). */
export const OUTDATED_FORM = 'Das Formular ist veraltet. Bitte die Seite neu laden.';
