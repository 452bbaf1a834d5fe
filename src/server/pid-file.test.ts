// Lock files naming their process (the server's DATA_DIR, a deploy's target): made whole or not at all, one
// winner of two, and a full disk leaves neither a lock nor its temporary file.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mountSmallDisk, type SmallDisk } from '../../tests/fixtures/small-disk';
import { createLock, removeOwnLock, runningHolder } from './pid-file';

let disk: SmallDisk;
beforeAll(() => {
  disk = mountSmallDisk(1);
});
afterAll(() => disk.release());

it('is made with this process id, once: the second attempt finds it; only its own process removes it', () => {
  const lock = path.join(disk.dir, 'ziel.json.lock');
  expect(createLock(lock)).toBe(true);
  expect(fs.readFileSync(lock, 'utf8')).toBe(`${process.pid}\n`);
  expect(runningHolder(lock)).toBe(process.pid);
  expect(createLock(lock)).toBe(false);
  expect(fs.readdirSync(disk.dir)).toEqual(['ziel.json.lock']);
  removeOwnLock(lock);
  expect(fs.existsSync(lock)).toBe(false);
  // another process's stays
  fs.writeFileSync(lock, `${process.ppid}\n`);
  removeOwnLock(lock);
  expect(runningHolder(lock)).toBe(process.ppid);
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
