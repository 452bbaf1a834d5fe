// Serving published files fast: each file is read once and kept in memory with
// its precompressed variants. A file this process publishes is dropped from the
// cache the moment it is replaced (the publisher announces it); any other change
// on disk (another process's publish, a hand edit) is seen within revalidateMs,
// since a cached file is checked against the disk at most that often. A stat per
// request cost a sixth of the server's time (docs/decisions/007).
import fs from 'node:fs';
import type { OutgoingHttpHeaders } from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';

export type Encoding = 'br' | 'gzip' | 'identity';

export type CachedFile = {
  mtimeMs: number;
  size: number;
  etag: string;
  type: string;
  identity: Buffer;
  br: Buffer | null;
  /** from a .gz beside the file (the build's assets), else made on the first request that needs it (decision 042) */
  gzip: Buffer | null;
  /** whether a gzip copy may be made on request: a text file worth it */
  gzipOnRequest: boolean;
  /** the bytes this entry was counted with in the cache */
  weight: number;
  /** response headers built once per status, encoding and scheme (server.ts `headersFor`), by slot */
  headers: (OutgoingHttpHeaders | undefined)[];
  /** when the disk was last asked about this file (Date.now()) */
  checkedAt: number;
};

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.ics': 'text/calendar; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.xml', '.txt', '.ics', '.svg']);

export function contentType(file: string): string {
  return TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

export function isCompressible(file: string): boolean {
  return COMPRESSIBLE.has(path.extname(file).toLowerCase());
}

/** Reads a precompressed variant only when it is at least as new as the file itself. */
function readVariant(file: string, mtimeMs: number): Buffer | null {
  try {
    const stat = fs.statSync(file);
    if (stat.mtimeMs + 1 < mtimeMs) return null;
    return fs.readFileSync(file);
  } catch {
    return null;
  }
}

/**
 * The largest file a cache keeps whatever its share: a static worker's share shrinks with the cores
 * (48 MB among them, cluster.ts), and an eighth of 3 MB (16 workers) left the fixtures page (about
 * 460 KB) out of every cache, read from disk again on each request.
 */
const ENTRY_FLOOR = 1024 * 1024;

export class FileCache {
  private readonly entries = new Map<string, CachedFile>();
  /** a file heavier than this is served but not kept */
  private readonly entryLimit: number;
  constructor(
    private readonly maxBytes = 64 * 1024 * 1024,
    private readonly revalidateMs = 500,
    /** told whenever a file is read from disk (a static worker watches the cache version with it) */
    private readonly onRead?: (file: string, mtimeMs: number) => void,
  ) {
    this.entryLimit = Math.min(maxBytes, Math.max(maxBytes / 8, ENTRY_FLOOR));
  }
  private bytes = 0;

  /** Forgets a file (or the file a .br or .gz variant belongs to) that was just replaced or removed. */
  invalidate(file: string): void {
    this.drop(file);
    if (file.endsWith('.br') || file.endsWith('.gz')) this.drop(file.slice(0, -3));
  }

  /** Forgets every file under `dir` except `keep` (a new cache version: all pages may have changed). */
  invalidateUnder(dir: string, keep?: string): void {
    const prefix = dir.endsWith(path.sep) ? dir : dir + path.sep;
    for (const file of [...this.entries.keys()]) if (file.startsWith(prefix) && file !== keep) this.drop(file);
  }

  /** The file as it is on disk (at most revalidateMs ago), or null when it does not exist. */
  get(file: string): CachedFile | null {
    const known = this.entries.get(file);
    const now = Date.now();
    if (known && now - known.checkedAt < this.revalidateMs) return known;
    // no exception for a missing file: most lookups of a page path miss the build's folder
    let stat: fs.Stats | undefined;
    try {
      stat = fs.statSync(file, { throwIfNoEntry: false });
    } catch {
      stat = undefined;
    }
    if (!stat) {
      this.drop(file);
      return null;
    }
    if (!stat.isFile()) return null;
    if (known && known.mtimeMs === stat.mtimeMs && known.size === stat.size) {
      known.checkedAt = now;
      return known;
    }
    let identity: Buffer;
    try {
      identity = fs.readFileSync(file);
    } catch {
      return null;
    }
    const compressible = isCompressible(file);
    let br = compressible ? readVariant(`${file}.br`, stat.mtimeMs) : null;
    const gzip = compressible ? readVariant(`${file}.gz`, stat.mtimeMs) : null;
    // files published without a brotli copy (copied by hand, say) are compressed once here; a gzip
    // copy only when a client without brotli asks (chooseEncoding): published pages have none. Not a
    // file this cache will not keep: it would be compressed again on every request (170 ms for 500 KB)
    const kept = identity.length + (br?.length ?? 0) + (gzip?.length ?? 0) < this.entryLimit;
    const worthIt = compressible && identity.length > 512 && kept;
    // a copy that would take the entry past the limit is not kept: compressed and then not kept, the file was
    // compressed again on every request (its identity just under the limit, its text hard to compress)
    if (worthIt && !br) {
      const compressed = zlib.brotliCompressSync(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } });
      if (identity.length + compressed.length + (gzip?.length ?? 0) < this.entryLimit) br = compressed;
    }
    const entry: CachedFile = {
      mtimeMs: stat.mtimeMs,
      size: stat.size,
      etag: `"${stat.size.toString(36)}-${Math.round(stat.mtimeMs).toString(36)}"`,
      type: contentType(file),
      identity,
      br,
      gzip,
      gzipOnRequest: worthIt,
      weight: identity.length + (br?.length ?? 0) + (gzip?.length ?? 0),
      headers: [],
      checkedAt: now,
    };
    this.drop(file);
    const weight = entry.weight;
    if (weight < this.entryLimit) {
      this.entries.set(file, entry);
      this.bytes += weight;
      while (this.bytes > this.maxBytes) this.drop(this.entries.keys().next().value!);
    }
    this.onRead?.(file, stat.mtimeMs);
    return entry;
  }

  private drop(file: string) {
    const old = this.entries.get(file);
    if (!old) return;
    this.bytes -= old.weight;
    this.entries.delete(file);
  }
}

