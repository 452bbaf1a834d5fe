// One deploy to a target at a time, across processes: the server deploys after
// each publish, and a host may run `npm run deploy` beside it. The lock is a
// file beside the target's record naming the deploying process (pid-file.ts);
// one whose process is gone (a kill, a power cut) is stale and taken over.
import fs from 'node:fs';
import path from 'node:path';
import { DEPLOY_TEXTS as T } from '../../lib/deploy-texts';
import { holderName, keepFresh, removeOwnLock, takeLock } from '../pid-file';
import { DeployError } from './target';

/** The locks this process holds, with the stop of each one's heartbeat. */
const heldHere = new Map<string, () => void>();

/**
 * Takes the lock or throws a DeployError naming the process that deploys (the server's deploy is tried again
 * every 2 s, `npm run deploy` says so and waits). A lock with this process's id that it does not hold
 * is a killed process's: a container's server has the same id after each restart.
 */
export function holdTarget(lock: string): void {
  fs.mkdirSync(path.dirname(lock), { recursive: true });
  let holder;
  try {
    holder = takeLock(lock, !heldHere.has(lock));
  } catch (error) {
    throw new DeployError(T.unknown, { cause: error });
  }
  if (holder !== null) throw new DeployError(T.busy(holderName(holder)), { busy: true });
  // a deploy may take minutes: another container judges the lock by its heartbeat
  heldHere.set(lock, keepFresh(lock));
}

/** Gives the lock back (only this process's: a stale one taken over by another stays theirs). */
export function releaseTarget(lock: string): void {
  heldHere.get(lock)?.();
  heldHere.delete(lock);
  removeOwnLock(lock);
}
