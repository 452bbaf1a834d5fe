// Rendering a public page in-process through the built Astro handler
// (dist/server/entry.mjs, middleware mode): no Vite, no HTTP round trip. The
// handler gets a minimal request and a response object that collects the body.
import { EventEmitter } from 'node:events';

export type RenderResult = { status: number; headers: Record<string, string>; body: Buffer };
export type Renderer = (url: string) => Promise<RenderResult>;

type NodeHandler = (
  req: unknown,
  res: unknown,
  next?: (error?: unknown) => void,
  locals?: Record<string, unknown>,
) => Promise<void> | void;

class CollectingResponse extends EventEmitter {
  statusCode = 200;
  statusMessage = '';
  headersSent = false;
  private readonly headers: Record<string, string> = {};
  private readonly chunks: Buffer[] = [];
  constructor(
    readonly req: unknown,
    private readonly done: (result: RenderResult) => void,
    private readonly fail: (error: unknown) => void,
  ) {
    super();
  }
  setHeader(name: string, value: string | string[]) {
    this.headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  getHeader(name: string) {
    return this.headers[name.toLowerCase()];
  }
  writeHead(status: number, headers?: Record<string, string | string[]> | string[]) {
    this.statusCode = status;
    this.headersSent = true;
    if (headers && !Array.isArray(headers)) for (const [k, v] of Object.entries(headers)) this.setHeader(k, v);
    return this;
  }
  write(chunk: string | Uint8Array, callback?: () => void) {
    this.chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk));
    callback?.();
    return true;
  }
  end(chunk?: string | Uint8Array) {
    if (chunk) this.write(chunk);
    this.emit('finish');
    this.done({ status: this.statusCode, headers: this.headers, body: Buffer.concat(this.chunks) });
    return this;
  }
  destroy(error?: unknown) {
    this.fail(error ?? new Error('render aborted'));
  }
}

/** Locals that tell a page it is being published, not shown to one user. */
export const PUBLISH_LOCALS = { publishing: true } as const;

export function createHandlerRenderer(handler: NodeHandler): Renderer {
  return (url) =>
    new Promise<RenderResult>((resolve, reject) => {
      const socket = new EventEmitter();
      const req = Object.assign(new EventEmitter(), {
        url,
        method: 'GET',
        headers: { host: 'localhost', accept: 'text/html' },
        socket,
      });
      const res = new CollectingResponse(req, resolve, reject);
      const next = (error?: unknown) =>
        error ? reject(error) : resolve({ status: 404, headers: {}, body: Buffer.alloc(0) });
      Promise.resolve(handler(req, res, next, { ...PUBLISH_LOCALS })).catch(reject);
    });
}

/** Loads the production build's handler. */
export async function loadBuiltRenderer(serverEntry: string): Promise<{ renderer: Renderer; handler: NodeHandler }> {
  const { pathToFileURL } = await import('node:url');
  const mod = (await import(pathToFileURL(serverEntry).href)) as { handler: NodeHandler };
  return { renderer: createHandlerRenderer(mod.handler), handler: mod.handler };
}
