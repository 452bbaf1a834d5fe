// SQL injection (issue 11, attack group 7): the real sqlmap (Debian package)
// over the public form actions and three admin create actions. sqlmap talks to
// a small proxy started here, which plays nginx (a rotating X-Forwarded-For,
// so that per-address limits do not stop it; a fresh account for each sign-in,
// so that the account's extra delay does not either) and a person's browser (a fresh,
// solved captcha in every public form post; the admin's session and Origin on
// the admin ones), so that each of sqlmap's requests reaches the query it aims
// at instead of being refused at the door.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSession, SESSION_COOKIE } from '../../src/server/auth/session';
import { createUser } from '../../src/server/auth/users';
import { startSite, type Site } from '../fixtures/site';
import { printFigures } from '../faults/figures';
import { captchaFor } from './http';

let site: Site;
let proxy: http.Server;
let proxyUrl: string;
let adminCookie: string;
const stats = { requests: 0, reachedHandler: 0, captchaRefused: 0, serverErrors: 0 };
let visitor = 0;

beforeAll(async () => {
  site = await startSite({ env: { TRUST_PROXY: '127.0.0.1' } });
  const admin = await createUser(site.db(), { email: 'sqlmap-admin@test.at', password: 'Passwort-sqlmap-1', roles: ['admin'] });
  adminCookie = `${SESSION_COOKIE}=${createSession(site.db(), admin.id).token}`;
  const upstream = site.url.replace('localhost', '127.0.0.1');
  proxy = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', async () => {
      // this request's own number, taken before any await (another request may take the next meanwhile)
      const request = visitor++;
      const forwardedFor = `10.${(request >> 16) & 255}.${(request >> 8) & 255}.${request & 255}`;
      const admin = (req.url ?? '').startsWith('/_actions/admin.');
      try {
        const input = JSON.parse(body) as Record<string, unknown>;
        if ('captchaToken' in input) Object.assign(input, await captchaFor(upstream));
        // the sign-in's address as sqlmap left it (it injects into the password): an account of its own each
        // time, as each request's client address is. One account failing hundreds of times from ever new
        // addresses is under attack, and each sign-in then waits its extra delay (decision 016): the sign-in's
        // run took 136 of the eight runs' 137 s
        if ((req.url ?? '').startsWith('/_actions/auth.signIn') && input.email === SIGN_IN_EMAIL) input.email = `max+${request}@example.at`;
        body = JSON.stringify(input);
      } catch {
        // not JSON (sqlmap broke it on purpose): it goes as it is
      }
      const response = await fetch(`${upstream}${req.url}`, {
        method: req.method,
        headers: {
          'content-type': req.headers['content-type'] ?? 'application/json',
          accept: 'application/json',
          origin: upstream,
          'x-forwarded-for': forwardedFor,
          ...(admin ? { cookie: adminCookie } : {}),
        },
        body: req.method === 'GET' || req.method === 'HEAD' ? undefined : body,
      });
      const text = await response.text();
      stats.requests++;
      if (response.status >= 500) stats.serverErrors++;
      if (/Rechenaufgabe|captcha/i.test(text)) stats.captchaRefused++;
      // the action's own validation or handler answered, not the door or a limit
      if ([200, 400, 404, 409, 410].includes(response.status) && !/Rechenaufgabe|captcha/i.test(text)) stats.reachedHandler++;
      res.writeHead(response.status, { 'content-type': response.headers.get('content-type') ?? 'text/plain' });
      res.end(text);
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => proxy?.close(resolve));
  await site?.stop();
});

const SIGN_IN_EMAIL = 'max@example.at';
/** Each target: the action and a valid body, every text value marked for injection with '*'. */
const TARGETS: { action: string; body: Record<string, unknown> }[] = [
  { action: 'public.inquiry', body: { name: 'Max Muster', email: 'max@example.at', betreff: 'Mitgliedschaft', nachricht: 'Servus', source: 'kontakt', captchaToken: 'x', captchaAnswer: '1', captchaProof: 'x' } },
  { action: 'auth.signIn', body: { email: SIGN_IN_EMAIL, password: 'Passwort-falsch-1', captchaToken: 'x', captchaAnswer: '1', captchaProof: 'x' } },
  { action: 'auth.requestPasswordReset', body: { email: 'max@example.at', captchaToken: 'x', captchaAnswer: '1', captchaProof: 'x' } },
  { action: 'auth.resetPassword', body: { token: 'abcdef', password: 'Neues-Passwort-1', confirm: 'Neues-Passwort-1' } },
  { action: 'auth.completeSetup', body: { token: 'abcdef', email: 'max@example.at', password: 'Neues-Passwort-1', confirm: 'Neues-Passwort-1' } },
  { action: 'admin.news.create', body: { title: 'Derbysieg', excerpt: 'Kurz', content: 'Bericht', published: true } },
  { action: 'admin.teams.create', body: { name: 'Kampfmannschaft', category: 'Herren', description: 'Die Erste' } },
  { action: 'admin.sponsors.create', body: { name: 'Autohaus Muster', tier: 'gold', description: 'Seit 1990', website_url: 'https://example.at' } },
];

