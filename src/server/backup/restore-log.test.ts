// A restore rewinds the Protokoll to the archive's day: it says so in the restored log itself.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createBackup } from './archive';
import { restoreBackup } from './restore';
import { makeDataDir } from './test-data';

const migrationsDir = path.resolve('data/migrations');
let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-restore-log-'));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

it("the restored Protokoll names the restore, the archive and its day: sign-ins and role changes since are gone without a word otherwise", async () => {
  const source = makeDataDir(root, 'quelle', ['Sieg']);
  const { file } = await createBackup(source.source, path.join(root, 'backups'));
  source.db.$client.close();
  const current = makeDataDir(root, 'aktuell', ['Heute']);
  current.db.$client.close();
  const at = new Date('2026-12-08T09:15:00Z');
  await restoreBackup(file, { dataDir: current.dir, migrationsDir }, at);
  const db = new Database(path.join(current.dir, 'club.db'), { readonly: true });
  const rows = db.prepare(`SELECT at, user_id, action, detail FROM audit_log WHERE action = 'backup.restore'`).all() as { at: number; user_id: string | null; action: string; detail: string }[];
  db.close();
  expect(rows).toEqual([{ at: at.getTime(), user_id: null, action: 'backup.restore', detail: expect.stringMatching(new RegExp(`^Sicherung vom \\d{1,2}\\. \\p{L}+ \\d{4}, \\d{2}:\\d{2} Uhr eingespielt \\(${path.basename(file).replace(/\./g, '\\.')}\\)$`, 'u')) }]);
});
