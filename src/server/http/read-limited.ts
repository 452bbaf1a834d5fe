// Reading a request's body with a limit: given up as soon as it exceeds
// `limit` bytes, whatever Content-Length said (a missing or false one cannot
// get past this), so a body is never held in memory beyond the limit.
//
// A body refused for its size is read on and thrown away before the answer
// goes out, up to `DISCARD_MAX_BYTES` and `DISCARD_MAX_MS` (as nginx's
// lingering close does): a server that answers while the client is still
// sending, and then closes, makes the client's next write fail (EPIPE or a
// reset), and most HTTP clients then report a network error instead of the
// answer (nodejs/node#38467, #54366). Beyond those bounds the connection is
// given up as before: the client's problem, not the server's memory.

/** How much of a refused body is read and thrown away so that its sender sees the answer. */
export const DISCARD_MAX_BYTES = 64 * 1024 * 1024;
/** How long a refused body is read on at most (a slow sender gets the connection closed). */
export const DISCARD_MAX_MS = 10_000;

type Bounds = { maxBytes?: number; maxMs?: number };

/**
 * Reads and drops what is left of a body, within the bounds; cancels it past them. Never throws. The time
 * bound cancels the reader (a pending read then ends as done) rather than racing each read against one
 * timeout promise: each race left a reaction on that promise until it settled, about 560 bytes a chunk, so a
 * sender of one-byte packets could make one refused request hold hundreds of MB for the 10 s.
 */
async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>, alreadyRead: number, bounds: Bounds = {}): Promise<void> {
  const maxBytes = bounds.maxBytes ?? DISCARD_MAX_BYTES;
  // not awaited: a branch of a cloned body settles its cancel only when the other branch is cancelled too
  const giveUp = () => void reader.cancel().catch(() => undefined);
  const timer = setTimeout(giveUp, bounds.maxMs ?? DISCARD_MAX_MS);
  let total = alreadyRead;
  try {
    while (total <= maxBytes) {
      const next = await reader.read();
      // the end of the body, or the time bound's cancel
      if (next.done) return;
      total += next.value.byteLength;
    }
  } catch {
    // the sender broke off: nothing left to read
    return;
  } finally {
    clearTimeout(timer);
  }
  giveUp();
}

/** A body refused unread (its Content-Length is over the limit): read and thrown away within the bounds. */
export async function discardBody(request: Request, bounds?: Bounds): Promise<void> {
  if (!request.body || request.bodyUsed) return;
  await discardRest(request.body.getReader(), 0, bounds);
}

/**
 * The body, or null once it exceeds `limit` bytes. With `discard`, the rest of a refused body is then read
 * and thrown away within those bounds; without, it is cancelled at once, as a copy (`request.clone()`) must
 * be: the original's branch would keep every byte its copy reads.
 */
export async function readLimited(request: Request, limit: number, discard?: Bounds): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!request.body) return new Uint8Array(new ArrayBuffer(0));
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await discardRest(reader, total, discard ?? { maxBytes: 0 });
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(new ArrayBuffer(total));
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}
