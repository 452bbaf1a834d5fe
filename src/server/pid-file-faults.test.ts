// Lock files under the faults a review of the lock code found (2026-12-04): a previous boot's lock naming a
// process id that another daemon has now, a takeover guard a killed taker left, a holder whose lock another
// container took while its loop stood still, a file system without hard links, a lock that cannot be made.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { acquireDataLock, LOCK_FILE, LOCK_TEXTS } from './data-lock';
import { HEARTBEAT_MS, PLACE, createLock, keepFresh, takeLock } from './pid-file';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-lock-faults-'));
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  fs.rmSync(dir, { recursive: true, force: true });
});

const secondsAgo = (file: string, seconds: number, now = Date.now()) => {
  const then = new Date(now - seconds * 1000);
  fs.utimesSync(file, then, then);
};

it("a previous boot's lock naming a process id another daemon has now is taken once it is stale, not refused for good", () => {
  const lock = path.join(dir, LOCK_FILE);
  // this machine and namespace, another boot; the id is a live process's (the test runner's parent)
  const previousBoot = PLACE.replace(/boot:[0-9a-f]{8}$/, 'boot:00000000');
  expect(previousBoot).not.toBe(PLACE);
  fs.writeFileSync(lock, `${process.ppid}\n${previousBoot}\n`);
  secondsAgo(lock, 60);
  const release = acquireDataLock(dir, 0);
  expect(fs.readFileSync(lock, 'utf8')).toBe(`${process.pid}\n${PLACE}\n`);
  release();
});

it('a takeover guard a killed taker left is waited out, not an English error', () => {
  const lock = path.join(dir, LOCK_FILE);
  // a stale lock (a process id no process has) and a guard left 4 s ago: stale in one more second
  fs.writeFileSync(lock, `2147483646\n${PLACE}\n`);
  fs.writeFileSync(`${lock}.takeover`, `2147483645\n${PLACE}\n`);
  // (the start taken first: a stall between the two would make the guard older than said)
  const started = Date.now();
  secondsAgo(`${lock}.takeover`, 4, started);
  expect(takeLock(lock, true)).toBeNull();
  expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  expect(fs.readFileSync(lock, 'utf8')).toBe(`${process.pid}\n${PLACE}\n`);
  expect(fs.readdirSync(dir)).toEqual([LOCK_FILE]);
});

it('a holder whose lock another container took says so in its log, once; one whose beat fails says that, once', () => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  const lock = path.join(dir, LOCK_FILE);
  expect(createLock(lock)).toBe(true);
  const lost = vi.fn();
  const failing = vi.fn();
  const stop = keepFresh(lock, { onLost: lost, onFailing: failing });
  vi.advanceTimersByTime(HEARTBEAT_MS);
  expect(lost).not.toHaveBeenCalled();
  fs.writeFileSync(lock, '1\nc0ffee123456 pid:[4026532000]\n');
  vi.advanceTimersByTime(3 * HEARTBEAT_MS);
  expect(lost.mock.calls).toEqual([[{ pid: 1, host: 'c0ffee123456' }]]);
  stop();

  fs.writeFileSync(lock, `${process.pid}\n${PLACE}\n`);
  const stopAgain = keepFresh(lock, { onFailing: failing });
  vi.spyOn(fs, 'utimesSync').mockImplementation(() => {
    throw Object.assign(new Error('EROFS'), { code: 'EROFS' });
  });
  vi.advanceTimersByTime(3 * HEARTBEAT_MS);
  expect(failing).toHaveBeenCalledTimes(1);
  stopAgain();
  expect(LOCK_TEXTS.lost(lock, 'Prozess 1 auf c0ffee123456')).toMatch(/^Die Sperre .* nennt nicht mehr diesen Prozess, sondern Prozess 1 auf c0ffee123456/);
});

it('a file system without hard links still gets a lock, one holder of two', () => {
  vi.spyOn(fs, 'linkSync').mockImplementation(() => {
    throw Object.assign(new Error('EPERM: operation not permitted, link'), { code: 'EPERM' });
  });
  const lock = path.join(dir, 'ziel.lock');
  expect(createLock(lock)).toBe(true);
  expect(createLock(lock)).toBe(false);
  expect(fs.readFileSync(lock, 'utf8')).toBe(`${process.pid}\n${PLACE}\n`);
  expect(fs.readdirSync(dir)).toEqual(['ziel.lock']);
});

it('a lock that cannot be made is refused in German, and nothing is left', () => {
  const write = fs.writeFileSync;
  vi.spyOn(fs, 'writeFileSync').mockImplementation((file, ...rest) => {
    if (String(file).includes(`${LOCK_FILE}.`)) throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
    return write(file, ...(rest as [string]));
  });
  expect(() => acquireDataLock(dir)).toThrow(LOCK_TEXTS.notTaken(path.join(dir, LOCK_FILE), 'ENOSPC'));
  expect(fs.readdirSync(dir)).toEqual([]);
});
