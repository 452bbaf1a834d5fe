import { expect, test } from '@playwright/test';
import { createTestUser } from '../../fixtures/auth';
import { startSite, type Site } from '../../fixtures/site';
import { hashToken, SESSION_COOKIE } from '../../../src/server/auth/session';
import { createOneTimeToken } from '../../../src/server/auth/tokens';
import { answerCaptcha, signInWithForm } from './helpers';

// Sign-in (public-site.md §2, §5, §8): captcha, toasts, sessions, sign-out, forwards.
let site: Site;
test.beforeAll(async () => {
  site = await startSite();
});
test.afterAll(async () => {
  await site.stop();
});

const sessionsOf = (userId: string) =>
  site.db().$client.prepare('SELECT id FROM sessions WHERE user_id = ?').all(userId) as { id: string }[];

test('signs in with e-mail, password and captcha, greets, goes home and shows Logout and the admin link', async ({ page, context }) => {
  const user = await createTestUser(site, ['admin']);
  await signInWithForm(page, site, user.email, user.password);
  await expect(page.getByText('Erfolgreich angemeldet')).toBeVisible();
  await expect(page.getByText('Willkommen zurück!')).toBeVisible();
  await expect(page).toHaveURL(`${site.url}/`);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Admin', exact: true })).toHaveAttribute('href', '/admin');

  // the cookie: HttpOnly, SameSite=Lax, not Secure over plain http; only its SHA-256 is stored
  const cookie = (await context.cookies(site.url)).find((c) => c.name === SESSION_COOKIE)!;
  expect(cookie.httpOnly).toBe(true);
  expect(cookie.sameSite).toBe('Lax');
  expect(cookie.secure).toBe(false);
  expect(sessionsOf(user.id)).toEqual([{ id: hashToken(cookie.value) }]);
});

test('every sign-in creates a new session', async ({ browser }) => {
  const user = await createTestUser(site, ['user']);
  for (let i = 0; i < 2; i++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInWithForm(page, site, user.email, user.password);
    await expect(page.getByText('Erfolgreich angemeldet')).toBeVisible();
    await context.close();
  }
  expect(sessionsOf(user.id)).toHaveLength(2);
});

test('a wrong captcha shows "Captcha falsch", keeps the fields and draws a new question', async ({ page }) => {
  const user = await createTestUser(site, ['admin']);
  await page.goto(`${site.url}/auth`);
  await page.getByLabel('E-Mail').fill(user.email);
  await page.getByLabel('Passwort', { exact: true }).fill(user.password);
  const question = page.locator('.captcha-question');
  await expect(question).toHaveText(/\d+ \+ \d+/);
  const [a, b] = (await question.textContent())!.match(/\d+/g)!.map(Number);
  await page.getByLabel(/Sicherheitsfrage/).fill(String(a + b + 1));
  const newQuestion = page.waitForResponse((r) => r.url().endsWith('/api/captcha'));
  await page.getByRole('button', { name: 'Anmelden' }).press('Enter');
  await expect(page.getByText('Captcha falsch')).toBeVisible();
  await expect(page.getByText('Bitte löse die Rechenaufgabe korrekt.')).toBeVisible();
  // with the keyboard: on in the new question's field, not left on the button
  await expect(page.getByLabel(/Sicherheitsfrage/)).toBeFocused();
  await newQuestion;
  await expect(question).toHaveText(/\d+ \+ \d+/);
  await expect(page.getByLabel('E-Mail')).toHaveValue(user.email);
  await expect(page.getByLabel(/Sicherheitsfrage/)).toHaveValue('');
  expect(sessionsOf(user.id)).toHaveLength(0);
  // the new question works
  await answerCaptcha(page);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByText('Erfolgreich angemeldet')).toBeVisible();
});

test('the refresh control draws a new question', async ({ page }) => {
  await page.goto(`${site.url}/auth`);
  const question = page.locator('.captcha-question');
  await expect(question).toHaveText(/\d+ \+ \d+/);
  const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/captcha'));
  await page.getByRole('button', { name: 'Neue Rechenaufgabe' }).click();
  await refreshed;
  await expect(question).toHaveText(/\d+ \+ \d+/);
});

