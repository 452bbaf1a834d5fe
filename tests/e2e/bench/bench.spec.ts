import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { TINY_SIZE } from '../../../scripts/bench/generate-data';

// The benchmark (`npm run bench`, issue 7) in its smoke form: a tiny data set and
// one-second runs against the production build, so that it cannot rot. It checks
// that every part ran and reported, never how fast anything was.
test('the benchmark runs end to end and reports every section with a PASS or FAIL line per target', async () => {
  test.setTimeout(240_000);
  const out = path.join(os.tmpdir(), `anstoss-bench-smoke-${process.pid}-${Date.now()}.json`);
  const run = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/run.ts', '--smoke', '--no-build', '--out', out], {
      cwd: process.cwd(),
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
  expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
  const results = JSON.parse(fs.readFileSync(out, 'utf8'));
  fs.rmSync(out, { force: true });

  // the generated data set, and every page of it published
  expect(results.mode).toBe('smoke');
  expect(results.data.counts).toMatchObject({ news: TINY_SIZE.news, teams: TINY_SIZE.teams, players: TINY_SIZE.players, matches: TINY_SIZE.matches, match_events: TINY_SIZE.events });
  expect(results.publish.failed).toBe(0);
  expect(results.publish.pages).toBeGreaterThan(TINY_SIZE.news);

  // (1) serving: four routes, each from our server and from nginx, the same page from both
  expect(results.serving.map((s: { route: string }) => s.route).slice(0, 3)).toEqual(['/', '/news', '/spielplan']);
  expect(results.serving[3].route).toMatch(/^\/news\/[0-9a-f-]{36}$/);
  for (const s of results.serving) {
    expect(s.node.requests, s.route).toBeGreaterThan(0);
    expect(s.node.non2xx, s.route).toBe(0);
    expect(s.nginx?.requests, s.route).toBeGreaterThan(0);
    expect(s.encoding, s.route).toEqual({ node: 'br', nginx: 'br' });
    expect(s.sameBody, s.route).toBe(true);
    expect(typeof s.ratio).toBe('number');
  }

  // (2) republish: each kind of edit reached the page on disk (run.ts checks the file) and named its pages
  expect(Object.keys(results.republish).sort()).toEqual(['coldSave', 'event', 'footer', 'match', 'news']);
  // the same kind of edit: which article it is adds its own share image and the articles at the
  // newest-100 line (decision 023), up to two pages and two images
  expect(Math.abs(results.republish.coldSave.pages - results.republish.news.pages)).toBeLessThanOrEqual(4);
  expect(results.republish.news.pages).toBeGreaterThanOrEqual(5);
  expect(results.republish.match.pages).toBeGreaterThanOrEqual(2);
  expect(results.republish.footer.pages).toBeGreaterThan(results.republish.news.pages);
  for (const r of [results.republish.news, results.republish.match, results.republish.event, results.republish.footer] as { n: number; failedPages: number }[]) {
    expect(r.n).toBeGreaterThan(0);
    expect(r.failedPages).toBe(0);
  }
  // a goal entered at the pitch (issue 14): its match page on disk (run.ts checks the file), and each of
  // three goals seen in an open match page through the running server's live stream, without a reload
  expect(results.republish.event.pages).toBeGreaterThanOrEqual(2);
  expect(results.live.error).toBeUndefined();
  expect(results.live.samplesMs).toHaveLength(3);
  expect(results.live.reloads).toBe(0);

  // save → page in the bucket: each smoke edit read back from the S3 server (run.ts checks the object)
  expect(results.deploy.n).toBe(3);
  expect(results.deploy.samplesMs).toHaveLength(3);
  expect(results.checks.some((c: { section: string }) => c.section === 'deploy')).toBe(true);

  // (3) full publish, and the static astro build of the same pages as reference
  expect(results.publish.coldPagesPerSec).toBeGreaterThan(0);
  expect(results.publish.astroBuild.error).toBeUndefined();
  // the same pages: Astro counts its HTML pages and text endpoints, not the image endpoints it renders as well
  expect(results.publish.images).toBeGreaterThan(0);
  expect(results.publish.astroBuild.pages).toBeGreaterThanOrEqual(results.publish.pages - results.publish.images - 2);

  // (4) page weight and Lighthouse
  expect(results.weight.length).toBeGreaterThan(0);
  for (const w of results.weight) {
    expect(w.status, w.route).toBe(200);
    expect(w.htmlBytesBr, w.route).toBeGreaterThan(0);
    expect(w.totalTransferBytes, w.route).toBeGreaterThan(w.htmlBytesBr);
    expect(Array.isArray(w.blockingScripts)).toBe(true);
  }
  expect(results.lighthouse.map((l: { route: string }) => l.route)).toEqual(['/']);
  for (const category of ['performance', 'accessibility', 'best-practices', 'seo']) {
    const score = results.lighthouse[0].scores[category];
    expect(score, category).toBeGreaterThanOrEqual(0);
    expect(score, category).toBeLessThanOrEqual(100);
  }

  // (5) memory of our server while it served
  expect(results.memory.peakRssMb).toBeGreaterThan(0);

  // the table: one PASS or FAIL line per target, as many as results.json counts
  const verdicts = run.stdout.split('\n').filter((line) => /\| (PASS|FAIL) \|$/.test(line));
  expect(verdicts.length).toBe(results.checks.length);
  expect(results.passed + results.failed).toBe(results.checks.length);
  for (const section of ['serving', 'republish', 'publish', 'weight', 'lighthouse', 'memory']) {
    expect(verdicts.some((line) => line.startsWith(`| ${section}:`)), section).toBe(true);
  }
  expect(run.stdout).toMatch(/\d+ PASS, \d+ FAIL in \d+ s/);
});
