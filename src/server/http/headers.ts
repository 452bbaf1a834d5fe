// One header policy for every response, whoever sends it: the Node server's
// published files (server.ts), Astro's pages, actions and API (middleware.ts)
// and nginx (scripts/nginx-config.ts renders these same values into
// deploy/nginx.conf.template). docs/decisions/015-one-header-policy.md
// The pages' script policy (hashes of their inline scripts) is csp.ts's.

/** On every response. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  // no one frames our pages (frame-ancestors says the same to newer browsers)
  'x-frame-options': 'DENY',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()',
  'cross-origin-opener-policy': 'same-origin',
};

/** Only over HTTPS (a browser ignores it over HTTP, and a local test must not be pinned). */
export const HSTS_HEADER = 'strict-transport-security';
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/**
 * The header CSP of everything that is not a page Astro renders here: published
 * files (their script policy is in their <meta>, which cannot say
 * frame-ancestors), assets, uploads, JSON, event streams.
 */
export const FILE_CSP = "frame-ancestors 'none'; object-src 'none'; base-uri 'self'";

/** Appended to a rendered page's own policy: what only a header can say. */
export const HEADER_ONLY_DIRECTIVES = "frame-ancestors 'none'";

/**
 * The one page that may be framed, by our own admin only: the previewed page in
 * the side-by-side preview (issue 15, /admin/vorschau/<token>/seite).
 */
export const PREVIEW_FRAME_DIRECTIVES = "frame-ancestors 'self'";
export const isFramedPreview = (pathname: string) => /^\/admin\/vorschau\/[^/]+\/seite\/?$/.test(pathname);

/** Admin, sign-in, reset and API answers are per user: never stored by a browser, worker, proxy or CDN. */
export const NO_STORE = 'no-store';

/** The headers of a response, with HSTS when it goes out over HTTPS. */
export function securityHeaders(secure: boolean): Record<string, string> {
  return secure ? { ...SECURITY_HEADERS, [HSTS_HEADER]: HSTS_VALUE } : { ...SECURITY_HEADERS };
}

/**
 * The same policy as nginx directives, for deploy/nginx.conf.template: the set
 * for every response, and with `files` the header CSP of published files too.
 * nginx drops a server's add_header lines in a location with add_header lines
 * of its own, so every such location repeats the whole set.
 */
export function nginxSecurityHeaders(options: { files?: boolean } = {}, indent = '    '): string {
  const lines = Object.entries(SECURITY_HEADERS).map(([name, value]) => `add_header ${name} "${value}" always;`);
  // $hsts is "" over HTTP (a map in the template): nginx then sends no header
  lines.push(`add_header ${HSTS_HEADER} $hsts always;`);
  // files: their own policy; elsewhere $own_csp is the file policy only where Node sent none
  // (nginx's own answers, a 400 for a malformed request), so no answer has two
  lines.push(options.files ? `add_header content-security-policy "${FILE_CSP}" always;` : 'add_header content-security-policy $own_csp always;');
  return lines.join(`\n${indent}`);
}

/** Node sets the same headers on what nginx passes on: nginx hides Node's and adds its own, so none comes twice. */
export function nginxHiddenUpstreamHeaders(indent = '    '): string {
  return [...Object.keys(SECURITY_HEADERS), HSTS_HEADER].map((name) => `proxy_hide_header ${name};`).join(`\n${indent}`);
}
