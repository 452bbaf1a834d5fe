import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { TINY_SIZE } from '../../../scripts/bench/generate-data';
import { benchEntry } from '../../../scripts/bench/bundle';
import { buildBenchmark } from '../../../src/server/server-bundles';

// The benchmark (`npm run bench`, issues 7 and 16) in its smoke form: a tiny data set and
// one-second runs against the production build, so that it cannot rot. It checks
// that every part ran and reported, never how fast anything was.
test('the benchmark runs end to end and reports every section with a PASS or FAIL line per target', async () => {
  test.setTimeout(240_000);
  const out = path.join(os.tmpdir(), `anstoss-bench-smoke-${process.pid}-${Date.now()}.json`);
  await buildBenchmark(path.dirname(benchEntry()));
  const run = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    // as `npm run bench` runs it: the harness compiled, then plain Node
    const child = spawn(process.execPath, [benchEntry(), '--smoke', '--no-build', '--out', out], {
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
  // the republish figures depend on the work folder's file system (scripts/bench/filesystem.ts): it is named
  expect(results.machine.fileSystem).toMatch(/^\S+( with(out)? a journal)? \(.+ on \/.*\)$/);
  expect(run.stdout).toContain(`work folder on ${results.machine.fileSystem}`);
  expect(results.data.counts).toMatchObject({ news: TINY_SIZE.news, teams: TINY_SIZE.teams, players: TINY_SIZE.players, matches: TINY_SIZE.matches, match_events: TINY_SIZE.events });
  expect(results.publish.failed).toBe(0);
  expect(results.publish.pages).toBeGreaterThan(TINY_SIZE.news);

  // (1) serving, in two passes of the same run: quiet, and loaded with one core kept busy in the background
  expect(results.serving.map((run: { pass: string }) => run.pass)).toEqual(['quiet', 'loaded']);
  expect(results.serving[0].background).toBeNull();
  expect(['stress-ng', 'node busy loop']).toContain(results.serving[1].background.tool);
  for (const run of results.serving) {
    expect(run.routes.map((s: { route: string }) => s.route).slice(0, 3)).toEqual(['/', '/news', '/spielplan']);
    expect(run.routes[3].route).toMatch(/^\/news\/[0-9a-f-]{36}$/);
    for (const s of run.routes) {
      expect(s.node.requests, s.route).toBeGreaterThan(0);
      expect(s.node.non2xx, s.route).toBe(0);
      expect(s.node.p99Ms, s.route).toBeGreaterThan(0);
      expect(s.nginx?.requests, s.route).toBeGreaterThan(0);
      expect(s.encoding, s.route).toEqual({ node: 'br', nginx: 'br' });
      expect(s.sameBody, s.route).toBe(true);
      expect(s.ratio, s.route).toBeGreaterThan(0);
    }
    // Node's floor on the home page: a bare node:http cluster with as many workers as ours, beside both
    expect(run.floor.route).toBe('/');
    expect(run.floor.workers).toBeGreaterThanOrEqual(1);
    expect(run.floor.result.requests).toBeGreaterThan(0);
    expect(run.floor.result.non2xx).toBe(0);
    expect(run.floor.ratioToNginx).toBeGreaterThan(0);
    expect(run.floor.oursToFloor).toBeCloseTo(run.routes[0].node.requestsPerSecond / run.floor.result.requestsPerSecond, 1);
  }
  expect(run.stdout).toMatch(/Node's floor on \/ \(a bare node:http cluster of \d+ workers.*quiet \d+ req\/s, [\d.]+ × nginx.*; loaded \d+ req\/s/);

  // the memory of every process of our server (its tree from /proc), summed PSS and RSS
  expect(results.memory.peakPssMb).toBeGreaterThan(10);
  expect(results.memory.peakRssMb).toBeGreaterThanOrEqual(results.memory.peakPssMb);
  expect(results.memory.maxProcesses).toBeGreaterThanOrEqual(1);
  expect(results.memory.atPeak.length).toBeGreaterThanOrEqual(1);
  expect(results.memory.whileServing.peakPssMb).toBeGreaterThan(10);
  expect(results.memory.whileServing.peakPssMb).toBeLessThanOrEqual(results.memory.peakPssMb);
  expect(results.memory.atPeak.reduce((sum: number, p: { pssMb: number }) => sum + p.pssMb, 0)).toBeCloseTo(results.memory.peakPssMb, 0);

  // (2) republish: each kind of edit reached the page on disk (run.ts checks the file) and named its pages
  expect(Object.keys(results.republish).sort()).toEqual(['coldSave', 'event', 'footer', 'match', 'news']);
  // the same kind of edit: which article it is adds its own share image and the articles at the
  // newest-100 line (decision 023), up to two pages and two images
  expect(Math.abs(results.republish.coldSave.pages - results.republish.news.pages)).toBeLessThanOrEqual(4);
  expect(results.republish.news.pages).toBeGreaterThanOrEqual(5);
  expect(results.republish.match.pages).toBeGreaterThanOrEqual(2);
  expect(results.republish.footer.pages).toBeGreaterThan(results.republish.news.pages);
  // the footer change's floor: copies of every published page (and brotli copy) replaced alone, and compressed alone
  expect(results.footerFloor.pages).toBeGreaterThanOrEqual(results.republish.footer.pages - 4);
  expect(results.footerFloor.files).toBeGreaterThan(results.footerFloor.pages);
  expect(results.footerFloor.replaceMs).toBeGreaterThan(0);
  expect(run.stdout).toContain(`their ${results.footerFloor.files} files replaced alone, a temp file made apart (decision 050) and a rename each, ${results.footerFloor.replaceMs} ms`);
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
  // Astro's own timing of its page rendering, which the full publish is held against
  expect(results.publish.astroBuild.renderPagesMs).toBeGreaterThan(0);
  // and its images, counted in its render rate as the publisher counts its own
  expect(results.publish.astroBuild.images).toBeGreaterThanOrEqual(results.publish.images - 2);
  expect(results.checks.some((c: { measure: string; value: string }) => /astro build render rate/.test(c.measure) && Number(c.value) > 0)).toBe(true);

  // (4) page weight of each route for a first visit and for a returning visitor (cookie choice stored)
  const routes = [...new Set(results.weight.map((w: { route: string }) => w.route))];
  expect(routes.length).toBe(2);
  expect(results.weight.map((w: { visitor: string }) => w.visitor).sort()).toEqual(['first', 'first', 'returning', 'returning']);
  for (const w of results.weight) {
    expect(w.status, w.route).toBe(200);
    expect(w.htmlBytesBr, w.route).toBeGreaterThan(0);
    expect(w.totalTransferBytes, w.route).toBeGreaterThan(w.htmlBytesBr);
    expect(w.inlineJsBytesBr, w.route).toBeGreaterThanOrEqual(0);
    expect(w.jsBytesBr, w.route).toBeGreaterThanOrEqual(w.inlineJsBytesBr);
    expect(Array.isArray(w.blockingScripts)).toBe(true);
  }
  // the news list's pages, the heaviest at its brotli size
  const listRoutes = results.newsList.pages.map((p: { route: string }) => p.route);
  expect(listRoutes).toEqual(expect.arrayContaining(['/news', '/news/alle']));
  for (const p of results.newsList.pages) expect(p.status, p.route).toBe(200);
  expect(listRoutes).toContain(results.newsList.heaviest.route);
  expect(results.newsList.heaviest.htmlBytesBr).toBeGreaterThan(0);
  expect(results.lighthouse.map((l: { route: string }) => l.route)).toEqual(['/']);
  for (const category of ['performance', 'accessibility', 'best-practices', 'seo']) {
    const score = results.lighthouse[0].scores[category];
    const why = `${category}: ${results.lighthouse[0].error ?? ''} ${results.lighthouse[0].firstTry ?? ''}`;
    expect(score, why).toBeGreaterThanOrEqual(0);
    expect(score, why).toBeLessThanOrEqual(100);
  }

  // the table: one PASS or FAIL line per target, as many as results.json counts
  const verdicts = run.stdout.split('\n').filter((line) => /\| (PASS|FAIL) \|$/.test(line));
  expect(verdicts.length).toBe(results.checks.length);
  expect(results.passed + results.failed).toBe(results.checks.length);
  for (const section of ['serving', 'memory', 'republish', 'deploy', 'publish', 'weight', 'lighthouse']) {
    expect(verdicts.some((line) => line.startsWith(`| ${section}:`)), section).toBe(true);
  }
  // issue 16's targets, each with its verdict line: serving in both passes, first and returning visitors
  for (const measure of ['(quiet)', '(loaded)', 'summed PSS', 'news edit p95', 'match result p95', 'footer change p95', 'returning visitor', 'first visit', 'news list, heaviest']) {
    expect(verdicts.some((line) => line.includes(measure)), measure).toBe(true);
  }
  // the serving table shows the quiet and the loaded run side by side
  expect(run.stdout).toMatch(/^\| Route \| quiet: ours req\/s .*\| loaded: ours req\/s /m);
  expect(run.stdout).toMatch(/\d+ PASS, \d+ FAIL in \d+ s/);
});
