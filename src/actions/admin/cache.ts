import { ActionError, defineAction } from 'astro:actions';
import { SUPERADMIN_ONLY_MESSAGES } from '../../lib/schemas/user';
import { requestPublish } from '../../server/publish/notify';
import { requireRole } from '../guard';

/** 'Cache Update' (admin-area.md §6, §8): republish everything and raise the version. Superadmins only. */
export const cacheUpdate = defineAction({
  handler: async (_input, context) => {
    requireRole(context, 'superadmin', SUPERADMIN_ONLY_MESSAGES.cache);
    const report = await requestPublish('all');
    if (!report || report.failed.length > 0) {
      throw new ActionError({ code: 'INTERNAL_SERVER_ERROR', message: 'Cache-Update fehlgeschlagen' });
    }
    return { version: report.version, pages: report.written.length };
  },
});
