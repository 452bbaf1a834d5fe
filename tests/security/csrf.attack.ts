// CSRF (issue 11, attack group 2): a signed-in superadmin visits an attacker's
// pages in Chromium. The pages come from a foreign site (another host name: the
// session cookie is SameSite=Lax and stays home) and from the same site on
// another port (the cookie goes along: only the origin check stands), and post
// to the actions and endpoints that change things: form-encoded, multipart,
// text/plain, from a sandboxed frame (Origin: null), by fetch without CORS and
// with a preflight; and straight, with the cookie but without any Origin.
// After each, the database must be as before and the session alive.
import http from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from '@playwright/test';
import { createSession, SESSION_COOKIE } from '../../src/server/auth/session';
import { createUser } from '../../src/server/auth/users';
import { checksum } from '../fixtures/permission-matrix';
import { startSite, type Site } from '../fixtures/site';
import { printFigures } from '../faults/figures';
import { launchChromium, watchedContext } from './browser';
import { send } from './http';

let site: Site;
let browser: Browser;
let token: string;
let attacker: http.Server;
let attackPages: Map<string, string>;
let attackerPort: number;
beforeAll(async () => {
  site = await startSite();
  const owner = await createUser(site.db(), { email: 'csrf-owner@test.at', password: 'Passwort-owner-1', roles: ['superadmin'] });
  token = createSession(site.db(), owner.id).token;
  browser = await launchChromium();
  attackPages = new Map();
  attacker = http.createServer((req, res) => {
    const page = attackPages.get(new URL(req.url ?? '/', 'http://x').pathname);
    res.writeHead(page ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end(page ?? '');
  });
  await new Promise<void>((resolve) => attacker.listen(0, '0.0.0.0', resolve));
  attackerPort = (attacker.address() as { port: number }).port;
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => attacker?.close(resolve));
  await site?.stop();
});

/** An auto-submitting form, as an attacker's page has it. */
const form = (action: string, enctype: string, fields: Record<string, string>) =>
  `<form method="POST" action="${action}" enctype="${enctype}">${Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${name}" value='${value}'>`)
    .join('')}</form><script>document.forms[0].submit()</script>`;

/** The attacks a page can make against the site at `target`. */
function attacks(target: string): { name: string; html: string }[] {
  const news = `${target}/_actions/admin.news.create`;
  const fields = { title: 'Gefälscht', content: 'CSRF', published: 'true' };
  const fetchScript = (code: string) => `<script>${code}</script>`;
  return [
    { name: 'form-encoded', html: form(news, 'application/x-www-form-urlencoded', fields) },
    { name: 'multipart', html: form(news, 'multipart/form-data', fields) },
    { name: 'text/plain as JSON', html: form(news, 'text/plain', { '{"title":"Gefälscht","content":"CSRF","published":true,"x":"': '"}' }) },
    { name: 'body-less cache update', html: form(`${target}/_actions/admin.cacheUpdate`, 'application/x-www-form-urlencoded', {}) },
    { name: 'invite a user', html: form(`${target}/_actions/admin.users.invite`, 'application/x-www-form-urlencoded', { email: 'angreifer@example.at' }) },
    { name: 'sign-out', html: form(`${target}/api/auth/logout`, 'application/x-www-form-urlencoded', {}) },
    { name: 'fetch no-cors text/plain', html: fetchScript(`fetch(${JSON.stringify(news)}, { method: 'POST', mode: 'no-cors', credentials: 'include', headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ title: 'Gefälscht', content: 'CSRF', published: true }) })`) },
    { name: 'fetch no-cors upload', html: fetchScript(`const d = new FormData(); d.append('folder', 'news/'); d.append('file', new Blob([new Uint8Array([137,80,78,71])], { type: 'image/png' }), 'x.png'); fetch(${JSON.stringify(`${target}/api/admin/upload`)}, { method: 'POST', mode: 'no-cors', credentials: 'include', body: d })`) },
    { name: 'fetch with preflight (JSON)', html: fetchScript(`fetch(${JSON.stringify(news)}, { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title: 'Gefälscht', content: 'CSRF', published: true }) }).catch(() => {})`) },
    { name: 'null origin form', html: `<iframe sandbox="allow-scripts allow-forms" srcdoc="${form(news, 'application/x-www-form-urlencoded', fields).replace(/"/g, '&quot;')}"></iframe>` },
    { name: 'null origin fetch', html: `<iframe sandbox="allow-scripts" srcdoc="${fetchScript(`fetch(${JSON.stringify(news)}, { method: 'POST', mode: 'no-cors', credentials: 'include', headers: { 'content-type': 'text/plain' }, body: '{}' })`).replace(/"/g, '&quot;')}"></iframe>` },
  ];
}

