import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILT, buildIsStale } from './build-stamp.mjs';
import { staleBuildWarning } from '../src/server/settings-check';

// The server started by the systemd unit runs the build as it is: after an update without `npm run build`
// it says so (scripts/serve.ts), and `npm start` builds (scripts/build-if-needed.mjs).
let root: string;
const dist = () => path.join(root, 'dist');
const at = (file: string, secondsAgo: number) => {
  const when = new Date(Date.now() - secondsAgo * 1000);
  fs.utimesSync(file, when, when);
};
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-build-stamp-'));
  fs.mkdirSync(path.join(root, 'src', 'pages'), { recursive: true });
  fs.writeFileSync(path.join(root, 'src', 'pages', 'index.astro'), '<h1>Start</h1>');
  for (const file of BUILT) {
    fs.mkdirSync(path.dirname(path.join(dist(), file)), { recursive: true });
    fs.writeFileSync(path.join(dist(), file), '');
  }
  at(path.join(root, 'src', 'pages', 'index.astro'), 120);
  at(path.join(root, 'src', 'pages'), 120);
  at(path.join(root, 'src'), 120);
  at(path.join(dist(), '.build-stamp'), 60);
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('buildIsStale', () => {
  it('a build made after the sources is current', () => {
    expect(buildIsStale(root, dist())).toBe(false);
  });

  it('a source changed after the build (an update without `npm run build`) makes it stale', () => {
    fs.writeFileSync(path.join(root, 'src', 'pages', 'index.astro'), '<h1>Neu</h1>');
    expect(buildIsStale(root, dist())).toBe(true);
    expect(staleBuildWarning(dist())).toBe(
      `[server] Der Build in ${dist()} ist älter als die Quellen: es läuft der alte Stand. Bitte den Server anhalten, \`npm run build\` ausführen und neu starten (docs/operations.md).`,
    );
  });

  it('a build missing a part is stale; a checkout without sources is not', () => {
    fs.rmSync(path.join(dist(), 'server-owner', 'serve.mjs'));
    expect(buildIsStale(root, dist())).toBe(true);
    fs.writeFileSync(path.join(dist(), 'server-owner', 'serve.mjs'), '');
    at(path.join(dist(), '.build-stamp'), 0);
    fs.rmSync(path.join(root, 'src'), { recursive: true });
    expect(buildIsStale(root, dist())).toBe(false);
  });
});
