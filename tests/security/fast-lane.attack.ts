// The fast lane on the real server (decision 049): the built server with its two
// static workers, which answer published files without node:http, is sent
// smuggling attempts, malformed heads and a few hundred mutated requests on raw
// connections. Each answer is compared byte for byte (the Date line aside) with
// node:http's own: a static server over the same folders with the lane off, in
// this process. A request that node:http hands to the owner (a dynamic path) is
// counted, not compared: the reference has no Astro behind it.
import fs from 'node:fs';
import type http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseTrustProxy } from '../../src/server/http/proxy';
import { createStaticServer } from '../../src/server/http/static-server';
import { workerCount } from '../../src/server/serve-workers';
import { startSite, type Site } from '../fixtures/site';
import { printFigures } from '../faults/figures';

let site: Site;
let reference: http.Server;
let referencePort = 0;
let toOwner = 0;

beforeAll(async () => {
  site = await startSite({ env: { TRUST_PROXY: '127.0.0.1' } });
  fs.mkdirSync(path.join(site.dataDir, 'uploads'), { recursive: true });
  fs.writeFileSync(path.join(site.dataDir, 'uploads', 'wappen.webp'), 'RIFF0000WEBPVP8 ');
  reference = createStaticServer({
    handler: (_req, res) => {
      toOwner += 1;
      res.end();
    },
    siteDir: path.join(site.dataDir, 'site'),
    clientDir: path.resolve(process.env.ANSTOSS_DIST ?? 'dist', 'client'),
    uploadsDir: path.join(site.dataDir, 'uploads'),
    trustedProxies: parseTrustProxy('127.0.0.1'),
    dynamicHeaders: false,
    fastLane: false,
    log: { info: () => undefined, warn: () => undefined, error: () => undefined },
  });
  await new Promise<void>((resolve) => reference.listen(0, '127.0.0.1', resolve));
  referencePort = (reference.address() as net.AddressInfo).port;
});

afterAll(async () => {
  reference?.closeAllConnections();
  await new Promise((resolve) => reference?.close(resolve));
  await site?.stop();
});

/** Sends the bytes on a new connection, closes its side, returns all that came back. */
function exchange(port: number, bytes: Buffer): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    socket.on('data', (chunk) => received.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(Buffer.concat(received).toString('latin1').replace(/\r\nDate: [^\r]*/g, '\r\nDate: -')));
    socket.on('connect', () => {
      socket.write(bytes);
      setTimeout(() => socket.end(), 40);
    });
  });
}

const BAD_REQUEST = 'HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n';
const withoutRefusal = (text: string) => (text.endsWith(BAD_REQUEST) ? text.slice(0, -BAD_REQUEST.length) : text);

/**
 * How the lane's bytes compare with node:http's. node:http itself answers the same bytes
 * two ways, by timing alone: garbage after its answer gets a 400 when that answer is out,
 * and none while it is in flight; a valid request pipelined before garbage is answered
 * when its turn came before the parser met the garbage, and dropped with the connection
 * when not. The lane answers what it is sure of at once, so it is on the "out" side of both.
 */
function compare(lane: string, nodeHttp: string): 'same' | 'same answers' | 'more answers before garbage' | 'different' {
  if (lane === nodeHttp) return 'same';
  const laneAnswers = withoutRefusal(lane);
  const nodeAnswers = withoutRefusal(nodeHttp);
  if (laneAnswers === nodeAnswers) return 'same answers';
  // node:http closed after garbage: every answer it gave comes first from the lane too, the rest are answers to files
  const more = laneAnswers.slice(nodeAnswers.length);
  if (laneAnswers.startsWith(nodeAnswers) && /^HTTP\/1\.1 (?:200 OK|304 Not Modified)\r\n/.test(more)) return 'more answers before garbage';
  return 'different';
}

const head = (target: string, headers: string) => `GET ${target} HTTP/1.1\r\nHost: verein.example\r\n${headers}\r\n`;

