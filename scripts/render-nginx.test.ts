import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-nginx-cli-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

// as `npm run` starts it: in the checkout, with INIT_CWD the folder the command was typed in
const render = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'scripts/render-nginx.ts', ...args], {
    env: { ...process.env, DATA_DIR: path.join(dir, 'daten'), PORT: '4999', INIT_CWD: dir },
    encoding: 'utf8',
  });

test("without options: Debian's pid file, log, temp folders and user, this install's folders and port", () => {
  const result = render();
  expect(result.status, result.stderr).toBe(0);
  const conf = result.stdout;
  for (const line of [
    'pid /run/nginx.pid;',
    'error_log /var/log/nginx/error.log warn;',
    'client_body_temp_path /var/lib/nginx/body;',
    'user www-data;',
    'listen 80;',
    'server 127.0.0.1:4999;',
    `root ${path.join(dir, 'daten', 'site')};`,
    `alias ${path.join(dir, 'daten', 'uploads')}/;`,
    `root ${path.resolve('dist', 'client')};`,
  ]) {
    expect(conf, line).toContain(line);
  }
  expect(conf).not.toMatch(/\{\{\w+\}\}/);
});

test('--out writes a file nginx -t accepts; half an HTTPS setting and a wrong folder are refused in German, nothing written', () => {
  const out = path.join(dir, 'nginx.conf');
  const temp = path.join(dir, 'tmp');
  fs.mkdirSync(temp);
  const asRoot = process.getuid?.() === 0;
  // relative paths: from the folder the command was typed in, not the checkout
  const result = render('--out', 'nginx.conf', '--listen', '127.0.0.1:18080', '--pid-file', 'tmp/nginx.pid', '--error-log', path.join(temp, 'error.log'), '--temp-dir', 'tmp', '--user', asRoot ? 'root' : 'nobody');
  expect(result.status, result.stderr).toBe(0);
  expect(result.stdout).toContain(`${out} geschrieben`);
  expect(fs.readFileSync(out, 'utf8')).toContain(`pid ${path.join(temp, 'nginx.pid')};`);
  const check = spawnSync('nginx', ['-t', '-q', '-c', out], { encoding: 'utf8' });
  expect(check.status, check.stderr).toBe(0);

  const before = fs.readFileSync(out, 'utf8');
  const half = render('--out', out, '--tls-listen', '443');
  expect(half.status).toBe(1);
  expect(half.stderr).toContain('HTTPS braucht --tls-listen, --certificate und --key zusammen.');
  const nowhere = render('--out', path.join(dir, 'fehlt', 'nginx.conf'));
  expect(nowhere.status).toBe(1);
  expect(nowhere.stderr).toContain('konnte nicht geschrieben werden: ENOENT');
  expect(fs.readFileSync(out, 'utf8')).toBe(before);
  expect(fs.readdirSync(dir).sort()).toEqual(['nginx.conf', 'tmp']);
});
