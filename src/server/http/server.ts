// The small Node server (node:http): published files for visitors, the Astro
// handler for the dynamic paths. No visitor request renders a public page.
import http from 'node:http';
import path from 'node:path';
import { MISSING_FILE_RULES, fileForUrl } from '../publish/routes';
import { FileCache, chooseEncoding, resolveInside, type CachedFile } from './static-files';

export type NodeHandler = (req: http.IncomingMessage, res: http.ServerResponse, next: (error?: unknown) => void) => unknown;

export type ServerOptions = {
  /** the built Astro handler (middleware mode) */
  handler: NodeHandler;
  siteDir: string;
  clientDir: string;
  uploadsDir: string;
  /** true when the database answers */
  healthy: () => boolean;
  /** trust X-Forwarded-For and -Proto from a proxy in front (nginx) */
  trustProxy?: boolean;
  log?: Pick<Console, 'info' | 'warn' | 'error'>;
};

/** Paths Astro answers: everything per user or per request. */
export const DYNAMIC_PREFIXES = ['/admin', '/auth', '/reset-password', '/api/', '/_actions/', '/_server-islands/'];

export function isDynamicPath(pathname: string): boolean {
  return DYNAMIC_PREFIXES.some((prefix) =>
    prefix.endsWith('/') ? pathname.startsWith(prefix) : pathname === prefix || pathname.startsWith(`${prefix}/`),
  );
}

const SECURITY_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'SAMEORIGIN',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
};

const HTML_CACHE = 'public, max-age=0, must-revalidate';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const SHORT_CACHE = 'public, max-age=3600, must-revalidate';

export function createServer(options: ServerOptions): http.Server {
  const log = options.log ?? console;
  const cache = new FileCache();
  const siteRoot = path.resolve(options.siteDir);
  const clientRoot = path.resolve(options.clientDir);
  const uploadsRoot = path.resolve(options.uploadsDir);

  const send = (
    req: http.IncomingMessage,
    res: http.ServerResponse,
    file: CachedFile,
    status: number,
    cacheControl: string,
  ) => {
    const headers: http.OutgoingHttpHeaders = {
      ...SECURITY_HEADERS,
      'content-type': file.type,
      'cache-control': cacheControl,
      etag: file.etag,
      vary: 'Accept-Encoding',
    };
    if (status === 200 && req.headers['if-none-match'] === file.etag) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    const encoding = chooseEncoding(req.headers['accept-encoding'], file);
    const body = encoding === 'br' ? file.br! : encoding === 'gzip' ? file.gzip! : file.identity;
    if (encoding !== 'identity') headers['content-encoding'] = encoding;
    headers['content-length'] = body.length;
    res.writeHead(status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  };

  const notFound = (req: http.IncomingMessage, res: http.ServerResponse, pathname: string) => {
    log.warn(`[404] ${pathname}`);
    const page = cache.get(path.join(siteRoot, '404.html'));
    if (page) return send(req, res, page, 404, HTML_CACHE);
    res.writeHead(404, { ...SECURITY_HEADERS, 'content-type': 'text/plain; charset=utf-8' });
    res.end('Oops! Page not found');
  };

  const serveStatic = (req: http.IncomingMessage, res: http.ServerResponse, pathname: string) => {
    // uploads: random names, never executed; nosniff keeps them images
    if (pathname.startsWith('/uploads/')) {
      const file = resolveInside(uploadsRoot, pathname.slice('/uploads/'.length));
      const hit = file && cache.get(file);
      return hit ? send(req, res, hit, 200, IMMUTABLE) : notFound(req, res, pathname);
    }
    // the build's own files: hashed assets forever, the rest briefly
    if (pathname !== '/') {
      const file = resolveInside(clientRoot, pathname.slice(1));
      const hit = file && cache.get(file);
      if (hit) {
        const cacheControl = pathname.startsWith('/_astro/') ? IMMUTABLE : pathname === '/sw.js' ? 'no-cache' : SHORT_CACHE;
        return send(req, res, hit, 200, cacheControl);
      }
    }
    let relative: string | null;
    try {
      relative = fileForUrl(pathname);
    } catch {
      relative = null;
    }
    const file = relative && resolveInside(siteRoot, relative);
    const hit = file && cache.get(file);
    if (hit) return send(req, res, hit, 200, pathname === '/cache-version.json' ? 'no-cache' : HTML_CACHE);
    for (const rule of MISSING_FILE_RULES) {
      if (!pathname.startsWith(rule.prefix)) continue;
      if (rule.redirect) {
        res.writeHead(302, { ...SECURITY_HEADERS, location: rule.redirect, 'cache-control': 'no-cache' });
        res.end();
        return;
      }
      if (rule.page) {
        const page = cache.get(path.join(siteRoot, fileForUrl(rule.page)));
        if (page) {
          log.warn(`[404] ${pathname}`);
          return send(req, res, page, 404, HTML_CACHE);
        }
      }
    }
    notFound(req, res, pathname);
  };

  return http.createServer((req, res) => {
    if (!options.trustProxy) {
      // a forged header must not choose the address that rate limits count
      delete req.headers['x-forwarded-for'];
      delete req.headers['x-forwarded-host'];
      delete req.headers['x-forwarded-proto'];
      delete req.headers['x-forwarded-port'];
    }
    let pathname: string;
    try {
      // prefixing (not resolving) keeps '//host/x' a path instead of a host
      pathname = decodeURIComponent(new URL(`http://localhost${req.url ?? '/'}`).pathname);
    } catch {
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Ungültige Adresse');
      return;
    }
    if (pathname === '/healthz') {
      const ok = options.healthy();
      res.writeHead(ok ? 200 : 503, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify({ ok }));
      return;
    }
    if (isDynamicPath(pathname)) {
      const next = (error?: unknown) => {
        if (error) log.error(`[server] ${req.method} ${pathname}:`, error);
        if (!res.headersSent) notFound(req, res, pathname);
      };
      Promise.resolve(options.handler(req, res, next)).catch(next);
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { ...SECURITY_HEADERS, allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' });
      res.end('Methode nicht erlaubt');
      return;
    }
    // a page asked for with a trailing slash has one address only
    if (pathname.length > 1 && pathname.endsWith('/')) {
      // leading slashes collapse too: '//evil.example/' must not become an off-site redirect
      const target = `/${pathname.replace(/^\/+/, '').replace(/\/+$/, '')}`;
      const search = new URL(`http://localhost${req.url ?? '/'}`).search;
      res.writeHead(301, { ...SECURITY_HEADERS, location: encodeURI(target) + search });
      res.end();
      return;
    }
    serveStatic(req, res, pathname);
  });
}
