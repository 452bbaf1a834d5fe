// `npm run bench`: the performance benchmark of issue 7, end to end, in one run
// (docs/decisions/007-benchmark-method.md says how and why):
//   1. serving: our Node server and nginx side by side on the same data/site/
//   2. republish latency: news edit, match result, footer text
//   3. full publish, and for reference a full static `astro build` of the same pages
//   4. page weight and Lighthouse scores
//   5. the server's peak RSS while it serves (1)
// It prints a table with PASS or FAIL for each target and writes bench/results.json.
//
//   npm run bench                       the full data set (5–8 minutes on two cores)
//   npm run bench -- --smoke            a tiny data set and short runs (the CI smoke test)
//   options: --out FILE  --duration S  --connections N  --edits N  --footer-edits N  --keep  --no-build
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { FULL_SIZE, TINY_SIZE, generateBenchData } from './generate-data';
import { hasWrk, runLoad, type LoadResult } from './load';
import { ensureTools, startNginx, type RunningNginx } from './nginx';
import type { RepublishResult } from './republish';
import { kb, round } from './stats';
import type { LighthouseRoute } from './lighthouse';
import type { RouteWeight } from './weight';
import type { LiveResult } from './live';

// ── options ─────────────────────────────────────────────────────────────────────
const argv = process.argv.slice(2);
const flag = (name: string) => argv.includes(`--${name}`);
const option = (name: string, fallback: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1] : fallback;
};
const smoke = flag('smoke');
const root = process.cwd();
const opts = {
  smoke,
  size: smoke ? TINY_SIZE : FULL_SIZE,
  durationSec: Number(option('duration', smoke ? '1' : '10')),
  warmupSec: smoke ? 0 : 2,
  connections: Number(option('connections', '50')),
  edits: Number(option('edits', smoke ? '3' : '50')),
  // each footer edit republishes every page: 10 of them keep the run within 10 minutes
  footerEdits: Number(option('footer-edits', smoke ? '2' : '10')),
  // event → visible in an open match page (issue 14)
  liveEvents: Number(option('live-events', smoke ? '3' : '20')),
  // save → page in the bucket (issue 12): 20 edits
  deployEdits: Number(option('deploy-edits', smoke ? '3' : '20')),
  out: path.resolve(option('out', path.join(root, 'bench', 'results.json'))),
  keep: flag('keep'),
  build: !flag('no-build'),
  // after the server's own start-up publish: its render processes end 2 s after it
  settleMs: smoke ? 500 : 8_000,
};

const SERVE_ROUTES_FIXED = ['/', '/news', '/spielplan'];
const LIGHTHOUSE_ROUTES = smoke ? ['/'] : ['/', '/news', '/spielplan', '/mitglied-werden'];

const TARGETS = {
  servingRatio: 0.6,
  servingP99Ms: 15,
  republishP95Ms: 300,
  // issue 14: a goal on the match page's file, and on an open match page
  eventPageP95Ms: 150,
  eventVisibleP95Ms: 3_000,
  footerMs: 10_000,
  publishPagesPerSec: 150,
  jsBytesBr: 70 * 1024,
  lighthouse: { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 } as Record<string, number>,
  rssMb: 200,
  deployP95Ms: 2_000,
};

const log = (line: string) => console.info(line);
const started = Date.now();
const elapsed = () => `${Math.round((Date.now() - started) / 1000)} s`;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

// ── set-up ──────────────────────────────────────────────────────────────────────
const children: ChildProcess[] = [];
const cleanups: (() => Promise<void> | void)[] = [];
process.on('exit', () => {
  // nginx stops its workers on SIGTERM; our server's render processes end with it
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130));

// the build the benchmark measures is the one `npm start` would serve: built (when stale)
// with the environment as it is, before this run points SITE_URL and DATA_DIR elsewhere
if (opts.build) {
  const { buildIfNeeded } = await import('../build-if-needed');
  buildIfNeeded();
}

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-bench-'));
const dataDir = path.join(workDir, 'data');
const nodePort = await freePort();
const nginxPort = await freePort();
const nodeUrl = `http://localhost:${nodePort}`;
process.env.DATA_DIR = dataDir;
process.env.SITE_URL = nodeUrl;
process.env.ASTRO_TELEMETRY_DISABLED = '1';

