import { ActionError, defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import { sponsorIdSchema, sponsorSchema, sponsorUpdateSchema } from '../../lib/schemas/sponsor';
import { createSponsor, deleteSponsor, listSponsors, sponsorChange, updateSponsor } from '../../server/services/admin/sponsors';
import { publishChanges } from '../../server/services/admin/publication';
import { requireRole } from '../guard';
import { runVersionedWrite } from './versioned';
import { withRevisions } from '../../server/revisions';
import { runWrite } from './inputErrors';

const NOT_FOUND = 'Dieser Sponsor existiert nicht mehr.';

/** The sponsors manager (admin-area.md §2 Sponsoren, §7 sponsors). */
export const sponsors = {
  list: defineAction({
    // a JSON body: the production server refuses body-less POSTs (origin check)
    accept: 'json',
    input: z.object({}).optional(),
    handler: async (_input, context) => {
      requireRole(context, 'admin');
      return withRevisions('sponsors', listSponsors());
    },
  }),
  create: defineAction({
    accept: 'json',
    input: sponsorSchema,
    handler: async (input, context) => {
      requireRole(context, 'admin');
      const row = runWrite(() => createSponsor(input));
      return { row, ...(await publishChanges([sponsorChange(row.id)])) };
    },
  }),
  update: defineAction({
    accept: 'json',
    input: sponsorUpdateSchema,
    handler: async ({ id, base_revision, ...input }, context) => {
      requireRole(context, 'admin');
      const { saved: row, revision } = runVersionedWrite('sponsors', id, base_revision, () => updateSponsor(id, input));
      if (!row) throw new ActionError({ code: 'NOT_FOUND', message: NOT_FOUND });
      return { row, revision, ...(await publishChanges([sponsorChange(row.id)])) };
    },
  }),
  remove: defineAction({
    accept: 'json',
    input: sponsorIdSchema,
    handler: async ({ id }, context) => {
      requireRole(context, 'admin');
      const row = runWrite(() => deleteSponsor(id));
      if (!row) throw new ActionError({ code: 'NOT_FOUND', message: NOT_FOUND });
      return { row, ...(await publishChanges([sponsorChange(row.id)])) };
    },
  }),
};
