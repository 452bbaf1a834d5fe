// Server-sent events for open match pages (issue 14, docs/decisions/026): an
// 'update' each time the match, its events or its line-up were published
// again, so that the page fetches its freshly published self. Open to everyone
// (the match page is public); it says nothing but that, and the version.
import type { APIRoute } from 'astro';
import { onServerStopping } from '../../../server/http/shutdown';
import { onDataChange } from '../../../server/publish/notify';

const MATCH_TABLES = new Set(['matches', 'match_events', 'match_lineups']);

export const GET: APIRoute = ({ params, request }) => {
  const id = params.id ?? '';
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(id)) return new Response('Nicht gefunden', { status: 404 });
  const encoder = new TextEncoder();
  let stop = () => undefined as void;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (chunk: string) => {
        try {
          controller.enqueue(encoder.encode(chunk));
        } catch {
          stop();
        }
      };
      send('retry: 2000\n\n');
      const off = onDataChange(({ changes, report }) => {
        // a full republish names no tables: the page may have changed too
        const ours = changes.length === 0 || changes.some((c) => MATCH_TABLES.has(c.table) && (c.key === undefined || c.key === id));
        if (ours) send(`event: update\ndata: ${JSON.stringify({ version: report?.version ?? null })}\n\n`);
      });
      // a comment every 25 s keeps proxies from closing an idle connection
      const ping = setInterval(() => send(': ping\n\n'), 25_000);
      const end = () => {
        stop();
        try {
          controller.close();
        } catch {
          // already closed
        }
      };
      // the server stops: end the stream (the page reconnects to the next one)
      const offStopping = onServerStopping(end);
      stop = () => {
        off();
        offStopping();
        clearInterval(ping);
      };
      request.signal.addEventListener('abort', end);
    },
    cancel() {
      stop();
    },
  });
  return new Response(stream, {
    headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', connection: 'keep-alive' },
  });
};
