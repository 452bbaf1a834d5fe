import { and, eq } from 'drizzle-orm';
import { expect, test } from '@playwright/test';
import { createTestUser } from '../../fixtures/auth';
import { startMailCatcher, type MailCatcher } from '../../fixtures/mail';
import { startSite, type Site } from '../../fixtures/site';
import { createSession, SESSION_COOKIE } from '../../../src/server/auth/session';
import { createOneTimeToken } from '../../../src/server/auth/tokens';
import { oneTimeTokens } from '../../../src/server/db/schema';
import { answerCaptcha, signInWithForm } from './helpers';

// 'Passwort vergessen?' and /reset-password (public-site.md §2, §4, §5, §8, §9),
// with the e-mail received over real SMTP.
let site: Site;
let mail: MailCatcher;
test.beforeAll(async () => {
  mail = await startMailCatcher();
  site = await startSite({ env: { SMTP_URL: mail.url } });
});
test.afterAll(async () => {
  await site.stop();
  await mail.stop();
});

async function askForLink(page: import('@playwright/test').Page, email: string) {
  await page.goto(`${site.url}/auth`);
  // the form comes alive first: its notice for browsers without JavaScript goes then, and the link moved under a click
  await expect(page.getByLabel('E-Mail')).toBeEnabled();
  await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
  await expect(page).toHaveURL(`${site.url}/auth/passwort-vergessen`);
  await page.getByLabel('E-Mail').fill(email);
  await answerCaptcha(page);
  await page.getByRole('button', { name: 'Link senden' }).click();
  const notice = page.getByRole('status').filter({ hasText: 'Falls ein Konto' }).first();
  await expect(notice).toBeVisible();
  return (await page.locator('p.notice').textContent())!;
}

test('the reset link arrives by e-mail, sets a new password, ends other sessions and signs in', async ({ page, browser }) => {
  const user = await createTestUser(site, ['admin']);
  // a second browser where the user is signed in
  const other = await browser.newContext();
  const { token: otherToken } = createSession(site.db(), user.id);
  await other.addCookies([{ name: SESSION_COOKIE, value: otherToken, url: site.url }]);

  const answer = await askForLink(page, user.email);
  expect(answer).toBe('Falls ein Konto mit dieser E-Mail-Adresse existiert, haben wir einen Link zum Zurücksetzen gesendet. Er ist 1 Stunde gültig.');
  const message = await mail.waitFor(user.email, { subject: /Passwort zurücksetzen/ });
  const link = message.links.find((l) => l.includes('/reset-password?token='))!;
  // built from SITE_URL
  expect(link.startsWith(`${site.url}/reset-password?token=`)).toBe(true);

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Neues Passwort festlegen' })).toBeVisible();
  // too short: the NIST minimum of 8
  await page.getByLabel('Neues Passwort').fill('1234567');
  await page.getByLabel('Passwort bestätigen').fill('1234567');
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  await expect(page.getByText('Das Passwort muss mindestens 8 Zeichen lang sein.')).toBeVisible();
  // not the same twice
  await page.getByLabel('Neues Passwort').fill('Neues-Vereinspasswort');
  await page.getByLabel('Passwort bestätigen').fill('Neues-Vereinspasswort!');
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  await expect(page.getByText('Die Passwörter stimmen nicht überein.')).toBeVisible();

  await page.getByLabel('Passwort bestätigen').fill('Neues-Vereinspasswort');
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  await expect(page.getByText('Erfolg', { exact: true })).toBeVisible();
  await expect(page.getByText('Ihr Passwort wurde erfolgreich geändert!')).toBeVisible();
  // home after 2 seconds, signed in
  await page.waitForURL(`${site.url}/`);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();

  // the other browser's session has ended
  const otherPage = await other.newPage();
  await otherPage.goto(`${site.url}/admin`);
  await expect(otherPage).toHaveURL(`${site.url}/auth?weiter=admin`);
  await other.close();

  // the old password no longer works, the new one does
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(0);
  await signInWithForm(page, site, user.email, user.password);
  await expect(page.getByText('Anmeldung fehlgeschlagen')).toBeVisible();
  await signInWithForm(page, site, user.email, 'Neues-Vereinspasswort');
  await expect(page.getByText('Erfolgreich angemeldet')).toBeVisible();

  // the link is used: it sends to /auth
  await page.context().clearCookies();
  await page.goto(link);
  await expect(page).toHaveURL(`${site.url}/auth?link=ungueltig`);
  await expect(page.getByText('Der Link ist ungültig, abgelaufen oder wurde bereits verwendet.')).toBeVisible();
});

