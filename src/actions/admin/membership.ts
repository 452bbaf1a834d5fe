import { defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import { OUTDATED_FORM } from '../../lib/schemas/common';
import { optionalImageUrl } from '../../lib/schemas/upload';
import { assertQrCodeAsRead, MEMBERSHIP_PAGE, membershipTexts, saveQrCode } from '../../server/services/admin/membership';
import { publishChanges } from '../../server/services/admin/publication';
import { withRevisions } from '../../server/revisions';
import { requireRole } from '../guard';
import { runCheckedWrite } from './versioned';

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
    // read: the image the form showed ('' for none); a save over another admin's change since is refused
    input: z.object({ image_url: optionalImageUrl, read: z.string().max(2_000, OUTDATED_FORM).optional() }),
    handler: async ({ image_url, read }, context) => {
      requireRole(context, 'admin');
      const check = () => read !== undefined && assertQrCodeAsRead(read);
      const { row, created } = runCheckedWrite('page_content', MEMBERSHIP_PAGE, check, () => saveQrCode(image_url));
      return { row, created, ...(await publishChanges([{ table: 'page_content', key: MEMBERSHIP_PAGE }])) };
    },
  }),
};
