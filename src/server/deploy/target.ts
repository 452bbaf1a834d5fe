// What every deploy target does (S3, rsync, CDN purge): bring one static host
// to the site's tree, in the order of a DeployPlan, and say what it did.
import type { LocalFile } from './tree';

export type DeployResult = { delivered: number; removed: number };

export interface DeployTarget {
  /** stable, secret-free: names the target's manifest and its line in the admin */
  readonly id: string;
  /** for people: 'S3 verein-site/www', 'rsync web@host:/var/www' */
  readonly label: string;
  /** runs only after every other target has the files (a CDN purge) */
  readonly afterOthers?: boolean;
  /**
   * `full`: `npm run deploy`, which checks everything instead of trusting the record of the last deploy;
   * `signal`: the server stops (ends the transfers under way, kills an rsync; what did not arrive goes next time)
   */
  deploy(tree: Map<string, LocalFile>, options?: DeployOptions): Promise<DeployResult>;
  /** drops what it remembers of its earlier deploys (the admin's 'Erneut übertragen': the host may have been changed by hand) */
  forget?(): void;
}

export type DeployOptions = { full?: boolean; signal?: AbortSignal };

/** A refusal from a target, with the German reason the admin sees. */
export class DeployError extends Error {
  /** the target is taken by another process's deploy (target-lock.ts): nothing failed, it is tried again */
  readonly busy: boolean;
  constructor(
    readonly reason: string,
    options?: { cause?: unknown; busy?: boolean },
  ) {
    super(reason, options);
    this.busy = options?.busy ?? false;
  }
}

/** Runs `work` over the items, at most `limit` at a time. */
export async function inParallel<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | null = null;
  // after a failure no item starts, and the call ends once those under way have: the workers of a
  // failed deploy took every other item still (a dead host: a connect timeout each) beside the retry's
  const worker = async () => {
    while (next < items.length && !failure) {
      try {
        await work(items[next++]);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure) throw (failure as { error: unknown }).error;
}