test('an unknown address gets the same answer and no e-mail', async ({ page }) => {
  const before = mail.messages.length;
  const answer = await askForLink(page, 'gibt-es-nicht@verein.at');
  expect(answer).toBe('Falls ein Konto mit dieser E-Mail-Adresse existiert, haben wir einen Link zum Zurücksetzen gesendet. Er ist 1 Stunde gültig.');
  // a known address asked right after is delivered, the unknown one never was
  const known = await createTestUser(site, ['user']);
  await askForLink(page, known.email);
  await mail.waitFor(known.email);
  expect(mail.to('gibt-es-nicht@verein.at')).toHaveLength(0);
  expect(mail.messages.length).toBe(before + 1);
});

test('an expired link and a missing token send to /auth', async ({ page }) => {
  const user = await createTestUser(site, ['user']);
  const token = createOneTimeToken(site.db(), 'reset', user.id, Date.now() - 60 * 60 * 1000 - 1000);
  await page.goto(`${site.url}/reset-password?token=${token}`);
  await expect(page).toHaveURL(`${site.url}/auth?link=ungueltig`);
  await page.goto(`${site.url}/reset-password`);
  await expect(page).toHaveURL(`${site.url}/auth?link=ungueltig`);
});

test('a link used up in another tab answers "Fehler" with the reason and goes to /auth', async ({ page, request }) => {
  const user = await createTestUser(site, ['user']);
  const token = createOneTimeToken(site.db(), 'reset', user.id);
  await page.goto(`${site.url}/reset-password?token=${token}`);
  await expect(page.getByRole('heading', { name: 'Neues Passwort festlegen' })).toBeVisible();
  // meanwhile the same link is used elsewhere
  const used = await request.post(`${site.url}/_actions/auth.resetPassword`, {
    headers: { origin: site.url, 'content-type': 'application/json' },
    data: JSON.stringify({ token, password: 'Woanders-gesetzt-1', confirm: 'Woanders-gesetzt-1' }),
  });
  expect(used.status()).toBe(200);
  await page.getByLabel('Neues Passwort').fill('Hier-gesetzt-12345');
  await page.getByLabel('Passwort bestätigen').fill('Hier-gesetzt-12345');
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  await expect(page.locator('.toast.destructive')).toContainText('Fehler');
  await expect(page.locator('.toast.destructive')).toContainText('Der Link ist ungültig, abgelaufen oder wurde bereits verwendet.');
  await page.waitForURL(`${site.url}/auth?link=ungueltig`);
});

test("a wrong answer on 'Passwort vergessen?' says so, sends nothing and puts the keyboard in the new question's field", async ({ page }) => {
  // an address with an account: for one without, nothing would be sent anyway
  const user = await createTestUser(site, ['user']);
  const before = mail.messages.length;
  await page.goto(`${site.url}/auth/passwort-vergessen`);
  await page.getByLabel('E-Mail').fill(user.email);
  const question = page.locator('.captcha-question');
  await expect(question).toHaveText(/\d+ \+ \d+/);
  const [a, b] = (await question.textContent())!.match(/\d+/g)!.map(Number);
  await page.getByLabel(/Sicherheitsfrage/).fill(String(a + b + 1));
  await page.getByRole('button', { name: 'Link senden' }).press('Enter');
  await expect(page.getByText('Captcha falsch')).toBeVisible();
  await expect(page.getByLabel(/Sicherheitsfrage/)).toBeFocused();
  await expect(page.getByLabel(/Sicherheitsfrage/)).toHaveValue('');
  await expect(page.getByLabel('E-Mail')).toHaveValue(user.email);
  // no link made (written before the answer, where a mail goes out only after it)
  expect(site.db().select().from(oneTimeTokens).where(and(eq(oneTimeTokens.userId, user.id), eq(oneTimeTokens.purpose, 'reset'))).all()).toEqual([]);
  expect(mail.messages.length).toBe(before);
});
