import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/server/db/client';

let dataDir: string;
beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-cli-'));
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const userCli = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'scripts/user.ts', ...args], {
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
  });

describe('npm run user -- create', () => {
  it('creates a superadmin with a hashed password', () => {
    const result = userCli('create', '--email', 'Vorstand@Example.at', '--password', 'ein langes Passwort', '--role', 'superadmin');
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('vorstand@example.at');
    const db = openDatabase(path.join(dataDir, 'club.db'));
    const row = db.$client
      .prepare("SELECT u.email, u.password_hash AS hash, r.role FROM users u JOIN user_roles r ON r.user_id = u.id")
      .get() as { email: string; hash: string; role: string };
    db.$client.close();
    expect(row.email).toBe('vorstand@example.at');
    expect(row.role).toBe('superadmin');
    expect(row.hash).toMatch(/^\$argon2id\$/);
  });

  it('fails with a clear message and a non-zero exit code', () => {
    const cases: [string[], string][] = [
      [['create', '--email', 'vorstand@example.at', '--password', 'ein langes Passwort', '--role', 'admin'], 'existiert bereits'],
      [['create', '--email', 'neu@example.at', '--password', 'kurz', '--role', 'admin'], 'mindestens 8 Zeichen'],
      [['create', '--email', 'neu@example.at', '--password', 'ein langes Passwort', '--role', 'kaiser'], "unbekannte Rolle 'kaiser'"],
      [['create', '--email', 'keine-adresse', '--password', 'ein langes Passwort'], '--email'],
      [['create', '--email', 'neu@example.at'], '--password fehlt'],
      [['delete'], "unbekannter Befehl 'delete'"],
    ];
    for (const [args, message] of cases) {
      const result = userCli(...args);
      expect(result.status, args.join(' ')).not.toBe(0);
      expect(result.stderr, args.join(' ')).toContain(message);
    }
  });
});
