// The nightly republish: the pages that show something as of today (the privacy
// 'Stand', the next match on the fixtures and the home page, a team's next matches) are published again
// a few minutes after every midnight in Vienna, not only when someone saves.
// A server that was down at that time catches up at its start (every start
// publishes the whole site, and the scheduler runs a job that is due once).
import { nextViennaTimeAfter } from '../../lib/dates-de';
import type { Job } from '../scheduler';
import type { Change } from './routes';
import { CALENDAR } from './pseudo-tables';

/** Minutes after midnight: past the day change, before anyone looks. */
export const NIGHTLY_MINUTES_AFTER_MIDNIGHT = 5;

const NIGHTLY_TIME = `00:${String(NIGHTLY_MINUTES_AFTER_MIDNIGHT).padStart(2, "0")}`;

/** The first time after `time` at which Vienna's clocks show 00:05 (NIGHTLY_MINUTES_AFTER_MIDNIGHT). */
export const nextNightAfter = (time: number): number => nextViennaTimeAfter(time, NIGHTLY_TIME);

export function nightlyRepublishJob(publish: (changes: Change[]) => Promise<unknown>): Job {
  return {
    name: 'nightly-republish',
    nextRunAfter: nextNightAfter,
    run: async () => {
      await publish([{ table: CALENDAR }]);
    },
  };
}
