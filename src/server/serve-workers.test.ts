import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { workerCount } from './serve-workers';

describe('SERVE_WORKERS', () => {
  it('is one static worker per core when unset, none (one process) at 0, and the number given otherwise', () => {
    expect(workerCount(undefined)).toBe(os.availableParallelism());
    expect(workerCount(' ')).toBe(os.availableParallelism());
    expect(workerCount('0')).toBe(0);
    expect(workerCount('3')).toBe(3);
  });

  it('refuses what is not a count, in German, naming the value', () => {
    for (const value of ['zwei', '-1', '1.5', '65']) {
      expect(() => workerCount(value)).toThrow(`SERVE_WORKERS: '${value}' ist keine Anzahl`);
    }
  });
});
