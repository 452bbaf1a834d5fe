// Listening without an unheard 'error': a node:net server emits its errors (the port taken at the start, a
// failed accept later: EMFILE when the process is out of file handles) as events, and one nobody listens to
// is thrown where nothing catches it, ending the process (a review of the server's callbacks).
import type { Server } from 'node:net';

/** Listens on `port` and `host`, or on a unix socket path; rejects with the listen's error (EADDRINUSE, EACCES). */
export function listenOn(server: Server, where: { port: number; host?: string } | { path: string }, log: Pick<Console, 'error'>): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const failed = (error: Error) => reject(error);
    server.once('error', failed);
    const listening = () => {
      server.off('error', failed);
      keepServing(server, log);
      resolve();
    };
    if ('path' in where) server.listen(where.path, listening);
    else server.listen(where.port, where.host, listening);
  });
}

/** a listening server's error is logged at most once in this long (EMFILE comes with each failed accept) */
const ERROR_LOG_INTERVAL_MS = 60_000;

/**
 * Logs a listening server's later errors instead of ending the process (the owner: its database, its publish);
 * the listening socket stays. At most one line a minute, with the count of those not logged.
 */
export function keepServing(server: Server, log: Pick<Console, 'error'>, now: () => number = Date.now): void {
  let loggedAt = -Infinity;
  let unlogged = 0;
  server.on('error', (error: Error) => {
    if (now() - loggedAt < ERROR_LOG_INTERVAL_MS) return void unlogged++;
    log.error(`[server] ${error.message}${unlogged > 0 ? ` (${unlogged} more errors since the last line)` : ''}`);
    loggedAt = now();
    unlogged = 0;
  });
}
