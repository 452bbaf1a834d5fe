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

/** Logs a listening server's later errors instead of ending the process: the listening socket stays. */
export function keepServing(server: Server, log: Pick<Console, 'error'>): void {
  server.on('error', (error: Error) => log.error(`[server] ${error.message}`));
}
