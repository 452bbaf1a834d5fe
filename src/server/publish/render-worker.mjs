// @ts-check
// A render process: loads the built Astro handler once, then renders the URLs
// the pool sends and compresses them, so that the server's main thread only
// writes files. Started by render-pool.ts (child_process.fork) without the tsx
// loader and with NODE_ENV=production (React's production build renders about
// twice as fast as its development build). It exits when the server lets go of
// it: everything it allocated goes back to the system.
import { pathToFileURL } from 'node:url';
import { compressSync, createHandlerRenderer, rememberPageModules, worthCompressing } from './render-core.mjs';

/** @typedef {{ id: number, url: string, at?: number }} Task */

if (!process.send) throw new Error('render-worker.mjs runs as a forked child process only');
/**
 * Answers the server. A server that let go of this process while it was still
 * loading (a job that ended first) has closed the channel: nothing to answer, and
 * no crash with a stack trace for it ('disconnect' below ends the process). Any
 * other failure to answer ends the process, so the pool retries its renders.
 * @param {object} message
 */
const send = (message) => {
  if (!process.connected) return;
  process.send?.(message, undefined, undefined, (error) => {
    if (error && process.connected) {
      console.error('[render process] could not answer the server:', error.message);
      process.exit(1);
    }
  });
};
const serverEntry = process.argv[2];

// the server ended or dropped us: nothing left to do
process.on('disconnect', () => process.exit(0));
// A stop signal sent to the whole process group is the server's to handle: it
// lets the running publish finish its pages, then lets go of us (above).
process.on('SIGTERM', () => undefined);
process.on('SIGINT', () => undefined);

try {
  const mod = await import(pathToFileURL(serverEntry).href);
  rememberPageModules(mod);
  const render = createHandlerRenderer(mod.handler);
  process.on('message', async (/** @type {Task | { gc: true }} */ message) => {
    // idle: give the heap back (the pool starts this process with --expose-gc)
    if ('gc' in message) return void globalThis.gc?.();
    const task = message;
    try {
      const started = performance.now();
      const result = await render(task.url, task.at);
      const renderMs = performance.now() - started;
      const variants = result.status === 200 && result.body.length > 0 && worthCompressing(task.url) ? compressSync(result.body) : null;
      send({
        id: task.id,
        status: result.status,
        headers: result.headers,
        body: result.body,
        br: variants?.br,
        renderMs,
      });
    } catch (error) {
      send({ id: task.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    }
  });
  send({ ready: true });
} catch (error) {
  send({ fatal: error instanceof Error ? (error.stack ?? error.message) : String(error) });
}
