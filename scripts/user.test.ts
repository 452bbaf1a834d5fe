import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/server/db/client';
import { verifyPassword } from '../src/server/auth/password';

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

const userCliAsync = (...args: string[]) =>
  new Promise<{ status: number | null; stderr: string }>((resolve) => {
    const child = execFile(process.execPath, ['--import', 'tsx', 'scripts/user.ts', ...args], { env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8' }, (_error, _stdout, stderr) =>
      resolve({ status: child.exitCode, stderr }),
    );
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

  it('--password-stdin reads the password from standard input, not from the command line (shell history, ps)', async () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/user.ts', 'create', '--email', 'kassier@example.at', '--password-stdin', '--role', 'admin'], {
      env: { ...process.env, DATA_DIR: dataDir },
      encoding: 'utf8',
      input: 'Grüße vom Kassier 2026\nzweite Zeile gehört nicht dazu\n',
    });
    expect(result.status, result.stderr).toBe(0);
    const db = openDatabase(path.join(dataDir, 'club.db'));
    const hash = db.$client.prepare("SELECT password_hash FROM users WHERE email = 'kassier@example.at'").pluck().get() as string;
    db.$client.close();
    expect(await verifyPassword(hash, 'Grüße vom Kassier 2026')).toBe(true);

    const both = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/user.ts', 'create', '--email', 'x@example.at', '--password', 'ein langes Passwort', '--password-stdin'], {
      env: { ...process.env, DATA_DIR: dataDir },
      encoding: 'utf8',
      input: 'ein langes Passwort\n',
    });
    expect(both.status).not.toBe(0);
    expect(both.stderr).toContain('--password und --password-stdin schließen einander aus.');
    const none = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/user.ts', 'create', '--email', 'y@example.at', '--password-stdin'], {
      env: { ...process.env, DATA_DIR: dataDir },
      encoding: 'utf8',
      input: '',
    });
    expect(none.status).not.toBe(0);
    expect(none.stderr).toContain('auf der Standardeingabe kam kein Passwort.');
  }, 60_000);

  it('--help prints how it is called', () => {
    const result = userCli('--help');
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('Aufruf: npm run user -- create --email E --password P --role');
  });

  it('fails with a clear message and a non-zero exit code', async () => {
    const cases: [string[], string][] = [
      [['create', '--email', 'vorstand@example.at', '--password', 'ein langes Passwort', '--role', 'admin'], 'existiert bereits'],
      [['create', '--email', 'neu@example.at', '--password', 'kurz', '--role', 'admin'], 'mindestens 8 Zeichen'],
      [['create', '--email', 'neu@example.at', '--password', 'ein langes Passwort', '--role', 'kaiser'], "unbekannte Rolle 'kaiser'"],
      [['create', '--email', 'keine-adresse', '--password', 'ein langes Passwort'], '--email'],
      [['create', '--email', 'neu@example.at'], '--password fehlt'],
      [['delete'], "unbekannter Befehl 'delete'"],
      // node:util's English for these is said in German (found by a first-day review)
      [['create', '--mail', 'neu@example.at'], 'unbekannte Option --mail.'],
      [['create', '--email'], 'bei --email fehlt der Wert.'],
      [['--help=1'], '--help nimmt keinen Wert.'],
    ];
    // all at once: each is a Node start with tsx (about 0.8 s of CPU), six in a row ran past 20 s on a
    // machine busy with other suites
    const results = await Promise.all(cases.map(([args]) => userCliAsync(...args)));
    cases.forEach(([args, message], i) => {
      expect(results[i].status, args.join(' ')).not.toBe(0);
      expect(results[i].stderr, args.join(' ')).toContain(message);
    });
  }, 60_000);
});
