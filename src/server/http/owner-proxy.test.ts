// The static worker's proxy to the owner (docs/decisions/037): what the owner
// answers reaches the visitor unchanged (duplicate cookies, streams, HEAD,
// 304), the owner sees the Host the browser sent and the address the worker
// resolved, a visitor who leaves ends the owner's request, and an owner that
// is down gives a clear answer instead of a hang.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOwnerProxy, OWNER_KEEP_ALIVE_MS, type OwnerProxy } from './owner-proxy';
import { parseTrustProxy } from './proxy';
import { createStaticServer } from './static-server';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
let root: string;
let socketPath: string;
let owner: http.Server;
let worker: http.Server;
let proxy: OwnerProxy;
let base: string;
/** what the owner saw of each request */
let seen: { url: string; headers: http.IncomingHttpHeaders; body: string; closedEarly: boolean }[];

function listen(server: http.Server, where: string | number) {
  return new Promise<void>((resolve) => (typeof where === 'string' ? server.listen(where, resolve) : server.listen(where, '127.0.0.1', resolve)));
}

async function startWorker(trustProxy = '', log: Pick<Console, 'warn'> = quiet, idleMs?: number) {
  proxy = createOwnerProxy(socketPath, log, idleMs);
  worker = createStaticServer({
    handler: proxy.handle,
    siteDir: path.join(root, 'site'),
    clientDir: path.join(root, 'client'),
    uploadsDir: path.join(root, 'uploads'),
    trustedProxies: parseTrustProxy(trustProxy),
    dynamicHeaders: false,
    log: quiet,
  });
  await listen(worker, 0);
  base = `http://127.0.0.1:${(worker.address() as { port: number }).port}`;
}

beforeEach(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-proxy-'));
  fs.mkdirSync(path.join(root, 'site'));
  fs.writeFileSync(path.join(root, 'site', 'index.html'), 'Start');
  socketPath = path.join(root, 'owner.sock');
  seen = [];
  const knownConnections = new WeakSet<object>();
  owner = http.createServer((req, res) => {
    // the owner closing a kept-alive connection just as the worker sends on it
    if (req.url === '/admin/closed-under-it' && knownConnections.has(req.socket)) {
      req.socket.destroy();
      return;
    }
    knownConnections.add(req.socket);
    const entry = { url: req.url ?? '', headers: req.headers, body: '', closedEarly: false };
    seen.push(entry);
    req.on('data', (chunk) => (entry.body += chunk));
    res.on('close', () => (entry.closedEarly = !res.writableFinished));
    req.on('end', () => {
      if (req.url === '/api/admin/events') {
        res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store' });
        res.write('retry: 2000\n\n');
        return;
      }
      // an answer that takes long: the visitor may leave before it
      if (req.url === '/admin/slow') return;
      if (req.url === '/admin/etag') {
        if (req.headers['if-none-match'] === '"v1"') res.writeHead(304, { etag: '"v1"' }).end();
        else res.writeHead(200, { etag: '"v1"', 'content-type': 'text/plain' }).end('Inhalt');
        return;
      }
      res.setHeader('set-cookie', ['anstoss_session=abc; HttpOnly', 'anstoss_in=1']);
      res.setHeader('x-frame-options', 'DENY');
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(req.method === 'HEAD' ? undefined : `Owner ${req.method} ${req.url}`);
    });
  });
  await listen(owner, socketPath);
  await startWorker();
});

afterEach(async () => {
  proxy.close();
  worker.closeAllConnections();
  owner.closeAllConnections();
  await Promise.all([new Promise((r) => worker.close(r)), new Promise((r) => owner.close(r))]);
  fs.rmSync(root, { recursive: true, force: true });
});

