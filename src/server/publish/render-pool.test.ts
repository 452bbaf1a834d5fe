import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RenderPool } from './render-pool';

// The render processes, with a stand-in for the built Astro handler: a module
// that exports handler(req, res, next) as dist/server/entry.mjs does.
let dir: string;
let entry: string;
let pool: RenderPool | null = null;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

const HANDLER = `
export async function handler(req, res, next, locals) {
  if (req.url === '/boom') throw new Error('kaputt');
  if (req.url === '/exit') process.exit(3);
  if (req.url === '/missing') return next();
  // a page that takes a while, like a real one
  if (req.url.startsWith('/slow/')) { const end = Date.now() + 25; while (Date.now() < end); }
  res.writeHead(200, { 'content-type': 'text/html' });
  globalThis.seq = (globalThis.seq ?? 0) + 1;
  res.end('<p>' + req.url + ' pid=' + process.pid + ' seq=' + globalThis.seq + ' env=' + process.env.NODE_ENV + ' publishing=' + locals.publishing + '</p>'.repeat(40));
}
`;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-pool-'));
  entry = path.join(dir, 'entry.mjs');
  fs.writeFileSync(entry, HANDLER);
});
afterEach(async () => {
  await pool?.close();
  pool = null;
  fs.rmSync(dir, { recursive: true, force: true });
});

