// A small file system of its own for a fault test: a tmpfs mounted in a
// temporary folder (the tests run as root, as CI does), filled up and freed
// on demand. Unmounted by release().
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export type SmallDisk = {
  dir: string;
  /** writes a filler file until the file system refuses (ENOSPC); returns the bytes written */
  fill: () => number;
  /** removes the filler: the space is back */
  free: () => void;
  release: () => void;
};

export function mountSmallDisk(megabytes: number): SmallDisk {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m`, 'tmpfs', dir], { stdio: 'pipe' });
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw new Error(`the disk-full check mounts a tmpfs and needs root (as in CI): ${String(error)}`);
  }
  const filler = path.join(dir, 'filler');
  return {
    dir,
    fill: () => {
      const fd = fs.openSync(filler, 'a');
      const chunk = Buffer.alloc(64 * 1024, 1);
      let written = 0;
      try {
        for (;;) written += fs.writeSync(fd, chunk);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
      }
      // the last blocks too
      try {
        for (;;) written += fs.writeSync(fd, Buffer.alloc(512, 1));
      } catch {
        // full
      }
      fs.closeSync(fd);
      return written;
    },
    free: () => fs.rmSync(filler, { force: true }),
    release: () => {
      try {
        execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
