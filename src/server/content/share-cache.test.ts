import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, test, vi } from 'vitest';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-share-cache-'));
vi.stubEnv('DATA_DIR', dataDir);
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const { SHARE_CACHE_KEEP_DAYS, cachedSharePng, keepSharePng, shareCacheDir, shareCachePruneJob } = await import('./share-cache');

const DAY = 24 * 60 * 60 * 1000;

function age(file: string, days: number) {
  const then = new Date(Date.now() - days * DAY);
  fs.utimesSync(file, then, then);
}

test('the daily job removes the pictures no publish read for 90 days and what a killed process left; a picture read keeps its place', async () => {
  const dir = shareCacheDir();
  await keepSharePng('<svg>alt</svg>', Buffer.from('alt'));
  await keepSharePng('<svg>noch gezeigt</svg>', Buffer.from('gezeigt'));
  await keepSharePng('<svg>neu</svg>', Buffer.from('neu'));
  for (const file of fs.readdirSync(dir).map((name) => path.join(dir, name))) age(file, SHARE_CACHE_KEEP_DAYS + 10);
  age(path.join(dir, fs.readdirSync(dir).find((n) => fs.readFileSync(path.join(dir, n), 'utf8') === 'neu')!), 3);
  // the page that shows this one was published again today
  expect((await cachedSharePng('<svg>noch gezeigt</svg>'))?.toString()).toBe('gezeigt');
  fs.writeFileSync(path.join(dir, 'abc.png.4242.tmp'), 'halb');
  age(path.join(dir, 'abc.png.4242.tmp'), 1);
  fs.writeFileSync(path.join(dir, 'def.png.4343.tmp'), 'wird gerade geschrieben');
  fs.writeFileSync(path.join(dir, 'README'), 'not ours');
  age(path.join(dir, 'README'), 400);

  const before = fs.readdirSync(dir).length;
  const said: string[] = [];
  await shareCachePruneJob(() => Date.now(), { info: (line: string) => said.push(line) }).run();

  const left = fs.readdirSync(dir).map((name) => fs.readFileSync(path.join(dir, name), 'utf8')).sort();
  console.info(`[figures] share cache: files ${before}, removed ${before - left.length}, kept ${left.length}`);
  expect(left).toEqual(['gezeigt', 'neu', 'not ours', 'wird gerade geschrieben']);
  expect(said).toEqual([`[share-cache-prune] removed 2 files from ${dir}: share images no publish read for 90 days, temporary files a stopped process left`]);
  // a missing cache folder is nothing to prune
  fs.rmSync(dir, { recursive: true });
  await shareCachePruneJob(() => Date.now(), { info: (line: string) => said.push(line) }).run();
  expect(said).toHaveLength(1);
});
