// The membership and contact forms (public-site.md §4 Membership form, §5, §8):
// server-issued captcha, honeypot, server-side validation, rate limit, the stored
// inquiry and the notification e-mail.
import { holdAction } from '../../fixtures/actions';
import { replyToCaptcha } from '../../fixtures/captcha';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { membershipInquiries } from '../../../src/server/db/schema';
import { setFooterTexts } from '../../fixtures/factories';
import type { Site } from '../../fixtures/site';
import { useSite, withCookieChoice } from './helpers';

const CLUB_ADDRESS = 'vorstand@sv-test.example';

async function answerOnPage(form: ReturnType<Page['locator']>): Promise<number> {
  // the form's island hydrates (and asks for its question) when the visitor reaches for it
  await form.locator('[name="name"]').focus();
  const question = form.locator('.captcha-question');
  await expect(question).toHaveText(/^\d+ \+ \d+ = \?$/);
  const [a, b] = ((await question.textContent()) ?? '').match(/\d+/g)!.map(Number);
  expect(a).toBeGreaterThanOrEqual(1);
  expect(b).toBeLessThanOrEqual(10);
  return a + b;
}

async function challenge(request: APIRequestContext, site: Site) {
  const response = await request.get(`${site.url}/api/captcha`);
  expect(response.headers()['cache-control']).toContain('no-store');
  // as a person's browser answers it: the sum and the solved proof of work
  const reply = await replyToCaptcha(await response.json());
  return { token: reply.captchaToken, answer: reply.captchaAnswer, proof: reply.captchaProof };
}

function post(request: APIRequestContext, site: Site, body: Record<string, unknown>) {
  return request.post(`${site.url}/_actions/public.inquiry`, {
    headers: { origin: site.url, 'content-type': 'application/json' },
    data: body,
  });
}

const valid = { name: 'Maria Muster', email: 'maria@example.at', betreff: 'Probetraining', nachricht: 'Darf ich mittrainieren?', source: 'kontakt' };

const stored = (site: Site) => site.db().select().from(membershipInquiries).all();
const outbox = (site: Site) => {
  const dir = path.join(site.dataDir, 'outbox');
  // the messages; each has a readable .txt copy beside it (mailer.ts)
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml')).sort().map((f) => path.join(dir, f)) : [];
};

test.beforeEach(async ({ context }) => withCookieChoice(context));

