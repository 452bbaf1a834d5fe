import type { APIRoute } from 'astro';
import { getDb } from '../../../server/db/client';
import { deleteSessionCookie, invalidateSession } from '../../../server/auth/session';

/** Sign-out: the session is deleted on the server and the cookie cleared. */
export const POST: APIRoute = ({ locals, cookies, url }) => {
  if (locals.session) invalidateSession(getDb(), locals.session.id);
  deleteSessionCookie(cookies, url.protocol === 'https:');
  // tells the browser to drop anything it kept for this origin's admin pages
  return new Response(null, { status: 204, headers: { 'clear-site-data': '"cache"', 'cache-control': 'no-store' } });
};