it('answers smuggling attempts, malformed heads and mutated requests byte for byte as node:http does', async () => {
  const port = Number(new URL(site.url).port);
  const crafted: string[] = [
    head('/', 'Accept-Encoding: br\r\n'),
    head('/news', 'Accept-Encoding: gzip, br\r\nConnection: keep-alive\r\n') + head('/spielplan', 'Accept-Encoding: br\r\n'),
    head('/favicon.svg', ''),
    head('/manifest.webmanifest', 'Accept-Encoding: br\r\n'),
    head('/uploads/wappen.webp', ''),
    head('/', 'X-Forwarded-Proto: https\r\n'),
    // a body the lane must not read past: the second request is the body's, not a request
    `${head('/', 'Content-Length: 41\r\n')}GET /news HTTP/1.1\r\nHost: verein.example\r\n\r\n`,
    `${head('/', 'Transfer-Encoding: chunked\r\n')}2c\r\nGET /news HTTP/1.1\r\nHost: verein.example\r\n\r\n\r\n0\r\n\r\n`,
    // the classic desync pairs: both lengths, a hidden or doubled Transfer-Encoding
    `POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 6\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\nG`,
    `${head('/', 'Transfer-Encoding: chunked\r\nTransfer-Encoding: identity\r\n')}0\r\n\r\n`,
    `${head('/', 'Transfer-Encoding:\r\n chunked\r\n')}0\r\n\r\n`,
    `${head('/', 'Transfer-Encoding : chunked\r\n')}0\r\n\r\n`,
    `${head('/', 'Content-Length: 5\r\nContent-Length: 6\r\n')}hallo!`,
    'GET / HTTP/1.1\nHost: a\n\n',
    'GET / HTTP/1.1\r\nHost: a\r\nX: \u0000\r\n\r\n',
    'GET /\u00e4 HTTP/1.1\r\nHost: a\r\n\r\n',
    'GET / HTTP/1.0\r\n\r\n',
    'GET / HTTP/1.1\r\n\r\n',
    'GET http://verein.example/ HTTP/1.1\r\nHost: verein.example\r\n\r\n',
    `${head('/', '')}${head('/news', '')}GARBAGE\r\n\r\n`,
    head(`/${'a'.repeat(9000)}`, ''),
  ];
  // seeded mutations of a browser's request: the same cases every run
  let seed = 49;
  const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const alphabet = ['\r', '\n', ' ', '\t', ':', '/', '?', '%', '.', '\u0000', 'ü', 'x', '\r\n', 'Content-Length: 3\r\n', 'Transfer-Encoding: chunked\r\n'];
  const browser = head('/news', 'Connection: keep-alive\r\nAccept: text/html\r\nAccept-Encoding: gzip, deflate, br\r\nAccept-Language: de-AT\r\nCookie: a=1\r\n');
  const mutated: string[] = [];
  for (let i = 0; i < 300; i++) {
    let text = browser;
    for (let m = 1 + Math.floor(next() * 3); m > 0; m--) {
      const at = Math.floor(next() * text.length);
      const piece = alphabet[Math.floor(next() * alphabet.length)];
      text = next() < 0.5 ? text.slice(0, at) + piece + text.slice(at) : text.slice(0, at) + piece + text.slice(at + 1);
    }
    mutated.push(text);
  }
  let tried = 0;
  let dynamic = 0;
  let answered = 0;
  const outcomes: Record<string, number> = { same: 0, 'same answers': 0, 'more answers before garbage': 0, different: 0 };
  const differing: { request: string; lane: string; nodeHttp: string }[] = [];
  for (const request of [...crafted, ...mutated]) {
    tried += 1;
    const bytes = Buffer.from(request, 'utf8');
    const ownerBefore = toOwner;
    const nodeHttp = await exchange(referencePort, bytes);
    if (toOwner !== ownerBefore) {
      dynamic += 1;
      continue;
    }
    const lane = await exchange(port, bytes);
    if (/^HTTP\/1\.1 [23]/.test(lane)) answered += 1;
    const outcome = compare(lane, nodeHttp);
    outcomes[outcome] += 1;
    if (outcome === 'different') differing.push({ request, lane: lane.slice(0, 400), nodeHttp: nodeHttp.slice(0, 400) });
  }
  printFigures('fast lane (real server, 2 workers)', {
    tried,
    sameAsNodeHttp: outcomes.same,
    sameAnswersOtherRefusal: outcomes['same answers'],
    moreAnswersBeforeGarbage: outcomes['more answers before garbage'],
    toOwnerNotCompared: dynamic,
    answered2xx3xx: answered,
    differing: outcomes.different,
  });
  expect(differing).toEqual([]);
  expect(answered).toBeGreaterThan(20);
});

it('the plain requests were answered by the lane itself: each worker says how many as it stops', async () => {
  // the first seven requests above are the plainest there are (GET of a published file over HTTP/1.1); answers
  // byte for byte as node:http's pass the test above whether the lane answered or node:http did
  await site.stop();
  const told = [...site.logs().matchAll(/\[worker\] (\d+) answers written by the fast lane/g)].map((match) => Number(match[1]));
  const laneAnswered = told.reduce((sum, n) => sum + n, 0);
  printFigures('fast lane (answers it wrote itself)', { workersTold: told.length, laneAnswered });
  expect(told).toHaveLength(workerCount());
  expect(laneAnswered).toBeGreaterThanOrEqual(7);
});
