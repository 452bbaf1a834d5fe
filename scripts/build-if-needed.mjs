// Builds the Astro app (and with it the compiled server, src/server/server-bundles.ts)
// when dist/ is missing or older than the sources, so that `npm start` works on a
// fresh clone and after a pull. Plain JavaScript: `npm start` (scripts/start.mjs)
// imports it without the tsx loader (docs/decisions/048).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIsStale as staleAt } from './build-stamp.mjs';

const root = process.cwd();
const distDir = path.resolve(root, process.env.ANSTOSS_DIST ?? 'dist');
const stampFile = path.join(distDir, '.build-stamp');
/** The compiled server (scripts/serve.ts as built): what `npm start`, the systemd unit and the tests run. */
export const ownerEntry = () => path.join(distDir, 'server-owner', 'serve.mjs');

/**
 * Builds when stale; throws when the build fails.
 * @param {{ force?: boolean; quiet?: boolean }} [options]
 */
export function buildIfNeeded({ force = false, quiet = false } = {}) {
  if (!force && !staleAt(root, distDir)) return;
  if (!quiet) console.info('[build] astro build …');
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules', 'astro', 'astro.js'), 'build'], {
    stdio: quiet ? 'pipe' : 'inherit',
    cwd: root,
    // a build started from vitest (NODE_ENV=test) would otherwise compile import.meta.env.DEV as true
    env: { ...process.env, NODE_ENV: 'production', ASTRO_TELEMETRY_DISABLED: '1' },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`astro build failed${quiet ? `:\n${result.stdout}\n${result.stderr}` : ''}`);
  fs.writeFileSync(stampFile, new Date().toISOString());
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) buildIfNeeded({ force: process.argv.includes('--force') });
