// How many static workers serve the public port (docs/decisions/037). Its own module, without
// imports of the app: the benchmark starts its node:http floor server with as many
// (scripts/bench/node-floor.ts).
import os from 'node:os';

/** SERVE_WORKERS: how many static workers; unset: one per core; 0: one process serves everything. */
export function workerCount(value = process.env.SERVE_WORKERS): number {
  if (value === undefined || value.trim() === '') return os.availableParallelism();
  const count = Number(value);
  if (!Number.isInteger(count) || count < 0 || count > 64) {
    throw new Error(`SERVE_WORKERS: '${value}' ist keine Anzahl (0 = ein Prozess, leer = einer je Kern)`);
  }
  return count;
}