log(`[bench] ${smoke ? 'smoke run (tiny data set, short runs)' : 'full run'}; work folder ${workDir}`);
const tools = ensureTools(log);
if (tools.missing.length > 0) log(`[bench] missing and not installable here: ${tools.missing.join(', ')}`);
const loadTool: 'wrk' | 'autocannon' = hasWrk() ? 'wrk' : 'autocannon';

const { config } = await import('../../src/server/config');
if (!fs.existsSync(config.serverEntry)) {
  console.error(`[bench] no production build at ${config.distDir}: run \`npm run build\` (or leave out --no-build)`);
  process.exit(1);
}
const { getDb } = await import('../../src/server/db/client');
const { Publisher } = await import('../../src/server/publish/publisher');
const { PublishQueue } = await import('../../src/server/publish/queue');
const { loadBuiltRenderer } = await import('../../src/server/publish/render');
const { measureRepublish } = await import('./republish');

// ── data ────────────────────────────────────────────────────────────────────────
const db = getDb();
const data = await generateBenchData(db, { uploadsDir: config.uploadsDir, size: opts.size });
log(`[bench] data set generated in ${data.ms} ms: ${JSON.stringify(data.counts)}`);

/**
 * The reference build runs as a child (it is Astro's own build). The full run
 * starts it after everything else, alone on the machine; the smoke run, whose
 * numbers mean nothing, starts it at once so that it overlaps the other parts.
 */
type AstroBuild =
  | { totalMs: number; bundleMs: number | null; generateMs: number | null; renderPagesMs: number | null; pages: number; prerenderedRoutes: number }
  | { error: string };
function startAstroBuild(): Promise<AstroBuild> {
  const staticOut = path.join(root, '.tmp', `bench-astro-static-${process.pid}`);
  const resultFile = path.join(workDir, 'astro-static.json');
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts', 'bench', 'astro-static-build.ts'), staticOut, resultFile], {
    cwd: root,
    env: { ...process.env, ANSTOSS_DIST: staticOut },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  return new Promise((resolve) => {
    child.on('exit', (code) => {
      fs.rmSync(staticOut, { recursive: true, force: true });
      try {
        const result = JSON.parse(fs.readFileSync(resultFile, 'utf8'));
        // Astro's own timing of "generating static routes" (rendering every page, nothing else):
        // the last "Completed in" before it rearranges the server assets
        const before = output.slice(0, Math.max(0, output.indexOf('Rearranging server assets')));
        const seconds = [...before.matchAll(/Completed in ([\d.]+)(m?s)/g)].pop();
        result.renderPagesMs = seconds ? Math.round(Number(seconds[1]) * (seconds[2] === 'ms' ? 1 : 1000)) : null;
        resolve(result);
      } catch {
        const tail = output.split('\n').filter((l) => !l.includes('Astro.request.headers')).slice(-15).join('\n');
        resolve({ error: `astro build failed (exit ${code}): ${tail}` });
      }
    });
  });
}
let astroBuildRun: ReturnType<typeof startAstroBuild> | null = smoke ? startAstroBuild() : null;

// ── (3) full publish, (2) republish latency: in this process, as the server does it ──
const { renderer, pool } = await loadBuiltRenderer(config.serverEntry);
// the report names failed pages; the first few errors are enough on the console
let publishErrors = 0;
const quiet = {
  info: () => undefined,
  warn: () => undefined,
  error: (...args: unknown[]) => {
    if (++publishErrors <= 3) console.error(String(args[0]).split('\n')[0]);
  },
};
const publisher = new Publisher({ db: getDb, siteDir: config.siteDir, render: renderer, log: quiet });
const firstPublish = await publisher.publishAll();
const secondPublish = await publisher.publishAll();
const publish = {
  pages: firstPublish.written.length,
  // share images and icons (decision 023): Astro's static build renders them too but does not count them
  images: firstPublish.written.filter((url) => /\.(png|ico)$/.test(url)).length,
  failed: firstPublish.failed.length,
  renderProcesses: pool?.size ?? 0,
  // into an empty site folder, with render processes that start cold: what a first start costs
  coldMs: firstPublish.ms,
  coldPagesPerSec: round((firstPublish.written.length / firstPublish.ms) * 1000, 0),
  warmMs: secondPublish.ms,
  warmPagesPerSec: round((secondPublish.written.length / secondPublish.ms) * 1000, 0),
};
log(`[bench] full publish: ${publish.pages} pages in ${publish.coldMs} ms (then ${publish.warmMs} ms) (${elapsed()})`);
if (publish.failed > 0) log(`[bench] ${publish.failed} pages failed: ${firstPublish.failed.slice(0, 3).map((f) => `${f.url}: ${f.error}`).join('; ')}`);

