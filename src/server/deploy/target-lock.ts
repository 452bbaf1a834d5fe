// One deploy to a target at a time, across processes: the server deploys after
// each publish, and a host may run `npm run deploy` beside it. The lock is a
// file beside the target's record holding the deploying process's id; one whose
// process is gone (a kill, a power cut) is stale and taken over.
import fs from 'node:fs';
import path from 'node:path';
import { DEPLOY_TEXTS as T } from '../../lib/deploy-texts';
import { processRuns } from '../data-lock';
import { DeployError } from './target';

/** The process that holds the lock, or null when none (or a stale one) does. */
function holder(lock: string): number | null {
  let text: string;
  try {
    text = fs.readFileSync(lock, 'utf8');
  } catch {
    return null;
  }
  const pid = Number.parseInt(text, 10);
  return Number.isInteger(pid) && pid > 0 && processRuns(pid) ? pid : null;
}

/** The locks this process holds. */
const heldHere = new Set<string>();

/**
 * Takes the lock or throws a DeployError naming the process that deploys (the server's deploy is tried again
 * after its back-off, `npm run deploy` says so and ends). A lock with this process's id that it does not hold
 * is a killed process's: a container's server has the same id after each restart.
 */
export function holdTarget(lock: string): void {
  fs.mkdirSync(path.dirname(lock), { recursive: true });
  for (let attempt = 0; ; attempt++) {
    try {
      // written whole under another name and linked into place: a link fails when the lock is there, so of two
      // deploys starting at once one gets it, and no one ever reads a lock without its process id
      const temp = `${lock}.${process.pid}-${Math.random().toString(36).slice(2, 8)}.tmp`;
      fs.writeFileSync(temp, `${process.pid}\n`, { mode: 0o600 });
      try {
        fs.linkSync(temp, lock);
      } finally {
        fs.rmSync(temp, { force: true });
      }
      heldHere.add(lock);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 3) throw error;
      const pid = holder(lock);
      if (pid !== null && (pid !== process.pid || heldHere.has(lock))) throw new DeployError(T.busy(pid), { busy: true });
      // stale: its process is gone, or it is this process's from before a restart
      fs.rmSync(lock, { force: true });
    }
  }
}

/** Gives the lock back (only this process's: a stale one taken over by another stays theirs). */
export function releaseTarget(lock: string): void {
  heldHere.delete(lock);
  try {
    if (Number.parseInt(fs.readFileSync(lock, 'utf8'), 10) === process.pid) fs.rmSync(lock, { force: true });
  } catch {
    // gone already
  }
}
