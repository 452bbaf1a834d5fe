import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect, test } from '@playwright/test';
import { MAX_UPLOAD_BYTES, UPLOAD_TEXTS } from '../../../src/lib/schemas/upload';
import { news, teams } from '../../../src/server/db/schema';
import { adminClient } from '../../fixtures/admin-http';
import { HSTS, headerProblems, responseClasses } from '../../fixtures/header-policy';
import { jpegOfSize } from '../../fixtures/images';
import { startNginx, type Nginx } from '../../fixtures/nginx';
import { startSite, type Site } from '../../fixtures/site';
import { send } from '../../security/http';

// The documented nginx set-up (deploy/nginx.conf.template) serving the same
// published folder as the Node server, with the dynamic paths proxied to it,
// over plain HTTP and over HTTPS (a self-signed certificate made at start).
let site: Site;
let nginx: Nginx;
let base: string;
let teamId: string;
let newsId: string;

test.beforeAll(async () => {
  site = await startSite({
    // as the README sets it up: Node on loopback, trusting only nginx's forwarded headers
    env: { TRUST_PROXY: '127.0.0.1,::1' },
    seed: (db) => {
      teamId = db.insert(teams).values({ name: 'Kampfmannschaft', category: 'Herren' }).returning().get().id;
      newsId = db.insert(news).values({ title: 'Derbysieg', content: 'Drei Punkte!' }).returning().get().id;
    },
  });
  nginx = await startNginx(site, { tls: true });
  base = nginx.url;
});

test.afterAll(async () => {
  await nginx?.stop();
  await site?.stop();
});

