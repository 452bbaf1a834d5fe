// The import of fixtures and results (issue 14, item 7): one schema for the
// three steps (inspect a source, review the plan, apply it). A file comes as
// text inside the JSON body, below Astro's 1 MB action limit; a calendar
// address is fetched on the server (src/server/services/admin/match-import-fetch.ts).
import { z } from 'astro/zod';
import './zod-german';
import { cleanText } from './common';
import { IMPORT_FIELDS, MATCH_IMPORT_TEXTS as T } from '../match-import/texts';

/** The largest file accepted, in characters (an action body may hold 1 MB). */
export const MAX_IMPORT_TEXT = 900_000;

const fileText = z
  .string({ required_error: T.chooseSource, invalid_type_error: T.chooseSource })
  .min(1, T.chooseSource)
  .max(MAX_IMPORT_TEXT, T.tooLarge(Math.floor(MAX_IMPORT_TEXT / 1000)));

export const importSourceSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('csv'), text: fileText }),
    z.object({ kind: z.literal('ical'), text: fileText }),
    z.object({ kind: z.literal('url'), url: z.string({ required_error: T.chooseSource }).trim().min(1, T.chooseSource).max(2_000, 'Höchstens 2000 Zeichen.') }),
  ],
  { errorMap: () => ({ message: T.chooseSource }) },
);
export type ImportSource = z.infer<typeof importSourceSchema>;

const column = z.number({ invalid_type_error: 'Bitte eine Spalte wählen.' }).int().min(0).max(199);

export const matchImportInspectSchema = z.object({ source: importSourceSchema });

export const matchImportReviewSchema = z.object({
  source: importSourceSchema,
  /** CSV only: which column holds which field */
  mapping: z.record(z.enum(IMPORT_FIELDS), column).optional(),
  competition: cleanText(100).default(''),
  season: cleanText(20).default(''),
  team_id: z.string().max(100).nullish().transform((v) => v || null),
});
export type MatchImportReviewInput = z.output<typeof matchImportReviewSchema>;

export const matchImportApplySchema = matchImportReviewSchema.extend({
  /** the reviewed plan's fingerprint: 'Übernehmen' writes only what the admin saw */
  fingerprint: z.string().min(1).max(64),
});
export type MatchImportApplyInput = z.output<typeof matchImportApplySchema>;
