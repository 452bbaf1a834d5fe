// The nightly round of earlier-builds.ts, apart from it: the deploy tree and the export read its folder
// names without the scheduler's database modules.
import { nextHousekeepingAfter, type Job } from '../scheduler';
import { EARLIER_BUILDS_KEEP_DAYS, keepBuildFiles } from './earlier-builds';

/** The nightly round: removes what has been out of the builds long enough (a server that runs for weeks). */
export function earlierBuildsPruneJob(dirs: { clientDir: string; earlierBuildsDir: string }, now: () => number, log: Pick<Console, 'info' | 'warn'> = console): Job {
  return {
    name: 'earlier-builds-prune',
    nextRunAfter: nextHousekeepingAfter,
    run: async () => {
      const { removed } = keepBuildFiles(dirs, now(), log);
      if (removed > 0) log.info(`[earlier-builds] removed ${removed} files no build has had for ${EARLIER_BUILDS_KEEP_DAYS} days`);
    },
  };
}
