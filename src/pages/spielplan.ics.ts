import type { APIRoute } from 'astro';
import { clubIdentity } from '../server/content/club';
import { matchesToICal } from '../server/content/ical';
import { matchesByDate } from '../server/content/public-content';
import { siteUrl } from '../server/config';

export const GET: APIRoute = () => {
  const site = siteUrl();
  const body = matchesToICal(matchesByDate() ?? [], {
    calendarName: `Spielplan ${clubIdentity().longName}`,
    host: site.hostname,
    url: new URL('/spielplan', site).href,
    eventUrl: (m) => new URL(`/spiel/${encodeURIComponent(m.id)}`, site).href,
  });
  return new Response(body, { headers: { 'content-type': 'text/calendar; charset=utf-8' } });
};