it('a foreign site, the same site on another port and a null origin post every way a page can: nothing changes, the session stays', async () => {
  const db = site.db();
  const { context } = await watchedContext(browser, site.url, token);
  const page = await context.newPage();
  const answers: number[] = [];
  page.on('response', (response) => {
    const url = response.url();
    if (url.includes('/_actions/') || url.includes('/api/')) answers.push(response.status());
  });
  const figures = { tried: 0, refusedByServer: 0, noAnswerSeen: 0, changed: 0, signedOut: 0 };
  // another host name is another site; localhost on the attacker's port is the same site, another origin
  for (const origin of [`http://127.0.0.1:${attackerPort}`, `http://localhost:${attackerPort}`]) {
    for (const attack of attacks(site.url)) {
      const key = `/${origin.includes('localhost') ? 'same-site' : 'foreign'}/${attack.name.replace(/\W+/g, '-')}`;
      attackPages.set(key, `<!doctype html><meta charset="utf-8"><title>Gewinnspiel</title>${attack.html}`);
      const before = checksum(db);
      const seen = answers.length;
      // the form's navigation or the fetch is answered by the site (or never sent: the browser refused it)
      const answered = page.waitForResponse((r) => r.url().startsWith(site.url) && r.request().method() === 'POST', { timeout: 3_000 }).catch(() => null);
      await page.goto(`${origin}${key}`, { waitUntil: 'load' });
      const response = await answered;
      figures.tried++;
      const statuses = [...answers.slice(seen), ...(response ? [response.status()] : [])];
      // 403: the origin check (a 401, no session, would not show that the cookie came and was refused)
      if (statuses.includes(403)) figures.refusedByServer++;
      // the browser refused to send it (a failed preflight), or the answer went to a frame unseen
      else figures.noAnswerSeen++;
      if (checksum(db) !== before) figures.changed++;
    }
  }
  await context.close();
  // straight to the server, with the cookie and without any Origin, in the types a form can send
  for (const [type, body] of [
    ['application/x-www-form-urlencoded', 'title=Gef%C3%A4lscht&content=CSRF&published=true'],
    ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="title"\r\n\r\nGefälscht\r\n--x--\r\n'],
    ['text/plain', '{"title":"Gefälscht","content":"CSRF","published":true}'],
  ]) {
    const before = checksum(db);
    const reply = await send(site.url, '/_actions/admin.news.create', { method: 'POST', raw: body, headers: { 'content-type': type, cookie: `${SESSION_COOKIE}=${token}` } });
    figures.tried++;
    if (reply.status === 403) figures.refusedByServer++;
    if (checksum(db) !== before) figures.changed++;
  }
  const session = db.$client.prepare('SELECT count(*) AS n FROM sessions').get() as { n: number };
  figures.signedOut = session.n === 0 ? 1 : 0;
  printFigures('csrf: attacker pages', figures);
  expect(figures.changed).toBe(0);
  expect(figures.signedOut).toBe(0);
  expect(db.$client.prepare("SELECT count(*) AS n FROM news WHERE title = 'Gefälscht'").get()).toEqual({ n: 0 });
  // the same-site pages carried the cookie: there the server's origin check refused them
  expect(figures.refusedByServer).toBeGreaterThanOrEqual(attacks(site.url).length);
});
