// `npm run publish` (scripts/publish.ts) frees the old versions of the pages it replaced before it exits
// (decision 046): a running server frees only the ones it kept itself, so they stayed on the disk until its
// restart, and its /healthz counted them as room it could give back.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { replacedFolderFor } from '../src/server/publish/replaced-files';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-publish-script-'));
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const publish = () =>
  spawnSync(process.execPath, ['--import', 'tsx', 'scripts/publish.ts'], {
    env: { ...process.env, DATA_DIR: dataDir, SITE_URL: 'http://localhost:4321', ASTRO_TELEMETRY_DISABLED: '1' },
    encoding: 'utf8',
    timeout: 120_000,
  });

it('npm run publish: the pages it replaced are written, and their old versions are freed before it exits', () => {
  const first = publish();
  expect(first.status, first.stderr).toBe(0);
  const siteDir = path.join(dataDir, 'site');
  // two pages changed by hand since: the second publish replaces them (and the version file)
  const changed = ['index.html', path.join('news', 'index.html')].map((page) => path.join(siteDir, page));
  for (const page of changed) fs.writeFileSync(page, 'von Hand geändert');
  const second = publish();
  expect(second.status, second.stderr).toBe(0);
  expect(second.stdout).toMatch(/\[publish\] [1-9]\d* pages written/);
  for (const page of changed) expect(fs.readFileSync(page, 'utf8')).toMatch(/<\/html>\s*$/);
  const replaced = replacedFolderFor(siteDir);
  expect(fs.existsSync(replaced) ? fs.readdirSync(replaced) : []).toEqual([]);
});
