// Fields of the sports managers' schemas (news, teams, players, youth teams,
// matches, home page): required text and whole numbers as admin-area.md §5 asks
// ("parsed as integers or empty", "integer, default 0"). Form inputs send
// strings; an API caller may send anything. Every refusal is a German message,
// never zod's English default.
import { z } from 'astro/zod';
import './zod-german';
import { cleanText, REQUIRED_MESSAGE } from './common';

/** Required text: missing, not a string, or blank after trimming all give `message`. */
export const required = (max: number, message: string = REQUIRED_MESSAGE) => cleanText(max, { missing: message });

/** Optional text: empty or missing becomes null. */
export const optional = (max: number) =>
  cleanText(max)
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * A text as a form read it, to compare with what is stored (decision 032): as `optional`, but with its
 * characters kept, so that a stored value with a control character (saved before they were taken out)
 * still equals what the form read, and the save is not refused as someone else's change for ever.
 */
export const readText = (max: number) =>
  z
    .string({ invalid_type_error: 'Bitte Text eingeben.' })
    .trim()
    .max(max, `Höchstens ${max} Zeichen.`)
    .nullish()
    .transform((v) => (v ? v : null));

export const flag = (fallback: boolean) => z.boolean({ invalid_type_error: 'Bitte ja oder nein wählen.' }).default(fallback);

export const INTEGER_MESSAGE = 'Bitte eine ganze Zahl eingeben.';
export const rangeMessage = (min: number, max: number) => `Bitte eine ganze Zahl von ${min} bis ${max} eingeben.`;

function toNumberOrNull(v: unknown): unknown {
  if (v === '' || v === undefined || v === null) return null;
  if (typeof v === 'string') {
    const trimmed = v.trim();
    if (trimmed === '') return null;
    // '12abc' is not 12: only plain integers count (NaN is refused as 'not a number')
    return /^[+-]?\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  }
  return v;
}

const integer = (min: number, max: number) =>
  z
    .number({ invalid_type_error: INTEGER_MESSAGE })
    .int(INTEGER_MESSAGE)
    .min(min, rangeMessage(min, max))
    .max(max, rangeMessage(min, max));

/** An integer or empty (stored as NULL). */
export const optionalInteger = (min: number, max: number) =>
  z.preprocess(toNumberOrNull, integer(min, max).nullable());

/** An integer; empty becomes the default. */
export const integerOr = (fallback: number, min: number, max: number) =>
  z.preprocess((v) => toNumberOrNull(v) ?? fallback, integer(min, max));

/**
 * The input of read-only admin actions. The panel always sends `{}`: a call
 * without a body would go out without a Content-Type, and Astro's origin check
 * refuses such POSTs unless it knows the site's host (security.allowedDomains).
 */
export const noInput = z.object({}).strict().optional();
