// Rendering a public page in-process through the built Astro handler
// (dist/server/entry.mjs, middleware mode): no Vite, no HTTP round trip. The
// handler gets a minimal request and a response object that collects the body
// (render-core.mjs). A save renders here, in the server process, which has the
// build loaded anyway for the dynamic paths; a big job (a full publish, a footer
// change's leftovers) renders in render processes (render-pool.ts), and here as
// well when they cannot start (docs/decisions/043-small-jobs-in-process.md).
import { PUBLISH_LOCALS as CORE_LOCALS, createHandlerRenderer as createCoreRenderer, rememberPageModules } from './render-core.mjs';
import fs from 'node:fs';
import path from 'node:path';
import { setImmediate as nextTurnOfTheLoop } from 'node:timers/promises';
import { RenderPool } from './render-pool';
import { defaultPoolSize } from './render-pool-options';
import { numberSetting } from '../number-settings';
import { onServerStopping } from '../http/shutdown';

export type RenderResult = {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** the brotli copy, when the renderer compressed already (the render processes do) */
  variants?: { br: Buffer };
  /** time spent rendering, without time spent waiting for a render process */
  renderMs?: number;
};
/**
 * Renders one URL. `parallelism` says how many renders it runs at once;
 * `forJob(n)` is told the size of a job before it starts and answers the
 * renderer for it (a big job gets every render process).
 */
/** Renders one URL; `publishedAt` is the time the page shows as today (default: now). */
export type Renderer = ((url: string, publishedAt?: number) => Promise<RenderResult>) & {
  parallelism?: number;
  forJob?: (renders: number) => Renderer;
  /** whether a job of this many renders renders in this thread now (asks, starts nothing); absent: always */
  inThread?: (renders: number) => boolean;
  /** get ready for saves soon: warm up whatever renders them on these pages (resolves when done) */
  prewarm?: (urls: () => string[]) => Promise<void> | void;
};

type NodeHandler = (
  req: unknown,
  res: unknown,
  next?: (error?: unknown) => void,
  locals?: Record<string, unknown>,
) => Promise<void> | void;

/** Locals that tell a page it is being published, not shown to one user. */
export const PUBLISH_LOCALS: { readonly publishing: true } = CORE_LOCALS as { readonly publishing: true };

export function createHandlerRenderer(handler: NodeHandler): Renderer {
  return createCoreRenderer(handler);
}

export type LoadedRenderer = {
  renderer: Renderer;
  /** the handler in this thread, for the dynamic paths the server hands to Astro */
  handler: NodeHandler;
  /** the render processes, or null when pages render in this thread */
  pool: RenderPool | null;
};

/**
 * Jobs of at most this many renders render in this thread: PUBLISH_IN_PROCESS_MAX,
 * else 200. That holds every save (an article: 2, a goal in a live match: about 6,
 * full time with the players' pages: about 25), so that no save waits for a render
 * process to start (0.6-2 s), and every job that would get just one render process
 * (decision 051: one per 200 pages), which renders a page at a time as this thread
 * does but costs about 1.9 s of CPU to start: a small club's start and footer change
 * (decision 053). A normal club's full publish goes to the render processes. 0 sends
 * every job to them (decision 043).
 */
export function defaultInProcessMax(): number {
  return numberSetting('PUBLISH_IN_PROCESS_MAX', 200);
}

/**
 * Loads the production build's handler (the server hands the dynamic paths to
 * it) and the render processes that render the pages of big jobs: `workers` of
 * them (default PUBLISH_WORKERS, else one per core up to four). A job of up to
 * `inProcessMax` renders (a save) renders in this thread, with no process to
 * start and none kept waiting. With 0 workers, every page renders here.
 */
