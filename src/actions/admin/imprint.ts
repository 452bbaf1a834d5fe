import { defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import { imprintOverview } from '../../server/services/admin/imprint';
import { requireRole } from '../guard';

/** The imprint editor's data (admin-area.md §2 Impressum); sections are saved through admin.pageContent. */
export const imprint = {
  load: defineAction({
    // a JSON body: the production server refuses body-less POSTs (origin check)
    accept: 'json',
    input: z.object({}).optional(),
    handler: async (_input, context) => {
      requireRole(context, 'admin');
      return imprintOverview();
    },
  }),
};
