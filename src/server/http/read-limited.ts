// Reading a request's body with a limit: given up as soon as it exceeds
// `limit` bytes, whatever Content-Length said (a missing or false one cannot
// get past this), so a body is never held in memory beyond the limit.

/** The body, or null once it exceeds `limit` bytes. */
export async function readLimited(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!request.body) return new Uint8Array(new ArrayBuffer(0));
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      // not awaited: a branch of a cloned body settles its cancel only when the other branch is cancelled too
      reader.cancel().catch(() => undefined);
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
