// The limited read of a request body, and what happens to the rest of a refused one.
import { describe, expect, it } from 'vitest';
import { discardBody, readLimited } from './read-limited';

/** A request whose body comes in `chunks` chunks of `size` bytes, pulled one by one; `stallAfter` stops sending. */
function pulledBody(chunks: number, size: number, stallAfter = Infinity) {
  const seen = { pulled: 0, cancelled: false, closed: false };
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (seen.pulled >= stallAfter) return new Promise<void>(() => undefined);
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
  return { request, seen };
}

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

  it('leaves a body already read alone', async () => {
    const { request } = pulledBody(2, 10);
    await request.arrayBuffer();
    await expect(discardBody(request)).resolves.toBeUndefined();
  });
});
