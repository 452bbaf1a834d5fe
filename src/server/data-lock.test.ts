import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { acquireDataLock, DataInUseError, LOCK_FILE, lockHolder } from './data-lock';
import { FOREIGN_STALE_MS, PLACE } from './pid-file';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-lock-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

it('holds DATA_DIR for this process and lets go on release', () => {
  const release = acquireDataLock(dir);
  expect(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8')).toBe(`${process.pid}\n${PLACE}\n`);
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
  expect(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8')).toBe(`${process.pid}\n${PLACE}\n`);
  release();
});

it("a server in another container on the same data holds it while it touches its lock; a restarted container's own old lock is taken once it is stale", () => {
  const file = path.join(dir, LOCK_FILE);
  // the other container's server is process 1 there; this one cannot ask that process, only the lock's time
  fs.writeFileSync(file, `1\nc0ffee123456 pid:[4026532411]\n`);
  expect(lockHolder(dir)).toBe(1);
  expect(() => acquireDataLock(dir, 300)).toThrow(`Ein Anstoss-Server (Prozess 1 auf c0ffee123456) nutzt die Daten in ${dir}. Bitte zuerst den Server stoppen.`);
  expect(fs.readFileSync(file, 'utf8')).toBe(`1\nc0ffee123456 pid:[4026532411]\n`);
  // the container was restarted after a crash (a new PID namespace): its lock was last touched 6 s ago
  // (the start taken first: a stall between the two would make the lock older than said)
  const started = Date.now();
  const touched = new Date(started - (FOREIGN_STALE_MS - 1_000));
  fs.utimesSync(file, touched, touched);
  const release = acquireDataLock(dir);
  const waited = Date.now() - started;
  expect(waited).toBeGreaterThanOrEqual(900);
  expect(waited).toBeLessThan(FOREIGN_STALE_MS);
  expect(fs.readFileSync(file, 'utf8')).toBe(`${process.pid}\n${PLACE}\n`);
  release();
  expect(fs.existsSync(file)).toBe(false);
});
