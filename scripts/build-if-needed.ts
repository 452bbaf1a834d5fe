// Builds the Astro app when dist/ is missing or older than the sources, so that
// `npm start` works on a fresh clone and after a pull.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = process.cwd();
const distDir = path.resolve(root, process.env.ANSTOSS_DIST ?? 'dist');
const stampFile = path.join(distDir, '.build-stamp');
const SOURCES = ['src', 'public', 'astro.config.mjs', 'package-lock.json', 'tsconfig.json'];

function newestMtime(entry: string): number {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(entry);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

/** Builds when stale; throws when the build fails. */
export function buildIfNeeded({ force = false, quiet = false } = {}): void {
  // the static workers' bundle is part of the build (docs/decisions/037): a build without it is rebuilt
  const built = ['server/entry.mjs', 'server-static/worker.mjs', '.build-stamp'].every((file) => fs.existsSync(path.join(distDir, file)));
  const stamp = built ? fs.statSync(stampFile).mtimeMs : 0;
  const sources = Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))));
  if (!force && built && stamp >= sources) return;
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

if (import.meta.url === `file://${process.argv[1]}`) buildIfNeeded({ force: process.argv.includes('--force') });
