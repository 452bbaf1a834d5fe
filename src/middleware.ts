// Every request Astro handles: the content security policy of its HTML, who is
// signed in (locals.user, locals.roles), then the door in front of the actions
// (src/actions/auth/gate.ts).
// Pages rendered by the publisher are for everyone and carry no user.
import { defineMiddleware, sequence } from 'astro:middleware';
import { actionGate } from './actions/auth/gate';
import { getDb } from './server/db/client';
import { rolesOf } from './server/auth/roles';
import { HEADER_ONLY_DIRECTIVES, contentSecurityPolicy, withPolicyMeta } from './server/http/csp';
import {
  SESSION_COOKIE,
  deleteSessionCookie,
  isSecureRequest,
  setSessionCookie,
  validateSessionToken,
} from './server/auth/session';

const session = defineMiddleware(async (context, next) => {
  const locals = context.locals;
  locals.user = null;
  locals.session = null;
  locals.roles = [];
  locals.isAdmin = false;
  locals.isSuperAdmin = false;
  if (locals.publishing) return next();

  const token = context.cookies.get(SESSION_COOKIE)?.value;
  if (token) {
    const secure = isSecureRequest(context.url);
    const db = getDb();
    const result = validateSessionToken(db, token);
    if (result) {
      locals.user = result.user;
      locals.session = { id: result.session.id, expiresAt: result.session.expiresAt };
      const flags = rolesOf(db, result.user.id);
      locals.roles = flags.roles;
      locals.isAdmin = flags.isAdmin;
      locals.isSuperAdmin = flags.isSuperAdmin;
      if (result.renewed) setSessionCookie(context.cookies, token, result.session.expiresAt, secure);
    } else {
      deleteSessionCookie(context.cookies, secure);
    }
  }
  const response = await next();
  // nothing per user may be cached by the browser, the service worker or a CDN
  try {
    if (!response.headers.has('cache-control')) response.headers.set('cache-control', 'no-store');
  } catch {
    // redirect responses have immutable headers; they carry no content to cache
  }
  return response;
});

/**
 * Every HTML page gets a policy that lists its own inline scripts by hash: a
 * published page as a <meta> element (any static host serves it), a page served
 * here (admin, sign-in) as a header. The dev server injects scripts of its own.
 */
const contentSecurity = defineMiddleware(async (context, next) => {
  const response = await next();
  if (import.meta.env.DEV || !(response.headers.get('content-type') ?? '').startsWith('text/html')) return response;
  if (context.locals.publishing) {
    const html = await response.text();
    return new Response(withPolicyMeta(html, contentSecurityPolicy(html)), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  }
  // read from a copy: the response itself goes out as it is, with the cookies Astro attached to it
  const policy = contentSecurityPolicy(await response.clone().text());
  try {
    response.headers.set('content-security-policy', `${policy}; ${HEADER_ONLY_DIRECTIVES}`);
  } catch {
    // redirect responses have immutable headers and no page to protect
  }
  return response;
});

export const onRequest = sequence(contentSecurity, session, actionGate);
