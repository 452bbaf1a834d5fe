import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { loginAs } from '../../fixtures/auth';
import { startSite, type Site } from '../../fixtures/site';
import { auditLog, membershipInquiries } from '../../../src/server/db/schema';
import { callAction } from '../auth/helpers';
import { acceptNextConfirm, publicHtml, toaster } from './content-helpers';

// Inquiries that do not rot (issue 15, docs/decisions/031): a superadmin exports
// everything stored about an e-mail address and erases its inquiries; an admin
// can do neither; the privacy page's default text names the retention.
let site: Site;
test.beforeAll(async () => {
  site = await startSite({
    seed: (db) => {
      db.insert(membershipInquiries)
        .values([
          { name: 'Max Muster', email: 'Max@Test.at', betreff: 'Mitglied werden', nachricht: 'Ich möchte beitreten.', created_at: '2026-10-01T08:00:00.000Z' },
          { name: '<b>Max</b>', email: 'max@test.at', betreff: 'Nachfrage', nachricht: '=1+1', created_at: '2026-11-01T08:00:00.000Z' },
          { name: 'Eva Andere', email: 'eva@test.at', betreff: 'Training', nachricht: 'Wann?', created_at: '2026-11-02T08:00:00.000Z' },
        ])
        .run();
    },
  });
});
test.afterAll(async () => {
  await site.stop();
});

const emails = () => site.db().select({ email: membershipInquiries.email }).from(membershipInquiries).all().map((r) => r.email).sort();
const card = (page: import('@playwright/test').Page) => page.locator('section').filter({ has: page.getByRole('heading', { name: 'Datenauskunft und Löschung (DSGVO)' }) });

test('an admin sees no privacy tools and is refused by the actions; nothing changes', async ({ page, context }) => {
  await loginAs(context, site, 'admin');
  await page.goto(`${site.url}/admin#mitglied`);
  await expect(page.locator('.inquiry')).toHaveCount(3);
  await expect(page.getByRole('heading', { name: 'Datenauskunft und Löschung (DSGVO)' })).toHaveCount(0);
  for (const name of ['admin.inquiries.exportByEmail', 'admin.inquiries.eraseByEmail']) {
    const refused = await callAction(page.request, site, name, { email: 'max@test.at' });
    expect(refused.status, name).toBe(403);
    expect(refused.message).toBe('Nur Superadmins können gespeicherte Daten exportieren oder löschen.');
  }
  expect(emails()).toEqual(['Max@Test.at', 'eva@test.at', 'max@test.at']);
});

test('a superadmin downloads everything stored about an address, then erases its inquiries', async ({ page, context }) => {
  const boss = await loginAs(context, site, 'superadmin');
  await page.goto(`${site.url}/admin#mitglied`);
  await expect(page.locator('.inquiry')).toHaveCount(3);
  const tools = card(page);
  // bad input: a German message, nothing happens
  await tools.getByLabel('E-Mail-Adresse').fill('keine-adresse');
  await tools.getByRole('button', { name: 'Daten exportieren' }).click();
  await expect(toaster(page).getByText('Bitte eine gültige E-Mail-Adresse eingeben.')).toBeVisible();

  await tools.getByLabel('E-Mail-Adresse').fill(' MAX@test.at ');
  const [download] = await Promise.all([page.waitForEvent('download'), tools.getByRole('button', { name: 'Daten exportieren' }).click()]);
  expect(download.suggestedFilename()).toBe('daten-max@test.at.json');
  const data = JSON.parse(fs.readFileSync((await download.path())!, 'utf8'));
  expect(data.email).toBe('max@test.at');
  expect(data.inquiries.map((i: { name: string; nachricht: string }) => [i.name, i.nachricht])).toEqual([
    ['Max Muster', 'Ich möchte beitreten.'],
    ['<b>Max</b>', '=1+1'],
  ]);
  expect(data.account).toBeNull();
  await expect(toaster(page).getByText('Export erstellt: 2 Anfragen')).toBeVisible();

  // the superadmin's own account: exported without secrets
  await tools.getByLabel('E-Mail-Adresse').fill(boss.email);
  const [own] = await Promise.all([page.waitForEvent('download'), tools.getByRole('button', { name: 'Daten exportieren' }).click()]);
  const account = JSON.parse(fs.readFileSync((await own.path())!, 'utf8')).account;
  expect(account).toMatchObject({ id: boss.id, email: boss.email, passwordSet: true, roles: ['superadmin'] });
  expect(account.sessions.length).toBeGreaterThan(0);
  expect(JSON.stringify(account)).not.toMatch(/argon2|password_?hash|sealed/i);

  await tools.getByLabel('E-Mail-Adresse').fill('max@test.at');
  acceptNextConfirm(page, 'Alle Anfragen von max@test.at endgültig löschen? Das kann nicht rückgängig gemacht werden.');
  await tools.getByRole('button', { name: 'Anfragen löschen' }).click();
  await expect(toaster(page).getByText('2 Anfragen gelöscht')).toBeVisible();
  // and told what still holds them on this server (no BACKUP_DIR: no nightly archives; a restore brings them back)
  await expect(toaster(page)).toContainText(
    'Von Hand erstellte Sicherungen (npm run backup) enthalten sie noch, bis sie gelöscht werden. Wird eine Sicherung zurückgespielt, bitte erneut löschen.',
  );
  expect(emails()).toEqual(['eva@test.at']);
  // the inbox follows
  await expect(page.locator('.inquiry')).toHaveCount(1);
  await expect(page.locator('.inquiry-name')).toHaveText('Eva Andere');
  // the log proves the export and the erasure without keeping the address
  const log = site.db().select().from(auditLog).all().filter((r) => r.action.startsWith('inquiry.'));
  expect(log.map((r) => [r.action, r.user_name, r.detail])).toEqual([
    ['inquiry.export', boss.email, 'Export für eine E-Mail-Adresse: 2 Anfragen'],
    ['inquiry.export', boss.email, 'Export für eine E-Mail-Adresse: 0 Anfragen'],
    ['inquiry.erase', boss.email, '2 Anfragen von m***@test.at gelöscht'],
  ]);
  // in any spelling: the export was asked for as typed (' MAX@test.at ')
  expect(JSON.stringify(log).toLowerCase()).not.toContain('max@test.at');
});

test('the privacy page\'s default text names the 12 months and the right to access and erasure', async () => {
  const html = await publicHtml(site, '/datenschutz');
  expect(html).toContain('Anfragen werden nach 12 Monaten automatisch gelöscht');
});
