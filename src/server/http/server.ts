// The small Node server (node:http) of one process: published files for
// visitors, the Astro handler for the dynamic paths (static-server.ts), and
// what only the process that publishes knows: its own publishes are served at
// once, and a signed-in admin's requests get the publisher ready.
import type http from 'node:http';
import zlib from 'node:zlib';
import compression from 'compression';
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

/**
 * The admin's content lists compressed (decision 063): a big club's news list is about 3 MB of JSON, the
 * media library's 1.8 MB, loaded again after each change, on an admin's phone. Lists of content only, no
 * answer with a secret (a second factor's key, recovery codes, a preview's token, sessions, users): a
 * compressed answer's size can tell a secret in it when an attacker can also put text into it (BREACH).
 * The admin's actions refuse other sites' requests (Astro's origin check) as well.
 */
const compressAdminAnswers = compression({
  // without a length from Astro the package compresses every answer it is given: the lists are large
  filter: () => true,
  level: 6,
  brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
});

const COMPRESSED_LISTS = /^\/_actions\/admin\.(?:news|media|matches|players|audit|inquiries|leagues|contacts|shop|sponsors|teams|youthTeams|pageContent)\.list\/?(?:\?|$)/;
const isContentList = (req: http.IncomingMessage) => COMPRESSED_LISTS.test(req.url ?? '');

export function createServer(options: ServerOptions): http.Server {
  const { handler } = options;
  return createStaticServer({
    ...options,
    handler: (req, res, next) =>
      isContentList(req)
        ? new Promise<void>((resolve, reject) => compressAdminAnswers(req, res, () => Promise.resolve(handler(req, res, next)).then(() => resolve(), reject)))
        : handler(req, res, next),
    fileChanges: onFileChanged,
    onDynamic: (pathname, req) => {
      if (isAdminWork(pathname, req.headers.cookie)) prewarmPublisher();
    },
  });
}
