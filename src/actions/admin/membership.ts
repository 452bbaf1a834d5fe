import { defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import { optionalImageUrl } from '../../lib/schemas/upload';
import { MEMBERSHIP_PAGE, membershipTexts, saveQrCode } from '../../server/services/admin/membership';
import { publishChanges } from '../../server/services/admin/publication';
import { withRevisions } from '../../server/revisions';
import { requireRole } from '../guard';

/** The membership page's texts and QR code (admin-area.md §2 Mitglied); the texts are saved through admin.pageContent. */
export const membership = {
  /** The stored sections of page 'mitglied' and the built-in texts shown where none is stored. */
  texts: defineAction({
    // a JSON body: the production server refuses body-less POSTs (origin check)
    accept: 'json',
    input: z.object({}).optional(),
    handler: async (_input, context) => {
      requireRole(context, 'admin');
      const texts = membershipTexts();
      // each text with its revision: its dialog saves from the version it shows (decision 032)
      return { ...texts, sections: withRevisions('page_content', texts.sections) };
    },
  }),
  saveQrCode: defineAction({
    accept: 'json',
    input: z.object({ image_url: optionalImageUrl }),
    handler: async ({ image_url }, context) => {
      requireRole(context, 'admin');
      const { row, created } = saveQrCode(image_url);
      return { row, created, ...(await publishChanges([{ table: 'page_content', key: MEMBERSHIP_PAGE }])) };
    },
  }),
};
