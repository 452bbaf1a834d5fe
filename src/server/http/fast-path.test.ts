// The static server's shortcuts (a plain path skips URL parsing; which file a
// path names is remembered; headers are built once per file) must answer
// exactly as the slow path does, and must never serve a file that changed or
// went away.
import fs from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removePublishedFile, writePublishedFile } from '../publish/files';
import { registerPublishQueue } from '../publish/notify';
import type { PublishQueue } from '../publish/queue';
import { createServer } from './server';

let root: string;
let server: http.Server;
let base: string;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

function write(rel: string, body: string | Buffer) {
  const file = path.join(root, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, body);
}

beforeEach(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-fast-'));
  write('site/404.html', 'Oops! Page not found');
  write('site/news/nicht-gefunden/index.html', 'Artikel nicht gefunden');
  write('site/news/a1/index.html', 'Artikel A1');
  write('site/spielplan/index.html', 'Spielplan');
  write('client/favicon.svg', '<svg/>');
  server = createServer({
    handler: (_req, res) => res.end('astro'),
    siteDir: path.join(root, 'site'),
    clientDir: path.join(root, 'client'),
    uploadsDir: path.join(root, 'uploads'),
    health: () => ({ ok: true }),
    log: quiet,
    revalidateMs: 300,
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterEach(async () => {
  await new Promise((r) => server.close(r));
  fs.rmSync(root, { recursive: true, force: true });
});

describe('static server shortcuts', () => {
  it('answers an escaped path like the plain one', async () => {
    const plain = await fetch(`${base}/spielplan`);
    const escaped = await fetch(`${base}/%73pielplan`);
    expect(await plain.text()).toBe('Spielplan');
    expect(await escaped.text()).toBe('Spielplan');
    expect(escaped.headers.get('etag')).toBe(plain.headers.get('etag'));
  });

  it('serves a page published after the path was asked for and missed', async () => {
    expect((await fetch(`${base}/news/b2`)).status).toBe(404);
    write('site/news/b2/index.html', 'Artikel B2');
    const r = await fetch(`${base}/news/b2`);
    expect(r.status).toBe(200);
    expect(await r.text()).toBe('Artikel B2');
  });

  it('serves a page this process publishes, with new headers, the moment it is replaced, and the 404 page once it is removed', async () => {
    const first = await fetch(`${base}/news/a1`, { headers: { 'accept-encoding': 'br' } });
    expect(await first.text()).toBe('Artikel A1');
    const html = '<p>neu</p>'.repeat(200);
    await writePublishedFile(path.join(root, 'site/news/a1/index.html'), Buffer.from(html));
    const second = await fetch(`${base}/news/a1`, { headers: { 'accept-encoding': 'br' } });
    expect(second.headers.get('content-encoding')).toBe('br');
    expect(Number(second.headers.get('content-length'))).toBeLessThan(html.length);
    expect(await second.text()).toBe(html);
    expect(second.headers.get('etag')).not.toBe(first.headers.get('etag'));

    await removePublishedFile(path.join(root, 'site/news/a1/index.html'), path.join(root, 'site'));
    const gone = await fetch(`${base}/news/a1`);
    expect(gone.status).toBe(404);
    expect(await gone.text()).toBe('Artikel nicht gefunden');
  });

  it('sees a file another process replaced or removed within the revalidation time', async () => {
    expect(await (await fetch(`${base}/spielplan`)).text()).toBe('Spielplan');
    write('site/spielplan/index.html', 'Spielplan neu');
    await new Promise((r) => setTimeout(r, 350));
    const replaced = await fetch(`${base}/spielplan`);
    expect(await replaced.text()).toBe('Spielplan neu');
    fs.rmSync(path.join(root, 'site/spielplan'), { recursive: true });
    await new Promise((r) => setTimeout(r, 350));
    expect((await fetch(`${base}/spielplan`)).status).toBe(404);
  });

  it('answers HEAD and 304 without a body, and a body only to GET', async () => {
    const get = await fetch(`${base}/spielplan`);
    const etag = get.headers.get('etag')!;
    const head = await fetch(`${base}/spielplan`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const notModified = await fetch(`${base}/spielplan`, { headers: { 'if-none-match': etag } });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get('content-encoding')).toBeNull();
    const again = await fetch(`${base}/spielplan`);
    expect(await again.text()).toBe('Spielplan');
  });

  it('keeps dot segments and odd paths out of the shortcut', async () => {
    for (const p of ['/news/../spielplan', '/./spielplan', '/%2e%2e/site/spielplan']) {
      const r = await fetch(base + p, { redirect: 'manual' });
      // whatever the URL parser makes of them, never a file outside the site
      expect([200, 301, 302, 404]).toContain(r.status);
    }
    const traversal = await fetch(`${base}/..%2fclient/favicon.svg`);
    expect(traversal.status).toBe(404);
  });

  it('a temporary file a killed publish left behind is not served, nor redirected to its section', async () => {
    write('site/spielplan/.index.html.4711.abc.tmp', 'halb geschrieben');
    const r = await fetch(`${base}/spielplan/.index.html.4711.abc.tmp`, { redirect: 'manual' });
    expect(r.status).toBe(404);
    expect(await r.text()).not.toContain('halb geschrieben');
  });
});

describe('admin activity', () => {
  it("gets the publisher ready on a signed-in admin's requests, and on nobody else's", async () => {
    let prewarmed = 0;
    registerPublishQueue({ prewarm: () => void prewarmed++, listeners: new Set() } as unknown as PublishQueue);
    try {
      const session = { cookie: 'anstoss_session=abc; anstoss_consent=necessary' };
      await fetch(`${base}/admin`, { headers: session });
      await fetch(`${base}/_actions/admin.saveNews`, { method: 'POST', headers: session, body: '{}' });
      await fetch(`${base}/api/admin/events`, { headers: session });
      expect(prewarmed).toBe(3);
      await fetch(`${base}/admin`);
      await fetch(`${base}/spielplan`, { headers: session });
      await fetch(`${base}/_actions/public.inquiry`, { method: 'POST', headers: session, body: '{}' });
      expect(prewarmed).toBe(3);
    } finally {
      registerPublishQueue(undefined);
    }
  });
});
