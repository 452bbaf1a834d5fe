// The static part of the Node server (node:http): published files, the build's
// files and uploads for visitors; a dynamic path goes to `handler` (the Astro
// handler in one process, the proxy to the owner in a static worker,
// docs/decisions/037). No visitor request renders a public page. Nothing here
// may import the database, drizzle or Astro: the static workers bundle this file.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { MISSING_FILE_RULES, fileForUrl } from './site-paths';
import { MISSING_FILE_NAMED } from '../../lib/missing-pages';
import type { Health } from '../health';
import { isTrustedPeer, resolveClientAddress, type TrustedProxies } from './proxy';
import { FILE_CSP, NO_STORE, securityHeaders } from './headers';
import { FileCache, chooseEncoding, resolveInside, type CachedFile, type Encoding } from './static-files';
import { HTML_CACHE, cacheControlFor } from './cache-policy';
import { PLAIN_PATH, openFastLane, type LaneRequest } from './fast-lane';

export type NodeHandler = (req: http.IncomingMessage, res: http.ServerResponse, next: (error?: unknown) => void) => unknown;

export type StaticServerOptions = {
  /** the built Astro handler (middleware mode), or the proxy to the owner in a static worker */
  handler: NodeHandler;
  siteDir: string;
  clientDir: string;
  /** the hashed files of earlier builds (src/server/deploy/earlier-builds.ts): a /_astro/ name the build lacks is answered from here */
  earlierBuildsDir?: string;
  uploadsDir: string;
  /** what /healthz answers (src/server/health.ts); without it /healthz goes to `handler` */
  health?: () => Health;
  /** the proxies in front (nginx) whose X-Forwarded-* headers count (TRUST_PROXY, src/server/http/proxy.ts) */
  trustedProxies?: TrustedProxies | null;
  /**
   * the owner's socket server: its only peers are the static workers, which set
   * X-Forwarded-For (and -Proto, -Host) from their own resolved address; they count as they come
   */
  forwardedByWorkers?: boolean;
  /** a dynamic answer gets the base headers here (false in a worker: the owner's answer has them, decision 015) */
  dynamicHeaders?: boolean;
  /** files changed by another process are seen within this many ms (this process's publishes at once) */
  revalidateMs?: number;
  /** the file cache (a worker brings its own, with its share of the memory) */
  cache?: FileCache;
  /** tells of files just replaced or removed (the publisher's announce, or the owner's message); returns the unsubscribe */
  fileChanges?: (listener: (file: string) => void) => () => void;
  /**
   * whether published files are answered by the fast lane (fast-lane.ts, decision 049); default
   * on, except for the owner's socket server (dynamic paths only); off gives node:http's answers alone
   */
  fastLane?: boolean;
  /** called before a dynamic path goes to `handler` */
  onDynamic?: (pathname: string, req: http.IncomingMessage) => void;
  log?: Pick<Console, 'info' | 'warn' | 'error'>;
};

/** Paths Astro answers: everything per user or per request. */
export const DYNAMIC_PREFIXES = ['/admin', '/auth', '/reset-password', '/api/', '/_actions/', '/_server-islands/'];

/** DYNAMIC_PREFIXES as one pattern: no closure and no string built per request. */
const DYNAMIC_PATH = /^\/(?:(?:admin|auth|reset-password)(?:\/|$)|(?:api|_actions|_server-islands)\/)/;

export function isDynamicPath(pathname: string): boolean {
  // most requests are for pages and assets: one character rules out every prefix
  const first = pathname.charCodeAt(1);
  // 'a' (admin, auth, api), 'r' (reset-password), '_' (_actions, _server-islands)
  if (first !== 97 && first !== 114 && first !== 95) return false;
  return DYNAMIC_PATH.test(pathname);
}

/** Over TLS, or from a trusted proxy that says so (untrusted X-Forwarded-Proto is gone by now). */
function isSecure(req: http.IncomingMessage): boolean {
  return (req.socket as { encrypted?: boolean }).encrypted === true || req.headers['x-forwarded-proto'] === 'https';
}

/** What every answer of this server carries (src/server/http/headers.ts), by whether it goes out over HTTPS. */
const BASE_HEADERS = {
  http: { ...securityHeaders(false), 'content-security-policy': FILE_CSP },
  https: { ...securityHeaders(true), 'content-security-policy': FILE_CSP },
};
export const baseHeaders = (req: http.IncomingMessage) => (isSecure(req) ? BASE_HEADERS.https : BASE_HEADERS.http);

