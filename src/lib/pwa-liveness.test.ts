import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startLiveness } from './pwa-liveness';

describe('worker liveness (heartbeat 10 s, restart after more than 35 s silence, checked every 30 s)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const start = () => {
    const sendHeartbeat = vi.fn();
    const sendRestart = vi.fn();
    const liveness = startLiveness({ sendHeartbeat, sendRestart, now: () => Date.now() });
    return { sendHeartbeat, sendRestart, liveness };
  };

  it('sends a heartbeat at start and every 10 s', () => {
    const { sendHeartbeat, liveness } = start();
    expect(sendHeartbeat).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(9_999);
    expect(sendHeartbeat).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(sendHeartbeat).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(50_000);
    expect(sendHeartbeat).toHaveBeenCalledTimes(7);
    liveness.stop();
  });

  it('never asks for a restart while the worker answers', () => {
    const { sendHeartbeat, sendRestart, liveness } = start();
    sendHeartbeat.mockImplementation(() => liveness.onReply());
    vi.advanceTimersByTime(5 * 60_000);
    expect(sendRestart).not.toHaveBeenCalled();
    liveness.stop();
  });

  it('does not restart at the 30 s check when the last reply is exactly 30 s old', () => {
    const { sendRestart, liveness } = start();
    vi.advanceTimersByTime(30_000);
    expect(sendRestart).not.toHaveBeenCalled();
    liveness.stop();
  });

  it('asks for a restart at the first check after more than 35 s of silence', () => {
    const { sendRestart, liveness } = start();
    // a reply at 20 s: silent from then on
    vi.advanceTimersByTime(20_000);
    liveness.onReply();
    // check at 30 s: 10 s silent; at 60 s: 40 s silent (> 35 s)
    vi.advanceTimersByTime(10_000);
    expect(sendRestart).not.toHaveBeenCalled();
    vi.advanceTimersByTime(29_999);
    expect(sendRestart).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(sendRestart).toHaveBeenCalledTimes(1);
    liveness.stop();
  });

  it('a silence of exactly 35 s at a check is not yet more than 35 s', () => {
    const { sendRestart, liveness } = start();
    vi.advanceTimersByTime(25_000);
    liveness.onReply();
    // the check at 60 s sees 35 s of silence
    vi.advanceTimersByTime(35_000);
    expect(sendRestart).not.toHaveBeenCalled();
    // the check at 90 s sees 65 s
    vi.advanceTimersByTime(30_000);
    expect(sendRestart).toHaveBeenCalledTimes(1);
    liveness.stop();
  });

  it('keeps asking at each check while the worker stays silent, and stops after a reply', () => {
    const { sendRestart, liveness } = start();
    vi.advanceTimersByTime(120_000);
    // checks at 30 (30 s), 60, 90, 120 s: the last three are over 35 s
    expect(sendRestart).toHaveBeenCalledTimes(3);
    liveness.onReply();
    vi.advanceTimersByTime(30_000);
    expect(sendRestart).toHaveBeenCalledTimes(3);
    liveness.stop();
  });

  it('stop() ends heartbeats and checks', () => {
    const { sendHeartbeat, sendRestart, liveness } = start();
    liveness.stop();
    vi.advanceTimersByTime(120_000);
    expect(sendHeartbeat).toHaveBeenCalledTimes(1);
    expect(sendRestart).not.toHaveBeenCalled();
  });

  it('a tab whose timers wake once a minute (in the background) is not restarted while the worker answers each heartbeat', () => {
    // both timers run in the same wake, the heartbeat first; the worker's reply comes a moment after the check
    let at = 0;
    const intervals: (() => void)[] = [];
    const timers = { setInterval: (fn: () => void) => intervals.push(fn), clearInterval: () => undefined };
    const sendRestart = vi.fn();
    let waiting = 0;
    const liveness = startLiveness({ sendHeartbeat: () => waiting++, sendRestart, now: () => at, timers });
    const reply = () => {
      if (waiting === 0) return;
      waiting = 0;
      liveness.onReply();
    };
    reply();
    for (let wake = 1; wake <= 10; wake++) {
      at = wake * 60_000;
      for (const fn of intervals) fn();
      reply();
    }
    expect(sendRestart).not.toHaveBeenCalled();
    // the worker stops answering: the next wake sees the heartbeat of the one before unanswered for a minute
    at = 11 * 60_000;
    for (const fn of intervals) fn();
    at = 12 * 60_000;
    for (const fn of intervals) fn();
    expect(sendRestart).toHaveBeenCalledTimes(1);
  });
});
