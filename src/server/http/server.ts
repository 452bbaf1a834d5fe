// The small Node server (node:http) of one process: published files for
// visitors, the Astro handler for the dynamic paths (static-server.ts), and
// what only the process that publishes knows: its own publishes are served at
// once, and a signed-in admin's requests get the publisher ready.
import type http from 'node:http';
import { SESSION_COOKIE } from '../auth/session';
import { onFileChanged } from '../publish/files';
import { prewarmPublisher } from '../publish/notify';
import { createStaticServer, type StaticServerOptions } from './static-server';

export type { NodeHandler } from './static-server';

export type ServerOptions = Omit<StaticServerOptions, 'fileChanges' | 'onDynamic'>;

/** Requests of a signed-in admin at work: the publisher gets ready for their next save. */
function isAdminWork(pathname: string, cookie: string | undefined): boolean {
  if (!cookie?.includes(`${SESSION_COOKIE}=`)) return false;
  return pathname === '/admin' || pathname.startsWith('/admin/') || pathname.startsWith('/api/admin/') || pathname.startsWith('/_actions/admin.');
}

export function createServer(options: ServerOptions): http.Server {
  return createStaticServer({
    ...options,
    fileChanges: onFileChanged,
    onDynamic: (pathname, req) => {
      if (isAdminWork(pathname, req.headers.cookie)) prewarmPublisher();
    },
  });
}
