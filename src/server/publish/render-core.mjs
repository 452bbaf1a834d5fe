// @ts-check
// The part of rendering that runs in the render workers (render-worker.mjs) as
// well as in the main thread (render.ts). Plain JavaScript on purpose: a worker
// started without the tsx loader imports it directly, so each of Astro's lazy
// page imports costs nothing extra, and no TypeScript is compiled at run time
// (docs/decisions/007-benchmark-method.md, "Where pages render").
import { EventEmitter } from 'node:events';
import zlib from 'node:zlib';

/**
 * @typedef {{ status: number, headers: Record<string, string>, body: Buffer }} RenderResult
 * @typedef {(req: unknown, res: unknown, next?: (error?: unknown) => void, locals?: Record<string, unknown>) => Promise<void> | void} NodeHandler
 */

/**
 * Locals that tell a page it is being published, not shown to one user. Each
 * render adds `publishedAt`: the time of its publish, which is "today" for the
 * page (the privacy 'Stand', the next match), taken from the publisher's clock.
 */
export const PUBLISH_LOCALS = Object.freeze({ publishing: true });

/**
 * Brotli quality of published files. Quality 11 is 10–100× slower than 5 for
 * about 7 % fewer bytes (measured on our pages: 12 KB article 16 ms vs 0.6 ms,
 * 1.2 MB match list 980 ms vs 7 ms), and it would be paid on every republish.
 */
export const BROTLI_QUALITY = 5;

/**
 * Images are compressed already: no brotli copy for them (a share image's
 * copies were as large as the PNG itself).
 * @param {string} urlOrFile
 */
export function worthCompressing(urlOrFile) {
  return !/\.(png|jpe?g|webp|gif|ico|avif)$/i.test(urlOrFile);
}

/**
 * The brotli copy of a published file. Published pages get no gzip copy: the
 * rare client without brotli gets one made on request (docs/decisions/042).
 * @param {Buffer} body
 * @returns {{ br: Buffer }}
 */
export function compressSync(body) {
  return {
    br: zlib.brotliCompressSync(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  };
}

/** A response object that collects what the handler writes. */
class CollectingResponse extends EventEmitter {
  statusCode = 200;
  statusMessage = '';
  headersSent = false;
  /** @type {Record<string, string>} */
  headers = {};
  /** @type {Buffer[]} */
  chunks = [];
  /**
   * @param {unknown} req
   * @param {(result: RenderResult) => void} done
   * @param {(error: unknown) => void} fail
   */
  constructor(req, done, fail) {
    super();
    this.req = req;
    this.done = done;
    this.fail = fail;
  }
  /** @param {string} name @param {string | string[]} value */
  setHeader(name, value) {
    this.headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  /** @param {string} name */
  getHeader(name) {
    return this.headers[name.toLowerCase()];
  }
  /** @param {number} status @param {Record<string, string | string[]> | string[]} [headers] */
  writeHead(status, headers) {
    this.statusCode = status;
    this.headersSent = true;
    if (headers && !Array.isArray(headers)) for (const [k, v] of Object.entries(headers)) this.setHeader(k, v);
    return this;
  }
  /** @param {string | Uint8Array} chunk @param {() => void} [callback] */
  write(chunk, callback) {
    this.chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk));
    callback?.();
    return true;
  }
  /** @param {string | Uint8Array} [chunk] */
  end(chunk) {
    if (chunk) this.write(chunk);
    this.emit('finish');
    this.done({ status: this.statusCode, headers: this.headers, body: Buffer.concat(this.chunks) });
    return this;
  }
  /** @param {unknown} [error] */
  destroy(error) {
    this.fail(error ?? new Error('render aborted'));
  }
}

/**
 * Renders one URL through the built Astro handler (middleware mode): a minimal
 * request, a response that collects the body, no HTTP round trip.
 * @param {NodeHandler} handler
 * @returns {(url: string, publishedAt?: number) => Promise<RenderResult>}
 */
export function createHandlerRenderer(handler) {
  /** @param {string} url @param {number} [publishedAt] */
  return (url, publishedAt) =>
    new Promise((resolve, reject) => {
      const socket = new EventEmitter();
      const req = Object.assign(new EventEmitter(), {
        url,
        method: 'GET',
        headers: { host: 'localhost', accept: 'text/html' },
        socket,
      });
      const res = new CollectingResponse(req, resolve, reject);
      /** @param {unknown} [error] */
      const next = (error) => (error ? reject(error) : resolve({ status: 404, headers: {}, body: Buffer.alloc(0) }));
      Promise.resolve(handler(req, res, next, { ...PUBLISH_LOCALS, publishedAt: publishedAt ?? Date.now() })).catch(reject);
    });
}

/** The page maps whose loaders remember their module already (a build loaded twice in one process is one module). */
const rememberingPageMaps = new WeakSet();

/**
 * Astro's app imports a page's module again for every request: the build's
 * `pageMap` (exported by entry.mjs) holds a loader per page, and the app calls
 * it each time (astro/dist/core/app/pipeline.js, getModuleForRoute). A module
 * already loaded is the same module, so the answer never changes; but under the
 * server's tsx loader each import() went through the loader's hooks, which run
 * on a thread of their own and make this one wait: a sixth of the wall time of
 * a page rendered in the server (2.45 → 2.06 ms per article and match page).
 * Each loader is replaced by one that keeps its first import's promise; an
 * import that fails is tried again the next time.
 * @param {{ pageMap?: Map<string, () => Promise<unknown>> }} entry the build's entry module
 */
export function rememberPageModules(entry) {
  const pageMap = entry.pageMap;
  if (!(pageMap instanceof Map) || rememberingPageMaps.has(pageMap)) return;
  rememberingPageMaps.add(pageMap);
  for (const [component, load] of pageMap) {
    /** @type {Promise<unknown> | undefined} */
    let loading;
    pageMap.set(component, () =>
      (loading ??= load().catch((error) => {
        loading = undefined;
        throw error;
      })),
    );
  }
}
