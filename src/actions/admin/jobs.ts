import { defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import { SUPERADMIN_ONLY_MESSAGES as ONLY } from '../../lib/schemas/user';
import { getDb } from '../../server/db/client';
import { failedJobs } from '../../server/scheduler-status';
import { requireRole } from '../guard';

/** The scheduled jobs whose last run failed, for the superadmin's header (only in the log before). */
export const jobs = {
  status: defineAction({
    accept: 'json',
    input: z.object({}).optional(),
    handler: async (_input, context) => {
      requireRole(context, 'superadmin', ONLY.jobs);
      return { failures: failedJobs(getDb()) };
    },
  }),
};
