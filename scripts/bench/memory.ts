// Memory of the whole server while it serves: the Node process, its cluster
// workers and its render processes, found by walking the process tree from the
// server's pid (the ppid in /proc/<pid>/stat). Summed two ways:
//   PSS (/proc/<pid>/smaps_rollup): each shared page divided among the processes
//     that map it, so the sum is what the group really costs the machine. Judged.
//   RSS (/proc/<pid>/status VmRSS): each process counts every shared page in full
//     (the Node binary and its libraries once per process), so the sum overstates.
// docs/decisions/038-benchmark-round-two.md says why the target is judged on PSS.
import fs from 'node:fs';
import { round } from './stats';

/** pid → parent pid of every process visible in /proc */
function parentsOf(): Map<number, number> {
  const parents = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // "pid (comm) state ppid …": comm may hold spaces and parentheses, so split after the last ')'
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(Number(entry), ppid);
    } catch {
      // the process ended meanwhile
    }
  }
  return parents;
}

/** The process and all its descendants. */
export function processTree(rootPid: number): number[] {
  const parents = parentsOf();
  const tree = [rootPid];
  for (let i = 0; i < tree.length; i++) {
    for (const [pid, ppid] of parents) if (ppid === tree[i] && !tree.includes(pid)) tree.push(pid);
  }
  return tree;
}

function readKb(file: string, field: string): number | null {
  try {
    const text = fs.readFileSync(file, 'utf8');
    const value = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1];
    return value === undefined ? null : Number(value);
  } catch {
    return null;
  }
}

export type ProcessMemory = { pid: number; command: string; pssKb: number; rssKb: number };
export type TreeMemory = { processes: number; pssKb: number; rssKb: number; each: ProcessMemory[] };

function commandOf(pid: number): string {
  try {
    const args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    return args.map((a) => a.split('/').pop()).join(' ').slice(0, 80);
  } catch {
    return '?';
  }
}

/** Summed PSS and RSS of a process and its descendants, now. */
export function treeMemory(rootPid: number): TreeMemory {
  const each: ProcessMemory[] = [];
  for (const pid of processTree(rootPid)) {
    const rssKb = readKb(`/proc/${pid}/status`, 'VmRSS');
    if (rssKb === null) continue;
    // without smaps_rollup (old kernels) PSS falls back to RSS: an overstatement, never an understatement
    const pssKb = readKb(`/proc/${pid}/smaps_rollup`, 'Pss') ?? rssKb;
    each.push({ pid, command: '', pssKb, rssKb });
  }
  const sum = (key: 'pssKb' | 'rssKb') => each.reduce((total, p) => total + p[key], 0);
  return { processes: each.length, pssKb: sum('pssKb'), rssKb: sum('rssKb'), each };
}

export type MemoryReport = {
  peakPssMb: number;
  peakRssMb: number;
  pssBeforeLoadMb: number;
  rssBeforeLoadMb: number;
  pssAfterLoadMb: number;
  rssAfterLoadMb: number;
  /** the most processes seen in the server's tree at one time */
  maxProcesses: number;
  /** each process at the moment of the PSS peak */
  atPeak: { pid: number; command: string; pssMb: number; rssMb: number }[];
  samples: number;
  method: string;
};

/**
 * Samples the server's process tree every intervalMs until stop() is called;
 * the peaks are of the sums (one moment), not sums of per-process peaks.
 */
export function sampleTreeMemory(rootPid: number, intervalMs = 250): { report: () => MemoryReport; stop: () => MemoryReport } {
  const first = treeMemory(rootPid);
  let peakPss = first.pssKb;
  let peakRss = first.rssKb;
  let maxProcesses = first.processes;
  // the commands are read at the moment of the peak: a render process may be gone when sampling stops
  const named = (each: ProcessMemory[]) => each.map((p) => ({ ...p, command: commandOf(p.pid) }));
  let atPeak = named(first.each);
  let samples = 1;
  const take = () => {
    const now = treeMemory(rootPid);
    if (now.processes === 0) return now;
    samples++;
    if (now.pssKb > peakPss) atPeak = named(now.each);
    peakPss = Math.max(peakPss, now.pssKb);
    peakRss = Math.max(peakRss, now.rssKb);
    maxProcesses = Math.max(maxProcesses, now.processes);
    return now;
  };
  const timer = setInterval(take, intervalMs);
  /** the peaks so far; sampling goes on */
  const report = (): MemoryReport => {
    const last = take();
    const mb = (kb: number) => round(kb / 1024, 1);
    return {
      peakPssMb: mb(peakPss),
      peakRssMb: mb(peakRss),
      pssBeforeLoadMb: mb(first.pssKb),
      rssBeforeLoadMb: mb(first.rssKb),
      pssAfterLoadMb: mb(last.pssKb),
      rssAfterLoadMb: mb(last.rssKb),
      maxProcesses,
      atPeak: atPeak.map((p) => ({ pid: p.pid, command: p.command, pssMb: mb(p.pssKb), rssMb: mb(p.rssKb) })),
      samples,
      method: `the server's process tree (pid and descendants via /proc/*/stat ppid), summed Pss from smaps_rollup and VmRSS from status, sampled every ${intervalMs} ms; judged on PSS`,
    };
  };
  return {
    report,
    stop: () => {
      clearInterval(timer);
      return report();
    },
  };
}
