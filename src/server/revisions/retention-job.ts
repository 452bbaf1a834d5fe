// The daily retention of revisions (issue 15): deletes past the trash period
// leave the trash, versions past the retention go (each row keeps its latest).
import type { Db } from '../db/client';
import type { Job } from '../scheduler';
import { pruneRevisions } from './trash';

export function revisionRetentionJob(db: () => Db, now: () => number = Date.now, log: Pick<Console, 'info'> = console): Job {
  return {
    name: 'revision-retention',
    everyMs: 24 * 3_600_000,
    // not in the start's busy first minutes
    firstAfterMs: 15 * 60_000,
    run: async () => {
      const { closed, removed } = pruneRevisions(db(), now());
      if (closed + removed > 0) log.info(`[revisions] ${closed} gelöschte Einträge aus dem Papierkorb entfernt, ${removed} alte Fassungen gelöscht`);
    },
  };
}
