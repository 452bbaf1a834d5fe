import { ActionError, defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import { clubAddressSchema, contactIdSchema, contactSchema, contactUpdateSchema } from '../../lib/schemas/contact';
import {
  clubAddressRow,
  contactChange,
  createContact,
  deleteContact,
  listContacts,
  saveClubAddress,
  updateContact,
} from '../../server/services/admin/contacts';
import { publishChanges } from '../../server/services/admin/publication';
import { requireRole } from '../guard';
import { runVersionedWrite } from './versioned';
import { currentRevision, withRevisions } from '../../server/revisions';
import { runWrite } from './inputErrors';

const NOT_FOUND = 'Dieser Kontakt existiert nicht mehr.';

/** The contacts manager (admin-area.md §2 Kontakt, §7 contact_info): club address, contact persons, officials. */
export const contacts = {
  list: defineAction({
    // a JSON body: the production server refuses body-less POSTs (origin check)
    accept: 'json',
    input: z.object({}).optional(),
    handler: async (_input, context) => {
      requireRole(context, 'admin');
      return withRevisions('contact_info', listContacts());
    },
  }),
  create: defineAction({
    accept: 'json',
    input: contactSchema,
    handler: async (input, context) => {
      requireRole(context, 'admin');
      const row = runWrite(() => createContact(input));
      return { row, ...(await publishChanges([contactChange(row.id)])) };
    },
  }),
  update: defineAction({
    accept: 'json',
    input: contactUpdateSchema,
    handler: async ({ id, base_revision, ...input }, context) => {
      requireRole(context, 'admin');
      const { saved: row, revision } = runVersionedWrite('contact_info', id, base_revision, () => updateContact(id, input));
      if (!row) throw new ActionError({ code: 'NOT_FOUND', message: NOT_FOUND });
      return { row, revision, ...(await publishChanges([contactChange(row.id)])) };
    },
  }),
  /** The one club address record: updated, or created the first time. */
  saveClubAddress: defineAction({
    accept: 'json',
    input: clubAddressSchema,
    handler: async ({ base_revision, ...input }, context) => {
      requireRole(context, 'admin');
      // an address saved since the form was opened is not overwritten unseen (decision 032): checked as an update
      const existing = clubAddressRow();
      const { saved, revision } = existing
        ? runVersionedWrite('contact_info', existing.id, base_revision, () => saveClubAddress(input))
        : (() => {
            const made = runWrite(() => saveClubAddress(input));
            return { saved: made, revision: currentRevision('contact_info', made.row.id) ?? 0 };
          })();
      const { row, created } = saved;
      return { row, created, revision, ...(await publishChanges([contactChange(row.id)])) };
    },
  }),
  remove: defineAction({
    accept: 'json',
    input: contactIdSchema,
    handler: async ({ id }, context) => {
      requireRole(context, 'admin');
      const row = runWrite(() => deleteContact(id));
      if (!row) throw new ActionError({ code: 'NOT_FOUND', message: NOT_FOUND });
      return { row, ...(await publishChanges([contactChange(row.id)])) };
    },
  }),
};
