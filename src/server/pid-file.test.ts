// Lock files naming their process (the server's DATA_DIR, a deploy's target): made whole or not at all, one
// winner of two, and a full disk leaves neither a lock nor its temporary file.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { printFigures } from '../../tests/faults/figures';
import { mountSmallDisk, type SmallDisk } from '../../tests/fixtures/small-disk';
import { FOREIGN_STALE_MS, HEARTBEAT_MS, PLACE, createLock, keepFresh, removeOwnLock, removeStale, runningHolder, takeLock } from './pid-file';

let disk: SmallDisk;
beforeAll(() => {
  disk = mountSmallDisk(1);
});
afterAll(() => disk.release());

it('is made with this process id, once: the second attempt finds it; only its own process removes it', () => {
  const lock = path.join(disk.dir, 'ziel.json.lock');
  expect(createLock(lock)).toBe(true);
  expect(fs.readFileSync(lock, 'utf8')).toBe(`${process.pid}\n${PLACE}\n`);
  expect(PLACE).toMatch(new RegExp(`^${os.hostname()} pid:\\[\\d+\\] boot:[0-9a-f]{8}$`));
  expect(runningHolder(lock)).toEqual({ pid: process.pid, host: null });
  expect(createLock(lock)).toBe(false);
  expect(fs.readdirSync(disk.dir)).toEqual(['ziel.json.lock']);
  removeOwnLock(lock);
  expect(fs.existsSync(lock)).toBe(false);
  // another process's stays
  fs.writeFileSync(lock, `${process.ppid}\n`);
  removeOwnLock(lock);
  expect(runningHolder(lock)).toEqual({ pid: process.ppid, host: null });
  fs.rmSync(lock);
});

it('a full disk leaves no lock, and no empty one that would name no holder', () => {
  const lock = path.join(disk.dir, 'server.lock');
  disk.fill();
  try {
    expect(() => createLock(lock)).toThrow(/ENOSPC/);
    expect(fs.readdirSync(disk.dir)).toEqual(['filler']);
  } finally {
    disk.free();
  }
  expect(createLock(lock)).toBe(true);
  fs.rmSync(lock);
});

/** Sets the lock's time back, as if its holder had last touched it `ms` ago. */
const age = (file: string, ms: number) => fs.utimesSync(file, new Date(Date.now() - ms), new Date(Date.now() - ms));

it("another container's or machine's lock (its process cannot be asked) is live while its holder touches it, and stale 7 s after the last touch", () => {
  const lock = path.join(disk.dir, 'server.lock');
  // the server in a second container on the same volume: process 1 there, as this test's neighbour may be here
  fs.writeFileSync(lock, `1\na1b2c3d4e5f6 pid:[4026532999]\n`);
  expect(runningHolder(lock)).toEqual({ pid: 1, host: 'a1b2c3d4e5f6' });
  expect(takeLock(lock, true)).toEqual({ pid: 1, host: 'a1b2c3d4e5f6' });
  age(lock, FOREIGN_STALE_MS - 1_000);
  expect(takeLock(lock, true)).toEqual({ pid: 1, host: 'a1b2c3d4e5f6' });
  // its holder stopped touching it (killed, or its container gone)
  age(lock, FOREIGN_STALE_MS + 100);
  expect(runningHolder(lock)).toBeNull();
  expect(takeLock(lock, true)).toBeNull();
  expect(fs.readFileSync(lock, 'utf8')).toBe(`${process.pid}\n${PLACE}\n`);
  // a lock of this place is judged by its process, however old
  fs.writeFileSync(lock, `${process.ppid}\n${PLACE}\n`);
  age(lock, 3_600_000);
  expect(takeLock(lock, true)).toEqual({ pid: process.ppid, host: null });
  fs.rmSync(lock);
});

it('the holder touches its lock every 2 s, and stops when told', () => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
  const lock = path.join(disk.dir, 'ziel.json.lock');
  try {
    expect(createLock(lock)).toBe(true);
    const stop = keepFresh(lock);
    age(lock, 60_000);
    vi.advanceTimersByTime(HEARTBEAT_MS);
    expect(Math.abs(fs.statSync(lock).mtimeMs - Date.now())).toBeLessThan(1_000);
    stop();
    age(lock, 60_000);
    vi.advanceTimersByTime(HEARTBEAT_MS * 3);
    expect(Date.now() - fs.statSync(lock).mtimeMs).toBeGreaterThan(59_000);
  } finally {
    vi.useRealTimers();
    fs.rmSync(lock, { force: true });
  }
});

it('a stale lock another process has taken over meanwhile is not removed: its new lock stays', () => {
  const lock = path.join(disk.dir, 'server.lock');
  fs.writeFileSync(lock, `999999999\n${PLACE}\n`);
  // this process judged the lock above stale; before it removes it, another process takes it over
  const judged = { pid: 999999999, place: PLACE, text: fs.readFileSync(lock, 'utf8'), touched: fs.statSync(lock).mtimeMs };
  fs.rmSync(lock);
  fs.writeFileSync(lock, `${process.ppid}\n${PLACE}\n`);
  expect(removeStale(lock, judged)).toBe(false);
  expect(fs.readFileSync(lock, 'utf8')).toBe(`${process.ppid}\n${PLACE}\n`);
  // the one judged is still there: removed
  fs.writeFileSync(lock, judged.text);
  expect(removeStale(lock, { ...judged, touched: fs.statSync(lock).mtimeMs })).toBe(true);
  expect(fs.readdirSync(disk.dir)).toEqual([]);
});

it('of six processes finding the same stale lock at the same moment, exactly one takes it, round after round', { timeout: 60_000 }, async () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-lock-race-'));
  const lock = path.join(work, 'server.lock');
  const signals = path.join(work, 'signals');
  fs.mkdirSync(signals);
  const rounds = 25;
  const takers = Array.from({ length: 6 }, () =>
    spawn(process.execPath, [path.resolve('node_modules/tsx/dist/cli.mjs'), path.resolve('tests/fixtures/lock-taker.ts'), lock, signals, String(rounds)], { stdio: 'inherit' }),
  );
  const exited = takers.map((child) => new Promise((resolve) => child.once('exit', resolve)));
  const count = (prefix: string) => fs.readdirSync(signals).filter((name) => name.startsWith(prefix)).length;
  const until = async (done: () => boolean) => {
    while (!done()) await new Promise((resolve) => setTimeout(resolve, 5));
  };
  const winners: number[] = [];
  try {
    await until(() => count('ready-') === takers.length);
    for (let round = 0; round < rounds; round++) {
      // a crashed process's lock: its id is free
      fs.writeFileSync(lock, `999999999\n${PLACE}\n`);
      fs.writeFileSync(path.join(signals, `go-${round}`), '');
      await until(() => count(`got-${round}-`) + count(`refused-${round}-`) === takers.length);
      winners.push(count(`got-${round}-`));
      fs.writeFileSync(path.join(signals, `end-${round}`), '');
      // the round's holder gives its lock back before the next stale one is laid (not over a live lock)
      await until(() => !fs.existsSync(lock));
    }
  } finally {
    await Promise.all(exited);
    fs.rmSync(work, { recursive: true, force: true });
  }
  const tried = rounds * takers.length;
  const taken = winners.reduce((sum, n) => sum + n, 0);
  printFigures('locks: one stale lock, six takers at once', { rounds, tried, taken, refused: tried - taken, roundsWithTwoHolders: winners.filter((n) => n > 1).length });
  expect(winners).toEqual(Array(rounds).fill(1));
});