const queue = new PublishQueue(publisher);
const runId = Date.now().toString(36);
const ids = { news: data.publishedNewsIds, matches: data.matchIds };
// A save with no render process alive (nobody was at work in the admin panel
// for five minutes, or a save from a script): reported, not part of the series.
for (let i = 0; i < 100 && (pool?.processes ?? 0) > 0; i++) await new Promise((r) => setTimeout(r, 100));
const coldSave = await measureRepublish({ db, queue, siteDir: config.siteDir, kind: 'news', edits: 1, ids: { ...ids, news: ids.news.slice(-1) }, runId: `${runId}c` });
// The series: an admin opens the panel (the server then prepares a render process, as here) and saves.
for (let i = 0; i < 100 && (pool?.processes ?? 0) > 0; i++) await new Promise((r) => setTimeout(r, 100));
queue.prewarm();
for (let i = 0; i < 300 && pool?.busy; i++) await new Promise((r) => setTimeout(r, 100));
const republish: Record<string, RepublishResult> = {};
for (const [kind, edits] of [
  ['news', opts.edits],
  ['match', opts.edits],
  // a goal entered at the pitch → the match page on disk (issue 14)
  ['event', opts.edits],
  ['footer', opts.footerEdits],
] as const) {
  republish[kind] = await measureRepublish({ db, queue, siteDir: config.siteDir, kind, edits, ids, runId });
  log(`[bench] republish ${kind}: p50 ${republish[kind].p50} ms, p95 ${republish[kind].p95} ms, ${republish[kind].pages} pages per edit (${elapsed()})`);
}
await queue.idle();
// save → page in the bucket: the server's S3 target and deployer against a real S3 API server
const { measureDeploy } = await import('./deploy');
const deployed = await measureDeploy({
  db,
  queue,
  dirs: { clientDir: config.clientDir, siteDir: config.siteDir, uploadsDir: config.uploadsDir },
  newsIds: ids.news,
  edits: opts.deployEdits,
  runId,
  port: await freePort(),
});
log(`[bench] deploy: save → page in the bucket p50 ${deployed.p50} ms, p95 ${deployed.p95} ms over ${deployed.n} edits; first full deploy ${deployed.firstFullMs} ms (${elapsed()})`);
await pool?.close();

// ── (1) serving and (5) memory: our server (a child, started as in production) and nginx ──
const newsRoute = `/news/${data.publishedNewsIds[Math.floor(data.publishedNewsIds.length / 2)]}`;
const serveRoutes = [...SERVE_ROUTES_FIXED, newsRoute];

