import { describe, expect, it } from 'vitest';
import { fakeClock } from '../../tests/fixtures/fake-clock';
import { clockStartingAt } from './clock';

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
