// The owner's half of the static workers' cache invalidation (docs/decisions/037,
// "Invalidation"). Every file the publisher announces (files.ts) goes to every
// worker in one message per tick; IPC keeps each channel's order, so a worker
// forgets the pages before it hears of the version file written after them.
// `settleFileChanges` waits until every worker has acknowledged what was sent
// (at most SETTLE_MS): the publisher calls it before it raises the cache version,
// and the admin's save is answered after it ("the website shows it now").
// Without workers (SERVE_WORKERS=0) everything here is a no-op.
import type { Worker } from 'node:cluster';
import { onFileChanged } from './publish/files';
import type { OwnerMessage, WorkerMessage } from './http/cluster-messages';

/**
 * A worker that has not answered within this is not waited for any longer (it re-reads within 500 ms
 * anyway). Long enough for a live worker on a machine busy to its limit (it was 250 ms; a CI run at
 * 95 % CPU answered a save whose page the next request still found old, most likely from a worker
 * that had not answered in time); short enough that a hung worker costs a save a bounded wait, told
 * in the log.
 */
const SETTLE_MS = 2_000;

type Broadcast = {
  workers: Set<Worker>;
  pending: string[];
  scheduled: boolean;
  nextId: number;
  /** per worker: the id of the last message it acknowledged */
  acked: Map<Worker, number>;
  waiters: Set<() => void>;
  stop: () => void;
};

let state: Broadcast | null = null;

function flush(b: Broadcast): number {
  b.scheduled = false;
  if (b.pending.length === 0) return b.nextId - 1;
  const message: OwnerMessage = { type: 'invalidate', id: b.nextId++, files: b.pending };
  b.pending = [];
  for (const worker of b.workers) sendToWorker(worker, message);
  return message.id;
}

/**
 * Sends a worker a message where its channel is open. A worker killed a moment
 * ago still looks connected until its exit is seen, and writing to it fails with
 * EPIPE: unheard, that error ended the owner with every save in flight. Its exit
 * handler takes care of it, so the failed message is let go.
 */
export function sendToWorker(worker: Worker, message: OwnerMessage): void {
  if (worker.isConnected()) worker.send(message, () => undefined);
}

function allAcked(b: Broadcast, id: number): boolean {
  for (const worker of b.workers) if (worker.isConnected() && (b.acked.get(worker) ?? 0) < id) return false;
  return true;
}

/** Starts forwarding this process's file announcements to the workers. */
export function startFileBroadcast(): void {
  const b: Broadcast = { workers: new Set(), pending: [], scheduled: false, nextId: 1, acked: new Map(), waiters: new Set(), stop: () => undefined };
  b.stop = onFileChanged((file) => {
    b.pending.push(file);
    if (!b.scheduled) {
      b.scheduled = true;
      queueMicrotask(() => flush(b));
    }
  });
  state = b;
}

export function stopFileBroadcast(): void {
  state?.stop();
  for (const wake of state?.waiters ?? []) wake();
  state = null;
}

/** A worker joins (it reads everything fresh, so it needs no earlier message) or leaves. */
export function addBroadcastWorker(worker: Worker): void {
  const b = state;
  if (!b) return;
  b.workers.add(worker);
  b.acked.set(worker, b.nextId - 1);
  worker.on('message', (message: WorkerMessage) => {
    if (message?.type !== 'invalidated') return;
    b.acked.set(worker, Math.max(b.acked.get(worker) ?? 0, message.id));
    for (const wake of [...b.waiters]) wake();
  });
  worker.once('exit', () => dropBroadcastWorker(worker));
}

/** A worker that ended, or whose process never started (an 'error' and no 'exit'): no publish waits for it. */
export function dropBroadcastWorker(worker: Worker): void {
  const b = state;
  if (!b?.workers.delete(worker)) return;
  b.acked.delete(worker);
  for (const wake of [...b.waiters]) wake();
}

/**
 * Sends the file changes announced so far and resolves once every worker has
 * forgotten them (or after SETTLE_MS, told in the log). Call it after a job's pages are written and
 * before its cache version is: then no worker serves the new version next to an old page.
 */
export async function settleFileChanges(): Promise<void> {
  const b = state;
  if (!b || b.workers.size === 0) return;
  const id = flush(b);
  if (allAcked(b, id)) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      b.waiters.delete(check);
      resolve();
    };
    const check = () => {
      if (state !== b || allAcked(b, id)) done();
    };
    // Timers run before the loop reads its sockets: when this thread was blocked past the limit, an
    // acknowledgement may be waiting unread. It is read in this same turn of the loop, before
    // setImmediate's callback, which is when the workers are judged.
    const timer = setTimeout(() => {
      setImmediate(() => {
        if (state === b && !allAcked(b, id)) {
          const late = [...b.workers].filter((worker) => worker.isConnected() && (b.acked.get(worker) ?? 0) < id);
          const pids = late.map((worker) => worker.process?.pid ?? '?').join(', ');
          console.warn(`[publish] static worker ${pids} did not confirm the new pages within ${SETTLE_MS} ms: it may serve old ones for up to 500 ms more`);
        }
        done();
      });
    }, SETTLE_MS);
    b.waiters.add(check);
  });
}
