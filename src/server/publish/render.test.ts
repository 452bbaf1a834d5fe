import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadBuiltRenderer, usesDevelopmentJsx } from './render';

// loadBuiltRenderer with a stand-in for dist/server/entry.mjs.
let dir: string;
let entry: string;
const savedNodeOptions = process.env.NODE_OPTIONS;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-render-'));
  entry = path.join(dir, 'entry.mjs');
  fs.writeFileSync(
    entry,
    `export function handler(req, res) { res.writeHead(200, { 'content-type': 'text/html' }); res.end('<h1>' + req.url + ' ' + process.pid + '</h1>'); }`,
  );
});
afterEach(() => {
  if (savedNodeOptions === undefined) delete process.env.NODE_OPTIONS;
  else process.env.NODE_OPTIONS = savedNodeOptions;
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The listeners a server stop calls (shutdown.ts keeps them on globalThis). */
const stopListenerCount = () => (globalThis as unknown as Record<symbol, Set<unknown> | undefined>)[Symbol.for('anstoss.serverStopping')]?.size ?? 0;

describe('loadBuiltRenderer', () => {
  it("renders a job of up to 200 renders in this thread, a bigger one in render processes, one per 200 pages; everything in this thread with workers: 0", async () => {
    // the default, 200 renders (PUBLISH_IN_PROCESS_MAX unset)
    delete process.env.PUBLISH_IN_PROCESS_MAX;
    const listenersBefore = stopListenerCount();
    const { renderer, pool } = await loadBuiltRenderer(entry, { workers: 2 });
    expect(stopListenerCount()).toBe(listenersBefore + 1);
    try {
      // a save (full time with the players' pages: about 25) and a small club's whole site (up to 200
      // pages, one render process's share, decision 053): no render process starts for it
      expect((await renderer.forJob!(25)('/spiel/1')).body.toString()).toBe(`<h1>/spiel/1 ${process.pid}</h1>`);
      expect((await renderer.forJob!(200)('/')).body.toString()).toBe(`<h1>/ ${process.pid}</h1>`);
      expect(pool?.processes).toBe(0);
      // warming up for the next save renders here too, and starts no process
      renderer.prewarm!(() => ['/', '/news']);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(pool?.processes).toBe(0);
      const job = renderer.forJob!(201);
      const page = await job('/news');
      expect(page.body.toString()).toMatch(/^<h1>\/news \d+<\/h1>$/);
      expect(page.body.toString()).not.toContain(` ${process.pid}<`);
      expect(page.variants?.br.length).toBeGreaterThan(0);
      // 201 renders are more than one process's share (decision 051): both processes
      expect(pool?.processes).toBe(2);
    } finally {
      await pool?.close();
    }
    // its stop listener went with the pool
    expect(stopListenerCount()).toBe(listenersBefore);
    const inThread = await loadBuiltRenderer(entry, { workers: 0 });
    expect(inThread.pool).toBeNull();
    expect((await inThread.renderer('/news')).body.toString()).toBe(`<h1>/news ${process.pid}</h1>`);
  });

  it('with inProcessMax 0 every job, and the warm-up for the next save, goes to the render processes', async () => {
    const { renderer, pool } = await loadBuiltRenderer(entry, { workers: 2, inProcessMax: 0 });
    try {
      renderer.prewarm!(() => ['/']);
      expect(pool?.processes).toBe(1);
      const page = await renderer.forJob!(1)('/news');
      expect(page.body.toString()).not.toContain(` ${process.pid}<`);
    } finally {
      await pool?.close();
    }
  });

  it('takes the bound from PUBLISH_IN_PROCESS_MAX', async () => {
    process.env.PUBLISH_IN_PROCESS_MAX = '2';
    const { renderer, pool } = await loadBuiltRenderer(entry, { workers: 2 });
    try {
      expect((await renderer.forJob!(2)('/news')).body.toString()).toBe(`<h1>/news ${process.pid}</h1>`);
      expect((await renderer.forJob!(3)('/news')).body.toString()).not.toContain(` ${process.pid}<`);
    } finally {
      delete process.env.PUBLISH_IN_PROCESS_MAX;
      await pool?.close();
    }
  });

  it('renders in this thread when render processes cannot start, so that publishing still works', async () => {
    const { renderer, pool } = await loadBuiltRenderer(entry, { workers: 2 });
    // node refuses to start with this, on 20, 22 and 24 alike
    process.env.NODE_OPTIONS = '--print';
    try {
      const page = await renderer.forJob!(240)('/spielplan');
      expect(page.body.toString()).toBe(`<h1>/spielplan ${process.pid}</h1>`);
      expect(pool?.broken).not.toBeNull();
      // later jobs go straight to this thread
      expect((await renderer.forJob!(1)('/news')).body.toString()).toBe(`<h1>/news ${process.pid}</h1>`);
    } finally {
      await pool?.close();
    }
  });

  it('renders in this thread one page at a time, and lets other work in between (the connections this thread accepts)', async () => {
    // a handler that renders in one stretch of 30 ms, and says when
    fs.writeFileSync(
      entry,
      `export function handler(req, res) { const until = Date.now() + 30; while (Date.now() < until); globalThis.__renderOrder.push(req.url); res.writeHead(200); res.end('ok'); }`,
    );
    const order: string[] = [];
    (globalThis as { __renderOrder?: string[] }).__renderOrder = order;
    const { renderer } = await loadBuiltRenderer(entry, { workers: 0 });
    const job = renderer.forJob?.(3) ?? renderer;
    const pages = ['/a', '/b', '/c'].map((url) => job(url));
    setTimeout(() => order.push('timer'), 1);
    await Promise.all(pages);
    // the timer was due during the first page: it runs between the pages, not after the whole job (before the
    // first page too where this thread resumed late enough for it to be due already)
    expect(order).toHaveLength(4);
    expect(order.indexOf('timer')).toBeLessThan(3);
    expect(order.filter((o) => o !== 'timer')).toEqual(['/a', '/b', '/c']);
  });

  it('fails a page in this thread that never finishes after the time limit, and renders the pages after it', async () => {
    // a page whose answer never ends (a stream that never closes)
    fs.writeFileSync(entry, `export function handler(req, res) { if (req.url === '/haengt') return; res.writeHead(200); res.end('ok ' + req.url); }`);
    const { renderer } = await loadBuiltRenderer(entry, { workers: 0, renderTimeoutMs: 300 });
    const hung = renderer('/haengt');
    const next = renderer('/news');
    await expect(hung).rejects.toThrow('/haengt: rendering took longer than 300 ms');
    expect((await next).body.toString()).toBe('ok /news');
  });

  it('does not hold the pages up for a share image, which is drawn outside this thread', async () => {
    // the image waits for its drawing (sharp, in libuv's pool) until the test lets it finish
    fs.writeFileSync(
      entry,
      `export async function handler(req, res) {
  if (req.url.endsWith('.png')) await globalThis.__drawn;
  globalThis.__renderOrder.push(req.url);
  res.writeHead(200);
  res.end('ok');
}`,
    );
    const order: string[] = [];
    let finishDrawing = () => {};
    Object.assign(globalThis, { __renderOrder: order, __drawn: new Promise<void>((resolve) => (finishDrawing = resolve)) });
    const { renderer } = await loadBuiltRenderer(entry, { workers: 0 });
    const job = renderer.forJob?.(3) ?? renderer;
    const image = job('/teilen/spiel/1.png');
    await Promise.all([job('/spiel/1'), job('/spielplan')]);
    expect(order).toEqual(['/spiel/1', '/spielplan']);
    finishDrawing();
    await image;
    expect(order).toEqual(['/spiel/1', '/spielplan', '/teilen/spiel/1.png']);
  });

  it("tells a build made with React's development JSX from a production build", () => {
    expect(usesDevelopmentJsx(entry)).toBe(false);
    fs.mkdirSync(path.join(dir, 'chunks'));
    fs.writeFileSync(path.join(dir, 'chunks', 'Site.mjs'), "import { jsxDEV } from 'react/jsx-dev-runtime';");
    expect(usesDevelopmentJsx(entry)).toBe(true);
  });
});

describe("the build's page modules", () => {
  it('are imported once per page, as Astro asks for them on every request; an import that failed is tried again', async () => {
    // a stand-in for the build: like Astro's app, the handler asks the page map for the page's module on every request
    fs.writeFileSync(
      entry,
      `globalThis.pageImports = { '/a': 0, '/kaputt': 0 };
let broken = true;
export const pageMap = new Map([
  ['/a', async () => { globalThis.pageImports['/a']++; return { title: 'Seite A' }; }],
  ['/kaputt', async () => { globalThis.pageImports['/kaputt']++; if (broken) { broken = false; throw new Error('import failed'); } return { title: 'wieder da' }; }],
]);
export async function handler(req, res, next) {
  try {
    const page = await pageMap.get(req.url)();
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<h1>' + page.title + '</h1>');
  } catch (error) { next(error); }
}`,
    );
    const { renderer } = await loadBuiltRenderer(entry, { workers: 0 });
    for (let i = 0; i < 3; i++) expect((await renderer('/a')).body.toString()).toBe('<h1>Seite A</h1>');
    await expect(renderer('/kaputt')).rejects.toThrow('import failed');
    expect((await renderer('/kaputt')).body.toString()).toBe('<h1>wieder da</h1>');
    expect((await renderer('/kaputt')).body.toString()).toBe('<h1>wieder da</h1>');
    expect((globalThis as unknown as { pageImports: Record<string, number> }).pageImports).toEqual({ '/a': 1, '/kaputt': 2 });
  });
});
