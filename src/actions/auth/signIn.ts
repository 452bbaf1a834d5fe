import { ActionError, defineAction } from 'astro:actions';
import { AUTH_ERRORS, AUTH_TEXTS, secondStepSchema, signInSchema } from '../../lib/schemas/auth';
import { TOTP_TEXTS } from '../../server/auth/totp';
import { completeSecondStep } from '../../server/services/signin-second-step';
import { getDb } from '../../server/db/client';
import { isSecureRequest, setSessionCookie } from '../../server/auth/session';
import { signIn as signInWithPassword } from '../../server/services/auth';
import { publicAction } from '../guard';

/** Sign-in (public-site.md §2, §5, §8). Open to everyone; limited per address and per account. */
export const signIn = publicAction(
  defineAction({
    accept: 'json',
    input: signInSchema,
    handler: async (input, context) => {
      const outcome = await signInWithPassword(
        getDb(),
        input,
        context.clientAddress,
        context.locals.session?.id ?? null,
        context.request.headers.get('user-agent'),
      );
      // the right password of an account with a second factor: the code comes next, no session yet
      if (!outcome.ok && outcome.reason === 'second-factor') return { ok: false, secondStep: outcome.secondStepToken };
      if (!outcome.ok) {
        if (outcome.reason === 'captcha') throw new ActionError({ code: 'BAD_REQUEST', message: AUTH_ERRORS.captcha });
        if (outcome.reason === 'rate-limited') {
          throw new ActionError({ code: 'TOO_MANY_REQUESTS', message: AUTH_TEXTS.tooManyAttempts(outcome.retryAfterSeconds) });
        }
        // the same answer for an unknown e-mail and a wrong password
        throw new ActionError({ code: 'UNAUTHORIZED', message: AUTH_TEXTS.invalidCredentials });
      }
      setSessionCookie(context.cookies, outcome.sessionToken, outcome.expiresAt, isSecureRequest(context.url));
      return { ok: true, secondStep: null };
    },
  }),
);

/** The code from the authenticator app (or a recovery code) after the right password. Open to everyone; limited like sign-in. */
export const signInSecondStep = publicAction(
  defineAction({
    accept: 'json',
    input: secondStepSchema,
    handler: async (input, context) => {
      const outcome = await completeSecondStep(
        getDb(),
        input,
        context.clientAddress,
        context.locals.session?.id ?? null,
        context.request.headers.get('user-agent'),
      );
      if (!outcome.ok) {
        if (outcome.reason === 'rate-limited') {
          throw new ActionError({ code: 'TOO_MANY_REQUESTS', message: AUTH_TEXTS.tooManyAttempts(outcome.retryAfterSeconds) });
        }
        if (outcome.reason === 'expired') throw new ActionError({ code: 'GONE', message: AUTH_TEXTS.secondStepExpired });
        throw new ActionError({ code: 'UNAUTHORIZED', message: TOTP_TEXTS.wrongCode });
      }
      setSessionCookie(context.cookies, outcome.sessionToken, outcome.expiresAt, isSecureRequest(context.url));
      return { ok: true, recoveryCodeUsed: outcome.recoveryCodeUsed };
    },
  }),
);
