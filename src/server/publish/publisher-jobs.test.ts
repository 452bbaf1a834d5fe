import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { createTestDb } from '../db/test-db';
import { Publisher } from './publisher';
import { ownPages } from './job-plan';
import type { RenderResult, Renderer } from './render';

// How a publish job uses its renderer: the renderer learns the job's size
// first (render processes for a big job), variants compressed by the renderer
// are written as they are, the saved thing's own page is on disk before any
// other page starts, and then the slowest pages of the last job start first.
let db: Db;
let siteDir: string;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const page = (body: string): RenderResult => ({ status: 200, headers: {}, body: Buffer.from(body) });

beforeEach(() => {
  db = createTestDb();
  siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-jobs-'));
});
afterEach(() => {
  db.$client.close();
  fs.rmSync(siteDir, { recursive: true, force: true });
});

describe('Publisher jobs', () => {
  it('asks the renderer for the renderer of a job of that size, and renders the job with it', async () => {
    const sizes: number[] = [];
    const used: string[] = [];
    const big: Renderer = async (url) => {
      used.push(`big ${url}`);
      return page(url);
    };
    big.parallelism = 3;
    const render: Renderer = async (url) => {
      used.push(`default ${url}`);
      return page(url);
    };
    render.forJob = (n) => {
      sizes.push(n);
      return n >= 3 ? big : render;
    };
    const publisher = new Publisher({ db: () => db, siteDir, render, log: quiet });
    await publisher.publishUrls(['/a']);
    await publisher.publishUrls(['/a', '/b', '/c', '/a']);
    expect(sizes).toEqual([1, 3]);
    expect(used.filter((u) => u.startsWith('default'))).toEqual(['default /a']);
    expect(used.filter((u) => u.startsWith('big')).sort()).toEqual(['big /a', 'big /b', 'big /c']);
  });

  it('writes the brotli copy a renderer compressed as it is', async () => {
    const body = '<p>Tabelle</p>'.repeat(100);
    const br = zlib.brotliCompressSync(Buffer.from(body));
    const publisher = new Publisher({
      db: () => db,
      siteDir,
      render: async () => ({ ...page(body), variants: { br } }),
      log: quiet,
    });
    await publisher.publishUrls(['/spielplan']);
    expect(fs.readFileSync(path.join(siteDir, 'spielplan/index.html'), 'utf8')).toBe(body);
    expect(fs.readFileSync(path.join(siteDir, 'spielplan/index.html.br')).equals(br)).toBe(true);
    expect(fs.existsSync(path.join(siteDir, 'spielplan/index.html.gz'))).toBe(false);
  });

  it('starts the pages that took longest last time first', async () => {
    const order: string[] = [];
    const cost: Record<string, number> = { '/spielplan': 40, '/news/alle': 25, '/': 5, '/news': 1 };
    const render: Renderer = async (url) => {
      order.push(url);
      return { ...page(url), renderMs: cost[url] };
    };
    const publisher = new Publisher({ db: () => db, siteDir, render, log: quiet, concurrency: 1 });
    await publisher.publishUrls(['/', '/news', '/news/alle', '/spielplan']);
    order.length = 0;
    await publisher.publishUrls(['/news', '/', '/spielplan', '/news/alle']);
    expect(order).toEqual(['/spielplan', '/news/alle', '/', '/news']);
  });

  it("writes the saved match's own page before it starts any other page of the job", async () => {
    const steps: string[] = [];
    const render: Renderer = async (url) => {
      steps.push(`start ${url}`);
      await new Promise((r) => setTimeout(r, url === '/spielplan' ? 20 : 5));
      steps.push(`end ${url}`);
      return { ...page(url), renderMs: url === '/spielplan' ? 40 : 1 };
    };
    const publisher = new Publisher({ db: () => db, siteDir, render, log: quiet });
    await publisher.publishUrls(['/spielplan', '/', '/spiel/m1']);
    steps.length = 0;
    const urls = ['/spielplan', '/', '/tabelle', '/spiel/m1', '/teilen/spiel/m1.png'];
    const first = ownPages(urls, [{ table: 'matches', key: 'm1' }]);
    expect([...first]).toEqual(['/spiel/m1']);
    await publisher.publishUrls(urls, first);
    expect(steps.slice(0, 2)).toEqual(['start /spiel/m1', 'end /spiel/m1']);
    // then the rest, the slowest first
    expect(steps[2]).toBe('start /spielplan');
    expect(fs.readFileSync(path.join(siteDir, 'spiel/m1/index.html'), 'utf8')).toBe('/spiel/m1');
  });
});