test.describe('Formulare', () => {
  const site = useSite((db) => {
    setFooterTexts(db, { contact_email: CLUB_ADDRESS });
  });

  test('contact form: sending state, success toast, cleared fields, new question, stored inquiry and e-mail', async ({ page }) => {
    let captchaRequests = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/captcha')) captchaRequests++;
    });
    // (the action's client posts to `/_actions/public.inquiry/`: a pattern without the slash held nothing, and
    // the test passed only when it caught the short sending state before the answer)
    const { release } = await holdAction(page, 'public.inquiry');
    await page.goto(site().url + '/kontakt');
    const form = page.locator('.contact-form form');
    await form.scrollIntoViewIfNeeded();
    const sum = await answerOnPage(form);
    expect(captchaRequests).toBe(1);
    await form.getByLabel('Name').fill('Karl Kontakt');
    await form.getByLabel('E-Mail').fill('karl@example.at');
    await form.getByLabel('Betreff').fill('Frage zum Sommerfest');
    await form.locator('textarea[name="nachricht"]').fill('Wann beginnt das Fest?\nUnd gibt es Parkplätze?');
    await form.getByLabel(/Sicherheitsfrage/).fill(String(sum));
    await form.getByRole('button', { name: 'Nachricht senden' }).click();
    const sending = form.getByRole('button', { name: 'Wird gesendet...' });
    await expect(sending).toBeDisabled();
    expect(stored(site())).toHaveLength(0);
    release();
    const toast = page.locator('.toast').filter({ hasText: 'Nachricht gesendet!' });
    await expect(toast).toContainText('Vielen Dank für dein Interesse. Wir werden uns bald bei dir melden.');
    // (a textarea's label takes in its value, so the fields are found by name)
    for (const name of ['name', 'email', 'betreff', 'nachricht']) await expect(form.locator(`[name="${name}"]`)).toHaveValue('');
    await expect(form.locator('.captcha-question')).toHaveText(/^\d+ \+ \d+ = \?$/);
    expect(captchaRequests).toBe(2);

    const rows = stored(site());
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'Karl Kontakt',
      email: 'karl@example.at',
      betreff: 'Frage zum Sommerfest',
      nachricht: 'Wann beginnt das Fest?\nUnd gibt es Parkplätze?',
      status: 'unread',
    });
    // the notification goes out after the answer
    await expect.poll(() => outbox(site()).length).toBe(1);
    const mails = outbox(site());
    const mail = await simpleParser(fs.readFileSync(mails[0]));
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe(CLUB_ADDRESS);
    expect(mail.subject).toBe('Neue Anfrage (Kontakt): Frage zum Sommerfest');
    expect(mail.replyTo?.text).toBe('karl@example.at');
    expect(mail.text).toContain('Wann beginnt das Fest?\nUnd gibt es Parkplätze?');
    expect(mail.text).toContain(`${site().url}/admin`);
  });

  test("membership form: a wrong answer keeps the fields, says 'Captcha falsch' and asks a new question in the focused field", async ({ page }) => {
    let captchaRequests = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/captcha')) captchaRequests++;
    });
    const before = stored(site()).length;
    await page.goto(site().url + '/mitglied-werden');
    const form = page.locator('form.inquiry-form');
    await form.scrollIntoViewIfNeeded();
    const sum = await answerOnPage(form);
    await form.getByLabel('Name').fill('Susi Spielerin');
    await form.getByLabel('E-Mail').fill('susi@example.at');
    await form.getByLabel('Betreff').fill('Spielerin werden');
    await form.locator('textarea[name="nachricht"]').fill('Ich spiele seit fünf Jahren.');
    await form.getByLabel(/Sicherheitsfrage/).fill(String(sum + 1));
    // with the keyboard: the new question's field takes the focus (the button was disabled and dropped it)
    await form.getByRole('button', { name: 'Nachricht senden' }).press('Enter');
    const toast = page.locator('.toast.destructive').filter({ hasText: 'Captcha falsch' });
    await expect(toast).toContainText('Bitte löse die Rechenaufgabe korrekt.');
    await expect(form.getByLabel(/Sicherheitsfrage/)).toBeFocused();
    await expect(form.getByLabel(/Sicherheitsfrage/)).toHaveValue('');
    await expect(form.getByLabel('Name')).toHaveValue('Susi Spielerin');
    await expect(form.locator('textarea[name="nachricht"]')).toHaveValue('Ich spiele seit fünf Jahren.');
    await expect(form.locator('.captcha-question')).toHaveText(/^\d+ \+ \d+ = \?$/);
    expect(captchaRequests).toBe(2);
    expect(stored(site())).toHaveLength(before);

    // the kept fields with the new question go through, marked as a membership inquiry
    const mailsBefore = outbox(site()).length;
    await form.getByLabel(/Sicherheitsfrage/).fill(String(await answerOnPage(form)));
    await form.getByRole('button', { name: 'Nachricht senden' }).click();
    await expect(page.locator('.toast').filter({ hasText: 'Nachricht gesendet!' })).toBeVisible();
    expect(stored(site()).map((r) => r.betreff)).toContain('Spielerin werden');
    await expect.poll(() => outbox(site()).length).toBe(mailsBefore + 1);
    const mails = outbox(site());
    expect((await simpleParser(fs.readFileSync(mails.at(-1)!))).subject).toBe('Neue Anfrage (Mitglied werden): Spielerin werden');
  });

  test('the refresh control asks a new question', async ({ page }) => {
    let captchaRequests = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/captcha')) captchaRequests++;
    });
    await page.goto(site().url + '/kontakt');
    const form = page.locator('.contact-form form');
    await form.scrollIntoViewIfNeeded();
    await answerOnPage(form);
    await form.getByRole('button', { name: 'Neue Rechenaufgabe' }).click();
    await expect.poll(() => captchaRequests).toBe(2);
    await answerOnPage(form);
  });

  test('a lost question is asked again; when every try fails the field says so, and ↻ brings one', async ({ page }) => {
    let failing = 1;
    let captchaRequests = 0;
    // eslint-disable-next-line no-restricted-syntax -- before the first goto
    await page.route('**/api/captcha', (route) => {
      captchaRequests++;
      return captchaRequests <= failing ? route.abort('connectionreset') : route.continue();
    });
    await page.goto(site().url + '/kontakt');
    const form = page.locator('.contact-form form');
    await form.scrollIntoViewIfNeeded();
    // one request lost on the way: the visitor still gets a question
    await answerOnPage(form);
    expect(captchaRequests).toBe(2);

    // the server out of reach for every try: a German message instead of '…' forever
    failing = Infinity;
    await form.getByRole('button', { name: 'Neue Rechenaufgabe' }).click();
    await expect(form.locator('.captcha-unavailable')).toHaveText('Die Rechenaufgabe konnte nicht geladen werden. Bitte tippe auf ↻.');
    expect(captchaRequests).toBe(5);
    failing = 0;
    await form.getByRole('button', { name: 'Neue Rechenaufgabe' }).click();
    await expect(form.locator('.captcha-question')).toHaveText(/^\d+ \+ \d+ = \?$/);
    await expect(form.locator('.captcha-unavailable')).toHaveCount(0);
  });

  test("the form's code lost on the way is fetched again while the visitor is in the form", async ({ page }) => {
    let lost = 0;
    const asked: string[] = [];
    // the second try asks under an address of its own: some browsers never fetch a failed module's address again
    // eslint-disable-next-line no-restricted-syntax -- before the first goto
    await page.route(/\/_astro\/InquiryForm\.[\w-]+\.js(\?retry=\d+)?$/, (route) => {
      // the loader's question whether the code is gone (a deploy) or only lost on the way
      if (route.request().method() === 'HEAD') return route.continue();
      asked.push(new URL(route.request().url()).search);
      return lost++ === 0 ? route.abort('connectionreset') : route.continue();
    });
    await page.goto(site().url + '/kontakt');
    const form = page.locator('.contact-form form');
    await form.scrollIntoViewIfNeeded();
    await form.locator('[name="name"]').focus();
    await expect(form.locator('.captcha-question')).toHaveText(/^\d+ \+ \d+ = \?$/);
    expect(lost).toBe(2);
    expect(asked).toEqual(['', '?retry=1']);
    await form.getByLabel('Name').fill('Zweiter Versuch');
    await expect(form.getByLabel('Name')).toHaveValue('Zweiter Versuch');
    // lost on weak data is not a new version: no bar asks for a reload
    await expect(page.getByRole('region', { name: 'Neue Version' })).toHaveCount(0);
  });

  test("a form whose code a deploy removed since the page was loaded asks for a reload instead of trying for ever", async ({ page }) => {
    // the old build's file: gone from the server, for the import and for the loader's question alike
    // eslint-disable-next-line no-restricted-syntax -- before the first goto
    await page.route(/\/_astro\/InquiryForm\.[\w-]+\.js(\?retry=\d+)?$/, (route) => route.fulfill({ status: 404, body: 'Nicht gefunden' }));
    await page.goto(site().url + '/kontakt');
    const form = page.locator('.contact-form form');
    await form.scrollIntoViewIfNeeded();
    await form.locator('[name="name"]').focus();
    const bar = page.getByRole('region', { name: 'Neue Version' });
    await expect(bar).toContainText('Die Website wurde inzwischen aktualisiert. Bitte die Seite neu laden, um das Formular zu nutzen.');
    await page.unrouteAll();
    const reloaded = page.waitForEvent('load');
    await bar.getByRole('button', { name: 'Neu laden' }).click();
    await reloaded;
    await form.scrollIntoViewIfNeeded();
    await form.locator('[name="name"]').focus();
    await expect(form.locator('.captcha-question')).toHaveText(/^\d+ \+ \d+ = \?$/);
    await expect(bar).toHaveCount(0);
  });

  test('a challenge answered once cannot be used again', async ({ request }) => {
    const before = stored(site()).length;
    const { token, answer, proof } = await challenge(request, site());
    const first = await post(request, site(), { ...valid, betreff: 'Erste Sendung', captchaToken: token, captchaAnswer: answer, captchaProof: proof });
    expect(first.status()).toBe(200);
    const replay = await post(request, site(), { ...valid, betreff: 'Wiederholung', captchaToken: token, captchaAnswer: answer, captchaProof: proof });
    expect(replay.status()).toBe(400);
    expect(((await replay.json()) as { message: string }).message).toBe('CAPTCHA');
    expect(stored(site()).map((r) => r.betreff).filter((b) => b === 'Erste Sendung' || b === 'Wiederholung')).toEqual(['Erste Sendung']);
    expect(stored(site())).toHaveLength(before + 1);
    // a forged token is refused as well
    const forged = await post(request, site(), { ...valid, captchaToken: `${token.split('.')[0]}.AAAA`, captchaAnswer: answer });
    expect(forged.status()).toBe(400);
  });

  test('a filled honeypot is answered like a success, and nothing is stored or mailed', async ({ request }) => {
    // every stored inquiry is mailed once, after its answer: wait for the earlier tests' mails
    await expect.poll(() => outbox(site()).length).toBe(stored(site()).length);
    const before = stored(site()).length;
    const { token, answer, proof } = await challenge(request, site());
    const response = await post(request, site(), { ...valid, betreff: 'Bot-Anfrage 4711', website: 'https://spam.example', captchaToken: token, captchaAnswer: answer, captchaProof: proof });
    expect(response.status()).toBe(200);
    expect(stored(site())).toHaveLength(before);
    // a real inquiry after it, and its mail: a mail of the bot's, answered before, would have gone by then too
    // (no waiting for nothing to happen)
    const next = await challenge(request, site());
    const real = await post(request, site(), { ...valid, betreff: 'Nach dem Bot', captchaToken: next.token, captchaAnswer: next.answer, captchaProof: next.proof });
    expect(real.status()).toBe(200);
    await expect.poll(() => outbox(site()).length).toBe(before + 1);
    const texts = outbox(site()).map((file) => fs.readFileSync(file.replace(/\.eml$/, '.txt'), 'utf8'));
    expect(texts.filter((text) => text.includes('Nach dem Bot'))).toHaveLength(1);
    expect(texts.filter((text) => text.includes('Bot-Anfrage 4711'))).toEqual([]);
    expect(stored(site()).map((r) => r.betreff)).not.toContain('Bot-Anfrage 4711');
  });

  test('the server validates what the browser would have checked', async ({ request, page }) => {
    const before = stored(site()).length;
    for (const broken of [
      { name: '' },
      { name: '   ' },
      { email: 'keine-adresse' },
      { betreff: '' },
      { nachricht: '' },
      { nachricht: 'x'.repeat(10_001) },
      { source: 'admin' },
    ]) {
      const { token, answer, proof } = await challenge(request, site());
      const response = await post(request, site(), { ...valid, ...broken, captchaToken: token, captchaAnswer: answer, captchaProof: proof });
      expect(response.status(), JSON.stringify(broken).slice(0, 60)).toBe(400);
      expect(((await response.json()) as { type: string }).type).toBe('AstroActionInputError');
    }
    // a field left out entirely
    const { token, answer, proof } = await challenge(request, site());
    const { email: _omitted, ...withoutEmail } = valid;
    expect((await post(request, site(), { ...withoutEmail, captchaToken: token, captchaAnswer: answer, captchaProof: proof })).status()).toBe(400);
    expect(stored(site())).toHaveLength(before);

    // in the browser, with the required and type checks removed
    await page.goto(site().url + '/kontakt');
    const form = page.locator('.contact-form form');
    await form.scrollIntoViewIfNeeded();
    const sum = await answerOnPage(form);
    await form.evaluate((f) => {
      f.setAttribute('novalidate', '');
      for (const el of f.querySelectorAll('input, textarea')) el.removeAttribute('required');
    });
    await form.getByLabel('E-Mail').fill('keine-adresse');
    await form.getByLabel(/Sicherheitsfrage/).fill(String(sum));
    await form.getByRole('button', { name: 'Nachricht senden' }).click();
    await expect(page.locator('.toast.destructive').filter({ hasText: 'Fehler beim Senden' })).toBeVisible();
    expect(stored(site())).toHaveLength(before);
  });

  test('with JavaScript the notice for browsers without it is not shown', async ({ page }) => {
    for (const url of ['/kontakt', '/mitglied-werden']) {
      await page.goto(site().url + url);
      await expect(page.locator('form.inquiry-form')).toBeVisible();
      await expect(page.getByText('Dieses Formular benötigt JavaScript.')).toBeHidden();
    }
  });

  test('without JavaScript the page shows its content and says the form needs JavaScript, and where to write instead', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    for (const url of ['/kontakt', '/mitglied-werden']) {
      await page.goto(site().url + url);
      // the address the inquiries go to: the footer's e-mail
      const email = (await page.locator('footer a[href^="mailto:"]').first().textContent())!.trim();
      expect(email).toContain('@');
      await expect(page.locator('.js-required')).toHaveText(
        `Dieses Formular benötigt JavaScript. Bitte aktiviere JavaScript oder schreib uns eine E-Mail an ${email}.`,
      );
      await expect(page.locator('.js-required').getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
      // the form cannot be sent half-working
      await expect(page.locator('form.inquiry-form fieldset')).toHaveAttribute('disabled', '');
      await expect(page.locator('form.inquiry-form button[type="submit"]')).toBeDisabled();
      await expect(page.locator('form.inquiry-form [name="name"]')).toBeDisabled();
    }
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('MITGLIED WERDEN');
    await context.close();
  });
});

