// The owner compresses the admin's content lists (decision 063) and nothing else
// it hands to Astro: a big club's lists are megabytes of JSON for an admin's
// phone; an answer that may hold a secret, the event stream and sign-in stay as
// they were.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createServer } from './server';

let root: string;
let server: http.Server;
let port: number;
// about 100 KB, as a list of 1,000 articles
const LIST = JSON.stringify(Array.from({ length: 1000 }, (_, i) => ({ id: `n${i}`, title: `Bericht vom Spieltag ${i}`, published: true, created_at: '2026-11-30T12:00:00.000Z' })));

beforeEach(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-gzip-'));
  server = createServer({
    // as Astro's handler answers: the head, then the body in parts
    handler: (_req, res) => {
      const body = LIST;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(body.slice(0, 1000));
      res.end(body.slice(1000));
    },
    siteDir: path.join(root, 'site'),
    clientDir: path.join(root, 'client'),
    uploadsDir: path.join(root, 'uploads'),
    log: { info: () => undefined, warn: () => undefined, error: () => undefined },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
});
afterEach(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(root, { recursive: true, force: true });
});

function post(pathname: string, acceptEncoding?: string): Promise<{ encoding: string | undefined; vary: string | undefined; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path: pathname, method: 'POST', headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ encoding: res.headers['content-encoding'], vary: res.headers.vary, bytes: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
    request.end('{}');
  });
}

it('compresses a content list for a browser that takes it, brotli or gzip, to the same JSON', async () => {
  const br = await post('/_actions/admin.news.list', 'gzip, deflate, br');
  expect(br.encoding).toBe('br');
  expect(br.vary).toMatch(/accept-encoding/i);
  expect(zlib.brotliDecompressSync(br.bytes).toString()).toBe(LIST);
  expect(br.bytes.length).toBeLessThan(LIST.length / 5);

  // as the browser asks, with a slash at the end
  const gzip = await post('/_actions/admin.news.list/', 'gzip, deflate');
  expect(gzip.encoding).toBe('gzip');
  expect(zlib.gunzipSync(gzip.bytes).toString()).toBe(LIST);
  console.log(`[figures] admin list of ${LIST.length} bytes: brotli ${br.bytes.length}, gzip ${gzip.bytes.length}`);
});

it('sends the rest as it is: no accepted encoding, an answer that may hold a secret, any other dynamic path', async () => {
  for (const [pathname, accept] of [
    ['/_actions/admin.news.list', undefined],
    ['/_actions/admin.news.listed', 'gzip, br'],
    ['/_actions/admin.account.startSecondFactor', 'gzip, br'],
    ['/_actions/admin.sessions.list', 'gzip, br'],
    ['/_actions/admin.users.list', 'gzip, br'],
    ['/_actions/admin.news.update', 'gzip, br'],
    ['/_actions/public.inquiry', 'gzip, br'],
    ['/api/admin/events', 'gzip, br'],
    ['/auth/login', 'gzip, br'],
  ] as const) {
    const answer = await post(pathname, accept);
    expect(answer.encoding, pathname).toBeUndefined();
    expect(answer.bytes.toString(), pathname).toBe(LIST);
  }
});