export async function loadBuiltRenderer(
  serverEntry: string,
  options: { workers?: number; inProcessMax?: number; renderTimeoutMs?: number } = {},
): Promise<LoadedRenderer> {
  // A production build renders with React's production build, about twice as
  // fast. A build made with NODE_ENV set to something else (inside a test
  // runner, say) calls React's development-only jsxDEV and needs React's
  // development build: it keeps whatever NODE_ENV says.
  const devBuild = usesDevelopmentJsx(serverEntry);
  if (!devBuild) process.env.NODE_ENV ??= 'production';
  const nodeEnv = process.env.NODE_ENV ?? (devBuild ? 'development' : 'production');
  const { pathToFileURL } = await import('node:url');
  const mod = (await import(pathToFileURL(serverEntry).href)) as { handler: NodeHandler; pageMap?: Map<string, () => Promise<unknown>> };
  rememberPageModules(mod);
  const handlerRenderer = createHandlerRenderer(mod.handler);
  const timeoutMs = options.renderTimeoutMs ?? RENDER_TIMEOUT_MS;
  const inProcess = oneAtATime(handlerRenderer, timeoutMs);
  const size = options.workers ?? defaultPoolSize();
  if (size === 0) return { renderer: inProcess, handler: mod.handler, pool: null };

  // the stop listener below goes with the pool: a process that loads renderers again (tests, a
  // restarted queue) does not keep every old one alive through it
  let stopListening = () => {};
  const pool = new RenderPool({ serverEntry, size, nodeEnv, renderTimeoutMs: timeoutMs, onClose: () => stopListening() });
  let warned = false;
  const inPool: Renderer = (url, at) => {
    if (!pool.broken) return pool.render(url, at).catch((error: unknown) => (pool.broken ? inProcess(url, at) : Promise.reject(error)));
    if (!warned) {
      warned = true;
      console.warn('[publish] render processes unavailable; rendering in the main thread');
    }
    return inProcess(url, at);
  };
  inPool.parallelism = pool.size;
  // From a stop signal on, the pages of the saves still in flight render in render processes and a
  // warm-up under way ends, so that this thread is free to answer and drain its requests (decision 043;
  // it no longer hands connections to the workers since they accept their own, decision 037)
  let stopping = false;
  stopListening = onServerStopping(() => (stopping = true));
  const saves = oneAtATime(handlerRenderer, timeoutMs, () => (stopping && !pool.broken ? inPool : null));
  const renderer: Renderer = (url, at) => inPool(url, at);
  renderer.parallelism = pool.size;
  const inProcessMax = options.inProcessMax ?? defaultInProcessMax();
  // saves and small jobs render here: warm this thread up once (each page's code loads on its first render)
  // instead of starting a render process that would wait, and take memory, for the next save
  let warmed = false;
  renderer.prewarm = (urls) => {
    if (inProcessMax === 0) return pool.prewarm(urls);
    if (warmed) return;
    warmed = true;
    // a warm-up that a stop meets ends there: the stop's hand-over needs this thread (decision 043)
    return warmUp(inProcess, urls(), () => stopping);
  };
  // saves render here, unless the server stops (then the render processes take them)
  renderer.inThread = (renders) => Boolean(pool.broken) || (!stopping && renders <= inProcessMax);
  renderer.forJob = (renders) => {
    if (pool.broken) return inProcess;
    if (renders <= inProcessMax) return saves;
    pool.expect(renders);
    return inPool;
  };
  return { renderer, handler: mod.handler, pool };
}

/**
 * Renders in this thread one page at a time, and lets the event loop turn before
 * each: a page renders in one stretch (Astro's steps are microtasks), and several
 * at once would run back to back. This thread also accepts the visitors'
 * connections for the static workers (the cluster's primary) and answers the
 * admin, and must not make them wait for a whole job: at most for one page (a
 * stop's hand-over of queued connections reset them otherwise, decision 043).
 *
 * A share image does not wait for its turn, nor the pages for it: sharp draws it
 * in libuv's pool, and this thread had nothing to do for the 12-25 ms of a match
 * result's image while the job's other pages waited (issue 16).
 */
function oneAtATime(render: Renderer, timeoutMs: number, divertTo?: () => Renderer | null): Renderer {
  let previous: Promise<unknown> = Promise.resolve();
  const serial: Renderer = (url, at) => {
    // `divertTo` names another renderer for the pages from now on (asked again when a page's turn comes)
    const elsewhere = divertTo?.();
    if (elsewhere) return elsewhere(url, at);
    if (drawnOffThread(url)) return render(url, at);
    const page = previous.then(() => nextTurnOfTheLoop()).then(() => withinLimit((divertTo?.() ?? render)(url, at), url, timeoutMs));
    previous = page.catch(() => undefined);
    return page;
  };
  serial.parallelism = 1;
  return serial;
}

/** A render in a render process or this thread that takes longer fails (render-pool.ts: its process is replaced). */
const RENDER_TIMEOUT_MS = 60_000;

/**
 * Fails a page that is not rendered within the limit: one page whose render never ends (a stream that
 * never closes) held every later save in this thread, and a stop's hand-over, for ever. Its render
 * cannot be cancelled; the pages after it go on.
 */
function withinLimit(page: Promise<RenderResult>, url: string, ms: number): Promise<RenderResult> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${url}: rendering took longer than ${ms} ms`)), ms);
  });
  return Promise.race([page, limit]).finally(() => clearTimeout(timer));
}

/** Share images (`/teilen/…png`): drawn by sharp in libuv's pool, not in this thread. */
function drawnOffThread(url: string): boolean {
  return url.startsWith('/teilen/') && url.endsWith('.png');
}

/** Renders each URL once, one after the other, and throws the pages away; ends early once `stop()` says so. */
async function warmUp(render: Renderer, urls: string[], stop: () => boolean = () => false): Promise<void> {
  for (const url of urls) {
    if (stop()) return;
    try {
      await render(url);
    } catch {
      // a warm-up page that fails fails again, and is reported, when a job publishes it
    }
  }
}

/** True when the build was compiled with React's development JSX transform (jsxDEV). */
export function usesDevelopmentJsx(serverEntry: string): boolean {
  const dir = path.dirname(serverEntry);
  try {
    const files = fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.mjs'));
    return files.some((f) => fs.readFileSync(path.join(dir, f), 'utf8').includes('react/jsx-dev-runtime'));
  } catch {
    return false;
  }
}
