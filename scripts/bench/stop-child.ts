// One way for the bench to stop a child it started (nginx, our server, Node's floor):
// ask with a signal, wait a little, then kill. Safe to call twice or after it exited.
import type { ChildProcess } from 'node:child_process';

const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

export async function stopChild(child: ChildProcess, signal: NodeJS.Signals, graceMs: number): Promise<void> {
  if (hasExited(child)) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(resolve, graceMs)))]);
  clearTimeout(timer);
  if (!hasExited(child)) {
    child.kill('SIGKILL');
    await exited;
  }
}