const waitFor = async (condition: () => boolean, ms = 5000) => {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('RenderPool', () => {
  it('renders in another process, as a publish, with NODE_ENV production, and sends the brotli copy along (no gzip copy: decision 042)', async () => {
    pool = new RenderPool({ serverEntry: entry, size: 2, nodeEnv: 'production', log: quiet });
    const result = await pool.render('/news');
    const html = result.body.toString();
    expect(result.status).toBe(200);
    expect(html).toContain('<p>/news');
    expect(html).toContain('env=production publishing=true');
    expect(html).not.toContain(`pid=${process.pid} `);
    expect(zlib.brotliDecompressSync(result.variants!.br).toString()).toBe(html);
    expect(Object.keys(result.variants!)).toEqual(['br']);
    // a 404 answer comes back as such, without variants
    const missing = await pool.render('/missing');
    expect(missing.status).toBe(404);
    expect(missing.variants).toBeUndefined();
  });

  it('a big job gets one process per slot, which end when it is done', async () => {
    pool = new RenderPool({ serverEntry: entry, size: 2, bigJob: 10, pagesPerProcess: 20, idleMs: 100, log: quiet });
    pool.expect(40);
    expect(pool.processes).toBe(2);
    // both ready first, as in the test below: one process can render all 40 before the other has started
    await waitFor(() => !pool!.busy);
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => pool!.render(`/slow/${i}`)));
    const pids = new Set(results.map((r) => /pid=(\d+)/.exec(r.body.toString())![1]));
    expect(pids.size).toBe(2);
    await waitFor(() => pool!.processes === 0);
  });

  it('a big job starts no more processes than it has pages for: one per pagesPerProcess pages, at most one per slot', async () => {
    pool = new RenderPool({ serverEntry: entry, size: 4, bigJob: 10, pagesPerProcess: 20, idleMs: 100, log: quiet });
    pool.expect(30);
    expect(pool.processes).toBe(2);
    // both ready before the job's pages come: on a busy machine the second one's start took longer than the
    // first took for all 30 (CI, 2026-12-02), and which process renders what is not the question here
    await waitFor(() => !pool!.busy);
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => pool!.render(`/slow/${i}`)));
    expect(new Set(results.map((r) => /pid=(\d+)/.exec(r.body.toString())![1])).size).toBe(2);
    await waitFor(() => pool!.processes === 0);
    // a site smaller than one process's share renders in one
    pool.expect(12);
    expect(pool.processes).toBe(1);
    const small = await Promise.all(Array.from({ length: 12 }, (_, i) => pool!.render(`/slow/s${i}`)));
    expect(new Set(small.map((r) => /pid=(\d+)/.exec(r.body.toString())![1])).size).toBe(1);
    // and a job of many pages still gets every slot
    pool.expect(500);
    expect(pool.processes).toBe(4);
  });

  it('a small job gets at most two processes, which stay for the next save and then end', async () => {
    // kept alive 3 s: the 400 ms pause below must end well inside it on a busy machine
    pool = new RenderPool({ serverEntry: entry, size: 4, bigJob: 10, idleMs: 100, keepAliveMs: 3_000, log: quiet });
    pool.expect(1);
    const single = await pool.render('/news/1');
    expect(pool.processes).toBe(1);
    pool.expect(6);
    expect(pool.processes).toBe(2);
    const saved = await Promise.all(['/', '/news', '/slow/1', '/slow/2', '/slow/3', '/slow/4'].map((u) => pool!.render(u)));
    const pids = new Set(saved.map((r) => /pid=(\d+)/.exec(r.body.toString())![1]));
    expect(pids.size).toBeLessThanOrEqual(2);
    expect(pids.has(/pid=(\d+)/.exec(single.body.toString())![1])).toBe(true);
    await new Promise((r) => setTimeout(r, 400));
    // still there for the next save
    expect(pool.processes).toBe(2);
    await waitFor(() => pool!.processes === 0, 10_000);
  });

  it('prewarm starts one process, warms it up, serves a real render before the warm-up ones, and keeps it for the next save', async () => {
    pool = new RenderPool({ serverEntry: entry, size: 2, idleMs: 100, keepAliveMs: 3_000, log: quiet });
    const asked: number[] = [];
    const warmups = () => {
      asked.push(1);
      return Array.from({ length: 30 }, (_, i) => `/slow/warm-${i}`);
    };
    pool.prewarm(warmups);
    expect(pool.processes).toBe(1);
    expect(pool.busy).toBe(true);
    // a save that comes meanwhile does not wait behind thirty warm-up pages: at most the two in flight go first
    const save = await pool.render('/news');
    expect(save.body.toString()).toContain('<p>/news');
    expect(Number(/seq=(\d+)/.exec(save.body.toString())![1])).toBeLessThanOrEqual(3);
    await waitFor(() => !pool!.busy);
    // a second prewarm while it is alive starts nothing and renders nothing
    pool.prewarm(warmups);
    expect(asked).toHaveLength(1);
    expect(pool.processes).toBe(1);
    await new Promise((r) => setTimeout(r, 400));
    expect(pool.processes).toBe(1);
    await waitFor(() => pool!.processes === 0, 10_000);
  });

  it('a page that throws fails alone; a process that dies fails its page and the next page renders in a new one', async () => {
    pool = new RenderPool({ serverEntry: entry, size: 1, log: quiet });
    await expect(pool.render('/boom')).rejects.toThrow('kaputt');
    expect((await pool.render('/ok')).status).toBe(200);
    await expect(pool.render('/exit')).rejects.toThrow(/exited/);
    const after = await pool.render('/again');
    expect(after.body.toString()).toContain('<p>/again');
  });

  it('of two pages in flight when their process dies, only the one that killed it fails: the other renders in the next', async () => {
    pool = new RenderPool({ serverEntry: entry, size: 1, log: quiet });
    const [killer, innocent] = await Promise.allSettled([pool.render('/exit'), pool.render('/ok')]);
    expect(killer.status).toBe('rejected');
    expect(String((killer as PromiseRejectedResult).reason)).toMatch(/exited/);
    expect(innocent.status).toBe('fulfilled');
    expect((innocent as PromiseFulfilledResult<{ body: Buffer }>).value.body.toString()).toContain('<p>/ok');
  });

  it('a render that hangs fails after the time limit and its process is replaced', async () => {
    fs.writeFileSync(entry, `${HANDLER}\nexport const hang = true;`.replace("if (req.url === '/boom')", "if (req.url === '/hang') return new Promise(() => {});\n  if (req.url === '/boom')"));
    pool = new RenderPool({ serverEntry: entry, size: 1, renderTimeoutMs: 300, log: quiet });
    await expect(pool.render('/hang')).rejects.toThrow(/timeout/);
    expect((await pool.render('/ok')).status).toBe(200);
  });

  it('processes that cannot even start mark the pool broken, with their error, instead of starting forever', async () => {
    const before = process.env.NODE_OPTIONS;
    // node refuses to start with this, on 20, 22 and 24 alike (22 and 24 allow --cpu-prof there)
    process.env.NODE_OPTIONS = '--print';
    try {
      pool = new RenderPool({ serverEntry: entry, size: 2, log: quiet });
      await expect(pool.render('/')).rejects.toThrow(/cannot start: .*not allowed in NODE_OPTIONS/s);
      expect(pool.broken).not.toBeNull();
      expect(pool.processes).toBe(0);
    } finally {
      if (before === undefined) delete process.env.NODE_OPTIONS;
      else process.env.NODE_OPTIONS = before;
    }
  });

  it('a build that cannot load marks the pool broken, with the reason, instead of retrying forever', async () => {
    fs.writeFileSync(entry, "throw new Error('Modul fehlt');");
    pool = new RenderPool({ serverEntry: entry, size: 2, log: quiet });
    await expect(pool.render('/')).rejects.toThrow(/cannot load the build: .*Modul fehlt/s);
    expect(pool.broken).not.toBeNull();
    await expect(pool.render('/news')).rejects.toThrow(/cannot load the build/);
  });

  it('a process that hangs while it loads the build is replaced after the start limit; two in a row mark the pool broken', async () => {
    fs.writeFileSync(entry, `${HANDLER}\nawait new Promise(() => setInterval(() => {}, 1000));`);
    pool = new RenderPool({ serverEntry: entry, size: 1, startTimeoutMs: 400, log: quiet });
    await expect(pool.render('/')).rejects.toThrow(/cannot start: render process not ready after 400 ms/);
    expect(pool.broken).not.toBeNull();
    await waitFor(() => pool!.processes === 0);
  });

  it('a process the system refuses outright marks the pool broken instead of ending the server', async () => {
    // fork() throws at once for this (as for ENOMEM): thrown from a timer or an exit handler, it ended the server
    pool = new RenderPool({ serverEntry: `${entry}\0`, size: 2, log: quiet });
    await expect(pool.render('/')).rejects.toThrow(/cannot start: .*null bytes/);
    expect(pool.broken).not.toBeNull();
    expect(pool.processes).toBe(0);
  });

  it('tries the processes again once retryBrokenAfterMs have passed', async () => {
    fs.writeFileSync(entry, "throw new Error('Modul fehlt');");
    pool = new RenderPool({ serverEntry: entry, size: 1, retryBrokenAfterMs: 300, log: quiet });
    await expect(pool.render('/')).rejects.toThrow(/cannot load the build/);
    // the build is whole again (a deploy finished), and the time has passed
    fs.writeFileSync(entry, HANDLER);
    await expect(pool.render('/news')).rejects.toThrow(/cannot load the build/);
    await new Promise((r) => setTimeout(r, 350));
    expect(pool.broken).toBeNull();
    expect((await pool.render('/news')).body.toString()).toContain('<p>/news');
  });

  it('renders without a job start only the processes they fill, not as many as the last big job had', async () => {
    pool = new RenderPool({ serverEntry: entry, size: 4, bigJob: 10, pagesPerProcess: 10, idleMs: 50, log: quiet });
    pool.expect(100);
    expect(pool.processes).toBe(4);
    await Promise.all(Array.from({ length: 8 }, (_, i) => pool!.render(`/slow/${i}`)));
    await waitFor(() => pool!.processes === 0);
    // a save's two pages at a stop (render.ts sends them here without a job size)
    const pages = [pool.render('/a'), pool.render('/b')];
    expect(pool.processes).toBe(1);
    await Promise.all(pages);
  });

  it('a render process stuck in its code does not outlive the server that started it', async () => {
    fs.writeFileSync(entry, HANDLER.replace("if (req.url === '/boom')", "if (req.url === '/stuck') for (;;);\n  if (req.url === '/boom')"));
    const owner = path.join(dir, 'owner.mts');
    fs.writeFileSync(
      owner,
      `import { RenderPool } from ${JSON.stringify(path.resolve('src/server/publish/render-pool.ts'))};
const pool = new RenderPool({ serverEntry: ${JSON.stringify(entry)}, size: 1, log: console });
pool.render('/stuck').catch(() => undefined);
// the process is busy with the page: the server gives up on its stop and exits
setTimeout(() => process.exit(1), 1500);
`,
    );
    const { spawnSync } = await import('node:child_process');
    const run = spawnSync(process.execPath, ['--import', 'tsx', owner], { encoding: 'utf8', timeout: 30_000 });
    expect(run.status).toBe(1);
    const alive = () =>
      fs.readdirSync('/proc').filter((pid) => /^\d+$/.test(pid) && (() => { try { return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(entry); } catch { return false; } })());
    await waitFor(() => alive().length === 0, 3000);
  });
});
