// One server-sent event stream (the admin panel's, a match page's): a retry
// hint, a ping every 25 s so that proxies keep an idle connection, and an
// end when the client goes or the server stops (so that a graceful stop need
// not wait for it, docs/decisions/012). `subscribe` starts sending and returns
// what stops it.
import { onServerStopping } from './shutdown';
import { STREAM_PING_EVENT, STREAM_PING_MS } from '../../lib/live-window';

export type SendEvent = (chunk: string) => void;

const EVENT_STREAM_HEADERS = { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', connection: 'keep-alive' };

/**
 * The answer to a HEAD request of a stream: its headers, no stream. Each stream route exports a HEAD of its own:
 * Astro answers HEAD with the GET handler and drops its body unread, and the stream it started (a listener, a
 * ping timer, a live stream's place) then stayed for good: some thousand HEAD requests shut every fan out.
 */
export function eventStreamHead(): Response {
  return new Response(null, { headers: EVENT_STREAM_HEADERS });
}

export function eventStreamResponse(request: Request, retryMs: number, subscribe: (send: SendEvent) => () => void): Response {
  const encoder = new TextEncoder();
  let stop = () => undefined as void;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const send: SendEvent = (chunk) => {
        try {
          controller.enqueue(encoder.encode(chunk));
        } catch {
          stop();
        }
      };
      send(`retry: ${retryMs}\n\n`);
      const unsubscribe = subscribe(send);
      // an event, not a comment: a page hears it, and takes a stream silent for long as dead though open (a
      // connection dropped without an end, a phone in a pocket: src/scripts/live-match.ts); a page without a
      // listener for it ignores it (the admin's panel)
      const ping = setInterval(() => send(`event: ${STREAM_PING_EVENT}\ndata: 1\n\n`), STREAM_PING_MS);
      const end = () => {
        stop();
        try {
          controller.close();
        } catch {
          // already closed
        }
      };
      const offStopping = onServerStopping(end);
      stop = () => {
        unsubscribe();
        offStopping();
        clearInterval(ping);
      };
      // a client gone before the stream started hears no 'abort' any more
      if (request.signal.aborted) end();
      else request.signal.addEventListener('abort', end);
    },
    cancel() {
      stop();
    },
  });
  return new Response(stream, { headers: EVENT_STREAM_HEADERS });
}