async function startServer(): Promise<{ child: ChildProcess; stop: () => Promise<void>; startupLog: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts', 'serve.ts')], {
    cwd: root,
    // as behind nginx in production: loopback only, nginx's forwarded headers trusted
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(nodePort), HOST: '127.0.0.1', TRUST_PROXY: '127.0.0.1,::1', SITE_URL: nodeUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`our server exited early:\n${output}`);
    if (output.includes('läuft auf')) {
      try {
        if ((await fetch(`${nodeUrl}/healthz`)).ok) break;
      } catch {
        // not listening yet
      }
    }
    if (Date.now() > deadline) throw new Error(`our server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    child,
    startupLog: () => output,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

/** Resident memory of a process from /proc: now, and the peak since the last reset. */
function readRss(pid: number): { rssKb: number; hwmKb: number } | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return { rssKb: Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]), hwmKb: Number(/VmHWM:\s+(\d+)/.exec(status)?.[1]) };
  } catch {
    return null;
  }
}
function resetPeakRss(pid: number): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

log(`[bench] starting our server (it publishes the site on start, as in production) …`);
const server = await startServer();
cleanups.push(server.stop);
const serverPid = server.child.pid!;
const startupPublish = /\[publish\] (\d+) pages written.*? in (\d+) ms/.exec(server.startupLog());
await new Promise((r) => setTimeout(r, opts.settleMs));

let nginx: RunningNginx | null = null;
let nginxError: string | null = null;
try {
  nginx = await startNginx({
    port: nginxPort,
    upstreamPort: nodePort,
    siteDir: config.siteDir,
    clientDir: config.clientDir,
    uploadsDir: config.uploadsDir,
    runDir: path.join(workDir, 'nginx'),
  });
  children.push(nginx.process);
  cleanups.push(nginx.stop);
} catch (error) {
  nginxError = error instanceof Error ? error.message : String(error);
  log(`[bench] nginx could not start: ${nginxError}`);
}

/** Both servers must answer each route with the same page, brotli-compressed. */
async function sameAnswer(route: string): Promise<{ node: string | null; nginx: string | null; sameBody: boolean | null }> {
  const get = async (base: string) => {
    const res = await fetch(base + route, { headers: { 'accept-encoding': 'br, gzip' } });
    return { status: res.status, encoding: res.headers.get('content-encoding'), body: await res.text() };
  };
  const ours = await get(`http://127.0.0.1:${nodePort}`);
  if (ours.status !== 200) throw new Error(`our server answers ${route} with ${ours.status}`);
  const theirs = nginx ? await get(nginx.url) : null;
  return { node: ours.encoding, nginx: theirs?.encoding ?? null, sameBody: theirs ? theirs.body === ours.body : null };
}

type ServingRoute = {
  route: string;
  node: LoadResult;
  nginx: LoadResult | null;
  ratio: number | null;
  encoding: { node: string | null; nginx: string | null };
  sameBody: boolean | null;
};
const serving: ServingRoute[] = [];
resetPeakRss(serverPid);
let peakRssKb = readRss(serverPid)?.rssKb ?? 0;
const rssAtStart = peakRssKb;
const sampler = setInterval(() => {
  const now = readRss(serverPid);
  if (now) peakRssKb = Math.max(peakRssKb, now.rssKb);
}, 50);
for (const route of serveRoutes) {
  const answer = await sameAnswer(route);
  const load = { connections: opts.connections, durationSec: opts.durationSec };
  if (opts.warmupSec > 0) await runLoad({ url: `http://127.0.0.1:${nodePort}${route}`, ...load, durationSec: opts.warmupSec }, loadTool);
  const nodeResult = await runLoad({ url: `http://127.0.0.1:${nodePort}${route}`, ...load }, loadTool);
  let nginxResult: LoadResult | null = null;
  if (nginx) {
    if (opts.warmupSec > 0) await runLoad({ url: `${nginx.url}${route}`, ...load, durationSec: opts.warmupSec }, loadTool);
    nginxResult = await runLoad({ url: `${nginx.url}${route}`, ...load }, loadTool);
  }
  const ratio = nginxResult ? round(nodeResult.requestsPerSecond / nginxResult.requestsPerSecond, 2) : null;
  serving.push({ route, node: nodeResult, nginx: nginxResult, ratio, encoding: { node: answer.node, nginx: answer.nginx }, sameBody: answer.sameBody });
  log(
    `[bench] serve ${route}: node ${Math.round(nodeResult.requestsPerSecond)}/s p99 ${nodeResult.p99Ms} ms; nginx ${nginxResult ? Math.round(nginxResult.requestsPerSecond) : '-'}/s; ratio ${ratio ?? '-'} (${elapsed()})`,
  );
}
clearInterval(sampler);
const afterServing = readRss(serverPid);
peakRssKb = Math.max(peakRssKb, afterServing?.hwmKb ?? 0, afterServing?.rssKb ?? 0);
const memory = {
  peakRssMb: round(peakRssKb / 1024, 1),
  rssBeforeLoadMb: round(rssAtStart / 1024, 1),
  rssAfterLoadMb: afterServing ? round(afterServing.rssKb / 1024, 1) : null,
  method: 'VmRSS of the server process sampled every 50 ms during (1), and VmHWM after clear_refs=5 at its start',
};

