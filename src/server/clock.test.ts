import { describe, expect, it } from 'vitest';
import { fakeClock } from '../../tests/fixtures/fake-clock';
import { appClock, clockFromSettings, clockRunningAt, clockStartingAt, REAL_CLOCK, registerAppClock } from './clock';

describe('clockStartingAt', () => {
  it('starts at the given moment and runs on with the real time; timers stay the real ones', async () => {
    const { clock: real, advance } = fakeClock();
    const clock = clockStartingAt('2026-10-03T08:00:00Z', real);
    expect(new Date(clock.now()).toISOString()).toBe('2026-10-03T08:00:00.000Z');
    let fired = false;
    clock.setTimeout(() => (fired = true), 90_000);
    await advance(90_000);
    expect(fired).toBe(true);
    expect(new Date(clock.now()).toISOString()).toBe('2026-10-03T08:01:30.000Z');
  });

  it('refuses what is not a time, instead of publishing as of 1970', () => {
    expect(() => clockStartingAt('morgen')).toThrow(/ANSTOSS_CLOCK_START/);
  });
});

describe('clockRunningAt and clockFromSettings', () => {
  it('runs rate times as fast from the start, and its timers fire that much sooner', async () => {
    const { clock: real, advance } = fakeClock();
    const clock = clockRunningAt('2026-10-14T10:00:00Z', 6, real);
    let fired = false;
    // one minute on the fast clock is ten real seconds
    clock.setTimeout(() => (fired = true), 60_000);
    await advance(9_999);
    expect(fired).toBe(false);
    await advance(1);
    expect(fired).toBe(true);
    expect(new Date(clock.now()).toISOString()).toBe('2026-10-14T10:01:00.000Z');
  });

  it('a rate needs a start and a sane number; without settings the real clock', () => {
    expect(() => clockFromSettings('', '60')).toThrow(/ANSTOSS_CLOCK_START/);
    expect(() => clockFromSettings('2026-10-14T10:00:00Z', 'schnell')).toThrow(/ANSTOSS_CLOCK_RATE/);
    expect(() => clockFromSettings('2026-10-14T10:00:00Z', '0')).toThrow(/ANSTOSS_CLOCK_RATE/);
    expect(() => clockFromSettings('2026-10-14T10:00:00Z', '100000')).toThrow(/ANSTOSS_CLOCK_RATE/);
    expect(clockFromSettings('', undefined)).toBe(REAL_CLOCK);
    expect(Math.abs(clockFromSettings('2026-10-14T10:00:00Z', undefined).now() - Date.parse('2026-10-14T10:00:00Z'))).toBeLessThan(1000);
  });

  it('the registered server clock is the one saves read; the real one without a server', () => {
    expect(appClock()).toBe(REAL_CLOCK);
    const { clock } = fakeClock();
    registerAppClock(clock);
    expect(appClock()).toBe(clock);
    registerAppClock(undefined);
    expect(appClock()).toBe(REAL_CLOCK);
  });
});
