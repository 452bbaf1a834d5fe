import { defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import { privacyTextSchema as privacyText } from '../../lib/schemas/pageContent';
import { loadPrivacy, previewPrivacy, PRIVACY_CHANGE, savePrivacy } from '../../server/services/admin/privacy';
import { publishChanges } from '../../server/services/admin/publication';
import { requireRole } from '../guard';


/** The privacy policy editor (admin-area.md §2 Datenschutz, §7 page_content privacy). */
export const privacy = {
  load: defineAction({
    // a JSON body: the production server refuses body-less POSTs (origin check)
    accept: 'json',
    input: z.object({}).optional(),
    handler: async (_input, context) => {
      requireRole(context, 'admin');
      return loadPrivacy();
    },
  }),
  save: defineAction({
    accept: 'json',
    input: privacyText,
    handler: async ({ content }, context) => {
      requireRole(context, 'admin');
      const row = savePrivacy(content);
      return { id: row.id, updated_at: row.updated_at, ...(await publishChanges([PRIVACY_CHANGE])) };
    },
  }),
  /** The sanitised HTML the public page would show: the sanitiser runs only on the server. */
  preview: defineAction({
    accept: 'json',
    input: privacyText,
    handler: async ({ content }, context) => {
      requireRole(context, 'admin');
      return { html: previewPrivacy(content) };
    },
  }),
};
