// What an admin action answers after a successful write: which cache version
// now shows the change (null where no publisher runs in this process), which
// pages could not be published yet, and how many pages in all still wait for
// an automatic retry. The write itself is already committed; a failing publish
// must not turn a saved change into an error for the admin.
import { pendingPublishCount, requestPublish } from '../../publish/notify';
import type { Change } from '../../publish/routes';

export type Publication = { published: number | null; failed: string[]; pending: number };

export async function publishChanges(changes: Change[]): Promise<Publication> {
  try {
    const report = await requestPublish(changes);
    return { published: report?.version ?? null, failed: report?.failed.map((f) => f.url) ?? [], pending: report?.pending ?? 0 };
  } catch (error) {
    console.error('[publish] republishing after an admin change failed:', error);
    return { published: null, failed: ['*'], pending: Math.max(1, pendingPublishCount()) };
  }
}
