// `npm run bench`: the performance benchmark of issues 7 and 16, end to end, in
// one run (docs/decisions/007-benchmark-method.md and 038-benchmark-round-two.md):
//   1. full publish, republish latency (news edit, match result, footer), save → S3
//   2. serving: our server and nginx side by side, quiet and loaded (stress-ng on one core),
//      and the memory of all the server's processes meanwhile
//   3. page weight (first visit, returning visitor), the news list, Lighthouse, a live match page
//   4. for reference, Astro's own static build of the same pages
// It prints a table with PASS or FAIL for each target and writes bench/results.json
// (bench/results-big.json with --big). Options: see options.ts.
import { spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateBenchData } from './generate-data';
import { describeFileSystem, fileSystemOf } from './filesystem';
import { hasWrk } from './load';
import { ensureTools, startNginx, type RunningNginx } from './nginx';
import { lighthouseRoutes, readOptions, SERVE_ROUTES_FIXED, weightRoutes } from './options';
import { freePort as pickFreePort } from '../../tests/fixtures/port';
import { CHROMIUM } from '../../tests/fixtures/browsers';
import { startOurServer } from './our-server';
import { startAstroBuild, type AstroBuild } from './astro-reference';
import { round } from './stats';
import type { LiveResult } from './live';
import type { RouteWeight } from './weight';

const root = process.cwd();
const opts = readOptions(process.argv.slice(2), root);
const log = (line: string) => console.info(line);
const started = Date.now();
const elapsed = () => `${Math.round((Date.now() - started) / 1000)} s`;

// ── set-up ──────────────────────────────────────────────────────────────────────
const children: ChildProcess[] = [];
const cleanups: (() => Promise<void> | void)[] = [];
process.on('exit', () => {
  // nginx stops its workers on SIGTERM; our server's workers and render processes end with it
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130));

// the build the benchmark measures is the one `npm start` would serve: built (when stale)
// with the environment as it is, before this run points SITE_URL and DATA_DIR elsewhere
if (opts.build) {
  const { buildIfNeeded } = await import('../build-if-needed.mjs');
  buildIfNeeded();
}

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-bench-'));
const dataDir = path.join(workDir, 'data');
const nodePort = await pickFreePort();
const nginxPort = await pickFreePort();
const nodeUrl = `http://localhost:${nodePort}`;
process.env.DATA_DIR = dataDir;
process.env.SITE_URL = nodeUrl;
process.env.ASTRO_TELEMETRY_DISABLED = '1';

// the republish figures depend on it (filesystem.ts): printed with the machine
const workFileSystem = describeFileSystem(fileSystemOf(workDir));
log(`[bench] ${opts.mode} run${opts.smoke ? ' (tiny data set, short runs)' : ''}; work folder ${workDir} (${workFileSystem})`);
const tools = ensureTools(log);
if (tools.missing.length > 0) log(`[bench] missing and not installable here: ${tools.missing.join(', ')}`);
const loadTool: 'wrk' | 'autocannon' = hasWrk() ? 'wrk' : 'autocannon';

const { config } = await import('../../src/server/config');
if (!fs.existsSync(config.serverEntry)) {
  console.error(`[bench] no production build at ${config.distDir}: run \`npm run build\` (or leave out --no-build)`);
  process.exit(1);
}
const { getDb } = await import('../../src/server/db/client');

// ── data ────────────────────────────────────────────────────────────────────────
const db = getDb();
const data = await generateBenchData(db, { uploadsDir: config.uploadsDir, size: opts.size });
log(`[bench] data set generated in ${data.ms} ms: ${JSON.stringify(data.counts)}`);

