import type { APIRoute } from 'astro';
import { clubIdentity } from '../server/content/club';
import { iCalendar } from '../server/content/ical';
import { matchesByDate } from '../server/content/public-matches';
import { siteUrl } from '../server/config';

export const GET: APIRoute = () => {
  const site = siteUrl();
  const body = iCalendar(matchesByDate() ?? [], {
    calendarName: `Spielplan ${clubIdentity().longName}`,
    host: site.hostname,
    url: new URL('/spielplan', site).href,
    // the same as new URL(path, site).href for an absolute path, without a URL object per match
    eventUrl: (m) => `${site.origin}/spiel/${encodeURIComponent(m.id)}`,
  });
  // as bytes: a string body is checked and encoded again on its way through Response (a calendar is hundreds of KB)
  return new Response(body, { headers: { 'content-type': 'text/calendar; charset=utf-8' } });
};
