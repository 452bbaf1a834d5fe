import { eq } from 'drizzle-orm';
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { createTestUser, loginAs } from '../../fixtures/auth';
import { startSite, type Site } from '../../fixtures/site';
import { auditLog, news } from '../../../src/server/db/schema';
import { callAction, signInWithForm, solvedCaptcha } from '../auth/helpers';
import { horizontalOverflow } from './content-helpers';

// The audit log 'Protokoll' (issue 15, docs/decisions/031): a superadmin sees a
// sign-in, a burst of failed sign-ins, an admin's content change and a role
// change, filters them and downloads them as CSV; an admin gets neither.
let site: Site;
test.beforeAll(async () => {
  site = await startSite();
});
test.afterAll(async () => {
  await site.stop();
});

test('the log lists a sign-in, a failed sign-in burst, a content change and a role change; filters; the CSV downloads', async ({ page, request, browser }) => {
  // a failed burst: six wrong passwords for one account from one address (the sixth starts the wait)
  const target = await createTestUser(site, ['admin']);
  for (let i = 0; i < 6; i++) {
    const answer = await callAction(request, site, 'auth.signIn', { email: target.email, password: `geraten-${i}-passwort`, ...(await solvedCaptcha(request, site)) });
    expect(answer.status).toBe(401);
  }

  // a content change by an admin, in their own browser
  const adminContext = await browser.newContext();
  const admin = await loginAs(adminContext, site, 'admin');
  const created = await callAction(adminContext.request, site, 'admin.news.create', { title: 'Protokollierter Sieg', content: 'Bericht', excerpt: '', image_url: '', published: true });
  expect(created.status, created.text).toBe(200);
  await adminContext.close();

  // the superadmin signs in through the form, then changes a role
  const boss = await createTestUser(site, ['superadmin']);
  await signInWithForm(page, site, boss.email, boss.password);
  await expect(page).toHaveURL(`${site.url}/`);
  const role = await callAction(page.request, site, 'admin.users.addRole', { userId: admin.id, role: 'moderator' });
  expect(role.status, role.text).toBe(200);

  await page.goto(`${site.url}/admin#protokoll`);
  const rows = page.locator('tr.audit-entry');
  const row = (action: string) => rows.and(page.locator(`[data-action="${action}"]`));
  await expect(row('role.add')).toHaveCount(1);
  // newest first: the role change, the superadmin's sign-in, the news, the burst
  await expect(row('role.add').locator('.audit-user')).toHaveText(boss.email);
  await expect(row('role.add').locator('.audit-action')).toHaveText('Rolle hinzugefügt');
  await expect(row('role.add').locator('.audit-detail')).toHaveText(`Moderator: ${admin.email}`);
  await expect(row('signin').locator('.audit-user')).toHaveText(boss.email);
  await expect(row('signin').locator('.audit-detail')).toHaveText(/^von /);
  const news1 = row('content.insert').filter({ hasText: 'Protokollierter Sieg' });
  await expect(news1.locator('.audit-user')).toHaveText(admin.email);
  await expect(news1.locator('.audit-action')).toHaveText('Inhalt erstellt');
  await expect(news1.locator('.audit-entity')).toHaveText('News');
  const newsId = site.db().select({ id: news.id }).from(news).all().at(-1)!.id;
  await expect(news1.locator('.audit-row')).toHaveText(newsId);
  await expect(row('signin.failed')).toHaveCount(1);
  await expect(row('signin.failed').locator('.audit-user')).toHaveText(target.email);
  await expect(row('signin.failed').locator('.audit-detail')).toHaveText('6 fehlgeschlagene Anmeldungen für dieses Konto von 127.0.0.1');
  const order = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-action')));
  // each action is listed, newest first (an action that is missing fails here, not as index -1)
  const kinds = ['role.add', 'signin', 'content.insert', 'signin.failed'];
  expect(kinds.filter((kind) => order.includes(kind))).toEqual(kinds);
  expect([...kinds].sort((a, b) => order.indexOf(a) - order.indexOf(b))).toEqual(kinds);

  // filter: sign-ins only, then one user, then a day with nothing
  const filter = page.getByRole('form', { name: 'Filtern' });
  await filter.getByLabel('Aktion').selectOption({ label: 'Anmeldung' });
  await page.getByRole('button', { name: 'Filtern', exact: true }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('data-action', 'signin');
  await page.getByRole('button', { name: 'Zurücksetzen' }).click();
  await filter.getByRole('searchbox', { name: 'Benutzer' }).fill(admin.email);
  await page.getByRole('button', { name: 'Filtern', exact: true }).click();
  await expect(rows.first()).toHaveAttribute('data-action', 'content.insert');
  await expect(rows.locator('.audit-user').filter({ hasNotText: admin.email })).toHaveCount(0);
  await filter.getByLabel('Von', { exact: true }).fill('2020-01-01');
  await filter.getByLabel('Bis', { exact: true }).fill('2020-01-02');
  await page.getByRole('button', { name: 'Filtern', exact: true }).click();
  await expect(page.getByText('Keine Einträge für diesen Filter.')).toBeVisible();
  await page.getByRole('button', { name: 'Zurücksetzen' }).click();
  await expect(row('role.add')).toHaveCount(1);

  // the CSV: a header row, ';' separated, every entry of the filter
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Als CSV herunterladen' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^protokoll-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync((await download.path())!, 'utf8');
  const lines = csv.replace(/^\uFEFF/, '').trim().split('\r\n');
  expect(lines[0]).toBe('Zeit;Benutzer;Aktion;Bereich;Datensatz;Details');
  expect(lines.some((l) => l.includes(`;${boss.email};Rolle hinzugefügt;Benutzer;${admin.id};Moderator: ${admin.email}`))).toBe(true);
  expect(lines.some((l) => l.includes(`;${admin.email};Inhalt erstellt;News;${newsId};Protokollierter Sieg`))).toBe(true);
  expect(lines.some((l) => l.includes(`;${target.email};Fehlgeschlagene Anmeldungen;`))).toBe(true);
  expect(lines.length - 1).toBe(await rows.count());
  // the download is itself in the log, by whom, with how many entries and the filter
  const exported = site.db().select().from(auditLog).where(eq(auditLog.action, 'audit.export')).all();
  expect(exported).toEqual([expect.objectContaining({ user_name: boss.email, detail: expect.stringMatching(new RegExp(`^${lines.length - 1} Einträge als CSV`)) })]);
  // a look with HEAD (a link checker, a download manager) is no export
  expect((await page.request.fetch(`${site.url}/api/admin/audit.csv`, { method: 'HEAD' })).status()).toBe(200);
  expect(site.db().select().from(auditLog).where(eq(auditLog.action, 'audit.export')).all()).toHaveLength(1);
});

test('an admin has no Protokoll: the tab is missing, the actions and the CSV are refused', async ({ page, context }) => {
  await loginAs(context, site, 'admin');
  await page.goto(`${site.url}/admin`);
  await expect(page.getByRole('tab', { name: 'Mitglied' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Protokoll' })).toHaveCount(0);
  for (const name of ['admin.audit.list', 'admin.audit.settings']) {
    const refused = await callAction(page.request, site, name, {});
    expect(refused.status, name).toBe(403);
    expect(refused.message).toBe('Nur Superadmins können das Protokoll sehen.');
  }
  const csv = await page.request.get(`${site.url}/api/admin/audit.csv`);
  expect(csv.status()).toBe(403);
  expect(await csv.text()).toBe('Nur Superadmins können das Protokoll sehen.');
  const anonymous = await fetch(`${site.url}/api/admin/audit.csv`);
  expect(anonymous.status).toBe(401);
});

test('a superadmin sets how long the log and the inquiries are kept', async ({ page, context }) => {
  await loginAs(context, site, 'superadmin');
  await page.goto(`${site.url}/admin#protokoll`);
  await expect(page.getByLabel('Protokoll aufbewahren (Tage)')).toHaveValue('365');
  await expect(page.getByLabel('Anfragen aufbewahren (Monate)')).toHaveValue('12');
  await page.getByLabel('Anfragen aufbewahren (Monate)').fill('0');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.locator('.toaster').getByText('Mindestens 1 Monat.')).toBeVisible();
  await page.getByLabel('Anfragen aufbewahren (Monate)').fill('6');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.locator('.toaster').getByText('Aufbewahrung gespeichert!')).toBeVisible();
  const stored = site.db().$client.prepare("SELECT value FROM site_settings WHERE key = 'inquiry_retention_months'").get() as { value: string };
  expect(stored.value).toBe('6');
  await page.reload();
  await expect(page.getByLabel('Anfragen aufbewahren (Monate)')).toHaveValue('6');
  await expect(page.locator('tr.audit-entry[data-action="retention.settings"] .audit-detail')).toHaveText('Geändert: Anfragen aufbewahren (Monate): 12 → 6');
});

test('the Protokoll tab fits a 375 px phone', async ({ page, context }) => {
  await loginAs(context, site, 'superadmin');
  // a long hostile line must wrap, not widen the page
  site
    .db()
    .insert(auditLog)
    .values({ at: Date.now(), user_name: `${'x'.repeat(300)}@test.at`, action: 'signin.failed', detail: `<script>alert(1)</script>${'y'.repeat(5000)}` })
    .run();
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`${site.url}/admin#protokoll`);
  await expect(page.locator('tr.audit-entry .audit-detail').filter({ hasText: '<script>alert(1)</script>' })).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
});
