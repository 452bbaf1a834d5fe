import { defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import { getDb } from '../../server/db/client';
import { endOwnSession, listOwnSessions } from '../../server/services/sessions';
import { requireRole } from '../guard';
import { runWrite } from './inputErrors';

/**
 * One's own sessions (issue 11): list them, end any of them. Each admin sees only their own; also on the screen
 * that requires the second factor first (decision 019: a session one does not know is ended before anything).
 */
const own = { duringSecondFactorSetup: true } as const;

export const sessions = {
  list: defineAction({
    accept: 'json',
    input: z.object({}).optional(),
    handler: async (_input, context) => {
      const user = requireRole(context, 'admin', undefined, own);
      return listOwnSessions(getDb(), user.id, context.locals.session?.id ?? null);
    },
  }),
  end: defineAction({
    accept: 'json',
    input: z.object({ id: z.string().regex(/^[0-9a-f]{64}$/, 'Ungültige Sitzung.') }),
    handler: async ({ id }, context) => {
      const user = requireRole(context, 'admin', undefined, own);
      runWrite(() => endOwnSession(getDb(), user.id, id));
      return { ended: id, current: id === context.locals.session?.id };
    },
  }),
};