// ── (4) page weight and Lighthouse, on our server ────────────────────────────────
const { launchChromium, measureWeight } = await import('./weight');
const { runLighthouse } = await import('./lighthouse');
const weightRoutes = smoke
  ? ['/', newsRoute]
  : [
      '/',
      '/news',
      '/news/alle',
      newsRoute,
      '/mannschaften',
      `/team/${data.teamIds[0]}`,
      '/nachwuchs',
      '/spielplan',
      '/shop',
      '/sponsoren',
      '/kontakt',
      '/mitglied-werden',
      '/vereinsgeschichte',
      '/impressum',
      '/datenschutz',
    ];
const weight: RouteWeight[] = [];
const browser = await launchChromium();
let live: LiveResult | { error: string };
try {
  for (const route of weightRoutes) weight.push(await measureWeight(browser, nodeUrl, route));
  log(`[bench] page weight of ${weight.length} routes measured (${elapsed()})`);
  // (2b) event → visible in an open match page, through the running server (issue 14)
  const { measureLive } = await import('./live');
  try {
    // a match still to be played: its page listens until full time
    const upcoming = db.$client.prepare("SELECT id FROM matches WHERE status = 'scheduled' AND team_id IS NOT NULL ORDER BY match_date LIMIT 1").get() as { id: string };
    live = await measureLive({ browser, base: nodeUrl, db, matchId: upcoming.id, events: opts.liveEvents, runId });
    log(`[bench] live: event → visible in an open match page p50 ${live.p50} ms, p95 ${live.p95} ms over ${live.n} events (${elapsed()})`);
  } catch (error) {
    live = { error: error instanceof Error ? error.message : String(error) };
    log(`[bench] live: ${live.error}`);
  }
} finally {
  await browser.close();
}
const lighthouse: LighthouseRoute[] = await runLighthouse(nodeUrl, LIGHTHOUSE_ROUTES, path.join(workDir, 'lighthouse'));
log(`[bench] Lighthouse on ${lighthouse.length} routes (${elapsed()})`);

await nginx?.stop();
await server.stop();

// ── (3b) reference: a full static astro build of the same pages ──────────────────
if (!smoke) astroBuildRun = startAstroBuild();
log('[bench] waiting for the reference: a full static astro build of the same pages …');
const astroBuild: AstroBuild = await astroBuildRun!;
log(`[bench] astro build reference done (${elapsed()})`);

// ── verdicts ────────────────────────────────────────────────────────────────────
type Check = { section: string; measure: string; value: string; target: string; pass: boolean };
const checks: Check[] = [];
const check = (section: string, measure: string, value: string, target: string, pass: boolean) => checks.push({ section, measure, value, target, pass });

for (const s of serving) {
  check('serving', `${s.route} req/s ours ÷ nginx`, s.ratio === null ? `n/a (${nginxError ?? 'no nginx'})` : `${s.ratio}`, `≥ ${TARGETS.servingRatio}`, s.ratio !== null && s.ratio >= TARGETS.servingRatio);
  check('serving', `${s.route} p99 latency`, `${round(s.node.p99Ms, 2)} ms`, `≤ ${TARGETS.servingP99Ms} ms`, s.node.p99Ms <= TARGETS.servingP99Ms && s.node.errors === 0 && s.node.non2xx === 0);
}
check('republish', 'news edit p95', `${republish.news.p95} ms`, `≤ ${TARGETS.republishP95Ms} ms`, republish.news.p95 <= TARGETS.republishP95Ms && republish.news.failedPages === 0);
check('republish', 'match result p95', `${republish.match.p95} ms`, `≤ ${TARGETS.republishP95Ms} ms`, republish.match.p95 <= TARGETS.republishP95Ms && republish.match.failedPages === 0);
check('republish', 'match event → match page on disk p95', `${republish.event.p95} ms`, `≤ ${TARGETS.eventPageP95Ms} ms`, republish.event.p95 <= TARGETS.eventPageP95Ms && republish.event.failedPages === 0);
check(
  'republish',
  'match event → visible in an open match page p95',
  'error' in live ? `n/a (${live.error.slice(0, 80)})` : `${live.p95} ms`,
  `≤ ${TARGETS.eventVisibleP95Ms} ms, no reload`,
  !('error' in live) && live.p95 <= TARGETS.eventVisibleP95Ms && live.reloads === 0,
);
check('deploy', `save → page in the bucket p95 (${deployed.n} edits, p50 ${deployed.p50} ms)`, `${deployed.p95} ms`, `≤ ${TARGETS.deployP95Ms} ms`, deployed.p95 <= TARGETS.deployP95Ms);
check('republish', `footer (all ${republish.footer.pages} pages) p95`, `${republish.footer.p95} ms`, `≤ ${TARGETS.footerMs} ms`, republish.footer.p95 <= TARGETS.footerMs && republish.footer.failedPages === 0);
check('publish', `full publish (${publish.pages} pages, cold)`, `${publish.coldPagesPerSec} pages/s`, `≥ ${TARGETS.publishPagesPerSec} pages/s`, publish.coldPagesPerSec >= TARGETS.publishPagesPerSec && publish.failed === 0);
for (const w of weight) {
  check('weight', `${w.route} JavaScript before interaction`, `${kb(w.jsBytesBr)} KB br`, `≤ ${TARGETS.jsBytesBr / 1024} KB`, w.status === 200 && w.jsBytesBr <= TARGETS.jsBytesBr);
  check('weight', `${w.route} render-blocking scripts`, `${w.blockingScripts.length}`, '0', w.blockingScripts.length === 0);
}
for (const l of lighthouse) {
  for (const [category, min] of Object.entries(TARGETS.lighthouse)) {
    const score = l.scores[category as keyof typeof l.scores];
    check('lighthouse', `${l.route} ${category}`, score === null ? `n/a${l.error ? ` (${l.error.slice(0, 60)})` : ''}` : `${score}`, min === 100 ? '100' : `≥ ${min}`, score !== null && score >= min);
  }
}
check('memory', 'server peak RSS while serving', `${memory.peakRssMb} MB`, `≤ ${TARGETS.rssMb} MB`, memory.peakRssMb <= TARGETS.rssMb);

