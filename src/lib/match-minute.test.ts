import { describe, expect, it } from 'vitest';
import { formatMinute, matchMinute, matchTimeOrder, parseMinute, stoppageAllowed, type MatchClock } from './match-minute';

const KICKOFF = Date.UTC(2026, 10, 22, 13, 30);
const min = (n: number) => n * 60_000;
const firstHalf: MatchClock = { live_phase: 'first_half', kickoff_at: KICKOFF, second_half_at: null };

describe('matchMinute', () => {
  it('is null before kick-off', () => {
    expect(matchMinute({ live_phase: 'not_started', kickoff_at: null, second_half_at: null }, KICKOFF)).toBeNull();
  });

  it('counts the first half from minute 1', () => {
    expect(matchMinute(firstHalf, KICKOFF)).toEqual({ minute: 1, added: null });
    expect(matchMinute(firstHalf, KICKOFF + min(0) + 59_999)).toEqual({ minute: 1, added: null });
    expect(matchMinute(firstHalf, KICKOFF + min(1))).toEqual({ minute: 2, added: null });
    expect(matchMinute(firstHalf, KICKOFF + min(44) + 30_000)).toEqual({ minute: 45, added: null });
  });

  it('writes time beyond 45 minutes as stoppage time (45+2)', () => {
    expect(matchMinute(firstHalf, KICKOFF + min(45))).toEqual({ minute: 45, added: 1 });
    expect(matchMinute(firstHalf, KICKOFF + min(46) + 10_000)).toEqual({ minute: 45, added: 2 });
  });

  it('holds the 45th minute during half time, however long the break', () => {
    const clock: MatchClock = { live_phase: 'half_time', kickoff_at: KICKOFF, second_half_at: null };
    expect(matchMinute(clock, KICKOFF + min(62))).toEqual({ minute: 45, added: null });
  });

  it('starts the second half at 46, from its own kick-off, not from the first', () => {
    const start = KICKOFF + min(63);
    const clock: MatchClock = { live_phase: 'second_half', kickoff_at: KICKOFF, second_half_at: start };
    expect(matchMinute(clock, start)).toEqual({ minute: 46, added: null });
    expect(matchMinute(clock, start + min(20) + 5_000)).toEqual({ minute: 66, added: null });
    expect(matchMinute(clock, start + min(44) + 59_000)).toEqual({ minute: 90, added: null });
    expect(matchMinute(clock, start + min(47))).toEqual({ minute: 90, added: 3 });
  });

  it('holds the 90th minute after full time', () => {
    expect(matchMinute({ live_phase: 'full_time', kickoff_at: KICKOFF, second_half_at: KICKOFF + min(60) }, KICKOFF + min(200))).toEqual({
      minute: 90,
      added: null,
    });
  });

  it("counts a youth team's shorter halves: 25+1 in the first, 26 to 50+2 in the second", () => {
    const youth: MatchClock = { ...firstHalf, half_minutes: 25 };
    expect(matchMinute(youth, KICKOFF + min(24) + 30_000)).toEqual({ minute: 25, added: null });
    expect(matchMinute(youth, KICKOFF + min(25))).toEqual({ minute: 25, added: 1 });
    expect(matchMinute({ ...youth, live_phase: 'half_time' }, KICKOFF + min(40))).toEqual({ minute: 25, added: null });
    const start = KICKOFF + min(35);
    const second: MatchClock = { ...youth, live_phase: 'second_half', second_half_at: start };
    expect(matchMinute({ ...second, second_half_at: null }, start)).toEqual({ minute: 26, added: null });
    expect(matchMinute(second, start)).toEqual({ minute: 26, added: null });
    expect(matchMinute(second, start + min(26))).toEqual({ minute: 50, added: 2 });
    expect(matchMinute({ ...youth, live_phase: 'full_time' }, start + min(90))).toEqual({ minute: 50, added: null });
  });

  it('never counts backwards when the clock of the phone is behind', () => {
    expect(matchMinute(firstHalf, KICKOFF - min(3))).toEqual({ minute: 1, added: null });
  });
});

describe('formatMinute and parseMinute', () => {
  it('write and read stoppage time', () => {
    expect(formatMinute(17, null)).toBe("17'");
    expect(formatMinute(45, 2)).toBe("45+2'");
    expect(formatMinute(90, 3)).toBe("90+3'");
    expect(parseMinute('90+3')).toEqual({ minute: 90, added: 3 });
    expect(parseMinute(" 17' ")).toEqual({ minute: 17, added: null });
    expect(parseMinute('0')).toBeNull();
    expect(parseMinute('abc')).toBeNull();
  });

  it('allows stoppage time at the end of a half and in extra time only', () => {
    expect([17, 44, 45, 46, 89, 90, 105, 120].filter((m) => stoppageAllowed(m))).toEqual([45, 90, 105, 120]);
    expect([25, 30, 49, 50, 60].filter((m) => stoppageAllowed(m, 25))).toEqual([25, 50, 60]);
  });

  it('orders events by minute, stoppage time and entry', () => {
    const events = [
      { minute: 46, added_time: null, created_at: '3' },
      { minute: 45, added_time: 2, created_at: '2' },
      { minute: 45, added_time: null, created_at: '1' },
    ];
    expect([...events].sort(matchTimeOrder()).map((e) => e.created_at)).toEqual(['1', '2', '3']);
  });

  it("puts a substitution at 45' after the first half's stoppage time: it was made at the break", () => {
    const events = [
      { type: 'substitution', minute: 45, added_time: null, created_at: '3' },
      { type: 'goal', minute: 45, added_time: 2, created_at: '2' },
      { type: 'goal', minute: 45, added_time: null, created_at: '1' },
      { type: 'substitution', minute: 46, added_time: null, created_at: '4' },
    ];
    expect([...events].sort(matchTimeOrder()).map((e) => e.created_at)).toEqual(['1', '2', '3', '4']);
    // at 90' a substitution is one of the last minute, before stoppage time: after the whistle nobody comes on
    const late = [
      { type: 'goal', minute: 90, added_time: 3, created_at: '2' },
      { type: 'substitution', minute: 90, added_time: null, created_at: '1' },
    ];
    expect([...late].sort(matchTimeOrder()).map((e) => e.created_at)).toEqual(['1', '2']);
    // a youth team's break comes after its own half: 25' for halves of 25 minutes
    const youth = [
      { type: 'substitution', minute: 25, added_time: null, created_at: '2' },
      { type: 'yellow', minute: 25, added_time: 1, created_at: '1' },
    ];
    expect([...youth].sort(matchTimeOrder(25)).map((e) => e.created_at)).toEqual(['1', '2']);
  });
});
