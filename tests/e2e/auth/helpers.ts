// Shared steps of the sign-in tests: answering the server's captcha in the
// browser and over HTTP, and calling an action the way the islands do.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { Site } from '../../fixtures/site';
import { replyToCaptcha } from '../../fixtures/captcha';

/** Reads the question shown next to the captcha field ('3 + 4 = ?') and types the sum. */
export async function answerCaptcha(page: Page, fieldLabel = /Sicherheitsfrage/): Promise<string> {
  const question = page.locator('.captcha-question');
  await expect(question).toHaveText(/^\d+ \+ \d+ = \?$/);
  const text = (await question.textContent())!;
  const [a, b] = text.match(/\d+/g)!.map(Number);
  await page.getByLabel(fieldLabel).fill(String(a + b));
  return text;
}

/** A fresh challenge from /api/captcha, answered. */
export async function solvedCaptcha(request: APIRequestContext, site: Site) {
  // as a person's browser answers it: the sum and the solved proof of work
  return replyToCaptcha(await (await request.get(`${site.url}/api/captcha`)).json());
}

/** POST /_actions/<name> with JSON and a same-origin Origin header, as `actions.x()` does. */
export async function callAction(request: APIRequestContext, site: Site, name: string, body: unknown) {
  const response = await request.post(`${site.url}/_actions/${name}`, {
    headers: { origin: site.url, 'content-type': 'application/json', accept: 'application/json' },
    data: JSON.stringify(body),
  });
  const text = await response.text();
  let json: { message?: string } | null = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: response.status(), text, message: json?.message };
}

/** Signs in through the /auth form. */
export async function signInWithForm(page: Page, site: Site, email: string, password: string) {
  await page.goto(`${site.url}/auth`);
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await answerCaptcha(page);
  await page.getByRole('button', { name: 'Anmelden' }).click();
}
