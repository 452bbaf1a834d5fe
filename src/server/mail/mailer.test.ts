import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { config } from '../config';
import { sendMail } from './mailer';

let dir: string;
let before: { outboxDir: string; smtpUrl: string };

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-outbox-'));
  before = { outboxDir: config.outboxDir, smtpUrl: config.smtpUrl };
  config.smtpUrl = '';
  config.outboxDir = path.join(dir, 'outbox');
});

afterEach(() => {
  Object.assign(config, before);
  vi.restoreAllMocks();
  fs.rmSync(dir, { recursive: true, force: true });
});

test('without SMTP the mail is written for the server user alone, and the log names the file but not its link', async () => {
  // an outbox an older version made, readable by everyone
  fs.mkdirSync(config.outboxDir, { mode: 0o755 });
  fs.chmodSync(config.outboxDir, 0o755);
  const logged: string[] = [];
  vi.spyOn(console, 'info').mockImplementation((...parts: unknown[]) => void logged.push(parts.join(' ')));
  const link = 'https://verein.example/admin/passwort?token=geheim-123456';
  const sent = await sendMail({ to: 'kassier@example.at', subject: 'Passwort zurücksetzen', text: `Hallo,\n\n${link}\n` });

  expect(sent.transport).toBe('outbox');
  const file = sent.file!;
  expect(fs.readFileSync(file, 'utf8')).toContain('geheim-123456');
  expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  expect(fs.statSync(config.outboxDir).mode & 0o777).toBe(0o700);
  expect(logged.join('\n')).toContain(file);
  expect(logged.join('\n')).not.toContain('geheim-123456');
});