test.describe('Formulare, Speichern schlägt fehl', () => {
  const site = useSite((db) => {
    db.$client.exec('ALTER TABLE membership_inquiries RENAME TO inquiries_unwritable');
  });

  test("'Fehler beim Senden', the fields stay and the keyboard's focus on the button", async ({ page, context }) => {
    await withCookieChoice(context);
    await page.goto(site().url + '/mitglied-werden');
    const form = page.locator('form.inquiry-form');
    await form.scrollIntoViewIfNeeded();
    const sum = await answerOnPage(form);
    await form.getByLabel('Name').fill('Paula Pech');
    await form.getByLabel('E-Mail').fill('paula@example.at');
    await form.getByLabel('Betreff').fill('Mitgliedschaft');
    await form.locator('textarea[name="nachricht"]').fill('Hallo');
    await form.getByLabel(/Sicherheitsfrage/).fill(String(sum));
    const send = form.getByRole('button', { name: 'Nachricht senden' });
    await send.press('Enter');
    const toast = page.locator('.toast.destructive').filter({ hasText: 'Fehler beim Senden' });
    await expect(toast).toContainText('Es gab ein Problem beim Senden der Nachricht. Bitte versuche es erneut.');
    await expect(form.getByLabel('Name')).toHaveValue('Paula Pech');
    // the keyboard is where it was, to send again once the question is answered
    await expect(send).toBeFocused();
  });
});

