import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Browser } from '@playwright/test';
import { adminClient } from '../../fixtures/admin-http';
import { loginAs } from '../../fixtures/auth';
import { startMailCatcher } from '../../fixtures/mail';
import { freePort, startSite, type Site } from '../../fixtures/site';

// A mail that did not go, in the superadmin's header (decision 075): before, a failed notification of a new
// inquiry or a reset link was only logged, where a volunteer host does not look. SMTP_URL names a port nobody
// listens on (a typo, a mail server moved); then the host fixes it and restarts.
let site: Site | undefined;
test.afterEach(async () => site?.stop());

async function superadminHeader(browser: Browser, running: Site) {
  const context = await browser.newContext();
  await loginAs(context, running, 'superadmin');
  const page = await context.newPage();
  await page.goto(`${running.url}/admin`);
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  return { page, close: () => context.close() };
}

test('a mail that did not go: the superadmin’s header says when and why until one goes again, across a restart', async ({ browser }) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-mail-status-'));
  site = await startSite({ dataDir, env: { SMTP_URL: `smtp://127.0.0.1:${await freePort()}` } });
  const boss = await adminClient(site, ['superadmin']);
  const refused = await boss.call('admin.users.invite', { email: 'neu@verein.at' });
  expect(refused.status).toBe(503);

  const superadmin = await superadminHeader(browser, site);
  const notice = superadmin.page.getByTestId('mail-state');
  await expect(notice).toHaveText(
    /^Der E-Mail-Versand ist am \d+\. \S+ \d{4}, \d{2}:\d{2} Uhr fehlgeschlagen: der Mailserver ist nicht erreichbar\. Bis wieder eine E-Mail versendet wird, kommen Benachrichtigungen über neue Anfragen, Einladungen und Links zum Zurücksetzen des Passworts möglicherweise nicht an\.$/,
  );
  await expect(notice).toHaveAttribute('role', 'status');
  // (only a superadmin's header asks: the server refuses anyone else, tests/fixtures/permission-matrix.ts)
  await superadmin.close();

  // the host corrects SMTP_URL and restarts: the note stays until a mail goes
  await site.crash();
  const mail = await startMailCatcher();
  try {
    site = await startSite({ dataDir, env: { SMTP_URL: mail.url } });
    const again = await superadminHeader(browser, site);
    await expect(again.page.getByTestId('mail-state')).toContainText('der Mailserver ist nicht erreichbar');
    const statusAnswer = () => again.page.waitForResponse((response) => response.url().includes('/_actions/admin.mail.status') && response.ok());
    const before = statusAnswer();
    await again.page.reload();
    expect(await (await before).text()).toContain('nicht erreichbar');
    const sent = await (await adminClient(site, ['superadmin'])).call('admin.users.invite', { email: 'neu@verein.at' });
    expect(sent.status).toBe(200);
    expect(mail.to('neu@verein.at')).toHaveLength(1);
    // the header has asked again, and heard nothing to say (not only: not yet answered)
    const after = statusAnswer();
    await again.page.reload();
    expect(await (await after).text()).not.toContain('nicht erreichbar');
    await expect(again.page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
    // the page has had two frames to draw what it did with the answer (read here as it reached the test)
    await again.page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await expect(again.page.getByTestId('mail-state')).toHaveCount(0);
    await again.close();
  } finally {
    await mail.stop();
  }
});
