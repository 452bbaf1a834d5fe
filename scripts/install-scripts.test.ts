// npm 12 skips a dependency's install scripts unless package.json's `allowScripts` names it (decision 064):
// better-sqlite3 then installs without its compiled binding, and `npm ci && npm start` fails at the first
// query instead of at the install. Every package the lock file marks as having install scripts is named.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

type Lock = { packages: Record<string, { version?: string; hasInstallScript?: boolean }> };
type Manifest = { allowScripts?: Record<string, boolean> };

const root = process.cwd();
const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as Lock;
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as Manifest;

/** The locked packages with install scripts: name and version, from their place under node_modules/. */
function withInstallScripts(): { name: string; version: string }[] {
  return Object.entries(lock.packages)
    .filter(([place, entry]) => place !== '' && entry.hasInstallScript)
    .map(([place, entry]) => ({ name: place.slice(place.lastIndexOf('node_modules/') + 'node_modules/'.length), version: entry.version ?? '' }));
}

describe('install scripts', () => {
  const allowed = manifest.allowScripts ?? {};
  const decision = (p: { name: string; version: string }) => allowed[`${p.name}@${p.version}`] ?? allowed[p.name];

  it('names every locked package that has them, allowed or denied', () => {
    const unreviewed = withInstallScripts().filter((p) => decision(p) === undefined);
    expect(unreviewed.map((p) => `${p.name}@${p.version}`)).toEqual([]);
  });

  it('allows the ones the server cannot run without: the SQLite binding and the image library', () => {
    const needed = withInstallScripts().filter((p) => p.name === 'better-sqlite3' || p.name === 'sharp');
    expect(needed.map((p) => p.name).sort()).toEqual(['better-sqlite3', 'sharp']);
    expect(needed.map(decision)).toEqual([true, true]);
  });
});
