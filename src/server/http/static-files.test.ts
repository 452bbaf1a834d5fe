// The static servers' file cache: what it keeps, and what it does for a file it cannot keep.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FileCache, chooseEncoding } from './static-files';

let dir: string;
let reads: string[];
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-cache-'));
  reads = [];
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A page of `kb` kilobytes that compresses as a real one does (no two lines alike). */
function page(name: string, kb: number, withBrotli: boolean): string {
  const file = path.join(dir, name);
  const body = Buffer.from(Array.from({ length: kb * 16 }, (_, i) => `<li>Spiel ${i}: ${(i * 7919) % 10007}</li>\n`.padEnd(64, ' ')).join(''));
  fs.writeFileSync(file, body);
  if (withBrotli) fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }));
  return file;
}

describe('FileCache', () => {
  it('compresses a page without a brotli copy once, also when the copy would not fit beside it (it was compressed on every request)', () => {
    // 1 MB an entry at 8 MB; a page of 950 KB of hardly compressible text: with its brotli copy over the limit
    const cache = new FileCache(8 * 1024 * 1024, 0);
    const file = path.join(dir, 'spielplan.html');
    const words = Array.from({ length: 950 * 16 }, (_, i) => `<p>${((i * 2654435761) % 4294967296).toString(36)}${((i * 40503) % 65536).toString(36)}</p>`.padEnd(64, ' '));
    fs.writeFileSync(file, words.join(''));
    const compress = vi.spyOn(zlib, 'brotliCompressSync');
    try {
      for (let i = 0; i < 3; i++) expect(cache.get(file)?.identity.length).toBe(950 * 1024);
      expect(compress.mock.calls.length).toBeLessThanOrEqual(1);
    } finally {
      compress.mockRestore();
    }
  });

  it("keeps a page of 500 KB even where a worker's share is 3 MB (16 cores): it is not read from disk on every request", () => {
    const cache = new FileCache(3 * 1024 * 1024, 60_000, (file) => reads.push(file));
    const fixtures = page('spielplan.html', 500, true);
    expect(cache.get(fixtures)?.br).not.toBeNull();
    cache.get(fixtures);
    cache.get(fixtures);
    expect(reads).toEqual([fixtures]);
  });

  it('compresses nothing on the fly for a file it cannot keep: served from disk as it is, never compressed per request', () => {
    const cache = new FileCache(256 * 1024, 60_000, (file) => reads.push(file));
    const big = page('gross.html', 400, false);
    const file = cache.get(big)!;
    expect(file.identity.length).toBe(400 * 1024);
    expect(file.br).toBeNull();
    // a client without brotli gets the file as it is: no gzip made for it on each request
    expect(chooseEncoding('gzip', file)).toBe('identity');
    expect(file.gzip).toBeNull();
    cache.get(big);
    expect(reads).toEqual([big, big]);
  });

  it('a file it keeps without a brotli copy is compressed once, and gzipped once for a client that asks', () => {
    const cache = new FileCache(64 * 1024 * 1024, 60_000, (file) => reads.push(file));
    const copied = page('kopiert.html', 20, false);
    const file = cache.get(copied)!;
    expect(zlib.brotliDecompressSync(file.br!).equals(file.identity)).toBe(true);
    expect(chooseEncoding('gzip', file)).toBe('gzip');
    expect(cache.get(copied)).toBe(file);
    expect(reads).toEqual([copied]);
  });
});
