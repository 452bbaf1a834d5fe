import { defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import { getDb } from '../../server/db/client';
import { firstStepsFor, hideFirstSteps, showFirstStepsAgain } from '../../server/services/admin/first-steps';
import { runWrite } from './inputErrors';
import { requireRole } from '../guard';

/** The admin's 'Erste Schritte': which of a new club's steps are done (src/lib/first-steps.ts), hiding them and showing them again. */
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
  /** 'Wieder anzeigen' under 'Mein Konto': the list is back for this admin, on each of their devices. */
  show: defineAction({
    accept: 'json',
    input: z.object({}).optional(),
    handler: async (_input, context) => {
      const user = requireRole(context, 'admin');
      runWrite(() => showFirstStepsAgain(user.id, getDb()));
      return { hidden: false };
    },
  }),
};
