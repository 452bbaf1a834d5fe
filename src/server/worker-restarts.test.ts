import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { WorkerRestarts, restartDelay, type WatchedWorker } from './worker-restarts';

class FakeWorker extends EventEmitter implements WatchedWorker {
  dead = false;
  constructor(readonly process: { pid?: number }) {
    super();
  }
  isDead() {
    return this.dead;
  }
}

/** Restarts with a fork the test controls and timers it fires by hand. */
function setUp(forkFails: () => Error | null) {
  const timers: { ms: number; run: () => void }[] = [];
  const workers: FakeWorker[] = [];
  const live = new Set<FakeWorker>();
  const errors: string[] = [];
  let pid = 100;
  const restarts = new WorkerRestarts<FakeWorker>({
    fork: () => {
      const failure = forkFails();
      if (failure) throw failure;
      const worker = new FakeWorker({ pid: ++pid });
      workers.push(worker);
      live.add(worker);
      return worker;
    },
    stopping: () => false,
    ended: (worker) => live.delete(worker),
    log: { error: (line: string) => void errors.push(line) },
    setTimer: (run, ms) => timers.push({ ms, run }),
    stableMs: 60_000,
  });
  /** fires the oldest timer (a real one would fire in its time) */
  const fire = () => timers.shift()!.run();
  return { restarts, timers, workers, live, errors, fire };
}

describe('the static workers’ restarts', () => {
  it('a fork that throws when a crashed worker is replaced (out of memory) is tried again later, not thrown from the timer', () => {
    let failing = 0;
    const { restarts, timers, workers, live, errors, fire } = setUp(() => (failing-- > 0 ? new Error('spawn ENOMEM') : null));
    restarts.start();
    workers[0].emit('exit', null, 'SIGKILL');
    expect(live.size).toBe(0);
    failing = 2;
    // before: the fork's error was thrown in the timer's callback, which ended the owner and every worker.
    // Each try waited longer than the last: 250 ms, 500 ms, 1 s
    const waits: number[] = [];
    const fireNext = () => {
      waits.push(...timers.map((t) => t.ms));
      fire();
    };
    expect(() => fireNext()).not.toThrow();
    expect(() => fireNext()).not.toThrow();
    expect(live.size).toBe(0);
    fireNext();
    expect(live.size).toBe(1);
    expect(waits).toEqual([250, 500, 1000]);
    expect(timers).toEqual([]);
    expect(errors.filter((line) => line.includes('tried again'))).toHaveLength(2);
    console.info(`[figures] worker restarts: 3 tried, 2 forks refused, 0 thrown, ${live.size} worker serving`);
  });

  it('a worker whose process never started (an error, no exit: EAGAIN under a task limit) is replaced, once', () => {
    const { restarts, timers, workers, live, fire } = setUp(() => null);
    restarts.start();
    const first = workers[0];
    // an error of a live worker's channel only logs
    first.emit('error', new Error('channel closed'));
    expect(timers).toHaveLength(0);
    first.dead = true;
    first.emit('error', new Error('spawn EAGAIN'));
    expect(live.has(first)).toBe(false);
    // an exit after it does not replace it a second time
    first.emit('exit', null, null);
    expect(timers.map((t) => t.ms)).toEqual([250]);
    fire();
    expect(workers).toHaveLength(2);
    expect(live.size).toBe(1);
  });

  it('a worker that served a minute resets the wait: a crash a day later waits 250 ms again', () => {
    const { restarts, timers, workers, fire } = setUp(() => null);
    restarts.start();
    for (let crash = 0; crash < 5; crash++) {
      workers.at(-1)!.emit('exit', 1, null);
      fire();
    }
    expect(restartDelay(6)).toBe(8_000);
    const steady = workers.at(-1)!;
    steady.emit('listening');
    // the minute passes with the worker still serving
    expect(timers.map((t) => t.ms)).toEqual([60_000]);
    fire();
    steady.emit('exit', 1, null);
    expect(timers.map((t) => t.ms)).toEqual([250]);
  });
});
