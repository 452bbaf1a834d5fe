// Serving published files fast: each file is read once and kept in memory with
// its precompressed variants, and checked against the disk with one stat per
// request, so a publish from another process is seen at once.
import fs from 'node:fs';
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
  gzip: Buffer | null;
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

export class FileCache {
  private readonly entries = new Map<string, CachedFile>();
  constructor(private readonly maxBytes = 64 * 1024 * 1024) {}
  private bytes = 0;

  /** The file as it is on disk now, or null when it does not exist. */
  get(file: string): CachedFile | null {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(file);
    } catch {
      this.drop(file);
      return null;
    }
    if (!stat.isFile()) return null;
    const cached = this.entries.get(file);
    if (cached && cached.mtimeMs === stat.mtimeMs && cached.size === stat.size) return cached;
    let identity: Buffer;
    try {
      identity = fs.readFileSync(file);
    } catch {
      return null;
    }
    const compressible = isCompressible(file);
    let br = compressible ? readVariant(`${file}.br`, stat.mtimeMs) : null;
    let gzip = compressible ? readVariant(`${file}.gz`, stat.mtimeMs) : null;
    // files published without variants (copied by hand, say) are compressed once here
    if (compressible && identity.length > 512) {
      br ??= zlib.brotliCompressSync(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } });
      gzip ??= zlib.gzipSync(identity, { level: 9 });
    }
    const entry: CachedFile = {
      mtimeMs: stat.mtimeMs,
      size: stat.size,
      etag: `"${stat.size.toString(36)}-${Math.round(stat.mtimeMs).toString(36)}"`,
      type: contentType(file),
      identity,
      br,
      gzip,
    };
    this.drop(file);
    const weight = identity.length + (br?.length ?? 0) + (gzip?.length ?? 0);
    if (weight < this.maxBytes / 8) {
      this.entries.set(file, entry);
      this.bytes += weight;
      while (this.bytes > this.maxBytes) this.drop(this.entries.keys().next().value!);
    }
    return entry;
  }

  private drop(file: string) {
    const old = this.entries.get(file);
    if (!old) return;
    this.bytes -= old.identity.length + (old.br?.length ?? 0) + (old.gzip?.length ?? 0);
    this.entries.delete(file);
  }
}

/** The best encoding the client accepts that we have. */
export function chooseEncoding(acceptEncoding: string | undefined, file: CachedFile): Encoding {
  if (!acceptEncoding) return 'identity';
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (!q || Number(q.slice(2)) > 0) accepted.add(name.trim());
  }
  if (file.br && accepted.has('br')) return 'br';
  if (file.gzip && accepted.has('gzip')) return 'gzip';
  return 'identity';
}

/** Resolves a URL path inside a folder, or null when it would leave it. */
export function resolveInside(root: string, relative: string): string | null {
  const full = path.resolve(root, `.${path.posix.normalize(`/${relative}`)}`);
  return full === root || full.startsWith(root + path.sep) ? full : null;
}
