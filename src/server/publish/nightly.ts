// The nightly republish: the pages that show something as of today (the privacy
// 'Stand', the next match on the fixtures and the home page) are published again
// a few minutes after every midnight in Vienna, not only when someone saves.
// A server that was down at that time catches up at its start (every start
// publishes the whole site, and the scheduler runs a job that is due once).
import { TIME_ZONE } from '../../lib/dates-de';
import type { Job } from '../scheduler';
import { CALENDAR, type Change } from './routes';

/** Minutes after midnight: past the day change, before anyone looks. */
export const NIGHTLY_MINUTES_AFTER_MIDNIGHT = 5;

const parts = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** The wall-clock time in Vienna at `time`, written as if it were UTC (for offset arithmetic). */
function viennaWallAsUtc(time: number): number {
  const p = Object.fromEntries(parts.formatToParts(new Date(time)).map((x) => [x.type, Number(x.value)]));
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
}

/** The instant when Vienna's clocks show `wall` (a wall time written as UTC). */
function instantOfViennaWall(wall: number): number {
  // Vienna is UTC+1 or +2; midnight is never inside a daylight-saving jump there
  const guess = wall - (viennaWallAsUtc(wall) - wall);
  return guess - (viennaWallAsUtc(guess) - wall);
}

/** The first time after `time` at which Vienna's clocks show 00:05 (NIGHTLY_MINUTES_AFTER_MIDNIGHT). */
export function nextNightAfter(time: number): number {
  const wall = viennaWallAsUtc(time);
  const day = new Date(wall);
  const todayAt = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 0, NIGHTLY_MINUTES_AFTER_MIDNIGHT);
  const candidate = instantOfViennaWall(todayAt);
  return candidate > time ? candidate : instantOfViennaWall(todayAt + 24 * 60 * 60 * 1000);
}

export function nightlyRepublishJob(publish: (changes: Change[]) => Promise<unknown>): Job {
  return {
    name: 'nightly-republish',
    nextRunAfter: nextNightAfter,
    run: async () => {
      await publish([{ table: CALENDAR }]);
    },
  };
}
