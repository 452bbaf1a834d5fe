// A proxy in front of the site that sees what the service worker asks, in order:
// it can hold the cache version's answer back (a slow network) and answer a page
// once with a copy taken earlier (a page read just before a publish), or cut a
// request's connection (the network gone between two requests).
import http from 'node:http';
import { freePort } from '../../fixtures/port';

export type WatchingProxy = {
  /** the site through the proxy (the worker's origin) */
  url: string;
  /** each request's path, when it arrived (ms since the epoch), and whether the browser asked it while the worker started (navigation preload) */
  requests: { path: string; at: number; preload: boolean }[];
  /** holds /cache-version.json answers until `releaseVersion` (or 10 s) */
  holdVersion: () => void;
  releaseVersion: () => void;
  /** the next request for `path` gets the page as it is now, whatever the site has then */
  answerOnceAsNow: (path: string) => Promise<void>;
  /** the `nth` request for `path` from now on (1: the next) is answered `ms` late */
  delay: (path: string, nth: number, ms: number) => void;
  /** from the `nth` request for `path` on (1: the next), each gets no answer (the browser retries a cut one) until `uncut` */
  cut: (path: string, nth: number) => void;
  uncut: (path: string) => void;
  /** the `nth` request for `path` from now on (1: the next) is answered 503 (a server that restarts) */
  failWith503: (path: string, nth: number) => void;
  close: () => Promise<void>;
};

type Copy = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

export async function startWatchingProxy(target: string): Promise<WatchingProxy> {
  const requests: WatchingProxy['requests'] = [];
  const copies = new Map<string, Copy>();
  let held: Promise<void> | null = null;
  let release = () => undefined as void;
  const delays = new Map<string, { nth: number; ms: number }>();
  const cuts = new Map<string, { nth: number }>();
  const failures = new Map<string, { nth: number }>();

  const forward = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const upstream = http.request(`${target}${req.url}`, { method: req.method, headers: { ...req.headers, host: new URL(target).host } }, (upstreamAnswer) => {
      res.writeHead(upstreamAnswer.statusCode ?? 502, upstreamAnswer.headers);
      upstreamAnswer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  };

  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://proxy').pathname;
    requests.push({ path, at: Date.now(), preload: req.headers['service-worker-navigation-preload'] !== undefined });
    const failure = failures.get(path);
    if (failure && --failure.nth === 0) {
      failures.delete(path);
      res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '5' }).end('Der Server startet neu.');
      return;
    }
    const cut = cuts.get(path);
    // counted when it arrives; a request both delayed and cut is cut once its delay is over
    const answerOrCut = cut && --cut.nth <= 0 ? () => req.socket.destroy() : () => answer(req, res, path);
    const delay = delays.get(path);
    if (delay && --delay.nth === 0) {
      delays.delete(path);
      setTimeout(answerOrCut, delay.ms);
      return;
    }
    answerOrCut();
  });

  const answer = (req: http.IncomingMessage, res: http.ServerResponse, path: string) => {
    const copy = copies.get(path);
    if (copy) {
      copies.delete(path);
      res.writeHead(copy.status, copy.headers);
      res.end(copy.body);
      return;
    }
    if (path === '/cache-version.json' && held) {
      void held.then(() => forward(req, res));
      return;
    }
    forward(req, res);
  };
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));

  return {
    url: `http://localhost:${port}`,
    requests,
    holdVersion: () => {
      held = new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 10_000);
        release = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    },
    releaseVersion: () => {
      release();
      held = null;
    },
    delay: (path, nth, ms) => void delays.set(path, { nth, ms }),
    cut: (path, nth) => void cuts.set(path, { nth }),
    uncut: (path) => void cuts.delete(path),
    failWith503: (path, nth) => void failures.set(path, { nth }),
    answerOnceAsNow: async (path) => {
      const answer = await fetch(`${target}${path}`, { headers: { 'accept-encoding': 'identity' } });
      const headers: http.IncomingHttpHeaders = {};
      answer.headers.forEach((value, name) => {
        if (!['content-encoding', 'content-length', 'transfer-encoding', 'connection'].includes(name)) headers[name] = value;
      });
      copies.set(path, { status: answer.status, headers, body: Buffer.from(await answer.arrayBuffer()) });
    },
    close: () =>
      new Promise<void>((resolve) => {
        release();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
