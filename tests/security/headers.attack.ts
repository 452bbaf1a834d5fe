// Headers (issue 11, attack group 5): every response class from the Node
// server directly and behind nginx, asked normally and in hostile ways (odd
// methods, traversal, an overlong URL, a forged Host, a forged
// X-Forwarded-Proto from outside the proxy), and behind nginx over HTTPS too
// (a self-signed certificate). Every answer must carry the one header policy
// once, HSTS only when it went out over HTTPS (nginx's TLS, or the trusted
// proxy saying so), no-store where answers are per user, and none may be a 500.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { news, teams } from '../../src/server/db/schema';
import { headerProblems, responseClasses, type ResponseClass } from '../fixtures/header-policy';
import { startNginx, type Nginx } from '../fixtures/nginx';
import { startSite, type Site } from '../fixtures/site';
import { printFigures } from '../faults/figures';
import { send } from './http';

let site: Site;
let nginx: Nginx;
let seeded: { newsId: string; teamId: string };
beforeAll(async () => {
  site = await startSite({
    env: { TRUST_PROXY: '127.0.0.1' },
    seed: (db) =>
      void (seeded = {
        newsId: db.insert(news).values({ title: 'Derbysieg', content: 'Drei Punkte!' }).returning().get().id,
        teamId: db.insert(teams).values({ name: 'Kampfmannschaft', category: 'Herren' }).returning().get().id,
      }),
  });
  fs.mkdirSync(path.join(site.dataDir, 'uploads'), { recursive: true });
  fs.writeFileSync(path.join(site.dataDir, 'uploads', 'wappen.webp'), 'RIFF');
  nginx = await startNginx(site, { tls: true });
});
afterAll(async () => {
  await nginx?.stop();
  await site?.stop();
});

type Probe = ResponseClass & { from?: string; https?: boolean };

function probes(asset: string): Probe[] {
  const json = { 'content-type': 'application/json' };
  return [
    ...responseClasses(seeded, asset),
    { name: 'manifest', path: '/manifest.webmanifest', kind: 'file' },
    { name: 'sitemap', path: '/sitemap.xml', kind: 'file' },
    { name: 'upload missing', path: '/uploads/fehlt.webp', kind: 'file' },
    { name: 'reset page', path: '/reset-password', kind: 'rendered' },
    { name: 'captcha', path: '/api/captcha', kind: 'api' },
    { name: 'events refused', path: '/api/admin/events', kind: 'api' },
    { name: 'upload refused', path: '/api/admin/upload', kind: 'api', method: 'POST' },
    { name: 'action bad JSON', path: '/_actions/public.inquiry', kind: 'api', method: 'POST', headers: json, body: '{"name":' },
    // hostile
    { name: 'HEAD page', path: '/', kind: 'file', method: 'HEAD' },
    { name: 'OPTIONS page', path: '/', kind: 'file', method: 'OPTIONS' },
    { name: 'DELETE page', path: '/news', kind: 'file', method: 'DELETE' },
    { name: 'traversal', path: '/..%2f..%2fetc%2fpasswd', kind: 'file' },
    { name: 'traversal in uploads', path: '/uploads/..%2f..%2fclub.db', kind: 'file' },
    { name: 'NUL in path', path: '/news/%00', kind: 'file' },
    { name: 'overlong URL', path: `/news/${'a'.repeat(7000)}`, kind: 'file' },
    { name: 'forged Host', path: '/auth', kind: 'rendered', headers: { host: 'angreifer.example' } },
    { name: 'forged proto from outside', path: '/auth', kind: 'rendered', headers: { 'x-forwarded-proto': 'https' }, from: '127.0.0.2' },
    // HTTPS as the trusted proxy reports it: HSTS is due
    { name: 'page over HTTPS', path: '/', kind: 'file', headers: { 'x-forwarded-proto': 'https' }, from: '127.0.0.1', https: true },
    { name: 'sign-in over HTTPS', path: '/auth', kind: 'rendered', headers: { 'x-forwarded-proto': 'https' }, from: '127.0.0.1', https: true },
  ];
}

it('every response class, directly and behind nginx, normal and hostile: the one header policy, once; no 500', async () => {
  const home = await send(nginx.url, '/');
  const asset = /\/_astro\/[^"']+\.js/.exec(home.body)![0];
  const node = site.url.replace('localhost', '127.0.0.1');
  const problems: string[] = [];
  const { url: httpsUrl, ca } = nginx.https!;
  const servers = [
    { server: 'node', base: node, https: false },
    { server: 'nginx', base: nginx.url, https: false },
    { server: 'nginx https', base: httpsUrl, https: true },
  ];
  const figures = { responseClasses: 0, servers: servers.length, requests: 0, checks: 0, missing: 0, wrong: 0, errors5xx: 0, httpsWithHsts: 0, httpWithHsts: 0 };
  for (const { server, base, https } of servers) {
    for (const probe of probes(asset)) {
      // forwarded headers are nginx's to set: behind it only the direct cases make sense
      if (server !== 'node' && probe.from) continue;
      const reply = await send(base, probe.path, { method: probe.method ?? (probe.body ? 'POST' : 'GET'), raw: probe.body, headers: probe.headers, from: probe.from, ca });
      figures.requests++;
      if (server === 'node') figures.responseClasses++;
      const overHttps = https || (probe.https ?? false);
      if (reply.headers.get('strict-transport-security') !== null) figures[overHttps ? 'httpsWithHsts' : 'httpWithHsts']++;
      const found = headerProblems(reply, probe.kind, overHttps);
      figures.checks += 8;
      if (reply.status >= 500) {
        figures.errors5xx++;
        found.push(`status ${reply.status}`);
      }
      for (const problem of found) {
        if (/=null$/.test(problem)) figures.missing++;
        else figures.wrong++;
        problems.push(`${server} ${probe.name} (${reply.status}): ${problem}`);
      }
    }
  }
  printFigures('headers: every response class', figures);
  expect(problems).toEqual([]);
  // a body that is not JSON is the caller's mistake, answered in German
  const bad = await send(node, '/_actions/public.inquiry', { method: 'POST', raw: '{"name":', headers: { 'content-type': 'application/json', origin: node } });
  expect(bad.status).toBe(400);
  expect(JSON.parse(bad.body).message).toBe('Ungültige Anfrage: Der Inhalt ist kein gültiges JSON.');
  expect(figures.requests).toBeGreaterThan(50);
});