/** What an Accept-Encoding header allows: 1 = br, 2 = gzip. */
function acceptedEncodings(acceptEncoding: string): number {
  let flags = 0;
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && !(Number(q.slice(2)) > 0)) continue;
    const encoding = name.trim();
    if (encoding === 'br') flags |= 1;
    else if (encoding === 'gzip') flags |= 2;
  }
  return flags;
}

/** Browsers send a handful of distinct Accept-Encoding strings: each is parsed once (bounded, like PathMemo). */
const acceptMemo = new Map<string, number>();

/** The best encoding the client accepts that we have. */
export function chooseEncoding(acceptEncoding: string | undefined, file: CachedFile): Encoding {
  if (!acceptEncoding) return 'identity';
  let flags = acceptMemo.get(acceptEncoding);
  if (flags === undefined) {
    flags = acceptedEncodings(acceptEncoding);
    if (acceptMemo.size >= 256) acceptMemo.clear();
    acceptMemo.set(acceptEncoding, flags);
  }
  if (file.br && flags & 1) return 'br';
  if (flags & 2) {
    // made once per file version for the rare client without brotli (decision 042); not counted in the
    // cache's bytes, which only bounds it roughly: at most a third more for the files such clients ask for
    if (!file.gzip && file.gzipOnRequest) file.gzip = zlib.gzipSync(file.identity, { level: 6 });
    if (file.gzip) return 'gzip';
  }
  return 'identity';
}

/** Resolves a URL path inside a folder, or null when it would leave it. */
export function resolveInside(root: string, relative: string): string | null {
  const full = path.resolve(root, `.${path.posix.normalize(`/${relative}`)}`);
  return full === root || full.startsWith(root + path.sep) ? full : null;
}
