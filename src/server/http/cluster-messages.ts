// What the owner (the cluster's primary) and its static workers tell each other
// over cluster IPC, and the environment a worker is started with
// (docs/decisions/037). Dependency-free: both sides import it.

export type OwnerMessage =
  /** files just replaced or removed (absolute paths): forget them, then answer 'invalidated' */
  | { type: 'invalidate'; id: number; files: string[] }
  /** a stop has begun: every answer from now on closes its connection (the listener stays) */
  | { type: 'stop' }
  /** how many connections have you been handed so far? (answered in order after every earlier handoff) */
  | { type: 'sync'; id: number }
  /** graceful stop: close the listener, answer what is in flight, then exit 0 */
  | { type: 'drain' };

export type WorkerMessage = { type: 'invalidated'; id: number } | { type: 'synced'; id: number; accepted: number };

export const WORKER_ENV = {
  /** the owner's unix socket */
  socket: 'ANSTOSS_OWNER_SOCKET',
  /** this worker's share of the file cache, in bytes */
  cacheBytes: 'ANSTOSS_WORKER_CACHE_BYTES',
} as const;
