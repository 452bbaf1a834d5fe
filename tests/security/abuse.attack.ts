// Abuse (issue 11, attack group 6): locking the owner out, forged addresses
// with and without a trusted proxy, account enumeration by answer and timing,
// captcha replay, and a bot flood. The server runs as the README sets it up
// behind nginx (HOST=127.0.0.1, TRUST_PROXY=127.0.0.1): this test plays nginx
// from 127.0.0.1 and outsiders who reach the Node port from 127.0.0.2. A second
// server without TRUST_PROXY (Node alone, the default) shows that forged
// headers then count from nobody, not even from loopback.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { membershipInquiries } from '../../src/server/db/schema';
import { FORM_POLICY } from '../../src/server/auth/rate-limit';
import { createTestUser } from '../fixtures/auth';
import { makeMatch } from '../fixtures/factories';
import { LIVE_STREAMS_PER_ADDRESS } from '../../src/server/services/live-streams';
import { startSite, type Site } from '../fixtures/site';
import { printFigures } from '../faults/figures';
import { action, captchaFor, median, sendInTwoParts } from './http';

let site: Site;
let base: string;
beforeAll(async () => {
  site = await startSite({ env: { TRUST_PROXY: '127.0.0.1' } });
  base = site.url.replace('localhost', '127.0.0.1');
});
afterAll(async () => site?.stop());

/** Posts one address may store before it has to wait: the free ones and the one that starts the wait. */
const FORM_FEW = FORM_POLICY.free + 1;

/** A request as nginx passes it on: from the trusted proxy, naming the visitor. */
const viaProxy = (visitor: string) => ({ headers: { 'x-forwarded-for': visitor } });
const inquiry = (betreff: string) => ({ name: 'Bot', email: 'bot@example.at', betreff, nachricht: 'Werbung', source: 'kontakt' });
const storedWith = (prefix: string) =>
  site.db().select({ betreff: membershipInquiries.betreff }).from(membershipInquiries).all().filter((r) => r.betreff.startsWith(prefix)).length;

it('nobody locks the owner out: 30 wrong passwords from one address refuse that address, the owner signs in from another', async () => {
  const owner = await createTestUser(site, ['superadmin']);
  // captchas solved first; six tries one after the other, then the rest at once: all within the
  // wait the sixth starts, however busy the machine (a try after the wait may test a password)
  const captchas = await Promise.all(Array.from({ length: 30 }, () => captchaFor(base)));
  const attempt = async (i: number) =>
    (await action(base, 'auth.signIn', { email: owner.email, password: `geraten-${i}-xx`, ...captchas[i] }, viaProxy('198.51.100.66'))).status;
  const answers: number[] = [];
  for (let i = 0; i < 6; i++) answers.push(await attempt(i));
  answers.push(...(await Promise.all(Array.from({ length: 24 }, (_, i) => attempt(6 + i)))));
  const ownerElsewhere = await action(base, 'auth.signIn', { email: owner.email, password: owner.password, ...(await captchaFor(base)) }, viaProxy('203.0.113.10'));
  const refused = answers.filter((s) => s === 429).length;
  printFigures('abuse: lockout', { tried: answers.length, passwordsTested: answers.filter((s) => s === 401).length, refused, ownerSignedIn: ownerElsewhere.status === 200 });
  expect(answers.filter((s) => s === 401).length).toBeLessThanOrEqual(6);
  expect(refused).toBeGreaterThanOrEqual(24);
  expect(ownerElsewhere.status).toBe(200);
});

it('forged addresses: rotated X-Forwarded-For from outside the proxy counts as one address; through the proxy each visitor counts', async () => {
  // 100 posts straight to the Node port from 127.0.0.2, each naming another address
  let direct = 0;
  for (let i = 0; i < 100; i++) {
    const reply = await action(base, 'public.inquiry', { ...inquiry(`direkt-${i}`), ...(await captchaFor(base)) }, {
      from: '127.0.0.2',
      headers: { 'x-forwarded-for': `10.${i}.0.1` },
    });
    if (reply.status === 200) direct++;
  }
  // three real visitors behind nginx, seven posts each: each has its own limit
  const visitors = ['192.0.2.11', '192.0.2.12', '192.0.2.13'];
  for (const visitor of visitors) {
    for (let i = 0; i < 7; i++) await action(base, 'public.inquiry', { ...inquiry(`proxy-${visitor}-${i}`), ...(await captchaFor(base)) }, viaProxy(visitor));
  }
  const storedDirect = storedWith('direkt-');
  const storedProxy = storedWith('proxy-');
  printFigures('abuse: forged addresses', { triedDirect: 100, storedDirect, visitorsBehindProxy: visitors.length, storedBehindProxy: storedProxy });
  expect(storedDirect).toBeLessThanOrEqual(FORM_FEW);
  expect(direct).toBe(storedDirect);
  expect(storedProxy).toBe(visitors.length * FORM_FEW);
});