/** The slots of CachedFile.headers: status × encoding × scheme. */
const STATUS_SLOT: Record<number, number | undefined> = { 200: 0, 304: 1, 404: 2 };
const ENCODING_SLOT: Record<Encoding, number> = { br: 0, gzip: 1, identity: 2 };

/**
 * Each encoding of a file is a representation of its own, with an ETag of its own (RFC 9110 §8.8.3): a
 * shared cache that revalidates its brotli copy for a client without brotli must not get a 304 for it.
 */
const ENCODING_TAG: Record<Encoding, string> = { br: '-br', gzip: '-gz', identity: '' };
const etagOf = (file: CachedFile, encoding: Encoding) => (encoding === 'identity' ? file.etag : `${file.etag.slice(0, -1)}${ENCODING_TAG[encoding]}"`);

/** If-None-Match against a representation's ETag: the weak comparison, a list, or '*' (RFC 9110 §13.1.2). */
export function noneMatchHits(header: string, etag: string): boolean {
  if (header === etag) return true;
  return header.split(',').some((part) => {
    const tag = part.trim();
    return tag === '*' || (tag.startsWith('W/') ? tag.slice(2) : tag) === etag;
  });
}

/** The longest path a memo keeps: the site's own are under 200 characters. */
const MEMO_KEY_LIMIT = 1024;

/**
 * A memo with a size bound: lookups that depend only on the path (which file a
 * path names, whether the build's folder has it) are computed once per path,
 * and a flood of made-up paths cannot grow it without limit. A path longer than
 * any of the site's is computed and not kept: 4,096 made-up paths of 16 KB (what a
 * request's head allows) kept about 190 MB in each worker.
 */
export class PathMemo<T> {
  private readonly map = new Map<string, T>();
  constructor(private readonly limit = 4096) {}
  get(key: string, compute: () => T): T {
    if (key.length > MEMO_KEY_LIMIT) return compute();
    const hit = this.map.get(key);
    if (hit !== undefined || this.map.has(key)) return hit as T;
    const value = compute();
    if (this.map.size >= this.limit) this.map.clear();
    this.map.set(key, value);
    return value;
  }
  /** How many paths it keeps (tests). */
  get size(): number {
    return this.map.size;
  }
}

/** Whether a file is there ('/favicon.svg/x' is none: ENOTDIR). */
function isFile(file: string): boolean {
  try {
    return fs.statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;
  } catch {
    return false;
  }
}

/** A path as the log writes it: quoted (a decoded line break writes no line of its own), and cut when long. */
function loggedPath(pathname: string): string {
  return JSON.stringify(pathname.length > 300 ? `${pathname.slice(0, 300)}…` : pathname);
}


