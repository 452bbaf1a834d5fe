import fs from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServer } from './server';

let root: string;
let server: http.Server;
let base: string;
let handled: string[];
let healthy = true;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

function write(rel: string, body: string | Buffer) {
  const file = path.join(root, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, body);
}

beforeEach(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-http-'));
  handled = [];
  healthy = true;
  write('site/index.html', '<h1>Start</h1>'.repeat(100));
  write('site/404.html', 'Oops! Page not found');
  write('site/news/nicht-gefunden/index.html', 'Artikel nicht gefunden');
  write('site/news/a1/index.html', 'Artikel A1');
  write('client/_astro/app.123.js', 'console.log(1)'.repeat(100));
  write('uploads/pic.webp', 'RIFF....WEBP');
  write('secret.txt', 'do not serve');
  // an earlier build's hashed files (src/server/deploy/earlier-builds.ts), one of the same name as the build's
  write('earlier/_astro/Form.old1.js', 'form(1)');
  write('earlier/_astro/app.123.js', 'kept copy');
  write('earlier/other.txt', 'not under _astro');
  write('earlier/kept.json', '{}');
  // what a killed start or upload left half-written (whole-file.ts's temporary names)
  write('earlier/_astro/Form.old1.js.4242-7.tmp', 'form(');
  write('uploads/pic.webp.4242-8.tmp', 'RIFF');
  server = createServer({
    handler: (req, res) => {
      handled.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('astro');
    },
    siteDir: path.join(root, 'site'),
    clientDir: path.join(root, 'client'),
    earlierBuildsDir: path.join(root, 'earlier'),
    uploadsDir: path.join(root, 'uploads'),
    health: () => (healthy ? { ok: true } : { ok: false, reason: 'Datenbank nicht lesbar' }),
    log: quiet,
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterEach(async () => {
  await new Promise((r) => server.close(r));
  fs.rmSync(root, { recursive: true, force: true });
});

describe('static server', () => {
  it("answers an earlier build's hashed file the build lacks, for good, and the build's own over a kept copy", async () => {
    const old = await fetch(base + '/_astro/Form.old1.js');
    expect(old.status).toBe(200);
    expect(await old.text()).toBe('form(1)');
    expect(old.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(old.headers.get('content-type')).toMatch(/javascript/);
    expect(await (await fetch(base + '/_astro/app.123.js')).text()).toBe('console.log(1)'.repeat(100));
    // only hashed files, and only inside the folder
    for (const p of ['/_astro/Form.old1.js.4242-7.tmp', '/uploads/pic.webp.4242-8.tmp', '/other.txt', '/_astro/../other.txt', '/_astro/%2e%2e/other.txt', '/_astro/..%2fother.txt', '/_astro/..%2fkept.json', '/_astro/Form.none.js']) {
      expect((await fetch(base + p)).status, p).toBe(404);
    }
    // removed by the nightly round: gone once the file cache looks again (within a second)
    fs.rmSync(path.join(root, 'earlier/_astro/Form.old1.js'));
    await new Promise((r) => setTimeout(r, 1100));
    expect((await fetch(base + '/_astro/Form.old1.js')).status).toBe(404);
  });

  it('serves published pages without asking Astro', async () => {
    for (const p of ['/', '/news/a1', '/unknown', '/news/zz', '/_astro/app.123.js']) await fetch(base + p);
    expect(handled).toEqual([]);
  });

  it('hands the dynamic paths to Astro', async () => {
    for (const p of ['/admin', '/auth', '/auth/setup', '/reset-password', '/api/me', '/_actions/public.inquiry']) {
      const r = await fetch(base + p);
      expect(await r.text(), p).toBe('astro');
    }
    expect(handled).toHaveLength(6);
  });

  it('answers an unknown path with the published 404 page', async () => {
    const r = await fetch(`${base}/gibt-es-nicht`);
    expect(r.status).toBe(404);
    expect(await r.text()).toBe('Oops! Page not found');
  });

  it('answers an unpublished article with the article-not-found page and 404', async () => {
    const r = await fetch(`${base}/news/zz`);
    expect(r.status).toBe(404);
    expect(await r.text()).toBe('Artikel nicht gefunden');
  });

  it('redirects an unknown team to /mannschaften', async () => {
    for (const p of ['/team/xyz', '/mannschaften/xyz']) {
      const r = await fetch(base + p, { redirect: 'manual' });
      expect(r.status, p).toBe(302);
      expect(r.headers.get('location')).toBe('/mannschaften');
    }
  });

  it('chooses brotli, gzip or identity by Accept-Encoding', async () => {
    const br = await fetch(`${base}/`, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    const gz = await fetch(`${base}/`, { headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(await gz.text()).toContain('<h1>Start</h1>');
  });

  it('serves a stale precompressed variant never: a newer file wins', async () => {
    const html = '<p>neu</p>'.repeat(100);
    write('site/news/a1/index.html.br', zlib.brotliCompressSync(Buffer.from('<p>alt</p>'.repeat(100))));
    const old = new Date(Date.now() - 60_000);
    fs.utimesSync(path.join(root, 'site/news/a1/index.html.br'), old, old);
    write('site/news/a1/index.html', html);
    const r = await fetch(`${base}/news/a1`, { headers: { 'accept-encoding': 'br' } });
    expect(await r.text()).toBe(html);
  });

  it('caches hashed assets forever and revalidates pages with ETag', async () => {
    const asset = await fetch(`${base}/_astro/app.123.js`);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const page = await fetch(`${base}/news/a1`);
    const etag = page.headers.get('etag')!;
    expect(page.headers.get('cache-control')).toContain('must-revalidate');
    const again = await fetch(`${base}/news/a1`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('gives each encoding its own ETag: a 304 only for the representation the client would get, with W/, lists and * read', async () => {
    const get = (encoding: string, ifNoneMatch?: string) => fetch(`${base}/`, { headers: { 'accept-encoding': encoding, ...(ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {}) } });
    const [br, gzip, plain] = await Promise.all(['br', 'gzip', 'identity'].map((encoding) => get(encoding)));
    expect([br, gzip, plain].map((r) => r.headers.get('content-encoding'))).toEqual(['br', 'gzip', null]);
    const tags = [br, gzip, plain].map((r) => r.headers.get('etag')!);
    expect(new Set(tags).size).toBe(3);
    // a cache revalidating its brotli copy for a client without brotli gets the gzip copy, whole
    expect((await get('gzip', tags[0])).status).toBe(200);
    for (const header of [tags[1], `W/${tags[1]}`, `"anders", ${tags[1]}`, '*']) {
      const answer = await get('gzip', header);
      expect(answer.status, header).toBe(304);
      expect(answer.headers.get('etag'), header).toBe(tags[1]);
    }
  });

  it('serves uploads with nosniff and nothing outside its folders', async () => {
    const up = await fetch(`${base}/uploads/pic.webp`);
    expect(up.headers.get('x-content-type-options')).toBe('nosniff');
    expect(up.headers.get('content-type')).toBe('image/webp');
    for (const p of ['/uploads/../secret.txt', '/uploads/%2e%2e/secret.txt', '/%2e%2e/secret.txt', '/..%2fsecret.txt']) {
      const r = await fetch(base + p);
      expect(await r.text(), p).not.toContain('do not serve');
    }
  });

  it('never redirects off-site for a path with slashes', async () => {
    const r = await fetch(`${base}//evil.example/`, { redirect: 'manual' });
    expect(r.headers.get('location')).toBe('/evil.example');
  });

  it('/healthz answers 200, or 503 with the reason', async () => {
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    healthy = false;
    const refused = await fetch(`${base}/healthz`);
    expect(refused.status).toBe(503);
    expect(await refused.json()).toEqual({ ok: false, reason: 'Datenbank nicht lesbar' });
  });

  it('never serves a temporary file of an atomic write, nor any hidden file', async () => {
    fs.writeFileSync(path.join(root, 'site', 'news', '.index.html.123.abc.tmp'), '<p>halb');
    fs.writeFileSync(path.join(root, 'site', '.hidden'), 'geheim');
    // in the uploads and the build's files too, as nginx has it
    fs.writeFileSync(path.join(root, 'uploads', '.pic.webp.tmp'), 'geheim');
    fs.mkdirSync(path.join(root, 'client', '.vite'), { recursive: true });
    fs.writeFileSync(path.join(root, 'client', '.vite', 'manifest.json'), '{"geheim":1}');
    for (const url of ['/news/.index.html.123.abc.tmp', '/.hidden', '/news/%2Eindex.html.123.abc.tmp', '/uploads/.pic.webp.tmp', '/uploads/%2Epic.webp.tmp', '/.vite/manifest.json']) {
      const response = await fetch(`${base}${url}`);
      expect(response.status, url).toBe(404);
      expect(await response.text(), url).not.toMatch(/halb|geheim/);
    }
  });

  it('refuses writes to static paths', async () => {
    const r = await fetch(`${base}/news`, { method: 'POST', body: 'x' });
    expect(r.status).toBe(405);
  });
});
