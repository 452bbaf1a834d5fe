// How many static workers serve the public port (docs/decisions/037). Its own module, without
// imports of the app: the benchmark starts its node:http floor server with as many
// (scripts/bench/node-floor.ts).
import os from 'node:os';
import { numberSetting, numberSettingProblem } from './number-settings';

/** SERVE_WORKERS: how many static workers; unset: one per core; 0: one process serves everything. */
export function workerCount(value = process.env.SERVE_WORKERS): number {
  const env = { SERVE_WORKERS: value };
  const problem = numberSettingProblem('SERVE_WORKERS', env);
  if (problem) throw new Error(problem);
  return numberSetting('SERVE_WORKERS', os.availableParallelism(), env);
}
