// A team's calendar: /mannschaften/{id}/spielplan.ics (issue 14).
import type { APIRoute } from 'astro';
import { teamCalendar } from '../../../server/content/team-calendar';

export const GET: APIRoute = ({ params }) => {
  const body = teamCalendar(params.id ?? '');
  if (body === null) return new Response('Nicht gefunden', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  // as bytes: a string body is checked and encoded again on its way through Response (a calendar is hundreds of KB)
  return new Response(body, { headers: { 'content-type': 'text/calendar; charset=utf-8' } });
};
