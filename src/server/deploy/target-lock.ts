// One deploy to a target at a time, across processes: the server deploys after
// each publish, and a host may run `npm run deploy` beside it. The lock is a
// file beside the target's record holding the deploying process's id; one whose
// process is gone (a kill, a power cut) is stale and taken over.
import fs from 'node:fs';
import path from 'node:path';
import { DEPLOY_TEXTS as T } from '../../lib/deploy-texts';
import { createLock, removeOwnLock, runningHolder } from '../pid-file';
import { DeployError } from './target';

/** The locks this process holds. */
const heldHere = new Set<string>();

/**
 * Takes the lock or throws a DeployError naming the process that deploys (the server's deploy is tried again
 * every 2 s, `npm run deploy` says so and waits). A lock with this process's id that it does not hold
 * is a killed process's: a container's server has the same id after each restart.
 */
export function holdTarget(lock: string): void {
  fs.mkdirSync(path.dirname(lock), { recursive: true });
  // of two deploys starting at once, one gets it
  for (let attempt = 0; !createLock(lock); attempt++) {
    const pid = runningHolder(lock);
    if (pid !== null && (pid !== process.pid || heldHere.has(lock))) throw new DeployError(T.busy(pid), { busy: true });
    if (attempt >= 3) throw new DeployError(T.unknown);
    // stale: its process is gone, or it is this process's from before a restart
    fs.rmSync(lock, { force: true });
  }
  heldHere.add(lock);
}

/** Gives the lock back (only this process's: a stale one taken over by another stays theirs). */
export function releaseTarget(lock: string): void {
  heldHere.delete(lock);
  removeOwnLock(lock);
}
