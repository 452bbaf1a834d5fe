// The owner's file-change broadcast (docs/decisions/037): every announced file
// reaches every worker in order, and settleFileChanges waits for their acks,
// or 250 ms for a worker that does not answer, never for ever.
import { EventEmitter } from 'node:events';
import type { Worker } from 'node:cluster';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writePublishedFile } from './publish/files';
import { addBroadcastWorker, settleFileChanges, startFileBroadcast, stopFileBroadcast } from './cluster-files';
import type { OwnerMessage } from './http/cluster-messages';

/** A worker as the owner sees it: what it was sent; it acks by itself unless told to stay silent. */
function fakeWorker(silent = false) {
  const worker = new EventEmitter() as EventEmitter & { got: OwnerMessage[]; send: (m: OwnerMessage) => boolean; isConnected: () => boolean };
  worker.got = [];
  worker.isConnected = () => true;
  worker.send = (message) => {
    worker.got.push(message);
    if (!silent && message.type === 'invalidate') setTimeout(() => worker.emit('message', { type: 'invalidated', id: message.id }), 5);
    return true;
  };
  return worker;
}

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-broadcast-'));
  startFileBroadcast();
});
afterEach(() => {
  stopFileBroadcast();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('file-change broadcast', () => {
  it('sends the pages a publish wrote to every worker in one message, in order, and settles once both acked', async () => {
    const a = fakeWorker();
    const b = fakeWorker();
    addBroadcastWorker(a as unknown as Worker);
    addBroadcastWorker(b as unknown as Worker);
    const page = path.join(dir, 'news', 'index.html');
    await writePublishedFile(page, Buffer.from('<h1>neu</h1>'));
    await settleFileChanges();
    const files = (worker: ReturnType<typeof fakeWorker>) => worker.got.flatMap((m) => (m.type === 'invalidate' ? m.files : []));
    const ids = (worker: ReturnType<typeof fakeWorker>) => worker.got.map((m) => (m.type === 'invalidate' ? m.id : 0));
    // the page and its compressed variants, to both, the same messages in the same order
    expect(files(a)).toEqual(expect.arrayContaining([page]));
    expect(files(b)).toEqual(files(a));
    expect(ids(a)).toEqual([...ids(a)].sort((x, y) => x - y));
    // nothing new: settles at once, sends nothing
    const sent = a.got.length;
    await settleFileChanges();
    expect(a.got).toHaveLength(sent);
  });

  it('a worker that does not answer holds the publish at most 250 ms', async () => {
    addBroadcastWorker(fakeWorker(true) as unknown as Worker);
    await writePublishedFile(path.join(dir, 'index.html'), Buffer.from('x'));
    const started = Date.now();
    await settleFileChanges();
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(200);
    expect(waited).toBeLessThan(1_000);
  });

  it('without workers (one process) settling costs nothing', async () => {
    const started = Date.now();
    await settleFileChanges();
    expect(Date.now() - started).toBeLessThan(20);
  });
});
