import { describe, expect, it } from 'vitest';
import { liveListenWindow } from './live-window';

const HOUR = 3_600_000;
// 2026-11-22 00:00 in Vienna (winter time, UTC+1)
const DAY_START = Date.UTC(2026, 10, 21, 23, 0);
const match = (v: Partial<Parameters<typeof liveListenWindow>[0]> = {}) => ({ match_date: '2026-11-22', status: 'scheduled', live_phase: 'not_started', kickoff_at: null, ...v });

describe('when a match page listens for events', () => {
  it('a match to come: on its day and the day after, Vienna time', () => {
    expect(liveListenWindow(match())).toEqual({ listens: true, from: DAY_START, until: DAY_START + 48 * HOUR });
  });

  it('a running match at once, until the day after its date', () => {
    const kickoff = DAY_START + 14.5 * HOUR;
    expect(liveListenWindow(match({ status: 'live', live_phase: 'second_half', kickoff_at: kickoff }))).toEqual({ listens: true, until: DAY_START + 48 * HOUR });
  });

  it("a match kicked off days after its stored date listens a day after its Anpfiff; one whose Abpfiff was forgotten stops then", () => {
    const kickoff = DAY_START + 5 * 24 * HOUR;
    expect(liveListenWindow(match({ status: 'live', live_phase: 'first_half', kickoff_at: kickoff }))).toEqual({ listens: true, until: kickoff + 24 * HOUR });
  });

  it('over or called off: no listening; a date that is no date: no bounds', () => {
    expect(liveListenWindow(match({ status: 'finished', live_phase: 'full_time' })).listens).toBe(false);
    expect(liveListenWindow(match({ status: 'cancelled' })).listens).toBe(false);
    expect(liveListenWindow(match({ match_date: 'Herbst' }))).toEqual({ listens: true, from: undefined, until: undefined });
  });
});