it('forged addresses without a trusted proxy (TRUST_PROXY unset): rotated forwarding headers from any sender count as that one sender', async () => {
  const alone = await startSite({ env: { TRUST_PROXY: '' } });
  try {
    const aloneBase = alone.url.replace('localhost', '127.0.0.1');
    const tried = { '127.0.0.1': 0, '127.0.0.2': 0 };
    let refused = 0;
    // 50 posts from loopback (what TRUST_PROXY=1 would trust) and 50 from another address, each naming another visitor in every header a proxy could use
    for (let i = 0; i < 100; i++) {
      const from = i % 2 ? '127.0.0.2' : '127.0.0.1';
      const forged = `10.${i}.0.1`;
      const reply = await action(aloneBase, 'public.inquiry', { ...inquiry(`ohne-proxy-${from}-${i}`), ...(await captchaFor(aloneBase)) }, {
        from,
        headers: { 'x-forwarded-for': forged, forwarded: `for=${forged}`, 'x-real-ip': forged },
      });
      tried[from]++;
      if (reply.status !== 200) refused++;
    }
    const stored = (from: string) =>
      alone.db().select({ betreff: membershipInquiries.betreff }).from(membershipInquiries).all().filter((r) => r.betreff.startsWith(`ohne-proxy-${from}-`)).length;
    const storedLoopback = stored('127.0.0.1');
    const storedOther = stored('127.0.0.2');
    printFigures('abuse: forged addresses, no trusted proxy', { tried: 100, refused, stored: storedLoopback + storedOther, storedFrom127001: storedLoopback, storedFrom127002: storedOther, limitPerAddress: FORM_FEW });
    expect(tried).toEqual({ '127.0.0.1': 50, '127.0.0.2': 50 });
    // each sender stores its own few and no more, whatever address it names
    expect(storedLoopback).toBeGreaterThan(0);
    expect(storedLoopback).toBeLessThanOrEqual(FORM_FEW);
    expect(storedOther).toBeGreaterThan(0);
    expect(storedOther).toBeLessThanOrEqual(FORM_FEW);
    expect(refused).toBe(100 - storedLoopback - storedOther);
  } finally {
    await alone.stop();
  }
});

// 100 tries of each (the issue asks for at least 50): the attack suite runs beside others, and
// more pairs keep a busy machine's noise out of the medians
const ENUMERATION_TRIES = 100;

it('enumeration: a known and an unknown e-mail get the same status, the same body and the same time (median within 5 ms over 100 tries each)', async () => {
  const known = await Promise.all(Array.from({ length: ENUMERATION_TRIES }, () => createTestUser(site, ['user'])));
  const timesKnown: number[] = [];
  const timesUnknown: number[] = [];
  const answers = new Set<string>();
  for (let i = 0; i < ENUMERATION_TRIES; i++) {
    // a fresh address for every try: the limits are not what is measured here
    const [first, second] = i % 2 ? ['known', 'unknown'] : ['unknown', 'known'];
    for (const kind of [first, second]) {
      const email = kind === 'known' ? known[i].email : `niemand-${i}-${Date.now()}@verein.at`;
      const captcha = await captchaFor(base);
      const reply = await action(base, 'auth.signIn', { email, password: 'falsches-Passwort-1', ...captcha }, viaProxy(`198.18.${i}.${kind === 'known' ? 1 : 2}`));
      (kind === 'known' ? timesKnown : timesUnknown).push(reply.ms);
      answers.add(`${reply.status} ${reply.body}`);
    }
  }
  const difference = Math.abs(median(timesKnown) - median(timesUnknown));
  // each known try ran right beside an unknown one, half of them first, half second: the median
  // difference within the pairs of each order, averaged over the two orders, is what the e-mail
  // changes, without what going first or a busy machine adds
  const differences = timesKnown.map((t, i) => t - timesUnknown[i]);
  const knownFirst = differences.filter((_, i) => i % 2 === 1);
  const unknownFirst = differences.filter((_, i) => i % 2 === 0);
  const pairedDifference = Math.abs((median(knownFirst) + median(unknownFirst)) / 2);
  printFigures('abuse: enumeration', {
    tries: 2 * ENUMERATION_TRIES,
    distinctAnswers: answers.size,
    medianKnownMs: median(timesKnown).toFixed(1),
    medianUnknownMs: median(timesUnknown).toFixed(1),
    differenceMs: difference.toFixed(1),
    pairedDifferenceMs: pairedDifference.toFixed(1),
  });
  expect([...answers]).toHaveLength(1);
  expect(pairedDifference).toBeLessThan(5);
});

