// The fast lane (fast-lane.ts, decision 049) must answer exactly as node:http
// does, byte for byte apart from the Date line, and must hand every request it
// is not sure of to node:http. Each case goes to two servers over the same
// folder: one with the lane, one without. A count of node:http's 'request'
// events shows which of them answered.
import crypto from 'node:crypto';
import fs from 'node:fs';
import type http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fastLaneAnswers, setLaneSendTimeout } from './fast-lane';
import { parseTrustProxy } from './proxy';
import { drainServer, trackRequests } from './shutdown';
import { PathMemo, createStaticServer } from './static-server';

let root: string;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

type Running = { server: http.Server; port: number; nodeRequests: number };
const servers: Running[] = [];

async function start(fastLane: boolean, trustProxy = ''): Promise<Running> {
  const server = createStaticServer({
    handler: (req, res) => {
      res.setHeader('content-type', 'text/plain; charset=utf-8');
      res.end(`dynamisch ${req.method} ${req.url}`);
    },
    siteDir: path.join(root, 'site'),
    clientDir: path.join(root, 'client'),
    uploadsDir: path.join(root, 'uploads'),
    health: () => ({ ok: true }),
    trustedProxies: parseTrustProxy(trustProxy),
    log: quiet,
    fastLane,
  });
  const running: Running = { server, port: 0, nodeRequests: 0 };
  server.on('request', () => (running.nodeRequests += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  running.port = (server.address() as net.AddressInfo).port;
  servers.push(running);
  return running;
}

/** Sends the bytes (in pieces, `pauseMs` apart), closes its side, and returns all the server sent. */
function exchange(port: number, pieces: (string | Buffer)[], pauseMs = 30): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    socket.on('data', (chunk) => received.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(received).toString('latin1')));
    socket.on('connect', async () => {
      for (const [i, piece] of pieces.entries()) {
        if (i > 0) await new Promise((r) => setTimeout(r, pauseMs));
        socket.write(piece);
      }
      // node:http answers what it has, then closes (allowHalfOpen); so does the lane
      setTimeout(() => socket.end(), pauseMs);
    });
  });
}

const BAD_REQUEST = 'HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n';
const withoutDate = (text: string) => text.replace(/\r\nDate: [^\r]*/g, '\r\nDate: -');

let lane: Running;
let plain: Running;
let etag: string;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-lane-'));
  const write = (rel: string, body: string | Buffer) => {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), body);
  };
  write('site/index.html', `<!doctype html><title>Start</title>${'<p>Willkommen beim Verein</p>'.repeat(100)}`);
  write('site/404.html', 'Seite nicht gefunden');
  write('site/news/index.html', `<h1>News</h1>${'<article>Bericht</article>'.repeat(80)}`);
  write('client/favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
  write('client/_astro/app.0a1b2c3d.js', `console.log(${JSON.stringify('x'.repeat(2000))});`);
  write('uploads/bild.webp', Buffer.from('RIFF0000WEBPVP8 '));
  lane = await start(true);
  plain = await start(false);
  const first = await exchange(lane.port, ['GET / HTTP/1.1\r\nHost: a\r\n\r\n']);
  etag = /\r\netag: ([^\r]+)/.exec(first)![1];
});