test.describe('Formulare, Begrenzung je Adresse', () => {
  const site = useSite();

  test('after six messages in ten minutes the address has to wait', async ({ request }) => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const { token, answer, proof } = await challenge(request, site());
      const response = await post(request, site(), { ...valid, betreff: `Nachricht ${i + 1}`, captchaToken: token, captchaAnswer: answer, captchaProof: proof });
      statuses.push(response.status());
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
    expect(stored(site())).toHaveLength(6);
  });

  test('the form tells a limited visitor to try later', async ({ page, context }) => {
    await withCookieChoice(context);
    await page.goto(site().url + '/kontakt');
    const form = page.locator('.contact-form form');
    await form.scrollIntoViewIfNeeded();
    const sum = await answerOnPage(form);
    await form.getByLabel('Name').fill('Noch Jemand');
    await form.getByLabel('E-Mail').fill('jemand@example.at');
    await form.getByLabel('Betreff').fill('Noch eine');
    await form.locator('textarea[name="nachricht"]').fill('Hallo');
    await form.getByLabel(/Sicherheitsfrage/).fill(String(sum));
    await form.getByRole('button', { name: 'Nachricht senden' }).click();
    await expect(page.locator('.toast.destructive').filter({ hasText: 'Fehler beim Senden' })).toContainText('Zu viele Nachrichten in kurzer Zeit.');
    expect(stored(site())).toHaveLength(6);
  });
});
