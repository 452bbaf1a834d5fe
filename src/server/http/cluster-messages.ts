// What the owner (the cluster's primary) and its static workers tell each other
// over cluster IPC, and the environment a worker is started with
// (docs/decisions/037). Dependency-free: both sides import it.

export type OwnerMessage =
  /** files just replaced or removed (absolute paths): forget them, then answer 'invalidated' */
  | { type: 'invalidate'; id: number; files: string[] }
  /** graceful stop: close the listener, answer what is in flight, then exit 0 */
  | { type: 'drain' };

export type WorkerMessage = { type: 'invalidated'; id: number };

export const WORKER_ENV = {
  /** the owner's unix socket */
  socket: 'ANSTOSS_OWNER_SOCKET',
  /** this worker's share of the file cache, in bytes */
  cacheBytes: 'ANSTOSS_WORKER_CACHE_BYTES',
} as const;
