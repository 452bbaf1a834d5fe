import { defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import { getDb } from '../../server/db/client';
import { firstStepsFor, hideFirstSteps } from '../../server/services/admin/first-steps';
import { runWrite } from './inputErrors';
import { requireRole } from '../guard';

/** The admin's 'Erste Schritte': which of a new club's steps are done (src/lib/first-steps.ts), and hiding them. */
export const firstSteps = {
  load: defineAction({
    accept: 'json',
    input: z.object({}).optional(),
    handler: async (_input, context) => {
      const user = requireRole(context, 'admin');
      return firstStepsFor(user.id, context.locals.isSuperAdmin, getDb());
    },
  }),
  /** 'Ausblenden': for this admin, on each of their devices; other admins still see the list. */
  hide: defineAction({
    accept: 'json',
    input: z.object({}).optional(),
    handler: async (_input, context) => {
      const user = requireRole(context, 'admin');
      runWrite(() => hideFirstSteps(user.id, new Date(), getDb()));
      return { hidden: true };
    },
  }),
};
