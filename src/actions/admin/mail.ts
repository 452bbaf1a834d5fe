import { defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import { SUPERADMIN_ONLY_MESSAGES as ONLY } from '../../lib/schemas/user';
import { getDb } from '../../server/db/client';
import { mailStatus } from '../../server/mail/mail-status';
import { requireRole } from '../guard';

/** The mail server's last failure, for the superadmin's header (a failed notification was only logged before). */
export const mail = {
  status: defineAction({
    accept: 'json',
    input: z.object({}).optional(),
    handler: async (_input, context) => {
      requireRole(context, 'superadmin', ONLY.mail);
      return mailStatus(getDb());
    },
  }),
};
