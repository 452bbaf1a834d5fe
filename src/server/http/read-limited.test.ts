// The limited read of a request body, and what happens to the rest of a refused one.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { discardBody, readLimited } from './read-limited';

/** A request whose body comes in `chunks` chunks of `size` bytes, pulled one by one; `stallAfter` stops sending until `resume`, which ends it. */
function pulledBody(chunks: number, size: number, stallAfter = Infinity) {
  const seen = { pulled: 0, cancelled: false, closed: false };
  let resume = () => undefined as void;
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (seen.pulled >= stallAfter) {
          return new Promise<void>((resolve) => {
            resume = () => {
              seen.closed = true;
              controller.close();
              resolve();
            };
          });
        }
        if (seen.pulled === chunks) {
          seen.closed = true;
          controller.close();
          return;
        }
        seen.pulled++;
        controller.enqueue(new Uint8Array(size));
      },
      cancel() {
        seen.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  const request = new Request('http://localhost/api/admin/upload', { method: 'POST', body, duplex: 'half' } as RequestInit);
  return { request, seen, resume: () => resume() };
}

// the memory test measures what stays after a collection
setFlagsFromString('--expose-gc');

describe('readLimited', () => {
  it('gives the body whole within the limit', async () => {
    const { request, seen } = pulledBody(4, 1000);
    expect((await readLimited(request, 4000))?.byteLength).toBe(4000);
    expect(seen).toMatchObject({ closed: true, cancelled: false });
  });

  it('without `discard` cancels the body at the first byte past the limit (a copy must not fill its original)', async () => {
    const { request, seen } = pulledBody(100, 1000);
    expect(await readLimited(request, 2500)).toBeNull();
    expect(seen).toMatchObject({ pulled: 3, cancelled: true, closed: false });
  });

  it('with `discard` reads the rest of a refused body to its end, so that its sender sees the answer', async () => {
    const { request, seen } = pulledBody(100, 1000);
    expect(await readLimited(request, 2500, {})).toBeNull();
    expect(seen).toMatchObject({ pulled: 100, cancelled: false, closed: true });
  });
});

describe('discardBody', () => {
  it('reads a body to its end and keeps none of it', async () => {
    const { request, seen } = pulledBody(50, 64 * 1024);
    await discardBody(request);
    expect(seen).toMatchObject({ pulled: 50, closed: true, cancelled: false });
  });

  it('gives up past its byte bound: the rest is cancelled, not read', async () => {
    const { request, seen } = pulledBody(1000, 1000);
    await discardBody(request, { maxBytes: 10_000 });
    expect(seen.pulled).toBe(11);
    expect(seen.cancelled).toBe(true);
  });

  it('gives up on a sender that stops sending after its time bound', async () => {
    const { request, seen } = pulledBody(1000, 1000, 5);
    const started = Date.now();
    await discardBody(request, { maxMs: 200 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(seen).toMatchObject({ pulled: 5, cancelled: true, closed: false });
  });

  it('holds no memory per chunk while it reads: a sender of one-byte packets costs nothing that stays', async () => {
    const gc = runInNewContext('gc') as () => void;
    const chunks = 200_000;
    gc();
    const before = process.memoryUsage().heapUsed;
    // the chunks come, then the sender goes quiet: the discard is still within its time bound when measured
    const { request, seen, resume } = pulledBody(chunks + 1, 1, chunks);
    const discarding = discardBody(request, { maxMs: 60_000 });
    await expect.poll(() => seen.pulled, { timeout: 30_000, interval: 20 }).toBe(chunks);
    gc();
    const heldMb = (process.memoryUsage().heapUsed - before) / 1024 / 1024;
    console.info(`[discard] ${chunks} one-byte chunks read and dropped; memory held meanwhile ${heldMb.toFixed(1)} MB`);
    expect(heldMb).toBeLessThan(20);
    resume();
    await discarding;
    expect(seen).toMatchObject({ closed: true, cancelled: false });
  });

  it('leaves a body already read alone', async () => {
    const { request } = pulledBody(2, 10);
    await request.arrayBuffer();
    await expect(discardBody(request)).resolves.toBeUndefined();
  });
});
