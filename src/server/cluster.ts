// Serving on every core (docs/decisions/037). This process is the owner: the
// database, the publisher, the scheduler, the Astro handler and the render
// processes, listening on a unix socket (DATA_DIR/run/owner.sock). It is also
// the node:cluster primary: SERVE_WORKERS static workers (static-worker.ts,
// bundled into <dist>/server-static/worker.mjs) share the public port (each
// accepts its own connections), serve the published files and hand dynamic
// paths to the owner.
// SERVE_WORKERS=0 is today's single process (startApp alone).
import { checkSettings } from './settings-check';
import { assertDataOwner } from './data-owner';
import cluster, { type Worker } from 'node:cluster';
import fs from 'node:fs';
import path from 'node:path';
import { config } from './config';
import { startApp, type RunningApp } from './app';
import { addBroadcastWorker, dropBroadcastWorker, sendToWorker, startFileBroadcast, stopFileBroadcast } from './cluster-files';
import { WORKER_ENV } from './http/cluster-messages';
import type { Clock } from './clock';
import { workerCount } from './serve-workers';
import { WorkerRestarts } from './worker-restarts';

/** The file cache of all workers together (each gets its share): memory for all processes ≤ 250 MB. */
const WORKER_CACHE_BYTES = 48 * 1024 * 1024;
/** A worker that has not drained by then is killed (its own deadline is 7 s; the owner's drain follows). */
const WORKER_DRAIN_MS = 7_500;

export const workerBundle = () => path.join(config.distDir, 'server-static', 'worker.mjs');
export const ownerSocket = () => path.join(config.dataDir, 'run', 'owner.sock');

type Options = { port?: number; host?: string; publish?: boolean; clock?: Clock; workers?: number };

export type ServingApp = RunningApp & { workers: () => Worker[] };

/** Starts the owner and its workers, or the single process when SERVE_WORKERS=0 (or no worker bundle is built). */
export async function startServing(opts: Options = {}): Promise<ServingApp> {
  checkSettings();
  // as root on the service user's data, the start would leave files the service cannot write
  assertDataOwner(config.dataDir);
  const count = opts.workers ?? workerCount();
  const bundle = workerBundle();
  if (count > 0 && !fs.existsSync(bundle)) {
    console.warn(`[server] ${path.relative(config.projectRoot, bundle)} fehlt (älterer Build): ein Prozess bedient alles`);
  }
  if (count === 0 || !fs.existsSync(bundle)) return { ...(await startApp(opts)), workers: () => [] };

  const socketPath = ownerSocket();
  const live = new Set<Worker>();
  let stopping = false;
  startFileBroadcast();

  const restarts = new WorkerRestarts<Worker>({
    fork: () => {
      const worker = cluster.fork({
        [WORKER_ENV.socket]: socketPath,
        [WORKER_ENV.cacheBytes]: String(Math.floor(WORKER_CACHE_BYTES / count)),
        PORT: String(opts.port ?? config.port),
        HOST: opts.host ?? config.host,
      });
      live.add(worker);
      addBroadcastWorker(worker);
      return worker;
    },
    stopping: () => stopping,
    ended: (worker) => {
      live.delete(worker);
      dropBroadcastWorker(worker);
    },
    log: console,
  });

  /** Drain every worker (they answer what is in flight, then exit), killing what outlasts the limit. */
  const drainWorkers = async () => {
    stopping = true;
    const exits = [...live].map((worker) => new Promise<void>((resolve) => {
      if (worker.isDead()) return resolve();
      worker.once('exit', () => resolve());
      sendToWorker(worker, { type: 'drain' });
    }));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.all(exits), new Promise((resolve) => (timer = setTimeout(resolve, WORKER_DRAIN_MS)))]);
    clearTimeout(timer);
    for (const worker of live) worker.process.kill('SIGKILL');
    stopFileBroadcast();
  };

  // a second signal exits the owner at once: no worker may stay behind
  process.once('exit', () => {
    for (const worker of live) worker.process.kill('SIGKILL');
  });
  // the workers start while the owner loads: published files are served from the first moment,
  // dynamic paths (and /healthz) answer 502/503 until the owner listens on its socket
  // plain Node for the workers: no tsx loader (its thread costs memory in each)
  // Each worker accepts its connections itself, from the one listening socket: node:cluster's
  // default (round robin) accepts them here and hands them over one IPC round trip at a time,
  // so a busy owner delayed new connections, and at a stop those still queued here were reset
  // once the last worker left. This way a draining worker accepts all that is queued
  // (drainServer) and the others take what comes after (decision 037).
  // Set before setupPrimary: node:cluster fixes the policy there.
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  cluster.setupPrimary({ exec: bundle, execArgv: [] });
  const listening = Promise.all(Array.from({ length: count }, () => {
    const worker = restarts.start();
    return new Promise<void>((resolve, reject) => {
      worker.once('listening', () => resolve());
      worker.once('exit', (code) => reject(new Error(`static worker ended before it listened (${code})`)));
      // a process that could not start (EAGAIN, EMFILE) has an 'error' and no 'exit': the start would wait for ever
      worker.on('error', (error) => worker.isDead() && reject(new Error(`static worker could not start (${error.message})`)));
    });
  }));
  let app: RunningApp;
  try {
    [app] = await Promise.all([startApp({ ...opts, socketPath, drainWorkers }), listening]);
  } catch (error) {
    // the data lock is another server's, the port taken …: no worker stays
    stopping = true;
    for (const worker of live) worker.process.kill('SIGKILL');
    throw error;
  }
  restarts.resetCrashes();
  console.info(`[server] ${count} static workers on port ${opts.port ?? config.port}, owner on ${path.relative(config.projectRoot, socketPath) || socketPath}`);
  return { ...app, workers: () => [...live] };
}
