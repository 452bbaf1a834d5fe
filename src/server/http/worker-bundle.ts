// The static workers run plain Node (no tsx loader, no Astro, no database):
// static-worker.ts and what it imports are bundled once per build into
// <outDir>/server-static/worker.mjs with the esbuild Vite already brings.
// An Astro integration (astro.config.mjs), so that a build is never without
// its worker (docs/decisions/037); scripts/build-if-needed.ts checks for it.
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { AstroIntegration } from 'astro';
// a static import: the config's own loader is closed by the time build:done runs
import { build } from 'esbuild';

const ENTRY = fileURLToPath(new URL('./static-worker.ts', import.meta.url));

/** Bundles the static worker into `outFile`; fails when it would pull in a package (none may be needed). */
export async function buildStaticWorker(outFile: string): Promise<{ bytes: number }> {
  const result = await build({
    entryPoints: [ENTRY],
    outfile: outFile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    // node: built-ins only; a package here means a heavy import slipped in
    packages: 'external',
    metafile: true,
    logLevel: 'warning',
    banner: { js: '// Built from src/server/http/static-worker.ts by worker-bundle.ts: do not edit.' },
  });
  const output = Object.values(result.metafile.outputs)[0];
  const packages = output.imports.filter((i) => i.external && !i.path.startsWith('node:')).map((i) => i.path);
  if (packages.length > 0) throw new Error(`static worker imports packages: ${[...new Set(packages)].join(', ')}`);
  return { bytes: output.bytes };
}

export function staticWorkerBundle(): AstroIntegration {
  let outDir: string | null = null;
  return {
    name: 'anstoss:static-worker',
    hooks: {
      'astro:config:done': ({ config }) => {
        outDir = fileURLToPath(config.outDir);
      },
      'astro:build:done': async ({ logger }) => {
        if (!outDir) return;
        const { bytes } = await buildStaticWorker(path.join(outDir, 'server-static', 'worker.mjs'));
        logger.info(`static worker bundled: ${Math.round(bytes / 1024)} KB`);
      },
    },
  };
}