// Astro's build renders the share images through the same code (decision 023), which keeps each PNG in
// DATA_DIR/cache/share: the reference starts with that cache empty, as our cold publish did, or it would
// read the 243 PNGs our publish had rendered (357 instead of 189 pages/s in a scratch run)
const startReference = () => {
  fs.rmSync(path.join(dataDir, 'cache', 'share'), { recursive: true, force: true });
  return startAstroBuild({ root, workDir, onChild: (child) => children.push(child) });
};
let astroBuildRun: Promise<AstroBuild> | null = opts.smoke ? startReference() : null;

// ── (1) full publish, republish latency, save → bucket: in this process, as the server does it ──
const { runPublishing } = await import('./publishing');
const runId = Date.now().toString(36);
const publishing = await runPublishing({
  db,
  getDb,
  dirs: config,
  data,
  edits: opts.edits,
  footerEdits: opts.footerEdits,
  deployEdits: opts.deployEdits,
  runId,
  s3Port: await pickFreePort(),
  log: (line) => log(`${line} (${elapsed()})`),
});

// ── (2) serving, quiet and loaded, and the memory of all server processes meanwhile ──
const newsRoute = `/news/${data.publishedNewsIds[Math.floor(data.publishedNewsIds.length / 2)]}`;
const serveRoutes = [...SERVE_ROUTES_FIXED, newsRoute];
log(`[bench] starting our server (it publishes the site on start, as in production) …`);
const server = await startOurServer({ root, dataDir, port: nodePort, siteUrl: nodeUrl });
children.push(server.child);
cleanups.push(server.stop);
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

// Node's floor (node-floor.ts): as many workers as our server has, answering the first route's page from memory
const { rawAnswer, startNodeFloor } = await import('./node-floor');
const { workerCount } = await import('../../src/server/serve-workers');
let floor: { base: string; workers: number; stop: () => Promise<void> } | null = null;
try {
  const started = await startNodeFloor({
    dir: path.join(workDir, 'node-floor'),
    port: await pickFreePort(),
    workers: Math.max(1, workerCount()),
    answer: await rawAnswer(`http://127.0.0.1:${nodePort}${serveRoutes[0]}`),
  });
  children.push(started.child);
  // stopped after serving below; the cleanup is for a run that ends before (stopChild is safe twice)
  cleanups.push(started.stop);
  floor = { base: started.url, workers: started.workers, stop: started.stop };
} catch (error) {
  log(`[bench] the node:http floor server could not start: ${error instanceof Error ? error.message : String(error)}`);
}

const { measureServing } = await import('./serving');
const { sampleTreeMemory } = await import('./memory');
const memorySampler = sampleTreeMemory(server.child.pid!);
const servingSettings = {
  nodeBase: `http://127.0.0.1:${nodePort}`,
  nginxBase: nginx?.url ?? null,
  floor,
  routes: serveRoutes,
  connections: opts.connections,
  durationSec: opts.durationSec,
  warmupSec: opts.warmupSec,
  loadTool,
  log: (line: string) => log(`${line} (${elapsed()})`),
};
const serving = [await measureServing(servingSettings, 'quiet'), await measureServing(servingSettings, 'loaded')];
await floor?.stop();
const memoryWhileServing = memorySampler.report();
log(`[bench] memory of ${memoryWhileServing.maxProcesses} server processes while serving: peak ${memoryWhileServing.peakPssMb} MB PSS, ${memoryWhileServing.peakRssMb} MB RSS (${elapsed()})`);