// ── output ──────────────────────────────────────────────────────────────────────
const chromiumVersion = spawnSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', ['--version'], { encoding: 'utf8' }).stdout?.trim() ?? null;
const machine = {
  cpu: os.cpus()[0]?.model ?? 'unknown',
  cores: os.availableParallelism(),
  memoryGb: round(os.totalmem() / 1024 ** 3, 1),
  os: `${os.type()} ${os.release()}`,
  node: process.version,
  nginx: nginx?.version ?? null,
  chromium: chromiumVersion,
  loadTool,
  loadAverageAtEnd: os.loadavg().map((l) => round(l, 2)),
};
const results = {
  date: new Date().toISOString(),
  mode: smoke ? 'smoke' : 'full',
  machine,
  settings: { ...opts, size: undefined, serveRoutes, lighthouseRoutes: LIGHTHOUSE_ROUTES },
  data: { counts: data.counts, generateMs: data.ms, pages: publish.pages },
  serving,
  republish: { ...republish, coldSave: { ms: coldSave.firstMs, pages: coldSave.pages } },
  live,
  deploy: deployed,
  publish: {
    ...publish,
    serverStartupPublish: startupPublish ? { pages: Number(startupPublish[1]), ms: Number(startupPublish[2]) } : null,
    astroBuild,
  },
  weight,
  lighthouse,
  memory,
  checks,
  passed: checks.filter((c) => c.pass).length,
  failed: checks.filter((c) => !c.pass).length,
  durationSec: Math.round((Date.now() - started) / 1000),
};
fs.mkdirSync(path.dirname(opts.out), { recursive: true });
fs.writeFileSync(opts.out, `${JSON.stringify(results, null, 2)}\n`);

