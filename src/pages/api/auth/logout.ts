import type { APIRoute } from 'astro';
import { getDb } from '../../../server/db/client';
import { deleteSessionCookie, invalidateSession } from '../../../server/auth/session';

const NO_STORE = { 'clear-site-data': '"cache"', 'cache-control': 'no-store' };

/**
 * Sign-out: the cookie cleared, and the session deleted on the server. The cookie first: a database that cannot
 * write (a full disk, read-only storage) answered 500 before it was cleared, and the browser stayed signed in (a
 * shared clubhouse PC). A row that cannot be deleted is ended in this server all the same (invalidateSession keeps
 * it in memory, and the next look that can write removes the row); a restart before then would bring it back, so the
 * log says so.
 */
export const POST: APIRoute = ({ locals, cookies, url }) => {
  deleteSessionCookie(cookies, url.protocol === 'https:');
  if (locals.session) {
    try {
      invalidateSession(getDb(), locals.session.id);
    } catch (error) {
      console.error('[auth] sign-out: the cookie is cleared and the session ended in this server; its row could not be deleted yet (a restart before the database writes again would bring it back):', error);
    }
  }
  // tells the browser to drop anything it kept for this origin's admin pages
  return new Response(null, { status: 204, headers: NO_STORE });
};
