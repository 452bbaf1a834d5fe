// `npm run import -- --invite` without SITE_URL: the invitations' links would lead to localhost, so the
// import stops before it reads or writes anything (a fresh install stores no address yet: site-address.ts).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { IMPORT_TEXTS } from './texts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

it('refuses --invite without SITE_URL in German and leaves the data folder untouched', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-import-invite-'));
  dirs.push(root);
  const dataDir = path.join(root, 'data');
  const exportFile = path.join(root, 'export.json');
  fs.writeFileSync(exportFile, '{}');
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.SITE_URL;
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/import.ts', '--from', exportFile, '--invite'], { env, encoding: 'utf8' });
  expect(result.status).toBe(2);
  expect(result.stderr.trim()).toBe(IMPORT_TEXTS.inviteNeedsSiteUrl);
  expect(fs.existsSync(dataDir)).toBe(false);
});