afterAll(async () => {
  for (const { server } of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  fs.rmSync(root, { recursive: true, force: true });
});

/** Both servers' answers to the same bytes, and how many requests node:http answered on the lane's server. */
async function both(pieces: (string | Buffer)[], servers: [Running, Running] = [lane, plain]) {
  const before = servers[0].nodeRequests;
  const laneBefore = fastLaneAnswers(servers[0].server);
  const fast = await exchange(servers[0].port, pieces);
  const slow = await exchange(servers[1].port, pieces);
  return {
    fast: withoutDate(fast),
    slow: withoutDate(slow),
    handedOver: servers[0].nodeRequests - before,
    byLane: fastLaneAnswers(servers[0].server) - laneBefore,
  };
}

const get = (target: string, headers = 'Host: verein.example\r\nAccept-Encoding: br, gzip\r\n') => `GET ${target} HTTP/1.1\r\n${headers}\r\n`;

describe('the fast lane answers plain requests for published files as node:http does', () => {
  const answered: [string, string][] = [
    ['a page in brotli', get('/')],
    ['a page without compression', get('/news', 'Host: a\r\n')],
    ['a page in gzip', get('/news', 'host: a\r\naccept-encoding: gzip\r\n')],
    ['a HEAD', 'HEAD / HTTP/1.1\r\nHost: a\r\nAccept-Encoding: br\r\n\r\n'],
    ['the build\'s file', get('/favicon.svg')],
    ['a hashed asset', get('/_astro/app.0a1b2c3d.js')],
    ['an upload', get('/uploads/bild.webp')],
    ['a browser\'s request', get('/news', 'Host: verein.example\r\nConnection: keep-alive\r\nUser-Agent: Mozilla/5.0 (Linux; Android 14)\r\nAccept: text/html,*/*;q=0.8\r\nAccept-Language: de-AT,de;q=0.9\r\nAccept-Encoding: gzip, deflate, br, zstd\r\nCookie: consent=1\r\nSec-Fetch-Mode: navigate\r\n')],
    ['three requests in one piece', get('/') + get('/news') + get('/favicon.svg')],
    ['white space around values', get('/', 'Host:   a  \r\nAccept-Encoding:\tbr \r\n')],
    ['an untrusted X-Forwarded-Proto', get('/', 'Host: a\r\nX-Forwarded-Proto: https\r\n')],
  ];
  for (const [name, request] of answered) {
    it(name, async () => {
      const { fast, slow, handedOver } = await both([request]);
      expect(fast).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      expect(fast).toBe(slow);
      expect(handedOver).toBe(0);
    });
  }

  it('304 for the version the client has', async () => {
    const { fast, slow, handedOver } = await both([get('/', `Host: a\r\nIf-None-Match: ${etag}\r\n`)]);
    expect(fast).toMatch(/^HTTP\/1\.1 304 Not Modified\r\n/);
    expect(fast).toBe(slow);
    expect(handedOver).toBe(0);
  });

  it('X-Forwarded-Proto from a trusted proxy: the HTTPS headers', async () => {
    const pair: [Running, Running] = [await start(true, '127.0.0.1'), await start(false, '127.0.0.1')];
    const { fast, slow, handedOver } = await both([get('/', 'Host: a\r\nX-Forwarded-Proto: https\r\nX-Forwarded-For: 203.0.113.9\r\n')], pair);
    expect(fast).toMatch(/strict-transport-security/i);
    expect(fast).toBe(slow);
    expect(handedOver).toBe(0);
  });
});

describe('the fast lane hands to node:http what it is not sure of', () => {
  const handed: [string, (string | Buffer)[]][] = [
    ['a query', [get('/?utm_source=x')]],
    ['an escaped path', [get('/%6Eews')]],
    ['a dot segment', [get('/news/../favicon.svg')]],
    ['a trailing slash', [get('/news/')]],
    ['a missing page', [get('/news/gibt-es-nicht')]],
    ['a dynamic path', [get('/admin')]],
    ['the health check', [get('/healthz')]],
    ['a POST with a body', ['POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nhallo']],
    ['HTTP/1.0', ['GET / HTTP/1.0\r\nHost: a\r\n\r\n']],
    ['no Host', ['GET / HTTP/1.1\r\nAccept: */*\r\n\r\n']],
    ['two Hosts', [get('/', 'Host: a\r\nHost: b\r\n')]],
    ['two Accept-Encodings', [get('/', 'Host: a\r\nAccept-Encoding: br\r\nAccept-Encoding: gzip\r\n')]],
    ['Connection: close', [get('/', 'Host: a\r\nConnection: close\r\n')]],
    ['an upgrade', [get('/', 'Host: a\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n')]],
    ['a GET with Content-Length', [get('/', 'Host: a\r\nContent-Length: 0\r\n')]],
    ['a smuggled request in a chunked GET', [`${get('/', 'Host: a\r\nTransfer-Encoding: chunked\r\n')}0\r\n\r\nGET /admin HTTP/1.1\r\nHost: a\r\n\r\n`]],
    ['Expect: 100-continue', [get('/', 'Host: a\r\nExpect: 100-continue\r\n')]],
    ['a folded header', [get('/', 'Host: a\r\nX-Long: eins\r\n zwei\r\n')]],
    ['a bare LF', ['GET / HTTP/1.1\nHost: a\n\n']],
    ['a NUL in a header', [get('/', 'Host: a\r\nX-Bad: a\u0000b\r\n')]],
    ['a byte beyond ASCII', [Buffer.from(get('/', 'Host: a\r\nX-Name: Grüß Gott\r\n'), 'utf8')]],
    ['a space before the colon', [get('/', 'Host : a\r\n')]],
    ['a head too large for the lane', [get('/', `Host: a\r\nCookie: ${'x'.repeat(9000)}\r\n`)]],
    ['a head in two pieces', ['GET / HTTP/1.1\r\nHo', 'st: a\r\n\r\n']],
    ['more header lines than the lane reads', [get('/', `Host: a\r\n${'X-Eins: 1\r\n'.repeat(120)}`)]],
    ['garbage', ['\u0016\u0003\u0001\u0002\u0000\u0001\u0000\u01fc\u0003\u0003']],
  ];
  for (const [name, pieces] of handed) {
    it(name, async () => {
      const { fast, slow, handedOver } = await both(pieces);
      expect(fast).toBe(slow);
      // node:http answered it (or refused it before a request: a 400 is no 'request' event)
      expect(handedOver > 0 || !/^HTTP\/1\.1 [23]/.test(fast)).toBe(true);
    });
  }

  it('after a handed request, the rest of the connection is node:http\'s, in order', async () => {
    const { fast, slow, handedOver } = await both([get('/') + get('/?a=1') + get('/news'), get('/favicon.svg')]);
    expect(fast.match(/HTTP\/1\.1 200 OK/g)).toHaveLength(4);
    expect(fast).toBe(slow);
    expect(handedOver).toBe(3);
  });

  it('a long pipeline in one write, handed over in the middle: every answer, in order', async () => {
    const pipeline = get('/news').repeat(150) + get('/?mitte') + get('/news').repeat(150);
    const { fast, slow, handedOver, byLane } = await both([pipeline]);
    expect(fast.match(/HTTP\/1\.1 200 OK/g)).toHaveLength(301);
    expect(fast).toBe(slow);
    expect(handedOver).toBe(151);
    // the count a worker tells at its stop: the 150 before the hand-over, none after
    expect(byLane).toBe(150);
  });

  it('a thousand mutated requests: the same answers from both', async () => {
    // a seeded generator: the same cases in every run
    let seed = 16;
    const next = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
    const alphabet = ['\r', '\n', ' ', '\t', ':', '/', '?', '%', '.', '\u0000', 'é', 'a', 'Z', '0', '-', '\r\n', 'Transfer-Encoding: chunked\r\n'];
    const base = get('/news', 'Host: a\r\nAccept-Encoding: br\r\nIf-None-Match: "x"\r\n');
    let laneAnswered = 0;
    let refusedAfterAnswer = 0;
    const total = 1000;
    for (let i = 0; i < total; i++) {
      let text = base;
      for (let m = 1 + Math.floor(next() * 3); m > 0; m--) {
        const at = Math.floor(next() * text.length);
        const piece = alphabet[Math.floor(next() * alphabet.length)];
        const kind = next();
        text = kind < 0.4 ? text.slice(0, at) + piece + text.slice(at) : kind < 0.8 ? text.slice(0, at) + piece + text.slice(at + 1) : text.slice(0, at) + text.slice(at + 1);
      }
      const { fast, slow, handedOver } = await both([Buffer.from(text, 'utf8')]);
      // Garbage after a request the lane answered: node:http refuses it with a 400, as it does garbage
      // that comes after its own answer is out. Without the lane, node:http's answer to the request is
      // still in flight when its parser meets the garbage, and it only closes (no 400 into an answer).
      if (fast !== slow && fast === `${slow}${BAD_REQUEST}`) {
        refusedAfterAnswer += 1;
        continue;
      }
      if (fast !== slow) expect({ request: text, fast }).toEqual({ request: text, fast: slow });
      if (handedOver === 0 && /^HTTP\/1\.1 [23]/.test(fast)) laneAnswered += 1;
    }
    console.log(`[fast lane] mutated requests: tried=${total} laneAnswered=${laneAnswered} 400AfterAnswer=${refusedAfterAnswer} differing=0`);
    expect(laneAnswered).toBeGreaterThan(0);
  }, 120_000);
});

describe('the fast lane keeps node:http\'s connection rules', () => {
  it('closes a kept-alive connection after keepAliveTimeout and node:http\'s second of grace, without a request', async () => {
    const server = await start(true);
    server.server.keepAliveTimeout = 300;
    const socket = net.connect(server.port, '127.0.0.1');
    const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now())));
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString('latin1')));
    socket.write(get('/'));
    const sent = Date.now();
    const at = await closed;
    expect(text).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*Keep-Alive: timeout=0\r\n/);
    // as node:http: the announced timeout plus its grace (keepAliveTimeoutBuffer), not earlier
    expect(at - sent).toBeGreaterThanOrEqual(1250);
    expect(at - sent).toBeLessThan(3000);
  });

  it('answers 408 and closes a connection that sends no complete head within headersTimeout, as node:http does', async () => {
    const server = await start(true);
    server.server.headersTimeout = 300;
    const socket = net.connect(server.port, '127.0.0.1');
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString('latin1')));
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.on('end', () => socket.end());
    await closed;
    expect(text).toBe('HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n');
  });

  it('server.close() closes the lane\'s idle kept-alive connections and leaves one that has not asked yet', async () => {
    const server = await start(true);
    const used = net.connect(server.port, '127.0.0.1');
    const usedClosed = new Promise<void>((resolve) => used.on('close', () => resolve()));
    used.write(get('/'));
    await new Promise((resolve) => used.once('data', resolve));
    const fresh = net.connect(server.port, '127.0.0.1');
    await new Promise((resolve) => fresh.once('connect', resolve));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const serverClosed = new Promise((resolve) => server.server.close(resolve));
    await usedClosed;
    // the fresh connection's request, sent after close(), is still answered
    let text = '';
    fresh.on('data', (chunk) => (text += chunk.toString('latin1')));
    const freshClosed = new Promise<void>((resolve) => fresh.on('close', () => resolve()));
    fresh.write(get('/'));
    setTimeout(() => fresh.end(), 100);
    await freshClosed;
    await serverClosed;
    expect(text).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
  });

  it('a slow reader gets the whole of a large file, however long the keep-alive timeout is', async () => {
    const big = crypto.randomBytes(24 * 1024 * 1024);
    fs.writeFileSync(path.join(root, 'uploads', 'gross.webp'), big);
    const server = await start(true);
    server.server.keepAliveTimeout = 200;
    const socket = net.connect(server.port, '127.0.0.1');
    let received = 0;
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.on('data', (chunk) => (received += chunk.length));
    socket.write(get('/uploads/gross.webp', 'Host: a\r\n'));
    // the client reads nothing for longer than the keep-alive timeout, then all of it
    socket.pause();
    await new Promise((resolve) => setTimeout(resolve, 800));
    socket.resume();
    await closed;
    expect(server.nodeRequests).toBe(0);
    expect(received).toBeGreaterThan(big.length);
  });

  it('a reader that stops reading for good is closed after the send timeout (it stayed for ever)', async () => {
    fs.writeFileSync(path.join(root, 'uploads', 'liegen.webp'), crypto.randomBytes(24 * 1024 * 1024));
    const server = await start(true);
    server.server.keepAliveTimeout = 100;
    setLaneSendTimeout(server.server, 500);
    // the server's side of the connection: the paused client would not even read the reset
    const serverSide = new Promise<net.Socket>((resolve) => server.server.once('connection', resolve));
    const socket = net.connect(server.port, '127.0.0.1');
    socket.on('error', () => undefined);
    socket.pause();
    socket.write(get('/uploads/liegen.webp', 'Host: a\r\n'));
    const connection = await serverSide;
    const closed = new Promise<boolean>((resolve) => connection.on('close', () => resolve(true)));
    // keep-alive 1.1 s (twice: Node counts the kernel's first take as progress), then half a second of none
    expect(await Promise.race([closed, new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 6_000))])).toBe(true);
    expect(server.nodeRequests).toBe(0);
    socket.destroy();
  });

  it('a build file whose read failed once (too many open files) is served at the next request, not a 404 for good', async () => {
    const server = await start(false);
    const read = fs.readFileSync;
    const spy = vi.spyOn(fs, 'readFileSync').mockImplementation(((file: fs.PathOrFileDescriptor, ...rest: unknown[]) => {
      if (String(file).endsWith(`${path.sep}manifest.webmanifest`)) throw Object.assign(new Error('EMFILE: too many open files'), { code: 'EMFILE' });
      return (read as (...args: unknown[]) => unknown)(file, ...rest);
    }) as typeof fs.readFileSync);
    fs.writeFileSync(path.join(root, 'client', 'manifest.webmanifest'), '{"name":"Verein"}');
    const first = await exchange(server.port, [get('/manifest.webmanifest')]);
    spy.mockRestore();
    expect(first).not.toMatch(/^HTTP\/1\.1 200/);
    const again = await exchange(server.port, [get('/manifest.webmanifest')]);
    expect(again).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(again).toContain('{"name":"Verein"}');
  });

  it('the not-found page by its own address answers 404, as nginx does (a 200 made it a page for crawlers)', async () => {
    for (const server of [lane, plain]) {
      for (const address of ['/404', '/404.html']) {
        expect(await exchange(server.port, [get(address)]), address).toMatch(/^HTTP\/1\.1 404 Not Found\r\n/);
      }
    }
  });

  it('keeps no made-up path longer than any of the site’s (16 KB paths kept about 190 MB a worker)', () => {
    const memo = new PathMemo<string | null>();
    let computed = 0;
    const long = `/_astro/${'x'.repeat(16_000)}`;
    for (let i = 0; i < 3; i++) memo.get(long + i, () => (computed++, null));
    memo.get('/news', () => (computed++, '/site/news/index.html'));
    memo.get('/news', () => (computed++, '/site/news/index.html'));
    // the long ones computed each time and not kept; the site's own path once
    expect([computed, memo.size]).toEqual([4, 1]);
  });

  // last: the stop is announced for the whole process (shutdown.ts), and the lane stands aside from then on
  it('a stop closes the lane\'s idle connections; from then on node:http answers (Connection: close is its rule)', async () => {
    const server = await start(true);
    const tracker = trackRequests(server.server);
    const idle = net.connect(server.port, '127.0.0.1');
    const idleClosed = new Promise<void>((resolve) => idle.on('close', () => resolve()));
    idle.write(get('/'));
    await new Promise((resolve) => idle.once('data', resolve));
    expect(server.nodeRequests).toBe(0);
    const result = await drainServer(server.server, tracker, { deadlineMs: 2000, log: quiet });
    await idleClosed;
    expect(result.answered).toBe(true);
    expect(server.server.listening).toBe(false);
    const { fast, slow, handedOver } = await both([get('/')]);
    expect(fast).toBe(slow);
    expect(handedOver).toBe(1);
  });
});
