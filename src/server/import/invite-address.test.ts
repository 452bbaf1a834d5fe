// What `npm run import` refuses before it reads or writes anything: `--invite` without SITE_URL (the
// invitations' links would lead to localhost; a fresh install stores no address yet: site-address.ts), and the
// settings the server would refuse at its start (src/server/settings-check.ts, through scripts/before-publishing.ts),
// and the import's own IMPORT_TIMEOUT_SECONDS.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { IMPORT_TEXTS } from './texts';
import { settingsRefusal } from '../settings-check';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** `npm run import -- --from <an empty export> <flag>` with these settings, in a fresh folder. */
function importWith(settings: NodeJS.ProcessEnv, flag: string) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-import-start-'));
  dirs.push(root);
  const dataDir = path.join(root, 'data');
  const exportFile = path.join(root, 'export.json');
  fs.writeFileSync(exportFile, '{}');
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, ...settings };
  for (const name of Object.keys(settings)) if (settings[name] === undefined) delete env[name];
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/import.ts', '--from', exportFile, flag], { env, encoding: 'utf8' });
  return { result, dataDir };
}

it('refuses --invite without SITE_URL in German and leaves the data folder untouched', () => {
  const { result, dataDir } = importWith({ SITE_URL: undefined }, '--invite');
  expect(result.status).toBe(2);
  expect(result.stderr.trim()).toBe(IMPORT_TEXTS.inviteNeedsSiteUrl);
  expect(fs.existsSync(dataDir)).toBe(false);
});

it('refuses settings the server would refuse, every one named, and its own wait, before the data folder is made', () => {
  const server = importWith({ PUBLISH_WORKERS: 'zwei', SMTP_URL: 'mail.verein.at' }, '--dry-run');
  expect(server.result.status).toBe(1);
  expect(server.result.stderr.trim()).toBe(
    `Fehler: ${settingsRefusal([
      'SMTP_URL ist keine Adresse mit smtp:// oder smtps:// (z. B. smtps://benutzer:passwort@mail.verein.at:465; Sonderzeichen im Passwort wie # oder @ als %23 bzw. %40)',
      "PUBLISH_WORKERS: 'zwei' ist keine Anzahl von Render-Prozessen zwischen 0 und 1024 (z. B. 4; 0 = im Server selbst)",
    ])}`,
  );
  expect(fs.existsSync(server.dataDir)).toBe(false);
  const own = importWith({ IMPORT_TIMEOUT_SECONDS: 'zwei Minuten' }, '--dry-run');
  expect(own.result.status).toBe(2);
  expect(own.result.stderr.trim()).toBe(IMPORT_TEXTS.settingInvalid("IMPORT_TIMEOUT_SECONDS: 'zwei Minuten' ist keine Zahl von Sekunden zwischen 1 und 86400 (z. B. 120)"));
  expect(fs.existsSync(own.dataDir)).toBe(false);
});
