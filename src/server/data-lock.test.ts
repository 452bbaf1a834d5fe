import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { acquireDataLock, DataInUseError, LOCK_FILE, lockHolder } from './data-lock';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-lock-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

it('holds DATA_DIR for this process and lets go on release', () => {
  const release = acquireDataLock(dir);
  expect(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8')).toBe(`${process.pid}\n`);
  release();
  expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
});

it('refuses in German while another live process holds it', () => {
  fs.writeFileSync(path.join(dir, LOCK_FILE), `${process.ppid}\n`);
  expect(lockHolder(dir)).toBe(process.ppid);
  expect(() => acquireDataLock(dir)).toThrow(DataInUseError);
  expect(() => acquireDataLock(dir)).toThrow(`Ein Anstoss-Server (Prozess ${process.ppid}) nutzt die Daten in ${dir}. Bitte zuerst den Server stoppen.`);
  expect(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8')).toBe(`${process.ppid}\n`);
});

it('takes over the lock of a process that is gone (a crash)', () => {
  // a process that has exited: its pid is free
  const gone = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
  fs.writeFileSync(path.join(dir, LOCK_FILE), gone.stdout);
  expect(lockHolder(dir)).toBeNull();
  const release = acquireDataLock(dir);
  expect(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8')).toBe(`${process.pid}\n`);
  release();
});
