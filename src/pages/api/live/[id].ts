// Server-sent events for open match pages (issue 14, docs/decisions/026): an
// 'update' each time the match, its events or its line-up were published
// again, so that the page fetches its freshly published self. Open to everyone
// (the match page is public); it says nothing but that, and the version.
import type { APIRoute } from 'astro';
import { eventStreamResponse } from '../../../server/http/event-stream';
import { onDataChange } from '../../../server/publish/notify';
import { openLiveStream } from '../../../server/services/live-streams';

const MATCH_TABLES = new Set(['matches', 'match_events', 'match_lineups']);

export const GET: APIRoute = ({ params, request, clientAddress }) => {
  const id = params.id ?? '';
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(id)) return new Response('Nicht gefunden', { status: 404 });
  // a match that exists, and a bounded number of streams per address and in all (live-streams.ts)
  const opened = openLiveStream(id, clientAddress);
  if (!opened.ok) return new Response(opened.message, { status: opened.status, headers: { 'cache-control': 'no-store', 'retry-after': '30' } });
  return eventStreamResponse(request, 2000, (send) => {
    const unsubscribe = onDataChange(({ changes, report }) => {
      // a full republish names no tables: the page may have changed too
      const ours = changes.length === 0 || changes.some((c) => MATCH_TABLES.has(c.table) && (c.key === undefined || c.key === id));
      if (ours) send(`event: update\ndata: ${JSON.stringify({ version: report?.version ?? null })}\n\n`);
    });
    return () => {
      unsubscribe();
      opened.close();
    };
  });
};
