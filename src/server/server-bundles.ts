// The server's own code, compiled once per build with the esbuild Vite already
// brings, so that no server process runs the tsx loader (docs/decisions/048):
//   <outDir>/server-static/worker.mjs  the static workers (decision 037): plain
//     Node, no Astro, no database, no package at all;
//   <outDir>/server-owner/serve.mjs    the owner (scripts/serve.ts and what it
//     imports), with render-worker.mjs, the render processes' entry, beside it.
// An Astro integration (astro.config.mjs), so that a build is never without
// them; scripts/build-if-needed.mjs checks for them.
import { fileURLToPath } from 'node:url';
import fs from 'node:fs';
import path from 'node:path';
import type { AstroIntegration } from 'astro';
// a static import: the config's own loader is closed by the time build:done runs
import { build, type BuildOptions, type Metafile } from 'esbuild';

const source = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));
const STATIC_WORKER_ENTRY = source('./http/static-worker.ts');
const OWNER_ENTRY = source('../../scripts/serve.ts');
const RENDER_WORKER_ENTRY = source('./publish/render-worker.mjs');
const BENCH_ENTRY = source('../../scripts/bench/run.ts');

const COMMON: BuildOptions = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  // packages stay in node_modules, imported from there as under tsx
  packages: 'external',
  metafile: true,
  logLevel: 'warning',
};

const packagesOf = (outputs: Metafile['outputs']) =>
  [...new Set(Object.values(outputs).flatMap((o) => o.imports.filter((i) => i.external && !i.path.startsWith('node:')).map((i) => i.path)))];
const bytesOf = (outputs: Metafile['outputs']) => Object.values(outputs).reduce((sum, o) => sum + o.bytes, 0);

/** Bundles the static worker into `outFile`; fails when it would pull in a package (none may be needed). */
export async function buildStaticWorker(outFile: string): Promise<{ bytes: number }> {
  const result = await build({
    ...COMMON,
    entryPoints: [STATIC_WORKER_ENTRY],
    outfile: outFile,
    banner: { js: '// Built from src/server/http/static-worker.ts by server-bundles.ts: do not edit.' },
  });
  const packages = packagesOf(result.metafile!.outputs);
  if (packages.length > 0) throw new Error(`static worker imports packages: ${packages.join(', ')}`);
  return { bytes: bytesOf(result.metafile!.outputs) };
}

/**
 * Bundles code that publishes into `outDir` (emptied first): its entries, render-worker.mjs and their
 * shared chunks, all in this one folder. The render pool forks `./render-worker.mjs` next to its own
 * module (render-process.ts), so no chunk may live in a subfolder. A dynamic import stays one (splitting):
 * the deploy targets' S3 client loads only when a target is configured, as from the sources.
 */
async function buildPublishingCode(outDir: string, entries: Record<string, string>, from: string): Promise<{ bytes: number; files: number }> {
  fs.rmSync(outDir, { recursive: true, force: true });
  const result = await build({
    ...COMMON,
    entryPoints: { ...entries, 'render-worker': RENDER_WORKER_ENTRY },
    outdir: outDir,
    splitting: true,
    chunkNames: '[name]-[hash]',
    outExtension: { '.js': '.mjs' },
    banner: { js: `// Built from ${from} by server-bundles.ts: do not edit.` },
  });
  const outputs = result.metafile!.outputs;
  return { bytes: bytesOf(outputs), files: Object.keys(outputs).length };
}

/** The owner: `<outDir>/serve.mjs` and the render processes' `render-worker.mjs`. */
export const buildOwner = (outDir: string) => buildPublishingCode(outDir, { serve: OWNER_ENTRY }, 'scripts/serve.ts and src/server');

/**
 * The benchmark's harness (`npm run bench`): it publishes in its own process with the server's code,
 * which is measured as the server runs it, compiled (docs/decisions/048).
 */
export const buildBenchmark = (outDir: string) => buildPublishingCode(outDir, { run: BENCH_ENTRY }, 'scripts/bench/run.ts');

export function serverBundles(): AstroIntegration {
  let outDir: string | null = null;
  return {
    name: 'anstoss:server-bundles',
    hooks: {
      'astro:config:done': ({ config }) => {
        outDir = fileURLToPath(config.outDir);
      },
      'astro:build:done': async ({ logger }) => {
        if (!outDir) return;
        const worker = await buildStaticWorker(path.join(outDir, 'server-static', 'worker.mjs'));
        logger.info(`static worker bundled: ${Math.round(worker.bytes / 1024)} KB`);
        const owner = await buildOwner(path.join(outDir, 'server-owner'));
        logger.info(`owner bundled: ${Math.round(owner.bytes / 1024)} KB in ${owner.files} files`);
      },
    },
  };
}
