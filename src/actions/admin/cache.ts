import { ActionError, defineAction } from 'astro:actions';
import { SUPERADMIN_ONLY_MESSAGES } from '../../lib/schemas/user';
import { requestPublish } from '../../server/publish/notify';
import { requireRole } from '../guard';

/** 'Cache Update' (admin-area.md §6, §8): republish everything and raise the version. Superadmins only. */
export const cacheUpdate = defineAction({
  handler: async (_input, context) => {
    requireRole(context, 'superadmin', SUPERADMIN_ONLY_MESSAGES.cache);
    // a publish that cannot even start (the database cannot list the pages) is a failed one, in German
    const report = await requestPublish('all').catch((error: unknown) => {
      console.error('[publish] the cache update could not run:', error);
      return null;
    });
    if (!report || report.failed.length > 0) {
      throw new ActionError({ code: 'INTERNAL_SERVER_ERROR', message: 'Cache-Update fehlgeschlagen' });
    }
    return { version: report.version, pages: report.written.length };
  },
});
