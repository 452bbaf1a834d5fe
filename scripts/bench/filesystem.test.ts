import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeFileSystem, ext4HasJournal, mountOf } from './filesystem';

// as the bench machine's /proc/self/mountinfo reads, with a loop-mounted ext4 and a path with a space
const MOUNTINFO = [
  '21 1 254:0 / / rw,relatime shared:1 - ext4 /dev/vda rw,discard',
  '22 21 0:5 / /dev rw,nosuid - devtmpfs devtmpfs rw,size=4096k',
  '23 22 0:20 / /dev/shm rw,nosuid,nodev - tmpfs tmpfs rw',
  '40 21 7:0 / /mnt/j rw,relatime shared:20 - ext4 /dev/loop0 rw',
  '41 21 0:30 / /mnt/with\\040space rw - tmpfs tmpfs rw',
].join('\n');

describe('the file system of the work folder', () => {
  it('is the mount with the longest mount point above the folder', () => {
    expect(mountOf(MOUNTINFO, '/tmp/anstoss-bench-x')).toMatchObject({ mountPoint: '/', type: 'ext4', device: '/dev/vda' });
    expect(mountOf(MOUNTINFO, '/mnt/j/anstoss-bench-x')).toMatchObject({ mountPoint: '/mnt/j', device: '/dev/loop0' });
    expect(mountOf(MOUNTINFO, '/mnt/j')).toMatchObject({ mountPoint: '/mnt/j' });
    // a sibling whose name starts the same is not inside it
    expect(mountOf(MOUNTINFO, '/mnt/jx/a')).toMatchObject({ mountPoint: '/' });
    expect(mountOf(MOUNTINFO, '/dev/shm/a')).toMatchObject({ mountPoint: '/dev/shm', type: 'tmpfs' });
    expect(mountOf(MOUNTINFO, '/mnt/with space/a')).toMatchObject({ mountPoint: '/mnt/with space', type: 'tmpfs' });
  });

  it('tells an ext4 with a journal from one without, by its jbd2 thread', () => {
    const sysfs = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-sysfs-'));
    try {
      fs.mkdirSync(path.join(sysfs, 'vda'));
      fs.writeFileSync(path.join(sysfs, 'vda', 'journal_task'), '<none>\n');
      fs.mkdirSync(path.join(sysfs, 'loop0'));
      fs.writeFileSync(path.join(sysfs, 'loop0', 'journal_task'), '28271\n');
      expect(ext4HasJournal('/dev/vda', sysfs)).toBe(false);
      expect(ext4HasJournal('/dev/loop0', sysfs)).toBe(true);
      expect(ext4HasJournal('/dev/sdz', sysfs)).toBeNull();
    } finally {
      fs.rmSync(sysfs, { recursive: true, force: true });
    }
    expect(describeFileSystem({ mountPoint: '/', type: 'ext4', device: '/dev/vda', options: 'rw', journal: false })).toBe('ext4 without a journal (/dev/vda on /)');
    expect(describeFileSystem({ mountPoint: '/mnt/j', type: 'ext4', device: '/dev/loop0', options: 'rw', journal: true })).toBe('ext4 with a journal (/dev/loop0 on /mnt/j)');
    expect(describeFileSystem(null)).toBe('unknown file system');
  });
});
