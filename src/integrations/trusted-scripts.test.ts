// The build's list of the inline scripts a page may run (docs/decisions/010, update of 2026-11-30):
// what the built site emits is on it, from Astro's loader to our own.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import islandScript from 'astro/runtime/server/astro-island.prebuilt.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildIfNeeded } from '../../scripts/build-if-needed.mjs';
import { INSTALL_PROMPT_CATCHER, RECOVERY_LINK_FORWARD } from '../lib/inline-scripts';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
let hashes: string[];
let manifestText: string;

beforeAll(() => {
  buildIfNeeded({ quiet: true });
  const serverDir = path.resolve(process.env.ANSTOSS_DIST ?? 'dist', 'server');
  hashes = (JSON.parse(fs.readFileSync(path.join(serverDir, 'trusted-scripts.json'), 'utf8')) as { hashes: string[] }).hashes;
  manifestText = fs.readFileSync(path.join(serverDir, fs.readdirSync(serverDir).find((f) => /^manifest_.*\.mjs$/.test(f))!), 'utf8');
}, 180_000);

describe('trusted-scripts.json', () => {
  it("holds Astro's island loader, our own inline scripts, and nothing else twice", () => {
    expect(hashes).toContain(sha(islandScript));
    expect(hashes).toContain(sha(INSTALL_PROMPT_CATCHER));
    expect(hashes).toContain(sha(RECOVERY_LINK_FORWARD));
    expect(new Set(hashes).size).toBe(hashes.length);
  });

  it('holds the script of every client directive the build knows (our client:interaction among them) and of every inlined component script', () => {
    // the manifest as the build wrote it: [name, script] pairs, JSON inside the module
    const pairs = (key: string) => JSON.parse(new RegExp(`"${key}":(\\[\\[.*?"\\]\\])`).exec(manifestText)![1]) as [string, string][];
    const directives = pairs('clientDirectives');
    expect(directives.map(([name]) => name)).toEqual(expect.arrayContaining(['idle', 'load', 'visible', 'interaction']));
    for (const [, text] of [...directives, ...pairs('inlinedScripts')]) expect(hashes).toContain(sha(text));
  });
});
