// `npm run import --invite` and the superadmin's note of a mail that did not go (decision 075): the import is a
// process of its own, so its failures were only printed to its operator, and its mails that went did not end
// the server's note.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { oldClub } from '../../../tests/fixtures/old-club';
import { freePort } from '../../../tests/fixtures/port';
import { openDatabase } from '../db/client';
import { mailStatus } from '../mail/mail-status';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

it("an invitation of the import that does not go is said in the superadmin's header, as the server's own", async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-import-mail-'));
  dirs.push(root);
  const exportFile = path.join(root, 'export.json');
  fs.writeFileSync(exportFile, JSON.stringify(oldClub()));
  // a mail server nobody runs
  const env = { ...process.env, DATA_DIR: path.join(root, 'data'), SITE_URL: 'https://sv-altdorf.at', SMTP_URL: `smtp://127.0.0.1:${await freePort()}` };
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/import.ts', '--from', exportFile, '--invite'], { env, encoding: 'utf8' });
  expect(result.status).toBe(0);
  expect(result.stdout).toContain('[import] Einladung an obmann@sv-altdorf.at NICHT gesendet (der Mailserver ist nicht erreichbar)');
  const db = openDatabase(path.join(root, 'data', 'club.db'));
  try {
    expect(mailStatus(db, env.SMTP_URL).failures).toEqual([{ failedAt: expect.any(Number), reason: 'der Mailserver ist nicht erreichbar', scope: 'server' }]);
  } finally {
    db.$client.close();
  }
  // a whole import with its site's publish in a process of its own: 4 s alone, over 20 s once beside the
  // other import files' PostgreSQL and image work on two cores
}, 60_000);
