// When the build is older than the sources: shared by scripts/build-if-needed.mjs (which then builds) and
// scripts/serve.ts (which warns: the systemd unit runs the build as it is). A module of its own, without a
// main: bundled into the server, build-if-needed.mjs's "run as a script" check would be true there.
import fs from 'node:fs';
import path from 'node:path';

// scripts/serve.ts is the owner bundle's entry, and this file part of it
export const SOURCES = ['src', 'public', 'astro.config.mjs', 'package-lock.json', 'tsconfig.json', 'scripts/serve.ts', 'scripts/build-stamp.mjs'];
// the static workers' and the owner's bundles are part of the build (docs/decisions/037, 048)
export const BUILT = ['server/entry.mjs', 'server-static/worker.mjs', 'server-owner/serve.mjs', 'server-owner/render-worker.mjs', '.build-stamp'];

/** @param {string} entry */
function newestMtime(entry) {
  let stat;
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

/**
 * Whether the build lacks a part or is older than the sources (a checkout without sources counts as current).
 * @param {string} projectRoot
 * @param {string} dist the build folder
 */
export function buildIsStale(projectRoot, dist) {
  if (!BUILT.every((file) => fs.existsSync(path.join(dist, file)))) return true;
  const stamp = fs.statSync(path.join(dist, '.build-stamp')).mtimeMs;
  return Math.max(...SOURCES.map((s) => newestMtime(path.join(projectRoot, s)))) > stamp;
}