test('a wrong password and an unknown e-mail get the same answer', async ({ page }) => {
  const user = await createTestUser(site, ['admin']);
  const messages: string[] = [];
  for (const [email, password] of [
    [user.email, 'ganz-falsches-Passwort'],
    ['niemand-hier@test.at', user.password],
  ]) {
    await signInWithForm(page, site, email, password);
    const toast = page.locator('.toast').filter({ hasText: 'Anmeldung fehlgeschlagen' });
    await expect(toast).toBeVisible();
    messages.push((await toast.textContent())!);
    await expect(page).toHaveURL(`${site.url}/auth`);
  }
  expect(messages[0]).toBe('Anmeldung fehlgeschlagenE-Mail-Adresse oder Passwort ist falsch.');
  expect(messages[1]).toBe(messages[0]);
  expect(sessionsOf(user.id)).toHaveLength(0);
});

test('Logout ends the session on the server and hides itself', async ({ page, context }) => {
  const user = await createTestUser(site, ['admin']);
  await signInWithForm(page, site, user.email, user.password);
  await expect(page).toHaveURL(`${site.url}/`);
  const cookie = (await context.cookies(site.url)).find((c) => c.name === SESSION_COOKIE)!;
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);
  expect(sessionsOf(user.id)).toHaveLength(0);
  // the old token is worthless now, even if someone kept it
  const replay = await page.request.get(`${site.url}/api/me`, { headers: { cookie: `${SESSION_COOKIE}=${cookie.value}` } });
  expect((await replay.json()).user).toBeNull();
  await page.goto(`${site.url}/admin`);
  await expect(page).toHaveURL(`${site.url}/auth?weiter=admin`);
});

test('a sign-in /admin asked for leads back to the admin; a moderator sent there goes home, as the gate says', async ({ page }) => {
  const admin = await createTestUser(site, ['admin']);
  await page.goto(`${site.url}/admin`);
  await expect(page).toHaveURL(`${site.url}/auth?weiter=admin`);
  await page.getByLabel('E-Mail').fill(admin.email);
  await page.getByLabel('Passwort', { exact: true }).fill(admin.password);
  await answerCaptcha(page);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(`${site.url}/admin`);
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  await page.context().clearCookies();
  const moderator = await createTestUser(site, ['moderator']);
  await page.goto(`${site.url}/auth?weiter=admin`);
  await page.getByLabel('E-Mail').fill(moderator.email);
  await page.getByLabel('Passwort', { exact: true }).fill(moderator.password);
  await answerCaptcha(page);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(`${site.url}/`);
});

test('a signed-in visitor of /auth is sent home', async ({ page }) => {
  const user = await createTestUser(site, ['user']);
  await signInWithForm(page, site, user.email, user.password);
  await expect(page).toHaveURL(`${site.url}/`);
  await page.goto(`${site.url}/auth`);
  await expect(page).toHaveURL(`${site.url}/`);
});

test('a recovery link to /auth is forwarded to /reset-password with the same query and hash', async ({ page }) => {
  const user = await createTestUser(site, ['user']);
  const token = createOneTimeToken(site.db(), 'reset', user.id);
  await page.goto(`${site.url}/auth?token=${token}&type=recovery#von=mail`);
  await expect(page).toHaveURL(`${site.url}/reset-password?token=${token}&type=recovery#von=mail`);
  await expect(page.getByRole('heading', { name: 'Neues Passwort festlegen' })).toBeVisible();

  // a recovery hash only the browser sees is forwarded by the page's script; a bad link comes back once, without a loop
  await page.goto(`${site.url}/auth#access_token=alt&type=recovery`);
  await expect(page).toHaveURL(`${site.url}/auth?link=ungueltig`);
  await expect(page.getByText('Der Link ist ungültig, abgelaufen oder wurde bereits verwendet.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible();
});

test('there is no sign-up: no link, no page', async ({ page, request }) => {
  await page.goto(`${site.url}/auth`);
  await expect(page.getByRole('link', { name: /registrieren|konto erstellen|sign ?up/i })).toHaveCount(0);
  for (const route of ['/auth/registrieren', '/auth/signup', '/signup']) {
    expect((await request.get(`${site.url}${route}`)).status(), route).toBe(404);
  }
});
