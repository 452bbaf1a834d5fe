// Atomic file replacement for the published site: write a temp file in the same
// folder, fsync it, rename it over the old one. A reader sees the old file or
// the new one, never half of either.
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Types worth compressing: everything the publisher writes is text. */
export const COMPRESSED_SUFFIXES = ['.br', '.gz'] as const;

export async function writeFileAtomic(file: string, data: Buffer | string): Promise<void> {
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`);
  const handle = await fs.promises.open(temp, 'w');
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await fs.promises.rename(temp, file);
  } catch (error) {
    await fs.promises.rm(temp, { force: true });
    throw error;
  }
}

/**
 * Writes the file, then its brotli and gzip variants. The variants come after
 * the file so that a server which finds a variant older than the file knows it
 * is stale and does not serve it.
 */
export async function writePublishedFile(file: string, body: Buffer): Promise<void> {
  const [br, gz] = await Promise.all([
    brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gzip(body, { level: 9 }),
  ]);
  await writeFileAtomic(file, body);
  await Promise.all([writeFileAtomic(`${file}.br`, br), writeFileAtomic(`${file}.gz`, gz)]);
}

export async function removePublishedFile(file: string): Promise<boolean> {
  let existed = false;
  for (const candidate of [file, ...COMPRESSED_SUFFIXES.map((s) => file + s)]) {
    try {
      await fs.promises.unlink(candidate);
      if (candidate === file) existed = true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  // an emptied folder (a deleted article's) goes too; the site root stays
  try {
    await fs.promises.rmdir(path.dirname(file));
  } catch {
    // not empty, or already gone
  }
  return existed;
}