const until = async (check: () => boolean) => {
  for (let i = 0; i < 400 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
};

describe('owner proxy', () => {
  it("passes the owner's answer as it is: duplicate Set-Cookie, its own headers, no second set from the worker", async () => {
    const res = await fetch(`${base}/admin`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('Owner GET /admin');
    expect(res.headers.getSetCookie()).toEqual(['anstoss_session=abc; HttpOnly', 'anstoss_in=1']);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    // the worker adds no policy of its own to a proxied answer (decision 015: each header once)
    expect(res.headers.get('content-security-policy')).toBeNull();
  });

  it('sends the Host unchanged and the address the worker resolved; a forged X-Forwarded-For does not get through', async () => {
    // fetch may not set Host: a plain request, as a browser behind a DNS name sends it
    await new Promise<void>((resolve, reject) => {
      const req = http.request(`${base}/_actions/admin.news.create`, {
        method: 'POST',
        headers: { host: 'verein.example', 'x-forwarded-for': '6.6.6.6', 'x-forwarded-proto': 'https', origin: 'http://verein.example', 'content-type': 'application/json' },
      });
      req.on('response', (res) => res.resume().on('end', resolve));
      req.on('error', reject);
      req.end(JSON.stringify({ title: 'Grüße' }));
    });
    const [request] = seen;
    expect(request.headers.host).toBe('verein.example');
    expect(request.headers.origin).toBe('http://verein.example');
    expect(request.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(request.headers['x-forwarded-proto']).toBeUndefined();
    expect(request.body).toBe('{"title":"Grüße"}');
  });

  it('a body sent in chunks reaches the owner as the body of that request: never as a second request with an address of its own', async () => {
    const net = await import('node:net');
    const smuggled = 'GET /api/smuggled HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: 6.6.6.6\r\n\r\n';
    for (const method of ['GET', 'DELETE', 'OPTIONS', 'POST']) {
      seen = [];
      const port = Number(new URL(base).port);
      const socket = net.connect(port, '127.0.0.1');
      socket.write(`${method} /api/first HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n${smuggled.length.toString(16)}\r\n${smuggled}\r\n0\r\n\r\n`);
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk));
      await until(() => answer.includes(`Owner ${method} /api/first`));
      // the owner had time to read anything else the connection carried
      await new Promise((r) => setTimeout(r, 100));
      socket.destroy();
      expect(seen.map((request) => request.url), method).toEqual(['/api/first']);
      expect(seen[0].body, method).toBe(smuggled);
      expect(seen[0].headers['x-forwarded-for'], method).toBe('127.0.0.1');
    }
  });

  it('behind a trusted proxy: the visitor it names, and its X-Forwarded-Proto', async () => {
    await new Promise((r) => worker.close(r));
    proxy.close();
    await startWorker('127.0.0.1');
    await fetch(`${base}/auth/login`, { headers: { 'x-forwarded-for': '6.6.6.6, 203.0.113.9', 'x-forwarded-proto': 'https' } });
    expect(seen[0].headers['x-forwarded-for']).toBe('203.0.113.9');
    expect(seen[0].headers['x-forwarded-proto']).toBe('https');
  });

  it('HEAD and 304 answers come through without a body', async () => {
    const head = await fetch(`${base}/admin`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const cached = await fetch(`${base}/admin/etag`, { headers: { 'if-none-match': '"v1"' } });
    expect(cached.status).toBe(304);
  });

  it('streams an event stream as it comes, and a visitor who leaves ends the owner request', async () => {
    const controller = new AbortController();
    const res = await fetch(`${base}/api/admin/events`, { signal: controller.signal });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe('retry: 2000\n\n');
    controller.abort();
    await until(() => seen[0]?.closedEarly === true);
  });

  it('a visitor who leaves before the answer: the owner request ends, and nothing says the owner was not reachable', async () => {
    const warnings: string[] = [];
    proxy.close();
    await new Promise((r) => worker.close(r));
    await startWorker('', { warn: (line: string) => warnings.push(line) });
    const controller = new AbortController();
    const asked = fetch(`${base}/admin/slow`, { signal: controller.signal }).catch(() => 'left');
    await until(() => seen.length === 1);
    controller.abort();
    expect(await asked).toBe('left');
    await until(() => seen[0].closedEarly);
    await new Promise((r) => setTimeout(r, 50));
    expect(warnings).toEqual([]);
  });

  it('an owner that is down: a German 502 for pages, a 503 with a reason for /healthz', async () => {
    owner.closeAllConnections();
    await new Promise((r) => owner.close(r));
    const page = await fetch(`${base}/admin`);
    expect(page.status).toBe(502);
    expect(await page.text()).toContain('nicht erreichbar');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ ok: false });
  });

  it('a kept-alive connection the owner closes under a GET: sent once more on a new one; never a POST', async () => {
    const warnings: string[] = [];
    proxy.close();
    worker.closeAllConnections();
    await new Promise((r) => worker.close(r));
    await startWorker('', { warn: (line: string) => warnings.push(line) });
    expect((await fetch(`${base}/admin`)).status).toBe(200);
    const page = await fetch(`${base}/admin/closed-under-it`);
    expect(page.status).toBe(200);
    expect(await page.text()).toBe('Owner GET /admin/closed-under-it');
    expect(warnings.join('\n')).toMatch(/GET \/admin\/closed-under-it: kept-alive connection to the owner closed \(\w+.*\), sent again/);
    // a POST may have reached the owner: it is not sent twice, the visitor is told
    expect((await fetch(`${base}/admin`)).status).toBe(200);
    const post = await fetch(`${base}/admin/closed-under-it`, { method: 'POST', body: 'x=1' });
    expect(post.status).toBe(502);
    expect(await post.text()).toContain('nicht erreichbar');
    expect(seen.filter((entry) => entry.url === '/admin/closed-under-it')).toHaveLength(1);
    // nor a GET that carried a body: the body went into the failed request
    expect((await fetch(`${base}/admin`)).status).toBe(200);
    const withBody = await new Promise<number>((resolve, reject) => {
      const request = http.request(`${base}/admin/closed-under-it`, { method: 'GET', headers: { 'content-length': '3' } }, (answer) => {
        answer.resume();
        resolve(answer.statusCode ?? 0);
      });
      request.on('error', reject);
      request.end('x=1');
    });
    expect(withBody).toBe(502);
    expect(seen.filter((entry) => entry.url === '/admin/closed-under-it')).toHaveLength(1);
  });

  it('a worker closes a connection to the owner that sat idle, before the owner would', async () => {
    expect(OWNER_KEEP_ALIVE_MS).toBeGreaterThan(5_000);
    proxy.close();
    worker.closeAllConnections();
    await new Promise((r) => worker.close(r));
    await startWorker('', quiet, 150);
    let closedAt = 0;
    owner.once('connection', (socket) => socket.on('close', () => (closedAt = Date.now())));
    const answeredAt = Date.now();
    expect((await fetch(`${base}/admin`)).status).toBe(200);
    await until(() => closedAt > 0);
    expect(closedAt - answeredAt).toBeGreaterThanOrEqual(140);
    // a later request opens a new one and is answered
    expect((await fetch(`${base}/admin`)).status).toBe(200);
  });

  it('published files are the worker\'s own: the owner never sees them', async () => {
    expect(await (await fetch(`${base}/`)).text()).toBe('Start');
    expect(seen).toEqual([]);
  });
});