export function createStaticServer(options: StaticServerOptions): http.Server {
  const log = options.log ?? console;
  const trustedProxies = options.trustedProxies ?? null;
  const cache = options.cache ?? new FileCache(undefined, options.revalidateMs);
  // what was just published is served at once
  const stopListening = options.fileChanges?.((file) => cache.invalidate(file)) ?? (() => undefined);
  const dynamicHeaders = options.dynamicHeaders ?? true;
  const siteRoot = path.resolve(options.siteDir);
  const clientRoot = path.resolve(options.clientDir);
  const uploadsRoot = path.resolve(options.uploadsDir);
  // only the kept folder's _astro/: its list of names (kept.json) beside it is no file of the site
  const earlierRoot = options.earlierBuildsDir ? path.resolve(options.earlierBuildsDir, '_astro') : null;

  // the build's own files do not change while the server runs (a new build means a restart)
  const clientFiles = new PathMemo<string | null>();
  // which published file a path names
  const siteFiles = new PathMemo<string | null | false>();
  // which kept file of an earlier build a /_astro/ path names (whether it is there is asked each time: they go after some days)
  const earlierFiles = new PathMemo<string | null>();

  /**
   * The response headers of a file, built once per status, encoding and scheme
   * into a slot of the file's array (no key string per request). A file's
   * Cache-Control is the same for each of its slots; a new one rebuilds the slot.
   */
  const headersFor = (file: CachedFile, secure: boolean, status: number, cacheControl: string, encoding: Encoding, length: number) => {
    const slot = (STATUS_SLOT[status] ?? 3) * 6 + ENCODING_SLOT[encoding] * 2 + (secure ? 1 : 0);
    let headers = file.headers[slot];
    if (!headers || headers['cache-control'] !== cacheControl) {
      headers = {
        ...(secure ? BASE_HEADERS.https : BASE_HEADERS.http),
        'content-type': file.type,
        'cache-control': cacheControl,
        etag: etagOf(file, encoding),
        vary: 'Accept-Encoding',
        ...(encoding === 'identity' || status === 304 ? {} : { 'content-encoding': encoding }),
        ...(status === 304 ? {} : { 'content-length': length }),
      };
      // a status without a slot of its own is not kept
      if (STATUS_SLOT[status] !== undefined) file.headers[slot] = headers;
    }
    return headers;
  };

  /** The answer with a file: 304 when the client has this version, else the encoding it takes best. */
  const reply = (file: CachedFile, secure: boolean, status: number, cacheControl: string, ifNoneMatch: string | undefined, acceptEncoding: string | undefined) => {
    const encoding = chooseEncoding(acceptEncoding, file);
    if (status === 200 && ifNoneMatch !== undefined && noneMatchHits(ifNoneMatch, etagOf(file, encoding))) {
      return { status: 304 as const, headers: headersFor(file, secure, 304, cacheControl, encoding, 0), body: null };
    }
    const body = encoding === 'br' ? file.br! : encoding === 'gzip' ? file.gzip! : file.identity;
    return { status, headers: headersFor(file, secure, status, cacheControl, encoding, body.length), body };
  };

  const send = (req: http.IncomingMessage, res: http.ServerResponse, file: CachedFile, status: number, cacheControl: string) => {
    const answer = reply(file, isSecure(req), status, cacheControl, req.headers['if-none-match'], req.headers['accept-encoding']);
    res.writeHead(answer.status, answer.headers);
    res.end(req.method === 'HEAD' || !answer.body ? undefined : answer.body);
  };

  const notFound = (req: http.IncomingMessage, res: http.ServerResponse, pathname: string) => {
    // quoted: a decoded line break in the path must not write a line of its own into the log
    log.warn(`[404] ${loggedPath(pathname)}`);
    const page = cache.get(path.join(siteRoot, '404.html'));
    if (page) return send(req, res, page, 404, HTML_CACHE);
    res.writeHead(404, { ...baseHeaders(req), 'content-type': 'text/plain; charset=utf-8' });
    res.end('Oops! Page not found');
  };

  /**
   * The file that answers a path with 200 and its Cache-Control; else 'missing' (a page
   * that is not there: the rules of MISSING_FILE_RULES apply) or 'not-found'.
   */
  const findFile = (pathname: string): { file: CachedFile; cacheControl: string } | 'missing' | 'not-found' => {
    // a hidden name anywhere (a dotfile, an atomic write's temp file) is never served, from any folder:
    // as nginx's `location ~ /\.` (uploads and the build's files were served before)
    // nor a whole-file write's temporary name ('x.js.4242-7.tmp', whole-file.ts): an upload's, a kept build file's
    if (pathname.includes('/.') || pathname.endsWith('.tmp')) return 'not-found';
    // the not-found page by its own address is not found either: a 200 was a page for crawlers, and nginx's 404
    if (pathname === '/404' || pathname === '/404.html') return 'not-found';
    // uploads: random names, never executed; nosniff keeps them images
    if (pathname.startsWith('/uploads/')) {
      const file = resolveInside(uploadsRoot, pathname.slice('/uploads/'.length));
      const hit = file && cache.get(file);
      return hit ? { file: hit, cacheControl: cacheControlFor('upload', pathname) } : 'not-found';
    }
    // the build's own files: hashed assets forever, the rest briefly
    if (pathname !== '/') {
      // kept by whether the file is there, not whether it could be read: a read that failed once (too many
      // open files) kept /sw.js a 404 in this worker until the memo was cleared
      const file = clientFiles.get(pathname, () => {
        const candidate = resolveInside(clientRoot, pathname.slice(1));
        return candidate && isFile(candidate) ? candidate : null;
      });
      const hit = file && cache.get(file);
      if (hit) return { file: hit, cacheControl: cacheControlFor('asset', pathname) };
      // a page of an earlier build (an open tab, a saved copy) names files the new build does not have
      if (earlierRoot && pathname.startsWith('/_astro/')) {
        const earlier = earlierFiles.get(pathname, () => resolveInside(earlierRoot, pathname.slice('/_astro/'.length)));
        const kept = earlier && cache.get(earlier);
        if (kept) return { file: kept, cacheControl: cacheControlFor('asset', pathname) };
      }
    }
    // false: a name that is never a page (a hidden or temporary file of an atomic write)
    const file = siteFiles.get(pathname, () => {
      try {
        return resolveInside(siteRoot, fileForUrl(pathname));
      } catch {
        return false;
      }
    });
    const hit = file && cache.get(file);
    if (hit) return { file: hit, cacheControl: cacheControlFor('page', pathname) };
    // not even redirected to its section: a left-over temp file's name must not answer 200 anywhere
    return file === false ? 'not-found' : 'missing';
  };

  const serveStatic = (req: http.IncomingMessage, res: http.ServerResponse, pathname: string) => {
    const found = findFile(pathname);
    if (typeof found === 'object') return send(req, res, found.file, 200, found.cacheControl);
    if (found === 'not-found') return notFound(req, res, pathname);
    // a missing file named with an extension (a deleted team's calendar) is a plain 404, not led to its section
    for (const rule of MISSING_FILE_NAMED.test(pathname) ? [] : MISSING_FILE_RULES) {
      if (!pathname.startsWith(rule.prefix)) continue;
      if (rule.redirect) {
        res.writeHead(302, { ...baseHeaders(req), location: rule.redirect, 'cache-control': 'no-cache' });
        res.end();
        return;
      }
      if (rule.page) {
        const page = cache.get(path.join(siteRoot, fileForUrl(rule.page)));
        if (page) {
          log.warn(`[404] ${loggedPath(pathname)}`);
          return send(req, res, page, 404, HTML_CACHE);
        }
      }
    }
    notFound(req, res, pathname);
  };

  const server = http.createServer((req, res) => {
    // a forged header must not choose the address that rate limits count
    if (!options.forwardedByWorkers) resolveClientAddress(req, trustedProxies);
    let pathname: string;
    const url = req.url ?? '/';
    if (PLAIN_PATH.test(url)) {
      // what the URL parser would answer, without parsing: nothing to decode or resolve
      pathname = url;
    } else {
      try {
        // prefixing (not resolving) keeps '//host/x' a path instead of a host
        pathname = decodeURIComponent(new URL(`http://localhost${url}`).pathname);
      } catch {
        res.writeHead(400, { ...baseHeaders(req), 'content-type': 'text/plain; charset=utf-8' });
        res.end('Ungültige Adresse');
        return;
      }
    }
    if (pathname === '/healthz' && options.health) {
      const health = options.health();
      res.writeHead(health.ok ? 200 : 503, { ...baseHeaders(req), 'content-type': 'application/json; charset=utf-8', 'cache-control': NO_STORE });
      res.end(JSON.stringify(health));
      return;
    }
    if (pathname === '/healthz' || isDynamicPath(pathname)) {
      options.onDynamic?.(pathname, req);
      const next = (error?: unknown) => {
        if (error) log.error(`[server] ${req.method} ${pathname}:`, error);
        if (!res.headersSent) notFound(req, res, pathname);
      };
      // the policy for answers Astro gives before our middleware runs (its origin check's 403, a
      // body it cannot read): what Astro's own response sets takes precedence over these
      if (dynamicHeaders) {
        for (const [name, value] of Object.entries(baseHeaders(req))) res.setHeader(name, value);
        res.setHeader('cache-control', NO_STORE);
      }
      Promise.resolve(options.handler(req, res, next)).catch(next);
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { ...baseHeaders(req), allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' });
      res.end('Methode nicht erlaubt');
      return;
    }
    // a page asked for with a trailing slash has one address only
    if (pathname.length > 1 && pathname.endsWith('/')) {
      // leading slashes collapse too: '//evil.example/' must not become an off-site redirect
      const target = `/${pathname.replace(/^\/+/, '').replace(/\/+$/, '')}`;
      const search = new URL(`http://localhost${req.url ?? '/'}`).search;
      res.writeHead(301, { ...baseHeaders(req), location: encodeURI(target) + search });
      res.end();
      return;
    }
    serveStatic(req, res, pathname);
  });
  if (options.fastLane ?? !options.forwardedByWorkers) {
    openFastLane(server, (request: LaneRequest) => {
      if (request.path === '/healthz' || isDynamicPath(request.path)) return null;
      const found = findFile(request.path);
      if (typeof found !== 'object') return null;
      // as isSecure after resolveClientAddress: the header counts only from a trusted proxy
      const secure =
        (request.socket as { encrypted?: boolean }).encrypted === true ||
        (request.forwardedProto === 'https' && trustedProxies !== null && isTrustedPeer(request.socket, trustedProxies));
      return reply(found.file, secure, 200, found.cacheControl, request.ifNoneMatch, request.acceptEncoding);
    });
  }
  server.on('close', stopListening);
  return server;
}
