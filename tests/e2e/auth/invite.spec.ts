import { expect, test } from '@playwright/test';
import { loginAs } from '../../fixtures/auth';
import { startMailCatcher, type MailCatcher } from '../../fixtures/mail';
import { startSite, type Site } from '../../fixtures/site';
import { signInWithForm } from './helpers';
import { auditLog, users } from '../../../src/server/db/schema';

// Invitation (admin-area.md §2, §5, §8): the superadmin invites, the e-mail
// arrives over SMTP, its link (built from SITE_URL, not from the request) sets
// the first password, and the new user signs in.
const PUBLIC_ORIGIN = 'https://verein.example.at';
let site: Site;
let mail: MailCatcher;
test.beforeAll(async () => {
  mail = await startMailCatcher();
  // the public address differs from the one the browser talks to: links must use it
  site = await startSite({ env: { SMTP_URL: mail.url, SITE_URL: PUBLIC_ORIGIN } });
});
test.afterAll(async () => {
  await site.stop();
  await mail.stop();
});

/** The link as the public site would serve it, reached through the test server. */
const local = (link: string) => {
  const url = new URL(link);
  return `${site.url}${url.pathname}${url.search}`;
};

test('invite → e-mail over SMTP → set password → sign in', async ({ browser }) => {
  const admin = await browser.newContext();
  await loginAs(admin, site, 'superadmin');
  const page = await admin.newPage();
  await page.goto(`${site.url}/admin#benutzer`);
  await expect(page.getByRole('heading', { name: 'Benutzer einladen' })).toBeVisible();

  const field = page.getByLabel('E-Mail');
  const button = page.getByRole('button', { name: 'Einladung senden' });
  await expect(button).toBeDisabled();
  await field.fill('x');
  await field.fill('');
  await expect(button).toBeDisabled();
  await expect(page.getByText('Bitte geben Sie eine E-Mail-Adresse ein')).toBeVisible();

  await field.fill('Neue.Trainerin@Verein.at');
  await button.click();
  await expect(page.getByText('Einladung erfolgreich versendet!')).toBeVisible();
  const row = page.locator('tr', { hasText: 'neue.trainerin@verein.at' });
  await expect(row).toContainText('Einladung ausstehend');
  await expect(row).toContainText('Benutzer');

  const message = await mail.waitFor('neue.trainerin@verein.at');
  expect(message.subject).toContain('Einladung');
  const link = message.links.find((l) => l.includes('/reset-password?token='))!;
  expect(link.startsWith(`${PUBLIC_ORIGIN}/reset-password?token=`)).toBe(true);
  expect(message.text).toContain('7 Tage gültig');
  await admin.close();

  const invitee = await browser.newContext();
  const newcomer = await invitee.newPage();
  await newcomer.goto(local(link));
  await expect(newcomer.getByRole('heading', { name: 'Willkommen! Lege dein Passwort fest' })).toBeVisible();
  await newcomer.getByLabel('Neues Passwort').fill('Mein-erstes-Passwort');
  await newcomer.getByLabel('Passwort bestätigen').fill('Mein-erstes-Passwort');
  await newcomer.getByRole('button', { name: 'Passwort speichern' }).click();
  await expect(newcomer.getByText('Ihr Passwort wurde erfolgreich geändert!')).toBeVisible();
  await newcomer.waitForURL(`${site.url}/`);
  await expect(newcomer.getByRole('button', { name: 'Logout' })).toBeVisible();
  await newcomer.getByRole('button', { name: 'Logout' }).click();
  await expect(newcomer.getByRole('button', { name: 'Logout' })).toHaveCount(0);

  await signInWithForm(newcomer, site, 'neue.trainerin@verein.at', 'Mein-erstes-Passwort');
  await expect(newcomer.getByText('Erfolgreich angemeldet')).toBeVisible();
  await newcomer.waitForURL(`${site.url}/`);
  // a Benutzer is signed in but has no admin link
  await expect(newcomer.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(newcomer.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);

  // the invitation link worked once
  await invitee.clearCookies();
  await newcomer.goto(local(link));
  await expect(newcomer).toHaveURL(`${site.url}/auth?link=ungueltig`);
  await invitee.close();
});

test('an address with an account cannot be invited again; an open invitation can be sent anew', async ({ page, context }) => {
  const me = await loginAs(context, site, 'superadmin');
  await page.goto(`${site.url}/admin#benutzer`);
  await page.getByLabel('E-Mail').fill(me.email);
  await page.getByRole('button', { name: 'Einladung senden' }).click();
  await expect(page.locator('.toast.destructive')).toContainText('Ein Benutzer mit dieser E-Mail-Adresse existiert bereits.');

  for (let i = 0; i < 2; i++) {
    await page.getByLabel('E-Mail').fill('zweimal@verein.at');
    await page.getByRole('button', { name: 'Einladung senden' }).click();
    await expect(page.getByText('Einladung erfolgreich versendet!').first()).toBeVisible();
    await expect.poll(() => mail.to('zweimal@verein.at').length).toBe(i + 1);
  }
  const [first, second] = mail.to('zweimal@verein.at').map((m) => m.links.find((l) => l.includes('token='))!);
  await page.context().clearCookies();
  await page.goto(local(first));
  await expect(page).toHaveURL(`${site.url}/auth?link=ungueltig`);
  await page.goto(local(second));
  await expect(page.getByRole('heading', { name: 'Willkommen! Lege dein Passwort fest' })).toBeVisible();
});

test.describe('mit einem langsamen Mailserver', () => {
  let slowSite: Site;
  let slowMail: MailCatcher;
  test.beforeAll(async () => {
    // the server accepts each message after 5 s; the admin is answered after 1 s (nginx's 60 s against 40 s)
    slowMail = await startMailCatcher({ answerDelayMs: 5_000, refusedRecipients: ['vertippt@verein.at'] });
    slowSite = await startSite({ env: { SMTP_URL: slowMail.url, MAIL_ANSWER_WITHIN_S: '1' } });
  });
  test.afterAll(async () => {
    await slowSite.stop();
    await slowMail.stop();
  });

  test("the admin is told the invitation is still being sent; it goes out, and the Protokoll says so", async ({ page, context }) => {
    await loginAs(context, slowSite, 'superadmin');
    await page.goto(`${slowSite.url}/admin#benutzer`);
    await page.getByLabel('E-Mail').fill('langsam@verein.at');
    await page.getByRole('button', { name: 'Einladung senden' }).click();
    await expect(page.getByText('Einladung wird noch versendet')).toBeVisible();
    await expect(page.getByText('Ob sie versendet wurde, steht dann im Protokoll.')).toBeVisible();
    // told before the mail server accepted it (no 'versendet!' that was not true yet)
    expect(slowMail.to('langsam@verein.at')).toHaveLength(0);
    expect(slowSite.db().select().from(auditLog).all().filter((a) => a.action === 'user.invite')).toHaveLength(0);
    await expect(page.getByText('Einladung erfolgreich versendet!')).toHaveCount(0);
    await expect(page.locator('tr', { hasText: 'langsam@verein.at' })).toContainText('Einladung ausstehend');

    const message = await slowMail.waitFor('langsam@verein.at');
    expect(message.links.some((l) => l.includes('/reset-password?token='))).toBe(true);
    // the Protokoll has the invitation once the server accepted it
    await expect
      .poll(() => slowSite.db().select().from(auditLog).all().filter((a) => a.action === 'user.invite').map((a) => a.detail), { timeout: 10_000 })
      .toEqual(['Eingeladen: langsam@verein.at']);
    expect(slowSite.db().select().from(users).all().map((u) => u.email)).toContain('langsam@verein.at');
  });

  test('an address the mail server refuses is said as such at once, and no account is left behind', async ({ page, context }) => {
    await loginAs(context, slowSite, 'superadmin');
    await page.goto(`${slowSite.url}/admin#benutzer`);
    await page.getByLabel('E-Mail').fill('vertippt@verein.at');
    await page.getByRole('button', { name: 'Einladung senden' }).click();
    // the reason the admin can act on, not 'nicht erreichbar oder hat die E-Mail abgelehnt'
    // and no 'bitte später erneut versuchen': a later try would be refused as well
    await expect(page.getByText('Fehler beim Versenden der Einladung: der Mailserver hat die Empfängeradresse abgelehnt, bitte die Schreibweise prüfen. Es wurde keine Einladung verschickt.', { exact: true })).toBeVisible();
    await expect(page.locator('tr', { hasText: 'vertippt@verein.at' })).toHaveCount(0);
    expect(slowSite.db().select().from(users).all().map((u) => u.email)).not.toContain('vertippt@verein.at');
  });
});