const CAPTCHA_FIELDS = new Set(['captchaToken', 'captchaAnswer', 'captchaProof']);

/** The request file sqlmap reads: the JSON body with '*' after each value it should inject into. */
function requestFile(dir: string, target: (typeof TARGETS)[number]): string {
  const marked = JSON.stringify(target.body, (key, value: unknown) => (typeof value === 'string' && !CAPTCHA_FIELDS.has(key) ? `${value}*` : value));
  const host = new URL(proxyUrl).host;
  const file = path.join(dir, `${target.action}.txt`);
  fs.writeFileSync(file, `POST /_actions/${target.action} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nAccept: application/json\r\n\r\n${marked}`);
  return file;
}

function sqlmap(file: string, outputDir: string): Promise<string> {
  const args = ['-r', file, '--ignore-stdin', '--batch', '--dbms=SQLite', '--level=2', '--risk=2', '--technique=BEU', '--threads=4', '--flush-session',
    `--output-dir=${outputDir}`, '--disable-coloring', '--timeout=10', '--retries=1', '--ignore-code=401,403,404,409,410,429', '--answers=custom injection marker=Y'];
  return new Promise((resolve, reject) => {
    const child = spawn('sqlmap', args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, HOME: outputDir } });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('close', () => resolve(out));
  });
}

it('sqlmap over the public forms and three admin create actions: nothing injectable', async () => {
  const started = Date.now();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-sqlmap-'));
  const outputs: string[] = new Array(TARGETS.length);
  // two at a time (the machine has two cores, and the server renders pages for the admin creates), the next
  // started as soon as one ends: in pairs, each pair waited for its slower run
  let next = 0;
  const runNext = async (): Promise<void> => {
    for (let i = next++; i < TARGETS.length; i = next++) outputs[i] = await sqlmap(requestFile(dir, TARGETS[i]), path.join(dir, TARGETS[i].action));
  };
  await Promise.all([runNext(), runNext()]);
  fs.rmSync(dir, { recursive: true, force: true });
  const all = outputs.join('\n');
  const tested = new Set([...all.matchAll(/parameter '([^']+)' (?:does not seem to be injectable|is vulnerable|might be injectable|appears to be)/g)].map((m) => m[1]));
  const perTarget = outputs.map((o) => new Set([...o.matchAll(/(?:custom\) POST|JSON) parameter '([^']+)' does not seem to be injectable/g)].map((m) => m[1])).size);
  const injectable = (all.match(/is vulnerable|identified the following injection point/g) ?? []).length;
  const figures = {
    targets: TARGETS.length,
    parametersTested: perTarget.reduce((a, b) => a + b, 0),
    requests: stats.requests,
    reachedHandler: stats.reachedHandler,
    captchaRefused: stats.captchaRefused,
    serverErrors: stats.serverErrors,
    injectable,
    seconds: Math.round((Date.now() - started) / 1000),
  };
  printFigures('sqlmap', figures);
  expect(injectable, all.slice(-3000)).toBe(0);
  // not vacuous: every marked value of every target was tried, and the requests reached the actions
  const marked = TARGETS.reduce((n, t) => n + Object.entries(t.body).filter(([k, v]) => typeof v === 'string' && !CAPTCHA_FIELDS.has(k)).length, 0);
  expect(figures.parametersTested, all.slice(-3000)).toBe(marked);
  expect(tested.size).toBeGreaterThan(0);
  expect(stats.requests).toBeGreaterThan(marked * 20);
  expect(stats.captchaRefused).toBe(0);
  expect(stats.serverErrors).toBe(0);
  expect(stats.reachedHandler / stats.requests).toBeGreaterThan(0.9);
  // its own limit: eight sqlmap runs took 197-242 s on the two-core development machine while the sign-in
  // waited its extra delay, and the suite's 240 s cut it off now and then; 53 s since (2026-12-06)
}, 420_000);
