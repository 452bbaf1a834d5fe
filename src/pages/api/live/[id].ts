// Server-sent events for open match pages (issue 14, docs/decisions/026): an
// 'update' each time the match, its events or its line-up were published
// again, so that the page fetches its freshly published self. Open to everyone
// (the match page is public); it says nothing but that, and the version.
import type { APIRoute } from 'astro';
import { LIVE_TEXTS } from '../../../lib/live-texts';
import { eventStreamHead, eventStreamResponse } from '../../../server/http/event-stream';
import { onPagePublished } from '../../../server/publish/notify';
import { isKnownMatch, openLiveStream } from '../../../server/services/live-streams';

const MATCH_ID = /^[A-Za-z0-9_-]{1,100}$/;
const notFound = () => new Response('Nicht gefunden', { status: 404 });

/** The stream's headers and no stream, so no place is taken (server/http/event-stream.ts). */
export const HEAD: APIRoute = ({ params }) => {
  const id = params.id ?? '';
  if (!MATCH_ID.test(id)) return notFound();
  return isKnownMatch(id) ? eventStreamHead() : new Response(LIVE_TEXTS.unknownMatch, { status: 404 });
};

export const GET: APIRoute = ({ params, request, clientAddress }) => {
  const id = params.id ?? '';
  if (!MATCH_ID.test(id)) return notFound();
  // a match that exists, and a bounded number of streams per address and in all (live-streams.ts)
  const opened = openLiveStream(id, clientAddress);
  if (!opened.ok) return new Response(opened.message, { status: opened.status, headers: { 'cache-control': 'no-store', 'retry-after': '30' } });
  return eventStreamResponse(request, 2000, (send) => {
    // when its page is out, not when the save asked for it: a page that failed comes out with a retry later
    const unsubscribe = onPagePublished(`/spiel/${id}`, (version) => send(`event: update\ndata: ${JSON.stringify({ version })}\n\n`));
    return () => {
      unsubscribe();
      opened.close();
    };
  });
};
