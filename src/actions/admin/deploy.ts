import { defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import { SUPERADMIN_ONLY_MESSAGES as ONLY } from '../../lib/schemas/user';
import { getDeployer, type DeployState } from '../../server/deploy/deployer';
import { requireRole } from '../guard';

const NONE: DeployState = { status: 'none', targets: [], retryAt: null };

/** The deploy to static hosts (issue 12): its state for every admin, a new try for superadmins. */
export const deploy = {
  status: defineAction({
    accept: 'json',
    input: z.object({}).optional(),
    handler: async (_input, context) => {
      requireRole(context, 'admin');
      return getDeployer()?.state ?? NONE;
    },
  }),
  retry: defineAction({
    accept: 'json',
    input: z.object({}).optional(),
    handler: async (_input, context) => {
      requireRole(context, 'superadmin', ONLY.deploy);
      const deployer = getDeployer();
      deployer?.retryNow();
      return deployer?.state ?? NONE;
    },
  }),
};
