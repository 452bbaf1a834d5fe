// The victim's browser for the attacks that need one (CSRF, stored XSS): the
// Chromium headless shell as the browser tests launch it (tests/fixtures/browsers.ts), with a watch on every page
// for what an attack would leave: calls of window.__hit(n) (the payloads'
// tell), dialogs, and content-security-policy violations.
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { SESSION_COOKIE } from '../../src/server/auth/session';
import { CHROMIUM_ARGS, CHROMIUM_SHELL } from '../fixtures/browsers';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_SHELL,
    args: CHROMIUM_ARGS,
  });
}

export type Watch = { hits: number[]; dialogs: string[]; violations: string[] };

/** A context signed in with the session token (or none), whose pages report what ran. */
export async function watchedContext(browser: Browser, siteUrl: string, token: string | null): Promise<{ context: BrowserContext; watch: Watch }> {
  const context = await browser.newContext({ serviceWorkers: 'block', locale: 'de-AT' });
  if (token) await context.addCookies([{ name: SESSION_COOKIE, value: token, url: siteUrl, httpOnly: true, sameSite: 'Lax' }]);
  const watch: Watch = { hits: [], dialogs: [], violations: [] };
  await context.exposeFunction('__report', (kind: string, detail: string) => {
    if (kind === 'hit') watch.hits.push(Number(detail));
    else watch.violations.push(detail);
  });
  await context.addInitScript(() => {
    const report = (window as unknown as { __report: (kind: string, detail: string) => void }).__report;
    (window as unknown as { __hit: (n: number) => void }).__hit = (n) => report('hit', String(n));
    document.addEventListener('securitypolicyviolation', (e) => report('csp', `${e.violatedDirective} ${e.blockedURI} @ ${location.pathname}`));
  });
  context.on('page', (page) => watchPage(page, watch));
  return { context, watch };
}

function watchPage(page: Page, watch: Watch): void {
  page.on('dialog', (dialog) => {
    watch.dialogs.push(`${dialog.type()}: ${dialog.message()} @ ${page.url()}`);
    void dialog.dismiss();
  });
}