test('nginx serves the published pages, precompressed, with the same rules as the Node server', async () => {
  // a page has a brotli copy only (decision 042): nginx sends it as such, and gzips for a client without brotli
  expect(fs.existsSync(path.join(site.dataDir, 'site', 'index.html.br'))).toBe(true);
  expect(fs.existsSync(path.join(site.dataDir, 'site', 'index.html.gz'))).toBe(false);
  const home = await fetch(`${base}/`, { headers: { 'accept-encoding': 'gzip' } });
  expect(home.status).toBe(200);
  expect(home.headers.get('content-encoding')).toBe('gzip');
  expect(await home.text()).toContain('Derbysieg');
  const brotli = await fetch(`${base}/`, { headers: { 'accept-encoding': 'br' } });
  expect(brotli.headers.get('content-encoding')).toBe('br');
  expect(await brotli.text()).toContain('Derbysieg');

  const article = await fetch(`${base}/news/${newsId}`);
  expect(await article.text()).toContain('Drei Punkte!');
  const team = await fetch(`${base}/team/${teamId}`);
  expect(await team.text()).toContain('Kampfmannschaft');

  // the feed and the sitemap as Node sends them: Debian's mime.types says text/xml, which took no charset and no gzip
  for (const file of ['/news/feed.xml', '/sitemap.xml']) {
    const [fromNode, fromNginx] = await Promise.all([site.url, base].map((origin) => fetch(`${origin}${file}`, { headers: { 'accept-encoding': 'gzip' } })));
    expect(`${file}: ${fromNginx.headers.get('content-type')}`).toBe(`${file}: ${fromNode.headers.get('content-type')}`);
    expect(fromNginx.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(fromNginx.headers.get('content-encoding'), file).toBe('gzip');
  }
  // the not-found page by its own address is not found, on both
  for (const origin of [site.url, base]) expect((await fetch(`${origin}/404`)).status, origin).toBe(404);

  const missingArticle = await fetch(`${base}/news/gibt-es-nicht`);
  expect(missingArticle.status).toBe(404);
  expect(await missingArticle.text()).toContain('Artikel nicht gefunden');

  const missingTeam = await fetch(`${base}/team/gibt-es-nicht`, { redirect: 'manual' });
  expect(missingTeam.status).toBe(302);
  expect(missingTeam.headers.get('location')).toMatch(/\/mannschaften$/);

  // every redirect of the Node server for a page that is not there, the same from nginx (an old link to a
  // removed player, last season's fixtures, a gone archive page)
  for (const [page, target] of [
    ['/news/seite/3', '/news/alle'],
    ['/spielplan/2019-20', '/spielplan'],
    ['/spiel/gibt-es-nicht', '/spielplan'],
    ['/spieler/gibt-es-nicht', '/mannschaften'],
    ['/tabelle/gibt-es-nicht', '/tabelle'],
    ['/team/a/b', '/mannschaften'],
    ['/mannschaften/a/b', '/mannschaften'],
  ]) {
    for (const server of [site.url, base]) {
      const response = await fetch(`${server}${page}`, { redirect: 'manual' });
      const where = `${server === base ? 'nginx' : 'node'} ${page}`;
      expect(`${where}: ${response.status} ${new URL(response.headers.get('location') ?? '', server).pathname}`).toBe(`${where}: 302 ${target}`);
    }
  }

  // a deleted team's calendar: not found, on both (a redirect to the teams' page gave calendar apps an HTML page)
  for (const server of [site.url, base]) {
    const response = await fetch(`${server}/mannschaften/gibt-es-nicht/spielplan.ics`, { redirect: 'manual' });
    expect(`${server === base ? 'nginx' : 'node'}: ${response.status}`).toBe(`${server === base ? 'nginx' : 'node'}: 404`);
  }

  const unknown = await fetch(`${base}/gibt-es-nicht`);
  expect(unknown.status).toBe(404);
  expect(await unknown.text()).toContain('Oops! Page not found');

  // every page, found or not, is checked again on each visit (a roster change shows at once) and names its
  // charset: from nginx as from Node
  for (const server of [site.url, base]) {
    for (const page of ['/', `/news/${newsId}`, `/team/${teamId}`, `/mannschaften/${teamId}`, '/gibt-es-nicht', '/news/gibt-es-nicht']) {
      const response = await fetch(`${server}${page}`);
      const where = `${server === base ? 'nginx' : 'node'} ${page} (${response.status})`;
      expect(`${where}: ${response.headers.get('cache-control')}`).toBe(`${where}: public, max-age=0, must-revalidate`);
      expect(`${where}: ${response.headers.get('content-type')}`).toBe(`${where}: text/html; charset=utf-8`);
    }
  }

  // a temp file of an interrupted write is never served
  fs.writeFileSync(path.join(site.dataDir, 'site', 'news', '.index.html.1.x.tmp'), '<p>halb');
  const temp = await fetch(`${base}/news/.index.html.1.x.tmp`);
  expect(temp.status).toBe(404);
  expect(await temp.text()).not.toContain('halb');

  // Let's Encrypt's HTTP check reads certbot's file (webroot), though it lies under a hidden folder;
  // any other hidden path stays 404
  const challenge = path.join(nginx.acmeRoot, '.well-known', 'acme-challenge');
  fs.mkdirSync(challenge, { recursive: true });
  fs.writeFileSync(path.join(challenge, 'token-123'), 'token-123.key');
  const check = await fetch(`${base}/.well-known/acme-challenge/token-123`);
  expect(check.status).toBe(200);
  expect(check.headers.get('content-type')).toMatch(/^text\/plain/);
  expect(await check.text()).toBe('token-123.key');
  expect((await fetch(`${base}/.well-known/acme-challenge/gibt-es-nicht`)).status).toBe(404);
  expect((await fetch(`${base}/.well-known/security.txt`)).status).toBe(404);
});

test('nginx caches hashed assets forever and proxies the dynamic paths to Node', async () => {
  const html = await (await fetch(`${base}/`)).text();
  const asset = /\/_astro\/[^"']+\.js/.exec(html)?.[0];
  expect(asset).toBeTruthy();
  const assetResponse = await fetch(base + asset);
  expect(assetResponse.status).toBe(200);
  expect(assetResponse.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

  // an earlier build's file (decision 070): the start kept this build's files in DATA_DIR/earlier-builds,
  // and a name the build lacks (one a deploy replaced) is answered from there, precompressed as well
  const earlier = path.join(site.dataDir, 'earlier-builds', '_astro');
  expect(fs.existsSync(path.join(earlier, asset!.slice('/_astro/'.length)))).toBe(true);
  fs.writeFileSync(path.join(earlier, 'Form.vorher1.js'), 'export const form = 1;'.repeat(40));
  fs.writeFileSync(path.join(earlier, 'Form.vorher1.js.br'), zlib.brotliCompressSync('export const form = 1;'.repeat(40)));
  const kept = await fetch(`${base}/_astro/Form.vorher1.js`, { headers: { 'accept-encoding': 'br' } });
  expect(kept.status).toBe(200);
  expect(kept.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  expect(kept.headers.get('content-encoding')).toBe('br');
  expect(headerProblems(kept, 'file')).toEqual([]);
  expect(await kept.text()).toBe('export const form = 1;'.repeat(40));
  expect((await fetch(`${base}/_astro/Form.nie1.js`)).status).toBe(404);
  // what a killed start left half-written is never served, there or among the uploads
  fs.writeFileSync(path.join(earlier, 'Form.vorher1.js.4242-7.tmp'), 'export const');
  expect((await fetch(`${base}/_astro/Form.vorher1.js.4242-7.tmp`)).status).toBe(404);
  fs.mkdirSync(path.join(site.dataDir, 'uploads'), { recursive: true });
  fs.writeFileSync(path.join(site.dataDir, 'uploads', 'foto.webp.4242-8.tmp'), 'RIFF');
  expect((await fetch(`${base}/uploads/foto.webp.4242-8.tmp`)).status).toBe(404);

  const me = await fetch(`${base}/api/me`);
  expect(await me.json()).toMatchObject({ user: null });
  const health = await fetch(`${base}/healthz`);
  expect(health.status).toBe(200);
});

test('one header policy on every response class, from Node directly and behind nginx over HTTP and HTTPS, HSTS only over HTTPS, none of them twice', async () => {
  fs.mkdirSync(path.join(site.dataDir, 'uploads'), { recursive: true });
  fs.writeFileSync(path.join(site.dataDir, 'uploads', 'wappen.webp'), 'RIFF');
  const asset = /\/_astro\/[^"']+\.js/.exec(await (await fetch(`${base}/`)).text())![0];
  const { url: httpsBase, ca } = nginx.https!;
  const servers = [
    { name: 'node', url: site.url, https: false },
    { name: 'nginx', url: base, https: false },
    { name: 'nginx https', url: httpsBase, https: true },
  ];
  const classes = responseClasses({ newsId, teamId }, asset);
  const problems: string[] = [];
  const hsts: Record<string, number> = { node: 0, nginx: 0, 'nginx https': 0 };
  for (const server of servers) {
    for (const c of classes) {
      const headers = { ...c.headers, ...(c.body ? { origin: server.url } : {}) };
      const response = await send(server.url, c.path, { method: c.method ?? 'GET', raw: c.body, headers, ca });
      const where = `${server.name} ${c.name} (${response.status})`;
      if (response.headers.get('strict-transport-security') === HSTS) hsts[server.name]++;
      for (const problem of headerProblems(response, c.kind, server.https)) problems.push(`${where}: ${problem}`);
    }
  }
  expect(problems).toEqual([]);
  // every location class over HTTPS carries HSTS, none over plain HTTP
  expect(hsts).toEqual({ node: 0, nginx: 0, 'nginx https': classes.length });
  // and HTTPS serves the same site: the team page and the article, the sign-in page from Node
  expect((await send(httpsBase, `/team/${teamId}`, { ca })).body).toContain('Kampfmannschaft');
  expect((await send(httpsBase, `/news/${newsId}`, { ca })).body).toContain('Drei Punkte!');
  expect((await send(httpsBase, '/auth', { ca })).status).toBe(200);
});

test('an image upload of a few MB reaches Node through nginx and is stored; above the limits the refusal is a 413, never a 500', async () => {
  const { cookie } = await adminClient(site);
  const uploadsDir = path.join(site.dataDir, 'uploads');
  const files = () => fs.readdirSync(uploadsDir, { recursive: true }).length;
  const upload = (body: Buffer) =>
    send(base, '/api/admin/upload', {
      method: 'POST',
      raw: body,
      headers: { 'content-type': 'application/octet-stream', 'x-file-name': 'mannschaftsfoto.jpg', 'x-upload-folder': 'teams/', cookie },
    });

  // a 3 MB photo: above nginx's default of 1 MB, well below the app's 5 MB
  const photo = await upload(await jpegOfSize(3 * 1024 * 1024));
  expect(photo.status, photo.body).toBe(201);
  expect(headerProblems(photo, 'api')).toEqual([]);
  const { url } = JSON.parse(photo.body) as { url: string };
  expect(url).toMatch(/^\/uploads\/teams\/[0-9a-f]{32}\.jpg$/);
  expect(fs.existsSync(path.join(site.dataDir, url))).toBe(true);
  expect((await fetch(base + url)).status).toBe(200);
  const stored = files();

  // above the app's limit but within nginx's: the app's own German answer
  const tooLarge = await upload(Buffer.alloc(MAX_UPLOAD_BYTES + 512 * 1024, 0xff));
  expect(tooLarge.status).toBe(413);
  expect(JSON.parse(tooLarge.body)).toEqual({ error: UPLOAD_TEXTS.tooLarge });
  // above nginx's limit: nginx refuses before Node reads it (the admin's upload field says the same German text for a 413)
  const huge = await upload(Buffer.alloc(10 * 1024 * 1024, 0xff));
  expect(huge.status).toBe(413);
  expect(files()).toBe(stored);
});
