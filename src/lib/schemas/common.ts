// Building blocks of the per-entity schemas in this folder (design habit 6:
// one file, one zod schema per entity; create and update shapes derive from it).
import { z } from 'astro/zod';
import { withoutControlCharacters } from '../xml-text';

/** The admin area's one message for missing required fields (admin-area.md §5). */
export const REQUIRED_MESSAGE = 'Bitte füllen Sie alle Pflichtfelder aus';

const TEXT_MESSAGE = 'Bitte Text eingeben.';
// every refusal in German, also for an API caller sending nothing or a number (never zod's 'Required');
// control characters go before anything is checked or stored, as in admin-fields.ts
const cleanText = (missing?: string) =>
  z.string({ required_error: missing, invalid_type_error: TEXT_MESSAGE }).transform(withoutControlCharacters);
export const requiredText = (max: number, message = REQUIRED_MESSAGE) =>
  cleanText(message).pipe(z.string().trim().max(max, `Höchstens ${max} Zeichen.`).min(1, message));
/** Optional text: empty becomes null (stored as NULL, as the admin spec asks). */
export const optionalText = (max: number) =>
  cleanText()
    .pipe(z.string().trim().max(max, `Höchstens ${max} Zeichen.`))
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