// ── (3) page weight, the news list, a live match page and Lighthouse, on our server ──
const { launchChromium, measureWeight } = await import('./weight');
const { measureNewsList } = await import('./news-list');
const { runLighthouse } = await import('./lighthouse');
const weight: RouteWeight[] = [];
const browser = await launchChromium();
let live: LiveResult | { error: string };
try {
  for (const route of weightRoutes(opts.mode, { newsRoute, teamId: data.teamIds[0] })) {
    weight.push(await measureWeight(browser, nodeUrl, route, 'first'));
    weight.push(await measureWeight(browser, nodeUrl, route, 'returning'));
  }
  log(`[bench] page weight of ${weight.length / 2} routes, first and returning visits (${elapsed()})`);
  // event → visible in an open match page, through the running server (issue 14)
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
const newsList = await measureNewsList(config.siteDir, nodeUrl);
const LIGHTHOUSE_ROUTES = lighthouseRoutes(opts.mode);
const lighthouse = await runLighthouse(nodeUrl, LIGHTHOUSE_ROUTES, path.join(workDir, 'lighthouse'));
log(`[bench] Lighthouse on ${lighthouse.length} routes (${elapsed()})`);
// judged: the whole time the server ran after its start-up publish, including the live match's
// saves (a render process starts and stays five minutes, as when an admin is at work)
const memory = { ...memorySampler.stop(), whileServing: memoryWhileServing };
log(`[bench] memory of ${memory.maxProcesses} server processes, serving to the end: peak ${memory.peakPssMb} MB PSS, ${memory.peakRssMb} MB RSS`);

await nginx?.stop();
await server.stop();

// ── (4) reference: a full static astro build of the same pages, alone on the machine ──
if (!astroBuildRun) astroBuildRun = startReference();
log('[bench] waiting for the reference: a full static astro build of the same pages …');
const astroBuild = await astroBuildRun;
log(`[bench] astro build reference done (${elapsed()})`);

// ── verdicts and output ─────────────────────────────────────────────────────────
const { judge } = await import('./targets');
const { renderTable } = await import('./table');
const measured = { serving, nginxError, memory, publishing, live, astroBuild, weight, newsList, lighthouse };
const checks = judge(measured);
const chromiumVersion = spawnSync(CHROMIUM, ['--version'], { encoding: 'utf8' }).stdout?.trim() ?? null;
const machine = {
  cpu: os.cpus()[0]?.model ?? 'unknown',
  cores: os.availableParallelism(),
  memoryGb: round(os.totalmem() / 1024 ** 3, 1),
  os: `${os.type()} ${os.release()}`,
  node: process.version,
  nginx: nginx?.version ?? null,
  chromium: chromiumVersion,
  loadTool,
  fileSystem: workFileSystem,
  loadAverageAtEnd: os.loadavg().map((l) => round(l, 2)),
};
const { publish, republish, coldSave, deployed } = publishing;
const results = {
  date: new Date().toISOString(),
  mode: opts.mode,
  machine,
  settings: { ...opts, size: opts.size, serveRoutes, lighthouseRoutes: LIGHTHOUSE_ROUTES, serveWorkers: process.env.SERVE_WORKERS ?? null },
  data: { counts: data.counts, generateMs: data.ms, pages: publish.pages },
  serving,
  memory,
  republish: { ...republish, coldSave },
  footerFloor: publishing.footerFloor,
  live,
  deploy: deployed,
  publish: {
    ...publish,
    serverStartupPublish: startupPublish ? { pages: Number(startupPublish[1]), ms: Number(startupPublish[2]) } : null,
    astroBuild,
  },
  weight,
  newsList,
  lighthouse,
  checks,
  passed: checks.filter((c) => c.pass).length,
  failed: checks.filter((c) => !c.pass).length,
  durationSec: Math.round((Date.now() - started) / 1000),
};
fs.mkdirSync(path.dirname(opts.out), { recursive: true });
fs.writeFileSync(opts.out, `${JSON.stringify(results, null, 2)}\n`);

const table = renderTable({
  ...measured,
  date: results.date,
  mode: opts.mode,
  machine,
  dataCounts: data.counts,
  coldSave,
  checks,
  durationSec: results.durationSec,
  outFile: path.relative(root, opts.out) || opts.out,
});
console.info(`\n${table}`);

for (const cleanup of cleanups) await cleanup();
if (!opts.keep) fs.rmSync(workDir, { recursive: true, force: true });
else log(`[bench] kept ${workDir}`);
process.exit(0);
