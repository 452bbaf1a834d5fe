// Renders deploy/nginx.conf.template for a host, the bench or the tests.
// The template is a complete nginx.conf; README.md shows how a host uses it.
import fs from 'node:fs';
import path from 'node:path';
import { MAX_UPLOAD_BYTES } from '../src/lib/schemas/upload';
import { FILE_CSP, nginxHiddenUpstreamHeaders, nginxSecurityHeaders } from '../src/server/http/headers';
import { MISSING_FILE_RULES } from '../src/server/http/site-paths';
import { MISSING_FILE_NAMED } from '../src/lib/missing-pages';
import { EARLIER_BUILDS_FOLDER } from '../src/server/deploy/earlier-builds';

export type NginxOptions = {
  listen: string;
  upstream: string;
  siteDir: string;
  clientDir: string;
  /** earlier builds' hashed files (src/server/deploy/earlier-builds.ts); default: 'earlier-builds' beside siteDir, as in DATA_DIR */
  earlierBuildsDir?: string;
  uploadsDir: string;
  /** one folder for the pid, the error log and the temp files (the tests, the bench); each can be named apart */
  runDir: string;
  /** where nginx's systemd unit expects it: Debian's reads /run/nginx.pid */
  pidFile?: string;
  errorLog?: string;
  /** the request bodies' and proxied answers' temp folders (Debian: /var/lib/nginx) */
  tempDir?: string;
  workers?: number | 'auto';
  /** the workers' user; a test run as root must read its own temp folders */
  user?: string;
  /** HTTPS beside plain HTTP (e.g. '443'): nginx then tells Node the scheme and sends HSTS on it */
  tls?: { listen: string; certificate: string; key: string };
  /** the folder certbot's webroot check writes to (`/.well-known/acme-challenge/`); default /var/www/letsencrypt */
  acmeRoot?: string;
};

/** The largest request body nginx passes to Node: the upload limit and 1 MB for multipart framing and headroom. */
export const NGINX_BODY_LIMIT = `${Math.ceil(MAX_UPLOAD_BYTES / 1024 / 1024) + 1}m`;

function tlsDirectives(tls: NginxOptions['tls']): string {
  if (!tls) return '';
  return [`listen ${tls.listen} ssl;`, `ssl_certificate ${path.resolve(tls.certificate)};`, `ssl_certificate_key ${path.resolve(tls.key)};`].join('\n    ');
}

const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

export function hasBrotliModule(): boolean {
  return fs.existsSync(BROTLI_MODULE);
}

/**
 * The Node server's redirects for a page that is not there (MISSING_FILE_RULES: a gone archive page,
 * last season's fixtures, a removed player), as nginx locations: a page like any other where its file
 * is, else the same 302. Plain prefixes, so that the hidden-files rule (a regex) still applies below them.
 */
function missingFileLocations(): string {
  return MISSING_FILE_RULES.flatMap((rule, i) =>
    rule.redirect
      ? [
          `location ${rule.prefix} {`,
          '  add_header Cache-Control "public, max-age=0, must-revalidate";',
          `  ${nginxSecurityHeaders({ files: true }, '      ')}`,
          `  try_files $uri $uri/index.html @missing_${i};`,
          '}',
          // a missing file named with an extension (a deleted team's calendar) is not led to the section: a
          // calendar app followed the redirect to an HTML page and reported it unreadable (MISSING_FILE_NAMED)
          `location @missing_${i} { if ($uri ~ "${MISSING_FILE_NAMED.source}") { return 404; } return 302 ${rule.redirect}; }`,
        ]
      : [],
  ).join('\n    ');
}

export function renderNginxConfig(o: NginxOptions): string {
  const root = process.cwd();
  const template = fs.readFileSync(path.join(root, 'deploy', 'nginx.conf.template'), 'utf8');
  const brotli = hasBrotliModule();
  const values: Record<string, string> = {
    LOAD_MODULES: brotli ? `load_module ${BROTLI_MODULE};` : '',
    BROTLI: brotli ? 'brotli_static on;' : '',
    USER: o.user ? `user ${o.user};` : '',
    WORKERS: String(o.workers ?? 'auto'),
    PID_FILE: path.resolve(o.pidFile ?? path.join(o.runDir, 'nginx.pid')),
    ERROR_LOG: path.resolve(o.errorLog ?? path.join(o.runDir, 'error.log')),
    TEMP_DIR: path.resolve(o.tempDir ?? o.runDir),
    MIME_TYPES: '/etc/nginx/mime.types',
    UPSTREAM: o.upstream,
    LISTEN: o.listen,
    TLS: tlsDirectives(o.tls),
    ACME_ROOT: path.resolve(o.acmeRoot ?? '/var/www/letsencrypt'),
    BODY_LIMIT: NGINX_BODY_LIMIT,
    SITE_DIR: path.resolve(o.siteDir),
    CLIENT_DIR: path.resolve(o.clientDir),
    EARLIER_BUILDS_DIR: path.resolve(o.earlierBuildsDir ?? path.join(path.dirname(path.resolve(o.siteDir)), EARLIER_BUILDS_FOLDER)),
    UPLOADS_DIR: path.resolve(o.uploadsDir),
    PROXY_PARAMS: path.join(root, 'deploy', 'proxy_params.conf'),
    // the one header policy (src/server/http/headers.ts), as nginx directives
    SECURITY_HEADERS: nginxSecurityHeaders(),
    FILE_HEADERS: nginxSecurityHeaders({ files: true }, '      '),
    HIDE_UPSTREAM_HEADERS: nginxHiddenUpstreamHeaders(),
    FILE_CSP,
    MISSING_FILE_LOCATIONS: missingFileLocations(),
  };
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => {
    if (!(key in values)) throw new Error(`unknown placeholder ${key}`);
    return values[key];
  });
}
