// Every request Astro handles: the content security policy of its HTML, who is
// signed in (locals.user, locals.roles), then the door in front of the actions
// (src/actions/auth/gate.ts).
// Pages rendered by the publisher are for everyone and carry no user.
import { defineMiddleware, sequence } from 'astro:middleware';
import { actionGate } from './actions/auth/gate';
import { getDb } from './server/db/client';
import { SIGNED_IN_COOKIE } from './scripts/signed-in-marker';
import { rolesOf } from './server/auth/roles';
import { mustSetUpSecondFactor } from './server/services/account';
import { contentSecurityPolicy, withPolicyMetaBytes } from './server/http/csp';
import { FAILED_READS_HEADER, collectFailedReads, failedReadsHeader } from './server/content/read-failures';
import { FILE_CSP, HEADER_ONLY_DIRECTIVES, NO_STORE, PREVIEW_FRAME_DIRECTIVES, isFramedPreview, securityHeaders } from './server/http/headers';
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
  locals.mustSetUpSecondFactor = false;
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
      locals.mustSetUpSecondFactor = mustSetUpSecondFactor(db, result.user.id, flags.isAdmin);
      // a session from before the signed-in marker (issue 16) gets it with its cookie, as a renewed one does
      if (result.renewed || !context.cookies.has(SIGNED_IN_COOKIE)) setSessionCookie(context.cookies, token, result.session.expiresAt, secure);
    } else {
      deleteSessionCookie(context.cookies, secure);
    }
  }
  return next();
});

const ASTRO_COOKIES = Symbol.for('astro.cookies');

/** A response whose headers can be set (Response.redirect() makes them immutable). */
function withMutableHeaders(response: Response): Response {
  try {
    response.headers.set('x-content-type-options', 'nosniff');
    return response;
  } catch {
    const copy = new Response(response.body, { status: response.status, statusText: response.statusText, headers: new Headers(response.headers) });
    // the cookies Astro attached to the response (a sign-out's deleted session) go with the copy
    Reflect.set(copy, ASTRO_COOKIES, Reflect.get(response, ASTRO_COOKIES));
    return copy;
  }
}

/**
 * Every answer Astro gives carries the one header policy (src/server/http/headers.ts).
 * Every HTML page gets a script policy that lists its own inline scripts by hash:
 * a published page as a <meta> element (any static host serves it), a page served
 * here (admin, sign-in) as a header. The dev server injects scripts of its own.
 */
const responseHeaders = defineMiddleware(async (context, next) => {
  if (context.locals.publishing) return publishedPage(next);
  const rendered = await next();
  const html = (rendered.headers.get('content-type') ?? '').startsWith('text/html');
  const response = withMutableHeaders(rendered);
  for (const [name, value] of Object.entries(securityHeaders(context.url.protocol === 'https:'))) response.headers.set(name, value);
  // the previewed page is framed by the admin's side-by-side preview, and by nothing else
  const framed = isFramedPreview(context.url.pathname);
  if (framed) response.headers.set('x-frame-options', 'SAMEORIGIN');
  // nothing per user may be cached by the browser, the service worker or a CDN
  if (!response.headers.has('cache-control')) response.headers.set('cache-control', NO_STORE);
  if (import.meta.env.DEV) return response;
  if (html) {
    // read from a copy: the response itself goes out as it is, with the cookies Astro attached to it
    const policy = contentSecurityPolicy(await response.clone().text());
    response.headers.set('content-security-policy', `${policy}; ${framed ? PREVIEW_FRAME_DIRECTIVES : HEADER_ONLY_DIRECTIVES}`);
  } else {
    response.headers.set('content-security-policy', FILE_CSP);
  }
  return response;
});

/**
 * A page or file being published: its script policy as a <meta> (any static host serves it), and the reads
 * that fell back to their defaults meanwhile named in a header (read-failures.ts): the publisher keeps the
 * last good file instead.
 */
async function publishedPage(next: () => Promise<Response>): Promise<Response> {
  const { value: rendered, failed } = await collectFailedReads(async () => {
    const response = await next();
    // read to the end inside: a read made while the body is produced counts too
    return { response, body: Buffer.from(await response.arrayBuffer()) };
  });
  const { response, body } = rendered;
  const html = (response.headers.get('content-type') ?? '').startsWith('text/html');
  // as bytes, start to end: no text decoded and encoded again (withPolicyMetaBytes)
  const page = html && !import.meta.env.DEV ? withPolicyMetaBytes(body) : body;
  const headers = new Headers(response.headers);
  if (failed.length > 0) headers.set(FAILED_READS_HEADER, failedReadsHeader(failed));
  // a page rendered whole comes with its length, which the <meta> changed
  if (headers.has('content-length')) headers.set('content-length', String(page.length));
  return new Response(new Uint8Array(page.buffer as ArrayBuffer, page.byteOffset, page.length), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

export const onRequest = sequence(responseHeaders, session, actionGate);
