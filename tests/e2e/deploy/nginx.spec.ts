import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { news, teams } from '../../../src/server/db/schema';
import { headerProblems, responseClasses } from '../../fixtures/header-policy';
import { startNginx, type Nginx } from '../../fixtures/nginx';
import { startSite, type Site } from '../../fixtures/site';

// The documented nginx set-up (deploy/nginx.conf.template) serving the same
// published folder as the Node server, with the dynamic paths proxied to it.
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
  nginx = await startNginx(site);
  base = nginx.url;
});

test.afterAll(async () => {
  await nginx?.stop();
  await site?.stop();
});

test('nginx serves the published pages, precompressed, with the same rules as the Node server', async () => {
  const home = await fetch(`${base}/`, { headers: { 'accept-encoding': 'gzip' } });
  expect(home.status).toBe(200);
  expect(home.headers.get('content-encoding')).toBe('gzip');
  expect(await home.text()).toContain('Derbysieg');

  const article = await fetch(`${base}/news/${newsId}`);
  expect(await article.text()).toContain('Drei Punkte!');
  const team = await fetch(`${base}/team/${teamId}`);
  expect(await team.text()).toContain('Kampfmannschaft');

  const missingArticle = await fetch(`${base}/news/gibt-es-nicht`);
  expect(missingArticle.status).toBe(404);
  expect(await missingArticle.text()).toContain('Artikel nicht gefunden');

  const missingTeam = await fetch(`${base}/team/gibt-es-nicht`, { redirect: 'manual' });
  expect(missingTeam.status).toBe(302);
  expect(missingTeam.headers.get('location')).toMatch(/\/mannschaften$/);

  const unknown = await fetch(`${base}/gibt-es-nicht`);
  expect(unknown.status).toBe(404);
  expect(await unknown.text()).toContain('Oops! Page not found');

  // a temp file of an interrupted write is never served
  fs.writeFileSync(path.join(site.dataDir, 'site', 'news', '.index.html.1.x.tmp'), '<p>halb');
  const temp = await fetch(`${base}/news/.index.html.1.x.tmp`);
  expect(temp.status).toBe(404);
  expect(await temp.text()).not.toContain('halb');
});

test('nginx caches hashed assets forever and proxies the dynamic paths to Node', async () => {
  const html = await (await fetch(`${base}/`)).text();
  const asset = /\/_astro\/[^"']+\.js/.exec(html)?.[0];
  expect(asset).toBeTruthy();
  const assetResponse = await fetch(base + asset);
  expect(assetResponse.status).toBe(200);
  expect(assetResponse.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

  const me = await fetch(`${base}/api/me`);
  expect(await me.json()).toMatchObject({ user: null });
  const health = await fetch(`${base}/healthz`);
  expect(health.status).toBe(200);
});

test('one header policy on every response class, from Node directly and behind nginx, none of them twice', async () => {
  fs.mkdirSync(path.join(site.dataDir, 'uploads'), { recursive: true });
  fs.writeFileSync(path.join(site.dataDir, 'uploads', 'wappen.webp'), 'RIFF');
  const asset = /\/_astro\/[^"']+\.js/.exec(await (await fetch(`${base}/`)).text())![0];
  const problems: string[] = [];
  for (const server of [site.url, base]) {
    for (const c of responseClasses(newsId, asset)) {
      const response = await fetch(server + c.path, { method: c.method ?? 'GET', redirect: 'manual', headers: { ...c.headers, ...(c.body ? { origin: server } : {}) }, body: c.body });
      const where = `${server === base ? 'nginx' : 'node'} ${c.name} (${response.status})`;
      for (const problem of headerProblems(response, c.kind)) problems.push(`${where}: ${problem}`);
    }
  }
  expect(problems).toEqual([]);
});
