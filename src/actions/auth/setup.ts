import { ActionError, defineAction } from 'astro:actions';
import { setupSchema } from '../../lib/schemas/auth';
import { getDb } from '../../server/db/client';
import { isSecureRequest, setSessionCookie } from '../../server/auth/session';
import { completeSetup as completeSetupLink } from '../../server/services/setup';
import { publicAction } from '../guard';

/** The first superadmin, from the one-time link printed on start. Open, but only with a valid link. */
export const completeSetup = publicAction(
  defineAction({
    accept: 'json',
    input: setupSchema,
    handler: async (input, context) => {
      const result = await completeSetupLink(getDb(), input);
      if (!result.ok) throw new ActionError({ code: result.linkInvalid ? 'GONE' : 'BAD_REQUEST', message: result.message });
      setSessionCookie(context.cookies, result.sessionToken, result.expiresAt, isSecureRequest(context.url));
      return { ok: true };
    },
  }),
);
