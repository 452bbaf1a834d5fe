import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, seed } from '../db/test-db';
import type { Db } from '../db/client';
import { news } from '../db/schema';
import { Publisher } from './publisher';
import { PublishQueue } from './queue';
import type { Renderer } from './render';
import { blankFolderFor } from './blank-files';
import { replacedFolderFor } from './replaced-files';

let db: Db;
let siteDir: string;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

beforeEach(() => {
  db = createTestDb();
  siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-site-'));
});
afterEach(() => {
  db.$client.close();
  fs.rmSync(siteDir, { recursive: true, force: true });
  fs.rmSync(replacedFolderFor(siteDir), { recursive: true, force: true });
  fs.rmSync(blankFolderFor(siteDir), { recursive: true, force: true });
});

const html = (s: string) => ({ status: 200, headers: {}, body: Buffer.from(`<html>${s}</html>`) });
const read = (rel: string) => fs.readFileSync(path.join(siteDir, rel), 'utf8');

describe('Publisher', () => {
  it("names in cache-version.json only the pages whose files changed, not those rendered as they were (decision 056)", async () => {
    let round = 1;
    const publisher = new Publisher({ db: () => db, siteDir, render: async (url) => html(url === '/news' ? `${url} ${round}` : url), log: quiet });
    await publisher.publishUrls(['/', '/news']);
    round = 2;
    const report = await publisher.publishUrls(['/', '/news']);
    expect(report.written.sort()).toEqual(['/', '/news']);
    expect(JSON.parse(read('cache-version.json')).pagesChanged.at(-1)).toEqual({ version: report.version, pages: ['/news'] });
  });

  it('keeps the last good file of a page whose reads fell back, publishes the fallback only where there is none, and reports both (read-failures.ts)', async () => {
    let failing = false;
    const render: Renderer = async (url) => ({
      ...(failing ? { status: url === '/news/7' ? 404 : 200, body: Buffer.from(`<html>fallback ${url}</html>`) } : html(url)),
      headers: failing ? { 'x-anstoss-failed-reads': 'news' } : ({} as Record<string, string>),
    });
    const publisher = new Publisher({ db: () => db, siteDir, render, log: quiet });
    await publisher.publishUrls(['/', '/news/7']);
    failing = true;
    const report = await publisher.publishUrls(['/', '/news/7', '/news']);
    // the article read failed (a 404 with the fallback): its file stays, as the home page's
    expect(read('news/7/index.html')).toBe('<html>/news/7</html>');
    expect(read('index.html')).toBe('<html>/</html>');
    // a page never published before shows the spec's fallback, and goes again later
    expect(read('news/index.html')).toBe('<html>fallback /news</html>');
    expect(report.written).toEqual(['/news']);
    expect(report.failed.map((f) => f.url).sort()).toEqual(['/', '/news', '/news/7']);
    expect(report.failed.find((f) => f.url === '/')!.error).toBe('could not read news');
  });

  it('writes each page with its brotli copy and no gzip copy (decision 042), then the cache version', async () => {
    // a gzip copy an older publish left would be served by nginx however stale: it goes
    fs.writeFileSync(path.join(siteDir, 'index.html.gz'), zlib.gzipSync('<html>alt</html>'));
    const publisher = new Publisher({ db: () => db, siteDir, render: async (url) => html(url), log: quiet });
    const report = await publisher.publishUrls(['/', '/news']);
    expect(report.written.sort()).toEqual(['/', '/news']);
    expect(read('news/index.html')).toBe('<html>/news</html>');
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(siteDir, 'news/index.html.br'))).toString()).toBe('<html>/news</html>');
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(siteDir, 'index.html.br'))).toString()).toBe('<html>/</html>');
    expect(fs.existsSync(path.join(siteDir, 'index.html.gz'))).toBe(false);
    expect(fs.existsSync(path.join(siteDir, 'news/index.html.gz'))).toBe(false);
    expect(JSON.parse(read('cache-version.json')).version).toBe(report.version);
    // no temp files left behind
    expect(fs.readdirSync(path.join(siteDir, 'news')).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('makes blanks once no job runs, and the next job writes its pages into them (decision 046, update of 11-29)', async () => {
    let version = 1;
    const publisher = new Publisher({ db: () => db, siteDir, render: async (url) => html(`${url} ${version}`), log: quiet, blanksKept: 6 });
    await publisher.publishUrls(['/', '/news']);
    const blanksMade = () => fs.readdirSync(blankFolderFor(siteDir), { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    for (let i = 0; i < 250 && (!fs.existsSync(blankFolderFor(siteDir)) || blanksMade().length < 6); i++) await new Promise((r) => setTimeout(r, 20));
    const inodes = new Set(blanksMade().map((e) => fs.statSync(path.join(e.parentPath, e.name)).ino));
    expect(inodes.size).toBe(6);
    version = 2;
    await publisher.publishUrls(['/news']);
    expect(read('news/index.html')).toBe('<html>/news 2</html>');
    // the page, its copy and the cache version file: three blanks renamed into the site
    const written = ['news/index.html', 'news/index.html.br', 'cache-version.json'].map((rel) => fs.statSync(path.join(siteDir, rel)).ino);
    expect(written.every((ino) => inodes.has(ino))).toBe(true);
    // a one-shot script's publisher keeps none
    const script = new Publisher({ db: () => db, siteDir: `${siteDir}-script`, render: async (url) => html(url), log: quiet });
    await script.publishUrls(['/']);
    await new Promise((r) => setTimeout(r, 50));
    expect(fs.existsSync(blankFolderFor(`${siteDir}-script`))).toBe(false);
    fs.rmSync(`${siteDir}-script`, { recursive: true, force: true });
  });

  it('frees the old versions of the pages a job replaced once no job runs (decision 046)', async () => {
    let version = 1;
    const publisher = new Publisher({ db: () => db, siteDir, render: async (url) => html(`${url} ${version}`), log: quiet });
    await publisher.publishUrls(['/', '/news']);
    version = 2;
    await publisher.publishUrls(['/', '/news']);
    expect(read('news/index.html')).toBe('<html>/news 2</html>');
    for (let i = 0; i < 250 && fs.existsSync(replacedFolderFor(siteDir)); i++) await new Promise((r) => setTimeout(r, 20));
    expect(fs.existsSync(replacedFolderFor(siteDir))).toBe(false);
    // the site keeps its pages and their copies
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(siteDir, 'news/index.html.br'))).toString()).toBe('<html>/news 2</html>');
  });

  it('keeps the old file when a render fails, and logs the URL', async () => {
    const errors: string[] = [];
    let fail = false;
    const render: Renderer = async (url) => {
      if (fail) throw new Error('boom');
      return html(`old ${url}`);
    };
    const publisher = new Publisher({ db: () => db, siteDir, render, log: { ...quiet, error: (m: string) => errors.push(m) } });
    await publisher.publishUrls(['/news']);
    fail = true;
    const report = await publisher.publishUrls(['/news']);
    expect(report.failed.map((f) => f.url)).toEqual(['/news']);
    expect(read('news/index.html')).toBe('<html>old /news</html>');
    expect(errors.join('\n')).toContain('/news');
  });

  it('keeps the old file when the page answers with a server error', async () => {
    let status = 200;
    const publisher = new Publisher({
      db: () => db,
      siteDir,
      render: async () => ({ status, headers: {}, body: Buffer.from(status === 200 ? 'good' : 'Internal error') }),
      log: quiet,
    });
    await publisher.publishUrls(['/kontakt']);
    status = 500;
    await publisher.publishUrls(['/kontakt']);
    expect(read('kontakt/index.html')).toBe('good');
  });

  it('removes the file of a page that now renders 404', async () => {
    let exists = true;
    const publisher = new Publisher({
      db: () => db,
      siteDir,
      render: async (url) => (exists ? html(url) : { status: 404, headers: {}, body: Buffer.from('') }),
      log: quiet,
    });
    await publisher.publishUrls(['/news/abc']);
    expect(fs.existsSync(path.join(siteDir, 'news/abc/index.html'))).toBe(true);
    exists = false;
    const report = await publisher.publishUrls(['/news/abc']);
    expect(report.removed).toEqual(['/news/abc']);
    expect(fs.existsSync(path.join(siteDir, 'news/abc/index.html'))).toBe(false);
    expect(fs.existsSync(path.join(siteDir, 'news/abc/index.html.br'))).toBe(false);
  });

  it("keeps the site's 404 page when its render fails or redirects: what every missing URL shows is never blanked", async () => {
    let answer = { status: 404, headers: {}, body: Buffer.from('<h1>Seite nicht gefunden</h1>') };
    const publisher = new Publisher({ db: () => db, siteDir, render: async () => answer, log: quiet });
    expect((await publisher.publishUrls(['/404'])).written).toEqual(['/404']);
    for (const status of [500, 302]) {
      answer = { status, headers: {}, body: Buffer.alloc(0) };
      const report = await publisher.publishUrls(['/404']);
      expect(report.failed.map((f) => f.url)).toEqual(['/404']);
      expect(report.written).toEqual([]);
      expect(read('404.html')).toBe('<h1>Seite nicht gefunden</h1>');
      expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(siteDir, '404.html.br'))).toString()).toBe('<h1>Seite nicht gefunden</h1>');
    }
  });

  it('a full publish re-renders stale published pages so that deleted rows lose their files', async () => {
    const row = seed(db, () => db.insert(news).values({ title: 'A', content: 'B' }).returning().get());
    const rendered: string[] = [];
    const render: Renderer = async (url) => {
      rendered.push(url);
      const exists = !url.startsWith('/news/') || url === `/news/${row.id}` || !url.match(/^\/news\/[0-9a-f-]{36}$/);
      return exists ? html(url) : { status: 404, headers: {}, body: Buffer.alloc(0) };
    };
    const publisher = new Publisher({ db: () => db, siteDir, render, log: quiet });
    fs.mkdirSync(path.join(siteDir, 'news', '00000000-0000-0000-0000-000000000000'), { recursive: true });
    fs.writeFileSync(path.join(siteDir, 'news', '00000000-0000-0000-0000-000000000000', 'index.html'), 'stale');
    await publisher.publishAll();
    expect(rendered).toContain(`/news/${row.id}`);
    expect(fs.existsSync(path.join(siteDir, 'news', '00000000-0000-0000-0000-000000000000', 'index.html'))).toBe(false);
  });

  it('keeps the version and the version file when every page of a publish failed', async () => {
    let fail = false;
    const render: Renderer = async (url) => {
      if (fail) throw new Error('boom');
      return html(url);
    };
    const publisher = new Publisher({ db: () => db, siteDir, render, log: quiet });
    const first = await publisher.publishUrls(['/', '/news']);
    fail = true;
    const report = await publisher.publishUrls(['/', '/news']);
    expect(report.failed.map((f) => f.url).sort()).toEqual(['/', '/news']);
    expect(report.version).toBe(first.version);
    expect(JSON.parse(read('cache-version.json')).version).toBe(first.version);
    expect(read('index.html')).toBe('<html>/</html>');
  });

  it('does not report pages as published when the version file cannot be written, and leaves no temp file', async () => {
    let version = 1;
    const publisher = new Publisher({ db: () => db, siteDir, render: async (url) => html(`${url} ${version}`), log: quiet });
    await publisher.publishUrls(['/news']);
    // a folder where the version file goes: the rename over it fails, as a full disk or a read-only site would
    fs.rmSync(path.join(siteDir, 'cache-version.json'));
    fs.mkdirSync(path.join(siteDir, 'cache-version.json', 'blocked'), { recursive: true });
    version = 2;
    const report = await publisher.publishUrls(['/news']);
    expect(report.failed.map((f) => f.url)).toEqual(['/news']);
    expect(report.failed[0].error).toMatch(/^cache version: /);
    expect(read('news/index.html')).toBe('<html>/news 2</html>');
    expect(fs.readdirSync(siteDir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('publishes nothing and keeps the version for data no page reads', async () => {
    const publisher = new Publisher({ db: () => db, siteDir, render: async (url) => html(url), log: quiet });
    const first = await publisher.publishUrls(['/']);
    const report = await publisher.publishChanges([{ table: 'membership_inquiries' }]);
    expect(report.written).toEqual([]);
    expect(report.version).toBe(first.version);
  });
});

describe('PublishQueue', () => {
  it('coalesces a burst of 50 changes into one publish of their union', async () => {
    const batches: string[][] = [];
    const publisher = new Publisher({ db: () => db, siteDir, render: async (url) => html(url), log: quiet });
    const original = publisher.publishUrls.bind(publisher);
    publisher.publishUrls = async (urls) => {
      batches.push([...urls].sort());
      return original(urls);
    };
    const queue = new PublishQueue(publisher);
    const ids = Array.from({ length: 50 }, (_, i) => `id-${i}`);
    const reports = await Promise.all(ids.map((id) => queue.enqueue([{ table: 'news', key: id }])));
    expect(batches).toHaveLength(1);
    for (const id of ids) expect(batches[0]).toContain(`/news/${id}`);
    expect(batches[0]).toContain('/news');
    // every caller learns of the same publish
    expect(new Set(reports.map((r) => r.version)).size).toBe(1);
  });

  it('runs one job at a time and merges what arrives meanwhile into the next', async () => {
    let running = 0;
    let maxRunning = 0;
    const batches: string[][] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const publisher = new Publisher({
      db: () => db,
      siteDir,
      render: async (url) => {
        running++;
        maxRunning = Math.max(maxRunning, running);
        if (url === '/spielplan') await gate;
        running--;
        return html(url);
      },
      log: quiet,
      concurrency: 1,
    });
    const original = publisher.publishUrls.bind(publisher);
    publisher.publishUrls = async (urls) => {
      batches.push([...urls].sort());
      return original(urls);
    };
    const queue = new PublishQueue(publisher);
    const first = queue.enqueue([{ table: 'matches', key: 'm1' }]);
    await new Promise((r) => setTimeout(r, 20));
    const second = queue.enqueue([{ table: 'sponsors', key: 's1' }]);
    const third = queue.enqueue([{ table: 'shop_items', key: 'x' }]);
    release();
    await Promise.all([first, second, third]);
    expect(batches).toHaveLength(2);
    expect(batches[1]).toEqual(['/', '/shop', '/sponsoren'].sort());
    expect(maxRunning).toBe(1);
  });
});
