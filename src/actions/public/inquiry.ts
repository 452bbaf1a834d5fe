import { ActionError, defineAction } from 'astro:actions';
import { inquiryFormSchema } from '../../lib/schemas/inquiry';
import { submitInquiry } from '../../server/services/inquiries';
import { publicAction } from '../guard';

/** The membership and contact forms (public-site.md §2, §4, §8). Open to everyone. */
export const inquiry = publicAction(
  defineAction({
    accept: 'json',
    input: inquiryFormSchema,
    handler: async (input, context) => {
      const outcome = await submitInquiry(input, context.clientAddress);
      if (outcome === 'captcha') throw new ActionError({ code: 'BAD_REQUEST', message: 'CAPTCHA' });
      if (outcome === 'captcha-expired') throw new ActionError({ code: 'BAD_REQUEST', message: 'CAPTCHA_EXPIRED' });
      if (outcome === 'rate-limited') throw new ActionError({ code: 'TOO_MANY_REQUESTS', message: 'RATE_LIMIT' });
      return { ok: true };
    },
  }),
);
