// Which file system the benchmark's work folder is on, printed with the machine.
// The republish figures depend on it more than on anything in our code: on ext4
// without a journal the kernel skips every inode deleted in the last minute when
// it picks one for a new file (fs/ext4/ialloc.c, `recently_deleted`, checked
// only when there is no journal), so after a job replaced 5,000 files each new
// file costs about 1 ms instead of 0.06 ms. The bench machine's root file system
// is such an ext4 (bench/README.md, 2026-11-28).
import fs from 'node:fs';
import path from 'node:path';

export type FileSystem = { mountPoint: string; type: string; device: string; options: string; journal: boolean | null };

/**
 * The mount that holds `dir`, from the text of /proc/self/mountinfo: the longest mount point that
 * is `dir` or a folder above it (the last one mounted wins where two share a point).
 */
export function mountOf(mountinfo: string, dir: string): Omit<FileSystem, 'journal'> | null {
  let best: Omit<FileSystem, 'journal'> | null = null;
  for (const line of mountinfo.split('\n')) {
    // id parent major:minor root mountpoint options [optional…] - type source super-options
    const [left, right] = line.split(' - ');
    if (!right) continue;
    const mountPoint = unescape(left.split(' ')[4] ?? '');
    const [type, device, superOptions] = right.split(' ');
    const inside = dir === mountPoint || dir.startsWith(mountPoint.endsWith('/') ? mountPoint : `${mountPoint}/`);
    if (inside && (!best || mountPoint.length >= best.mountPoint.length)) best = { mountPoint, type, device, options: superOptions ?? '' };
  }
  return best;
}

// mountinfo writes a space, tab, newline and backslash in a path as octal escapes
const unescape = (text: string) => text.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(parseInt(octal, 8)));

/** Whether an ext4 device has a journal: its jbd2 thread, or `<none>` (null where it cannot be told). */
export function ext4HasJournal(device: string, sysfs = '/sys/fs/ext4'): boolean | null {
  try {
    return fs.readFileSync(path.join(sysfs, path.basename(device), 'journal_task'), 'utf8').trim() !== '<none>';
  } catch {
    return null;
  }
}

/** The file system of `dir` on this machine (null off Linux). */
export function fileSystemOf(dir: string): FileSystem | null {
  let mountinfo: string;
  try {
    mountinfo = fs.readFileSync('/proc/self/mountinfo', 'utf8');
  } catch {
    return null;
  }
  const mount = mountOf(mountinfo, path.resolve(dir));
  if (!mount) return null;
  return { ...mount, journal: mount.type === 'ext4' ? ext4HasJournal(mount.device) : null };
}

/** How the report names it: 'ext4 without a journal (/dev/vda on /)'. */
export function describeFileSystem(fsInfo: FileSystem | null): string {
  if (!fsInfo) return 'unknown file system';
  const journal = fsInfo.journal === false ? ' without a journal' : fsInfo.journal ? ' with a journal' : '';
  return `${fsInfo.type}${journal} (${fsInfo.device} on ${fsInfo.mountPoint})`;
}
