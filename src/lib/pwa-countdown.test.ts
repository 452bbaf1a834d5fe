import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startCountdown } from './pwa-countdown';
import { updateCountdownText } from './pwa-texts';

describe('update banner countdown', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('counts 5, 4, 3, 2, 1, 0 one second apart and then reloads once', () => {
    const ticks: number[] = [];
    const done = vi.fn();
    startCountdown((left) => ticks.push(left), done);
    expect(ticks).toEqual([5]);
    vi.advanceTimersByTime(4_999);
    expect(ticks).toEqual([5, 4, 3, 2, 1]);
    expect(done).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(ticks).toEqual([5, 4, 3, 2, 1, 0]);
    expect(done).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('cancel stops the countdown: no more ticks, no reload', () => {
    const ticks: number[] = [];
    const done = vi.fn();
    const countdown = startCountdown((left) => ticks.push(left), done);
    vi.advanceTimersByTime(2_000);
    countdown.cancel();
    vi.advanceTimersByTime(60_000);
    expect(ticks).toEqual([5, 4, 3]);
    expect(done).not.toHaveBeenCalled();
  });

  it('held while the fan is at the bar: the count stays, and goes on from there once let go', () => {
    const ticks: number[] = [];
    const done = vi.fn();
    const countdown = startCountdown((left) => ticks.push(left), done);
    vi.advanceTimersByTime(2_000);
    countdown.hold(true);
    vi.advanceTimersByTime(60_000);
    expect(ticks).toEqual([5, 4, 3]);
    expect(done).not.toHaveBeenCalled();
    countdown.hold(false);
    vi.advanceTimersByTime(3_000);
    expect(ticks).toEqual([5, 4, 3, 2, 1, 0]);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('says the seconds in German', () => {
    expect(updateCountdownText(5)).toBe('Neue Inhalte verfügbar. Die Seite wird in 5 Sekunden neu geladen.');
    expect(updateCountdownText(1)).toBe('Neue Inhalte verfügbar. Die Seite wird in 1 Sekunde neu geladen.');
    expect(updateCountdownText(0)).toBe('Neue Inhalte verfügbar. Die Seite wird in 0 Sekunden neu geladen.');
  });
});
