import type { APIRoute } from 'astro';

/** Who is signed in, for the header island of the static pages. */
export const GET: APIRoute = ({ locals }) =>
  Response.json(
    { user: locals.user ? { email: locals.user.email } : null, isAdmin: locals.isAdmin, isSuperAdmin: locals.isSuperAdmin },
    { headers: { 'cache-control': 'no-store' } },
  );
