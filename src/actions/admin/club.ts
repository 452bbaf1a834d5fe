import { defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import { clubSettingsSchema, crestUploadSchema } from '../../lib/schemas/club';
import { SUPERADMIN_ONLY_MESSAGES as ONLY } from '../../lib/schemas/user';
import { assertClubAsRead, contrastWarnings, loadClubSettings, saveClubSettings, uploadCrest } from '../../server/services/admin/club';
import { publishChanges } from '../../server/services/admin/publication';
import { builtInFactsLeft } from '../../server/services/admin/built-in-facts';
import { requireRole } from '../guard';
import { runWriteAsync } from './inputErrors';
import { runCheckedWrite } from './versioned';

/** 'Verein' (issue 13): the club's names, crest, colours and home ground, and (issue 14) 'Minderjährige schützen', for superadmins. */
export const club = {
  load: defineAction({
    accept: 'json',
    input: z.object({}).optional(),
    handler: async (_input, context) => {
      requireRole(context, 'superadmin', ONLY.club);
      const settings = loadClubSettings();
      return { settings, warnings: contrastWarnings(settings), builtInFacts: builtInFactsLeft(settings) };
    },
  }),
  save: defineAction({
    accept: 'json',
    input: clubSettingsSchema,
    handler: async ({ read, ...input }, context) => {
      requireRole(context, 'superadmin', ONLY.club);
      // refused when another superadmin saved the club since this form was filled (decision 032)
      const { settings, changes } = runCheckedWrite('club_settings', 'club', () => read && assertClubAsRead(read), () => saveClubSettings(input));
      // where saved texts still state the built-in club's facts after a rename (decision 055)
      return { settings, warnings: contrastWarnings(settings), builtInFacts: builtInFactsLeft(settings), ...(await publishChanges(changes)) };
    },
  }),
  /** The crest's file as base64: an SVG is checked and drawn, any picture stored as a 512 px PNG. */
  uploadCrest: defineAction({
    accept: 'json',
    input: crestUploadSchema,
    handler: async ({ data }, context) => {
      requireRole(context, 'superadmin', ONLY.club);
      return runWriteAsync(() => uploadCrest(data));
    },
  }),
};
