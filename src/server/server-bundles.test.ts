import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIfNeeded } from '../../scripts/build-if-needed.mjs';
import { config } from './config';
import { buildOwner } from './server-bundles';

const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-owner-'));

/**
 * The modules serve.mjs loads at start: what it imports (it awaits its two dynamic imports at the
 * top), then the static imports of those, followed through the chunks.
 */
function startGraph(entry: string): { files: string[]; packages: Set<string> } {
  const entryCode = fs.readFileSync(path.join(outDir, entry), 'utf8');
  const files = [entry, ...[...entryCode.matchAll(/import\("\.\/([^"]+)"\)/g)].map((m) => m[1])];
  const packages = new Set<string>();
  for (let i = 0; i < files.length; i++) {
    const code = fs.readFileSync(path.join(outDir, files[i]), 'utf8');
    // static imports only: `import … from "x"` and `import "x"` at the start of a line
    for (const [, target] of code.matchAll(/^import\s+(?:[^'"]*?\s+from\s+)?"([^"]+)";?$/gm)) {
      if (target.startsWith('./')) {
        const file = target.slice(2);
        if (!files.includes(file)) files.push(file);
      } else if (!target.startsWith('node:')) packages.add(target);
    }
  }
  return { files, packages };
}

describe('the compiled owner (docs/decisions/048)', () => {
  beforeAll(async () => {
    buildIfNeeded({ quiet: true });
    await buildOwner(outDir);
  }, 180_000);
  afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));

  it('is one folder: serve.mjs, render-worker.mjs and their chunks side by side, so the render pool finds its worker', () => {
    const entries = fs.readdirSync(outDir, { withFileTypes: true });
    expect(entries.filter((e) => e.isDirectory()).map((e) => e.name)).toEqual([]);
    const names = entries.map((e) => e.name);
    expect(names).toContain('serve.mjs');
    expect(names).toContain('render-worker.mjs');
    expect(names.every((n) => n.endsWith('.mjs'))).toBe(true);
  });

  it('loads the S3 client only when a deploy target is configured: a dynamic import stays dynamic', () => {
    const { files, packages } = startGraph('serve.mjs');
    expect(files.length).toBeGreaterThan(2);
    expect(packages.has('better-sqlite3')).toBe(true);
    expect(packages.has('@aws-sdk/client-s3')).toBe(false);
    const all = fs.readdirSync(outDir).map((f) => fs.readFileSync(path.join(outDir, f), 'utf8'));
    expect(all.some((code) => code.includes('from "@aws-sdk/client-s3"'))).toBe(true);
  });

  it("its render-worker.mjs starts without the tsx loader and loads the build's server entry", async () => {
    const child = fork(path.join(outDir, 'render-worker.mjs'), [config.serverEntry], {
      execArgv: [],
      env: { ...process.env, NODE_OPTIONS: '', DATA_DIR: path.join(outDir, 'data') },
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    let stderr = '';
    child.stderr!.on('data', (d) => (stderr += d));
    try {
      const first = await new Promise<unknown>((resolve, reject) => {
        child.once('message', resolve);
        child.once('exit', (code) => reject(new Error(`render worker exited (${code}): ${stderr}`)));
      });
      expect(first).toEqual({ ready: true });
    } finally {
      child.kill('SIGKILL');
    }
  }, 60_000);
});
