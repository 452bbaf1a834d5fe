import { defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import { privacySaveSchema, privacyTextSchema as privacyText } from '../../lib/schemas/pageContent';
import { loadPrivacy, previewPrivacy, PRIVACY_CHANGE, PRIVACY_PAGE, PRIVACY_SECTION, savePrivacy } from '../../server/services/admin/privacy';
import { findSection } from '../../server/services/admin/pageContent';
import { runVersionedWrite } from './versioned';
import { currentRevision } from '../../server/revisions';
import { publishChanges } from '../../server/services/admin/publication';
import { requireRole } from '../guard';
import { runWrite } from './inputErrors';


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
    input: privacySaveSchema,
    handler: async ({ content, base_revision }, context) => {
      requireRole(context, 'admin');
      // a text saved since the editor loaded it is not overwritten unseen (decision 032); the first save creates it
      const existing = findSection(PRIVACY_PAGE, PRIVACY_SECTION);
      const { saved: row, revision } = existing
        ? runVersionedWrite('page_content', existing.id, base_revision, () => savePrivacy(content))
        : (() => {
            const made = runWrite(() => savePrivacy(content));
            return { saved: made, revision: currentRevision('page_content', made.id) ?? 0 };
          })();
      return { id: row.id, updated_at: row.updated_at, revision, ...(await publishChanges([PRIVACY_CHANGE])) };
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
