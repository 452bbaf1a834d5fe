// The build's own text files (scripts, styles, the service worker, the web
// manifest) compressed once at build time at the highest brotli quality, so
// that neither our server nor nginx (brotli_static, gzip_static) compresses
// them per process or per request, and visitors get the smallest bytes: the
// React runtime is 62.5 KB at quality 9 but 57.9 KB at 11. Runs as an Astro
// integration after the build (astro.config.mjs).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { AstroIntegration } from 'astro';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|webmanifest|html|txt|xml)$/i;
/** below this, compression costs more in headers than it saves */
const MIN_BYTES = 512;

/**
 * The build's assets: everything under _astro/ and the files at the top of the
 * client folder (sw.js, the web manifest, offline.html). Pages live elsewhere:
 * the publisher compresses those.
 */
function* assets(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isFile()) yield path.join(dir, entry.name);
    else if (entry.isDirectory() && entry.name === '_astro') yield* all(path.join(dir, entry.name));
  }
}
function* all(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* all(full);
    else if (entry.isFile()) yield full;
  }
}

/** Writes file.br and file.gz beside each compressible asset that gains from it. */
export async function precompressFolder(dir: string): Promise<{ files: number; bytes: number; brotliBytes: number }> {
  const result = { files: 0, bytes: 0, brotliBytes: 0 };
  const jobs: Promise<void>[] = [];
  for (const file of assets(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    jobs.push(
      (async () => {
        const body = await fs.promises.readFile(file);
        if (body.length < MIN_BYTES) return;
        const [br, gz] = await Promise.all([
          brotli(body, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
          }),
          gzip(body, { level: 9 }),
        ]);
        // written after the file, so that the server sees the variants as current
        if (br.length < body.length) await fs.promises.writeFile(`${file}.br`, br);
        if (gz.length < body.length) await fs.promises.writeFile(`${file}.gz`, gz);
        result.files++;
        result.bytes += body.length;
        result.brotliBytes += Math.min(br.length, body.length);
      })(),
    );
  }
  await Promise.all(jobs);
  return result;
}

/** The integration: precompresses <outDir>/client once the build (and the service worker) is written. */
export function precompressAssets(): AstroIntegration {
  let clientDir: string | null = null;
  return {
    name: 'anstoss:precompress-assets',
    hooks: {
      'astro:config:done': ({ config }) => {
        clientDir = fileURLToPath(config.build.client);
      },
      'astro:build:done': async ({ logger }) => {
        if (!clientDir || !fs.existsSync(clientDir)) return;
        const { files, bytes, brotliBytes } = await precompressFolder(clientDir);
        logger.info(`${files} files precompressed: ${Math.round(bytes / 1024)} KB → ${Math.round(brotliBytes / 1024)} KB brotli`);
      },
    },
  };
}
