import { defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import { SUPERADMIN_ONLY_MESSAGES as ONLY } from '../../lib/schemas/user';
import { dailyBackupStatus } from '../../server/backup/daily';
import { config } from '../../server/config';
import { getDb } from '../../server/db/client';
import { requireRole } from '../guard';

/** The daily backup's last run, for the superadmin's header (a failure was only logged before). */
export const backup = {
  status: defineAction({
    accept: 'json',
    input: z.object({}).optional(),
    handler: async (_input, context) => {
      requireRole(context, 'superadmin', ONLY.backup);
      return dailyBackupStatus(getDb(), Boolean(config.backupDir));
    },
  }),
};
