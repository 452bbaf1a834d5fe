import { defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import { imprintOverview } from '../../server/services/admin/imprint';
import { withRevisions } from '../../server/revisions';
import { requireRole } from '../guard';

/** The imprint editor's data (admin-area.md §2 Impressum); sections are saved through admin.pageContent. */
export const imprint = {
  load: defineAction({
    // a JSON body: the production server refuses body-less POSTs (origin check)
    accept: 'json',
    input: z.object({}).optional(),
    handler: async (_input, context) => {
      requireRole(context, 'admin');
      const overview = imprintOverview();
      // each section with its revision: its dialog saves from the version it shows (decision 032)
      return { ...overview, sections: withRevisions('page_content', overview.sections) };
    },
  }),
};
