import { defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import { socialLinksSchema } from '../../lib/schemas/pageContent';
import { assertSocialAsRead, loadSocialLinks, saveSocialLinks, SOCIAL_CHANGE, SOCIAL_PAGE } from '../../server/services/admin/social';
import { publishChanges } from '../../server/services/admin/publication';
import { requireRole } from '../guard';
import { runCheckedWrite } from './versioned';

/** The social links editor (admin-area.md §2 Social, §7 page_content social). Every page's footer shows them. */
export const social = {
  load: defineAction({
    // a JSON body: the production server refuses body-less POSTs (origin check)
    accept: 'json',
    input: z.object({}).optional(),
    handler: async (_input, context) => {
      requireRole(context, 'admin');
      return loadSocialLinks();
    },
  }),
  save: defineAction({
    accept: 'json',
    input: socialLinksSchema,
    handler: async ({ links, read }, context) => {
      requireRole(context, 'admin');
      // compared by the values the form read: the four links are one form over up to four rows (decision 032)
      const saved = runCheckedWrite('page_content', SOCIAL_PAGE, () => read && assertSocialAsRead(read), () => saveSocialLinks(links));
      return { links: saved, ...(await publishChanges([SOCIAL_CHANGE])) };
    },
  }),
};
