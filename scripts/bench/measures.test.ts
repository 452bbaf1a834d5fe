import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { processTree, treeMemory } from './memory';
import { publishedNewsListUrls } from './news-list';
import { inlineScriptBytesBr } from './weight';

describe('the memory of a process tree', () => {
  const started: number[] = [];
  afterEach(() => {
    for (const pid of started.splice(0)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  });

  it('finds a child and its grandchild from /proc and sums their PSS and RSS', async () => {
    // a child that starts a grandchild, both sleeping until killed
    const child = spawn(process.execPath, ['-e', "require('child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'inherit' }); setInterval(() => {}, 1000)"], { stdio: 'ignore' });
    started.push(child.pid!);
    let tree: number[] = [];
    for (let i = 0; i < 50 && tree.length < 3; i++) {
      await new Promise((r) => setTimeout(r, 100));
      tree = processTree(process.pid);
    }
    expect(tree).toContain(child.pid);
    const grandchild = processTree(child.pid!).filter((pid) => pid !== child.pid);
    expect(grandchild).toHaveLength(1);
    started.push(grandchild[0]);

    // a process just spawned is found in /proc before Node has mapped itself (3 MB in a CI run): wait until
    // both have started, as the bench measures servers that have
    let memory = treeMemory(child.pid!);
    for (let i = 0; i < 50 && !(memory.processes === 2 && memory.each.every((p) => p.rssKb > 5_000)); i++) {
      await new Promise((r) => setTimeout(r, 100));
      memory = treeMemory(child.pid!);
    }
    expect(memory.processes).toBe(2);
    expect(memory.each.map((p) => p.pid).sort()).toEqual([child.pid, grandchild[0]].sort());
    // two Node processes: each holds megabytes, and PSS never exceeds RSS (shared pages are divided)
    for (const p of memory.each) expect(p.rssKb).toBeGreaterThan(5_000);
    expect(memory.pssKb).toBeGreaterThan(0);
    expect(memory.pssKb).toBeLessThanOrEqual(memory.rssKb);
    expect(memory.rssKb).toBe(memory.each[0].rssKb + memory.each[1].rssKb);
  });

  it('reports nothing for a process that is gone', () => {
    expect(treeMemory(2 ** 22 + 12345)).toMatchObject({ processes: 0, pssKb: 0, rssKb: 0 });
  });
});

describe('the news list pages of a published folder', () => {
  it('lists /news, /news/alle and pagination pages, not articles or the not-found page', () => {
    const site = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-news-list-'));
    for (const dir of ['news', 'news/alle', 'news/alle/2', 'news/seite/3', 'news/nicht-gefunden', 'news/0b3c9f0e-6f1a-4c3e-9b1d-2a6f4e8d7c51']) {
      fs.mkdirSync(path.join(site, dir), { recursive: true });
      fs.writeFileSync(path.join(site, dir, 'index.html'), '<p>x</p>');
    }
    fs.writeFileSync(path.join(site, 'news', 'alle.json'), '[]');
    expect(publishedNewsListUrls(site)).toEqual(['/news', '/news/alle', '/news/alle/2', '/news/seite/3']);
    fs.rmSync(site, { recursive: true, force: true });
  });
});

describe('inline scripts in the JavaScript a page runs', () => {
  it('counts inline classic and module scripts, not external ones, JSON-LD or empty tags', () => {
    const code = 'document.documentElement.classList.add("js"); '.repeat(20);
    const withCode = inlineScriptBytesBr(`<script>${code}</script>`);
    expect(withCode).toBeGreaterThan(10);
    expect(inlineScriptBytesBr(`<script type="module">${code}</script>`)).toBe(withCode);
    expect(inlineScriptBytesBr(`<script type="application/ld+json">{"@type":"${code}"}</script><script src="/a.js"></script><script></script>`)).toBe(0);
    expect(inlineScriptBytesBr(`<script>${code}</script><script>${code}</script>`)).toBe(2 * withCode);
  });
});

describe('the bench options', () => {
  it('runs the big club on its own, into its own results file, with fewer footer edits', async () => {
    const { readOptions } = await import('./options');
    const { BIG_SIZE, FULL_SIZE, TINY_SIZE } = await import('./generate-data');
    const big = readOptions(['--big', '--no-build'], '/repo');
    expect(big).toMatchObject({ mode: 'big', size: BIG_SIZE, footerEdits: 3, build: false, out: '/repo/bench/results-big.json' });
    expect(BIG_SIZE).toMatchObject({ news: 10_000, matches: 2_000, teams: 100 });
    expect(readOptions([], '/repo')).toMatchObject({ mode: 'full', size: FULL_SIZE, footerEdits: 10, durationSec: 10, out: '/repo/bench/results.json' });
    expect(readOptions(['--smoke', '--big'], '/repo')).toMatchObject({ mode: 'smoke', size: TINY_SIZE, durationSec: 1 });
  });
});