it('captcha replay is accepted once; a bot flood of 100 posts from one machine stores at most the configured few', async () => {
  const captcha = await captchaFor(base);
  const first = await action(base, 'public.inquiry', { ...inquiry('replay-1'), ...captcha }, viaProxy('192.0.2.50'));
  const replayed = await action(base, 'public.inquiry', { ...inquiry('replay-2'), ...captcha }, viaProxy('192.0.2.51'));
  // a bot that reads the plain question and skips the proof of work
  const unproven = await action(base, 'public.inquiry', { ...inquiry('ohne-beweis'), ...(await captchaFor(base)), captchaProof: undefined }, viaProxy('192.0.2.52'));
  // a bot that solves the work once and sends that proof with each new question: refused, and the question
  // stays unused (the work is checked before it is used up), so the same question with its own proof is taken
  const [other, fresh] = [await captchaFor(base), await captchaFor(base)];
  const borrowed = await action(base, 'public.inquiry', { ...inquiry('fremder-beweis'), ...fresh, captchaProof: other.captchaProof }, viaProxy('192.0.2.53'));
  const ownProof = await action(base, 'public.inquiry', { ...inquiry('eigener-beweis'), ...fresh }, viaProxy('192.0.2.54'));
  let flood = 0;
  for (let i = 0; i < 100; i++) {
    const reply = await action(base, 'public.inquiry', { ...inquiry(`flut-${i}`), ...(await captchaFor(base)) }, viaProxy('192.0.2.60'));
    if (reply.status === 200) flood++;
  }
  printFigures('abuse: captcha and flood', {
    replayAccepted: [first, replayed].filter((r) => r.status === 200).length,
    withoutProofStored: storedWith('ohne-beweis'),
    borrowedProofStored: storedWith('fremder-beweis'),
    floodTried: 100,
    floodStored: storedWith('flut-'),
  });
  expect(first.status).toBe(200);
  expect(replayed.status).toBe(400);
  expect(unproven.status).toBe(400);
  expect(storedWith('replay-')).toBe(1);
  expect(storedWith('ohne-beweis')).toBe(0);
  expect([borrowed.status, storedWith('fremder-beweis')]).toEqual([400, 0]);
  expect([ownProof.status, storedWith('eigener-beweis')]).toEqual([200, 1]);
  expect(storedWith('flut-')).toBeLessThanOrEqual(FORM_FEW);
  expect(flood).toBe(storedWith('flut-'));
});

it('a body over the action limit is refused in German, one far over it is given up unread; posts sent at once keep to the limit', async () => {
  // without a length, in 64 KB chunks (a copy of 400 MB read whole took the server to 1.8 GB, 700 MB gave a 500)
  const streamed = async (megabytes: number) => {
    let chunks = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (chunks++ >= megabytes * 16) return controller.close();
        controller.enqueue(new Uint8Array(64 * 1024).fill(32));
      },
    });
    const reply = await fetch(`${base}/_actions/public.inquiry`, {
      method: 'POST',
      body,
      duplex: 'half',
      headers: { 'content-type': 'application/json', origin: base },
    } as RequestInit).catch((error: Error) => error);
    const answered = reply instanceof Response ? { status: reply.status, body: await reply.text() } : { status: 0, body: String(reply) };
    return { ...answered, sentMB: Math.round((Math.min(chunks, megabytes * 16) * 64) / 1024) };
  };
  // within the bound the gate reads a refused body on (64 MB, decision 017): the answer comes after its end
  const over = await streamed(48);
  // past it the gate gives the body up: the sender is stopped, it may see the answer or a closed connection
  const farOver = await streamed(400);
  const health = await fetch(`${base}/healthz`);
  // 30 posts from one visitor at once (each with its captcha solved): the same few as one after the other
  const captchas = await Promise.all(Array.from({ length: 30 }, () => captchaFor(base)));
  const burst = await Promise.all(captchas.map((captcha, i) => action(base, 'public.inquiry', { ...inquiry(`zugleich-${i}`), ...captcha }, viaProxy('192.0.2.70'))));
  printFigures('abuse: big bodies and a burst', {
    overStatus: over.status,
    overSentMB: over.sentMB,
    farOverStatus: farOver.status === 0 ? 'connection closed' : farOver.status,
    farOverSentMB: farOver.sentMB,
    burstTried: 30,
    burstStored: storedWith('zugleich-'),
  });
  expect(over.status).toBe(413);
  expect(over.body).toContain('Die Anfrage ist zu groß.');
  expect(over.sentMB).toBe(48);
  if (farOver.status !== 0) expect([farOver.status, farOver.body]).toEqual([413, expect.stringContaining('Die Anfrage ist zu groß.')]);
  expect(farOver.sentMB).toBeLessThan(400);
  expect(health.status).toBe(200);
  expect(storedWith('zugleich-')).toBeLessThanOrEqual(FORM_FEW);
  expect(burst.filter((r) => r.status === 200)).toHaveLength(storedWith('zugleich-'));
});

