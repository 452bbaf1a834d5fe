// The daily retention of revisions (issue 15): deletes past the trash period
// leave the trash, versions past the retention go (each row keeps its latest).
import type { Db } from '../db/client';
import { pruneRevisions } from './trash';
import { nextHousekeepingAfter, type Job } from '../scheduler';

export function revisionRetentionJob(db: () => Db, now: () => number = Date.now, log: Pick<Console, 'info'> = console): Job {
  return {
    name: 'revision-retention',
    // at night, with the other purges (not in the start's busy first minutes either)
    nextRunAfter: nextHousekeepingAfter,
    run: async () => {
      const { closed, removed } = pruneRevisions(db(), now());
      if (closed + removed > 0) log.info(`[revisions] ${closed} gelöschte Einträge aus dem Papierkorb entfernt, ${removed} alte Fassungen gelöscht`);
    },
  };
}
