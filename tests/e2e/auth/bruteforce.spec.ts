import { expect, test } from '@playwright/test';
import { createTestUser } from '../../fixtures/auth';
import { startSite, type Site } from '../../fixtures/site';
import { callAction, signInWithForm, solvedCaptcha } from './helpers';

// docs/decisions/005 and 016: 30 attempts in a minute from one address test only
// a handful of passwords; the owner is let in once the (short) wait is over. Each test has its own
// server, so that the per-address count of one does not spill into the other.
let site: Site;
test.beforeEach(async () => {
  site = await startSite();
});
test.afterEach(async () => {
  await site.stop();
});

/** The count of failed sign-ins of this account from this address (the test's loopback). */
const pairKey = (email: string) => `signin:pair:${email}|127.0.0.1`;
const limit = (key: string) =>
  site.db().$client.prepare('SELECT failures, blocked_until AS blockedUntil FROM rate_limits WHERE key = ?').get(key) as
    | { failures: number; blockedUntil: number }
    | undefined;

test('30 sign-in attempts in a minute: after 5 free failures every further try waits, even with the right password', async ({ request }) => {
  const user = await createTestUser(site, ['admin']);
  // the captchas solved beforehand, so that the attempts after the 6th come within its 2-second
  // wait however busy the machine is (a slow attempt after the wait may rightly test a password)
  const captchas = await Promise.all(Array.from({ length: 30 }, () => solvedCaptcha(request, site)));
  // the 20th attempt is the owner with the right password, in the middle of the attack
  const attempt = (i: number) =>
    callAction(request, site, 'auth.signIn', { email: user.email, password: i === 19 ? user.password : `geraten-${i}-passwort`, ...captchas[i] });
  const answers: { status: number; message?: string }[] = [];
  for (let i = 0; i < 6; i++) answers.push(await attempt(i));
  answers.push(...(await Promise.all(Array.from({ length: 24 }, (_, i) => attempt(6 + i)))));
  const wrong = 'E-Mail-Adresse oder Passwort ist falsch.';
  // 5 free failures, the 6th starts a 2-second wait
  expect(answers.slice(0, 6).map((a) => [a.status, a.message])).toEqual(Array(6).fill([401, wrong]));
  // everything after that, within the wait, is refused without looking at the password
  for (const answer of answers.slice(6)) {
    expect(answer.status).toBe(429);
    expect(answer.message).toMatch(/^Zu viele Anmeldeversuche\. Bitte versuche es in \d+ Sekunden erneut\.$/);
  }
  // only 6 passwords were tested; no session was made
  expect(limit(pairKey(user.email))?.failures).toBe(6);
  expect(site.db().$client.prepare('SELECT count(*) AS n FROM sessions').get()).toEqual({ n: 0 });

  // the owner is not locked out: once the wait is over the right password works
  await expect
    .poll(
      async () =>
        (await callAction(request, site, 'auth.signIn', { email: user.email, password: user.password, ...(await solvedCaptcha(request, site)) }))
          .status,
      { timeout: 15_000, intervals: [500] },
    )
    .toBe(200);
  expect(limit(pairKey(user.email))).toBeUndefined();
});

test('the wait doubles with each failure after it, and the form says how long to wait', async ({ page, request }) => {
  const user = await createTestUser(site, ['admin']);
  const key = pairKey(user.email);
  const fail = async () =>
    callAction(request, site, 'auth.signIn', { email: user.email, password: 'noch-ein-versuch', ...(await solvedCaptcha(request, site)) });
  for (let i = 0; i < 6; i++) await fail();
  const first = limit(key)!;
  expect(first.failures).toBe(6);
  // once the first wait (2 s) is over, one more failure: the next wait is 4 s, so it ends at least 4 s after the first one did
  await expect.poll(async () => (await fail()).status, { timeout: 15_000, intervals: [500] }).toBe(401);
  const second = limit(key)!;
  expect(second.failures).toBe(7);
  expect(second.blockedUntil - first.blockedUntil).toBeGreaterThanOrEqual(4_000);

  // the sign-in form shows the wait as the failure's message
  await signInWithForm(page, site, user.email, user.password);
  const toast = page.locator('.toast').filter({ hasText: 'Anmeldung fehlgeschlagen' });
  await expect(toast).toContainText(/Zu viele Anmeldeversuche\. Bitte versuche es in \d+ Sekunden erneut\./);
});