const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
/** routes with an id, shown by their pattern */
const shown = (route: string) => route.replace(/^\/(news|team|mannschaften)\/[0-9a-f-]{36}$/, '/$1/{id}');
const table: string[] = [];
table.push(`Anstoss benchmark, ${results.date.slice(0, 16).replace('T', ' ')} UTC, ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGb} GB, ${machine.node}, nginx ${machine.nginx ?? '-'}, ${loadTool}`);
table.push(`Data: ${Object.entries(data.counts).map(([k, v]) => `${v} ${k}`).join(', ')}; ${publish.pages} published files`);
table.push('');
table.push(line(['Route', 'ours req/s', 'nginx req/s', 'ours ÷ nginx', 'ours p50', 'ours p99', 'nginx p50', 'nginx p99']));
table.push(line(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:']));
for (const s of serving) {
  table.push(
    line([
      shown(s.route),
      Math.round(s.node.requestsPerSecond),
      s.nginx ? Math.round(s.nginx.requestsPerSecond) : '-',
      s.ratio ?? '-',
      `${round(s.node.p50Ms, 2)} ms`,
      `${round(s.node.p99Ms, 2)} ms`,
      s.nginx ? `${round(s.nginx.p50Ms, 2)} ms` : '-',
      s.nginx ? `${round(s.nginx.p99Ms, 2)} ms` : '-',
    ]),
  );
}
table.push('');
table.push(line(['Republish', 'edits', 'p50', 'p95', 'max', 'first', 'pages per edit']));
table.push(line(['---', '---:', '---:', '---:', '---:', '---:', '---:']));
for (const r of Object.values(republish)) table.push(line([r.kind, r.n, `${r.p50} ms`, `${r.p95} ms`, `${r.max} ms`, `${r.firstMs} ms`, r.pages]));
table.push(`(a save with no render process alive, before the admin panel prepared one: ${coldSave.firstMs} ms for ${coldSave.pages} pages)`);
table.push(
  'error' in live
    ? `Match event → visible in an open match page: not measured (${live.error})`
    : `Match event → visible in an open match page (live stream, no reload): p50 ${live.p50} ms, p95 ${live.p95} ms over ${live.n} events`,
);
table.push(`Save → page in the S3 bucket (s3rver): p50 ${deployed.p50} ms, p95 ${deployed.p95} ms over ${deployed.n} edits; the first full deploy ${deployed.firstFullMs} ms`);
table.push('');
const astroLine =
  'error' in astroBuild
    ? `astro build: failed (${astroBuild.error.split('\n')[0]})`
    : `astro build (static, same ${astroBuild.pages} pages): ${round(astroBuild.totalMs / 1000, 1)} s in all, of which ${astroBuild.renderPagesMs === null ? '?' : round(astroBuild.renderPagesMs / 1000, 1)} s rendering the pages (${astroBuild.renderPagesMs ? round((astroBuild.pages / astroBuild.renderPagesMs) * 1000, 0) : '?'} pages/s)`;
table.push(`Full publish: ${publish.pages} pages in ${publish.coldMs} ms cold (${publish.coldPagesPerSec} pages/s), ${publish.warmMs} ms warm (${publish.warmPagesPerSec} pages/s), ${publish.renderProcesses} render processes; ${astroLine}`);
table.push('');
table.push(line(['Page', 'HTML br', 'JS br', 'total transfer', 'of it SW precache', 'blocking scripts']));
table.push(line(['---', '---:', '---:', '---:', '---:', '---:']));
for (const w of weight) {
  table.push(line([shown(w.route), `${kb(w.htmlBytesBr)} KB`, `${kb(w.jsBytesBr)} KB`, `${kb(w.totalTransferBytes)} KB`, `${kb(w.serviceWorkerBytes)} KB`, w.blockingScripts.length]));
}
table.push('');
table.push(line(['Lighthouse (mobile)', 'performance', 'accessibility', 'best practices', 'SEO']));
table.push(line(['---', '---:', '---:', '---:', '---:']));
for (const l of lighthouse) table.push(line([shown(l.route), l.scores.performance ?? '-', l.scores.accessibility ?? '-', l.scores['best-practices'] ?? '-', l.scores.seo ?? '-']));
table.push('');
table.push(`Server peak RSS while serving: ${memory.peakRssMb} MB`);
table.push('');
table.push(line(['Target', 'measured', 'target', 'result']));
table.push(line(['---', '---:', '---:', '---']));
for (const c of checks) table.push(line([`${c.section}: ${c.measure.replace(/\/(news|team|mannschaften)\/[0-9a-f-]{36}/, '/$1/{id}')}`, c.value, c.target, c.pass ? 'PASS' : 'FAIL']));
table.push('');
table.push(`${results.passed} PASS, ${results.failed} FAIL in ${results.durationSec} s; results in ${path.relative(root, opts.out) || opts.out}`);
console.info(`\n${table.join('\n')}`);

for (const cleanup of cleanups) await cleanup();
if (!opts.keep) fs.rmSync(workDir, { recursive: true, force: true });
else log(`[bench] kept ${workDir}`);
process.exit(0);
