// A static worker hands every dynamic path (admin, sign-in, actions, API,
// /healthz) to the owner process over its unix socket (docs/decisions/037).
// A small streaming proxy: the body goes through as it comes (uploads, event
// streams), duplicate headers (Set-Cookie) stay duplicates, the Host header is
// passed unchanged (Astro's origin check compares it with Origin), and a client
// that goes away ends the owner's request too (so an event stream stops).
// The address the worker resolved (decision 014) goes on as X-Forwarded-For;
// the owner trusts these headers from its socket only.
import http from 'node:http';
import { plainAddress } from './proxy';
import { baseHeaders } from './static-server';

/** Hop-by-hop headers (RFC 9110 §7.6.1) and ones this hop answers itself: never passed on. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'expect']);

/** /healthz answers within this, or the worker says the owner is not answering. */
const HEALTH_TIMEOUT_MS = 2_000;

/**
 * The owner's socket server closes a connection idle this long (app.ts sets it).
 * A worker drops its own idle ones sooner, so it does not send a request on a
 * connection the owner is closing at that moment; the retry below covers the rest.
 */
export const OWNER_KEEP_ALIVE_MS = 10_000;
const WORKER_IDLE_MS = OWNER_KEEP_ALIVE_MS / 2;

/** Safe to send again when they carry no body: the owner changes nothing for them. */
const RETRYABLE = new Set(['GET', 'HEAD']);
const hasBody = (req: http.IncomingMessage) => req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;

export type OwnerProxy = {
  handle: (req: http.IncomingMessage, res: http.ServerResponse) => void;
  /** closes the kept-alive connections to the owner */
  close: () => void;
};

const OWNER_DOWN = 'Der Server ist gerade nicht erreichbar. Bitte in einigen Sekunden erneut versuchen.';

function failed(req: http.IncomingMessage, res: http.ServerResponse, pathname: string, reason: string) {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const health = pathname === '/healthz';
  res.writeHead(health ? 503 : 502, {
    ...baseHeaders(req),
    'content-type': health ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'close',
  });
  res.end(health ? JSON.stringify({ ok: false, reason }) : OWNER_DOWN);
}

/** The headers as they came, in order, duplicates kept; minus this hop's own, plus what this worker resolved. */
function forwardedHeaders(req: http.IncomingMessage): string[] {
  const headers: string[] = [];
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i].toLowerCase();
    if (HOP_BY_HOP.has(name)) continue;
    // set below from what this worker resolved
    if (name === 'x-forwarded-for') continue;
    // the untrusted ones are gone from req.headers (resolveClientAddress): only what survived goes on
    if ((name === 'x-forwarded-host' || name === 'x-forwarded-proto' || name === 'x-forwarded-port' || name === 'forwarded') && req.headers[name] === undefined) continue;
    headers.push(raw[i], raw[i + 1]);
  }
  // resolveClientAddress left the visitor's address here when a trusted proxy named it; else it is the peer
  const client = req.headers['x-forwarded-for'] ?? plainAddress(req.socket.remoteAddress ?? '');
  headers.push('x-forwarded-for', Array.isArray(client) ? client[0] : client);
  if ((req.socket as { encrypted?: boolean }).encrypted) headers.push('x-forwarded-proto', 'https');
  // A body the visitor sent in chunks goes on in chunks. Without the header Node frames the body of a
  // GET, HEAD, DELETE or OPTIONS not at all: its bytes reached the owner as a request of their own,
  // with an X-Forwarded-For of the visitor's choosing (a chunked GET whose body is a second request).
  if (req.headers['transfer-encoding'] !== undefined && req.headers['content-length'] === undefined) headers.push('transfer-encoding', 'chunked');
  return headers;
}

export function createOwnerProxy(socketPath: string, log: Pick<Console, 'warn'> = console, idleMs = WORKER_IDLE_MS): OwnerProxy {
  // `timeout` ends a connection that sat idle in the pool (Node's agent destroys free sockets on it)
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity, timeout: idleMs });
  const handle = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const pathname = (req.url ?? '/').split('?')[0];
    const headers = forwardedHeaders(req);
    let upstream: http.ClientRequest;
    // the visitor went away before the answer was complete: the owner's request was ended for it, and its error is ours
    let clientGone = false;
    // `fresh`: once more on a new connection. A kept-alive one can still be closed by the owner
    // just as a request goes out on it; Node's documentation for agent.keepAlive recommends this retry.
    const send = (fresh: boolean) => {
      const request = http.request({ socketPath, agent: fresh ? false : agent, method: req.method, path: req.url, headers, setHost: false });
      upstream = request;
      let answered = false;
      request.on('response', (answer) => {
        answered = true;
        const out: string[] = [];
        const rawOut = answer.rawHeaders;
        for (let i = 0; i < rawOut.length; i += 2) {
          if (!HOP_BY_HOP.has(rawOut[i].toLowerCase())) out.push(rawOut[i], rawOut[i + 1]);
        }
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, out);
        // an event stream's first bytes go out at once
        if (String(answer.headers['content-type'] ?? '').startsWith('text/event-stream')) res.flushHeaders();
        answer.pipe(res);
        answer.on('error', () => res.destroy());
      });
      request.on('error', (error) => {
        if (clientGone) return;
        const code = (error as NodeJS.ErrnoException).code ?? error.message;
        // a body has gone into the failed request already: such a request is not sent again
        if (!answered && !fresh && request.reusedSocket && RETRYABLE.has(req.method ?? '') && !hasBody(req) && !res.destroyed) {
          log.warn(`[worker] ${req.method} ${pathname}: kept-alive connection to the owner closed (${code}), sent again`);
          send(true).end();
          return;
        }
        if (!answered) log.warn(`[worker] ${req.method} ${pathname}: owner not reachable (${code})`);
        failed(req, res, pathname, 'Server antwortet nicht');
      });
      if (pathname === '/healthz') {
        request.setTimeout(HEALTH_TIMEOUT_MS, () => {
          failed(req, res, pathname, 'Server antwortet nicht innerhalb von 2 Sekunden');
          request.destroy();
        });
      }
      return request;
    };
    req.pipe(send(false));
    // the client went away before the answer was complete: the owner's request ends too
    res.on('close', () => {
      if (res.writableFinished) return;
      clientGone = true;
      upstream.destroy();
    });
  };
  return { handle, close: () => agent.destroy() };
}
