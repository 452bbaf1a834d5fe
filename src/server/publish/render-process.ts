// One render process of the pool (render-pool.ts): how it is forked, kept alive
// or let go, asked to end, and what its messages are. Which page goes to which
// process, and when processes start and exit, is the pool's.
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { RenderResult } from './render';

export type Task = {
  id: number;
  url: string;
  /** the publish time the page shows as today */
  at?: number;
  resolve: (result: RenderResult) => void;
  reject: (error: Error) => void;
  timer?: NodeJS.Timeout;
  /** sent again after its process died: it renders alone now, and fails if that process dies too */
  retried?: boolean;
};

export type Slot = {
  child: ChildProcess;
  ready: boolean;
  /** the end of what the process wrote to stderr: the reason when it cannot start */
  stderrTail: string;
  /** renders sent and not answered yet (at most the pool's DEPTH) */
  tasks: Map<number, Task>;
  idleTimer?: NodeJS.Timeout;
  /** replaces a process that is not ready in time (one that hangs while it loads the build) */
  startTimer?: NodeJS.Timeout;
  /** the garbage of its last renders is collected already */
  collected: boolean;
};

export type WorkerMessage =
  | { ready: true }
  | { fatal: string }
  | { id: number; error: string }
  | { id: number; status: number; headers: Record<string, string>; body: Uint8Array; br?: Uint8Array; renderMs: number };

// beside this module: src/server/publish from the sources, <dist>/server-owner in the built owner,
// whose chunks all share that one folder (server-bundles.ts)
const WORKER_FILE = fileURLToPath(new URL('./render-worker.mjs', import.meta.url));

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** A rendered page as its process sent it. */
export function resultOf(message: Extract<WorkerMessage, { status: number }>): RenderResult {
  const result: RenderResult = { status: message.status, headers: message.headers, body: asBuffer(message.body), renderMs: message.renderMs };
  if (message.br) result.variants = { br: asBuffer(message.br) };
  return result;
}

/** Forks a render process for the build at `serverEntry`; its messages, its failure and its end go to `on`. */
export function startRenderProcess(
  serverEntry: string,
  nodeEnv: string | undefined,
  on: { message: (message: WorkerMessage) => void; failed: (error: Error) => void; closed: (reason: string) => void },
): Slot {
  const child = fork(WORKER_FILE, [serverEntry], {
    // no tsx loader: the build is plain JavaScript
    // --expose-gc: an idle process gives its heap back (the pool's idle());
    // a 4 MB semi-space keeps the young generation small at no cost in speed
    execArgv: ['--expose-gc', '--max-semi-space-size=4'],
    env: { ...process.env, NODE_ENV: nodeEnv ?? process.env.NODE_ENV ?? 'production' },
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
  });
  const slot: Slot = { child, ready: false, stderrTail: '', tasks: new Map(), collected: true };
  child.stderr?.on('data', (chunk: Buffer) => {
    process.stderr.write(chunk);
    slot.stderrTail = (slot.stderrTail + chunk.toString()).slice(-2000);
  });
  child.on('message', on.message);
  child.on('error', on.failed);
  // 'close' comes after the process's stderr is read to the end: the reason is in it
  child.on('close', (code, signal) => on.closed(String(signal ?? code)));
  return slot;
}

/** A busy process keeps the server alive; an idle one lets it exit. */
export function holdProcess(slot: Slot, busy: boolean): void {
  const handles = [slot.child.channel, slot.child.stderr] as ({ ref?: () => void; unref?: () => void } | null | undefined)[];
  if (busy) {
    slot.child.ref();
    for (const handle of handles) handle?.ref?.();
  } else {
    slot.child.unref();
    for (const handle of handles) handle?.unref?.();
  }
}

/** Ends a process: its channel closed, killed if it hangs; resolves when it has exited. */
export async function stopRenderProcess(slot: Slot): Promise<void> {
  if (slot.child.exitCode !== null || slot.child.signalCode !== null) return;
  const exited = new Promise((resolve) => slot.child.once('exit', resolve));
  // an idle process was let go (unref): whoever awaits its end must be kept alive meanwhile
  slot.child.ref();
  // closing the channel ends it cleanly; a hung one is killed
  if (slot.child.connected) slot.child.disconnect();
  const timer = setTimeout(() => slot.child.kill('SIGKILL'), 2_000);
  timer.unref();
  await exited;
  clearTimeout(timer);
}
