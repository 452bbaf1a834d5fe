// A static worker (docs/decisions/037): one of N node:cluster workers that
// share the public port. It serves data/site, the build's client folder and
// the uploads from a file cache of its own, and hands every dynamic path to the
// owner (the cluster's primary) over its unix socket. Bundled at build time
// into <dist>/server-static/worker.mjs (server-bundles.ts): plain Node, no tsx,
// no database, no Astro.
//
// Messages from the owner (cluster IPC, in order on one channel):
//   { type: 'invalidate', id, files }  files just replaced or removed: forget them, then ack
//   { type: 'drain' }                  graceful stop: answer what is in flight, then exit 0
import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { config } from '../config';
import { fastLaneAnswers } from './fast-lane';
import { createOwnerProxy } from './owner-proxy';
import { parseTrustProxy } from './proxy';
import { drainServer, trackRequests } from './shutdown';
import { createStaticServer } from './static-server';
import { FileCache } from './static-files';
import { WORKER_ENV, type OwnerMessage, type WorkerMessage } from './cluster-messages';

const log = console;
const socketPath = process.env[WORKER_ENV.socket];
if (!socketPath || !process.send) {
  log.error('[worker] no owner socket: the static worker runs only under the cluster primary (src/server/cluster.ts)');
  process.exit(1);
}
// with a callback: a message the dying owner cannot take is an error passed to it, not one emitted where no one listens
const send = (message: WorkerMessage) => process.send?.(message, () => undefined);
// a rejection nothing caught is logged, not the end of this worker and of the connections it serves
process.on('unhandledRejection', (reason) => log.error('[worker] unhandled rejection:', reason));

// the group's SIGTERM/SIGINT is the owner's to handle: it tells each worker when to drain
process.on('SIGTERM', () => undefined);
process.on('SIGINT', () => undefined);
// the owner is gone (crashed, killed): nothing to hand dynamic paths to, the process manager restarts all
process.on('disconnect', () => process.exit(0));

const siteRoot = path.resolve(config.siteDir);
const versionFile = path.join(siteRoot, 'cache-version.json');
const cacheBytes = Number(process.env[WORKER_ENV.cacheBytes]) || 32 * 1024 * 1024;

/**
 * A new cache version means pages changed. Whoever wrote them (the owner, whose
 * messages come first; `npm run publish` beside the server; a hand edit), the
 * worker forgets every cached page before it serves the new version, so it
 * never answers a new version next to an old page.
 */
let versionMtime: number | undefined;
const cache = new FileCache(cacheBytes, 500, (file, mtimeMs) => {
  if (file !== versionFile) return;
  if (versionMtime !== undefined && mtimeMs !== versionMtime) cache.invalidateUnder(siteRoot, versionFile);
  versionMtime = mtimeMs;
});

let listener: ((file: string) => void) | undefined;
const proxy = createOwnerProxy(socketPath, log);
const server = createStaticServer({
  handler: proxy.handle,
  siteDir: config.siteDir,
  clientDir: config.clientDir,
  earlierBuildsDir: config.earlierBuildsDir,
  uploadsDir: config.uploadsDir,
  trustedProxies: parseTrustProxy(config.trustProxy),
  dynamicHeaders: false,
  fastLane: config.fastLane,
  cache,
  fileChanges: (l) => {
    listener = l;
    return () => (listener = undefined);
  },
  log,
});
const tracker = trackRequests(server);

let draining = false;
async function drain() {
  if (draining) return;
  draining = true;
  // within the owner's limit (cluster.ts), which leaves its own drain a second before the 10 s of decision 012
  const result = await drainServer(server as http.Server, tracker, { log, deadlineMs: 7_000 });
  if (result.cut) log.warn(`[worker] ${result.cut} requests cut at the deadline`);
  // what the host can compare with its traffic: a lane that answers nothing (switched off, or every request
  // unusual) serves as node:http does, only slower
  if (config.fastLane) log.info(`[worker] ${fastLaneAnswers(server as http.Server)} answers written by the fast lane`);
  proxy.close();
  process.exit(0);
}

process.on('message', (message: OwnerMessage) => {
  if (message?.type === 'invalidate') {
    for (const file of message.files) listener?.(file);
    send({ type: 'invalidated', id: message.id });
  } else if (message?.type === 'drain') void drain();
});

// a cluster worker's listen shares the owner's port; each worker accepts from it itself (cluster.ts).
// An error of the shared socket ends this worker with its message, and the owner starts a fresh one
// (worker-restarts.ts): it holds nothing of its own. Before it listens (EADDRINUSE when the socket is bound
// again after all workers died) at once; later (EMFILE on accept: out of file handles) after it has answered
// the requests in flight, as at a stop, while the others take the new connections
server.on('error', (error: Error) => {
  log.error(`[worker] ${error.message}`);
  if (server.listening) void drain();
  else process.exit(1);
});
server.listen(config.port, config.host);
// the version file is watched from the start: a stat every half second, no inotify tree
setInterval(() => {
  if (!draining && fs.existsSync(versionFile)) cache.get(versionFile);
}, 500).unref();
