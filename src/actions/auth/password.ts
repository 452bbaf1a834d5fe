import { ActionError, defineAction } from 'astro:actions';
import { AUTH_ERRORS, AUTH_TEXTS, forgotPasswordSchema, resetPasswordSchema } from '../../lib/schemas/auth';
import { getDb } from '../../server/db/client';
import { isSecureRequest, setSessionCookie } from '../../server/auth/session';
import { completePasswordReset, requestPasswordReset as requestReset } from '../../server/services/auth';
import { publicAction } from '../guard';

/** 'Passwort vergessen?': the same answer whether or not the address has an account. */
export const requestPasswordReset = publicAction(
  defineAction({
    accept: 'json',
    input: forgotPasswordSchema,
    handler: async (input, context) => {
      const { outcome } = await requestReset(getDb(), input, context.clientAddress);
      if (outcome === 'captcha') throw new ActionError({ code: 'BAD_REQUEST', message: AUTH_ERRORS.captcha });
      if (outcome === 'rate-limited') throw new ActionError({ code: 'TOO_MANY_REQUESTS', message: AUTH_TEXTS.tooManyRequests });
      return { message: AUTH_TEXTS.forgotSent };
    },
  }),
);

/** /reset-password: the link's token sets the password, ends other sessions and signs in. */
export const resetPassword = publicAction(
  defineAction({
    accept: 'json',
    input: resetPasswordSchema,
    handler: async (input, context) => {
      const outcome = await completePasswordReset(getDb(), input);
      if (!outcome.ok) {
        if (outcome.reason === 'token') throw new ActionError({ code: 'GONE', message: AUTH_TEXTS.linkInvalid });
        throw new ActionError({ code: 'BAD_REQUEST', message: outcome.message });
      }
      // an account with a second factor signs in with password and code: the link only set the password
      if (outcome.sessionToken === null) return { ok: true, signedIn: false };
      setSessionCookie(context.cookies, outcome.sessionToken, outcome.expiresAt, isSecureRequest(context.url));
      return { ok: true, signedIn: true };
    },
  }),
);