it('an action call refused by its length or its sender is read to its end first: the German answer arrives, the connection goes on', async () => {
  // 8 MB with a Content-Length over the action limit; the same to an admin action from nobody signed in
  const total = 8 * 1024 * 1024;
  const host = new URL(base).host;
  const cases = [
    { name: 'too large', path: '/_actions/public.inquiry', status: '413 Payload Too Large', message: 'Die Anfrage ist zu groß.' },
    { name: 'signed out', path: '/_actions/admin.news.create', status: '401 Unauthorized', message: 'Bitte melde dich an.' },
  ];
  const results = [];
  for (const c of cases) {
    const head = `POST ${c.path} HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${base}\r\nContent-Type: application/json\r\nContent-Length: ${total}\r\n\r\n`;
    const sent = await sendInTwoParts(base, head, Buffer.alloc(1024 * 1024, 0x20), Buffer.alloc(total - 1024 * 1024, 0x20), 500);
    results.push({ name: c.name, ...sent });
  }
  printFigures('abuse: action bodies refused unread', {
    tried: results.length,
    answeredBeforeTheEnd: results.filter((r) => r.beforeTheEnd !== '').length,
    brokenConnections: results.filter((r) => r.broken !== '').length,
    connectionsGoingOn: results.filter((r) => r.next.startsWith('HTTP/1.1 200')).length,
  });
  for (const [i, c] of cases.entries()) {
    const sent = results[i];
    // an answer before the whole body was there, and a close, is what breaks the sender's writes
    expect(sent.beforeTheEnd, c.name).toBe('');
    expect(sent.broken, c.name).toBe('');
    expect(sent.answer.split('\r\n')[0], c.name).toBe(`HTTP/1.1 ${c.status}`);
    expect(sent.answer, c.name).toContain(c.message);
    expect(sent.next.split('\r\n')[0], c.name).toBe('HTTP/1.1 200 OK');
  }
});

it("HEAD requests to a match's live stream take no place: a fan at the same address opens the stream after more of them than the limit", async () => {
  const match = makeMatch(site.db());
  const visitor = viaProxy('198.51.100.23');
  const tried = LIVE_STREAMS_PER_ADDRESS + 10;
  const answers: number[] = [];
  for (let i = 0; i < tried; i++) answers.push((await fetch(`${base}/api/live/${match.id}`, { method: 'HEAD', ...visitor })).status);
  const unknown = await fetch(`${base}/api/live/gibt-es-nicht`, { method: 'HEAD', ...visitor });
  // a fan behind the same address: the stream opens and says its retry
  const controller = new AbortController();
  const fan = await fetch(`${base}/api/live/${match.id}`, { ...visitor, signal: controller.signal });
  const first = fan.ok ? new TextDecoder().decode((await fan.body!.getReader().read()).value) : await fan.text();
  controller.abort();
  printFigures('abuse: HEAD on the live stream', { tried, answered200: answers.filter((s) => s === 200).length, fanStream: fan.status });
  expect(answers.every((status) => status === 200)).toBe(true);
  expect(unknown.status).toBe(404);
  expect(fan.status).toBe(200);
  expect(fan.headers.get('content-type')).toContain('text/event-stream');
  expect(first).toContain('retry: 2000');
});
