// The loaded serving run's background: one core kept busy by stress-ng (one CPU
// stressor at 100 %, pinned to CPU 0), started the same way before each server's
// measurement and stopped after it, so our server and nginx meet the same load.
// Without stress-ng (not installable here) a Node busy loop pinned with taskset
// stands in, and the results say so.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';

export type BackgroundLoad = { tool: string; command: string; stop: () => Promise<void> };

const has = (command: string, args: string[]) => spawnSync(command, args, { stdio: 'ignore' }).error === undefined;

export function backgroundLoadCommand(): { tool: string; command: string[] } {
  if (has('stress-ng', ['--version'])) {
    return { tool: 'stress-ng', command: ['stress-ng', '--cpu', '1', '--cpu-load', '100', '--cpu-method', 'int64', '--taskset', '0', '--quiet'] };
  }
  const loop = [process.execPath, '-e', 'for (;;) {}'];
  return { tool: 'node busy loop', command: has('taskset', ['--version']) ? ['taskset', '-c', '0', ...loop] : loop };
}

export async function startBackgroundLoad(): Promise<BackgroundLoad> {
  const { tool, command } = backgroundLoadCommand();
  // its own process group: stress-ng's stressor children end with it
  const child: ChildProcess = spawn(command[0], command.slice(1), { stdio: 'ignore', detached: true });
  await new Promise((resolve, reject) => {
    child.once('error', reject);
    // let the stressor reach full load before the clock starts
    setTimeout(resolve, 500);
  });
  if (child.exitCode !== null) throw new Error(`${tool} exited at once (${child.exitCode})`);
  return {
    tool,
    command: command.join(' '),
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        child.kill('SIGTERM');
      }
      await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
      if (child.exitCode === null) {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          // gone
        }
      }
    },
  };
}
