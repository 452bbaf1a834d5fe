import { defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import { getDb } from '../../server/db/client';
import { firstSteps as firstStepsOf } from '../../server/services/admin/first-steps';
import { requireRole } from '../guard';

/** The admin's 'Erste Schritte': which of a new club's steps are done (src/lib/first-steps.ts). */
export const firstSteps = {
  load: defineAction({
    accept: 'json',
    input: z.object({}).optional(),
    handler: async (_input, context) => {
      requireRole(context, 'admin');
      return firstStepsOf(context.locals.isSuperAdmin, getDb());
    },
  }),
};
