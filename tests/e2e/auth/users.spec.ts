import { expect, test, type Page } from '@playwright/test';
import { createTestUser, loginAs } from '../../fixtures/auth';
import { startSite, type Site } from '../../fixtures/site';

// The user-management tab 'Benutzer' (admin-area.md §2, §4, §5, §6, §8).
let site: Site;
test.beforeAll(async () => {
  site = await startSite();
});
test.afterAll(async () => {
  await site.stop();
});

const rolesInDb = (userId: string) =>
  (site.db().$client.prepare('SELECT role FROM user_roles WHERE user_id = ? ORDER BY role').all(userId) as { role: string }[]).map(
    (r) => r.role,
  );

async function openTab(page: Page) {
  await page.goto(`${site.url}/admin`);
  await page.getByRole('tab', { name: 'Benutzer' }).click();
  await expect(page.getByRole('heading', { name: 'Benutzerverwaltung' })).toBeVisible();
}

test('lists users newest first with e-mail, date and role labels; no delete button for oneself or superadmins', async ({ page, context }) => {
  const me = await loginAs(context, site, 'superadmin');
  const older = await createTestUser(site, ['superadmin']);
  const editor = await createTestUser(site, ['admin', 'moderator']);
  const db = site.db();
  db.$client.prepare('UPDATE profiles SET created_at = ? WHERE user_id = ?').run('2024-01-10T09:00:00.000Z', older.id);
  db.$client.prepare('UPDATE profiles SET created_at = ? WHERE user_id = ?').run('2025-03-01T09:00:00.000Z', me.id);
  db.$client.prepare('UPDATE profiles SET created_at = ? WHERE user_id = ?').run('2026-11-20T09:00:00.000Z', editor.id);
  await openTab(page);
  // the list loads after the tab: wait for the rows, then read their order
  await expect(page.locator('tr', { hasText: older.email })).toBeVisible();

  const emails = await page.locator('tbody tr td:first-child').allTextContents();
  const order = [editor.email, me.email, older.email].map((e) => emails.findIndex((t) => t.startsWith(e)));
  expect(order.every((i) => i >= 0)).toBe(true);
  expect([...order].sort((a, b) => a - b)).toEqual(order);

  const editorRow = page.locator('tr', { hasText: editor.email });
  await expect(editorRow).toContainText('20. November 2026');
  await expect(editorRow).toContainText('Admin');
  await expect(editorRow).toContainText('Moderator');
  await expect(editorRow.getByRole('button', { name: 'Löschen' })).toBeVisible();

  const olderRow = page.locator('tr', { hasText: older.email });
  await expect(olderRow).toContainText('10. Januar 2024');
  await expect(olderRow).toContainText('Superadmin');
  await expect(olderRow.getByRole('button', { name: 'Löschen' })).toHaveCount(0);
  await expect(olderRow).toContainText('Superadmin-Benutzer können nicht gelöscht werden');

  const myRow = page.locator('tr', { hasText: me.email });
  await expect(myRow.getByRole('button', { name: 'Löschen' })).toHaveCount(0);
});

test('adds and removes roles with the spec toasts; a role already held is disabled in the menu', async ({ page, context }) => {
  await loginAs(context, site, 'superadmin');
  const person = await createTestUser(site, ['user']);
  await openTab(page);
  const row = page.locator('tr', { hasText: person.email });
  await row.getByText('Rollen verwalten').click();
  await expect(row.getByRole('button', { name: 'Benutzer hinzufügen', exact: true })).toBeDisabled();
  await expect(row.getByRole('button', { name: 'Admin hinzufügen', exact: true })).toBeEnabled();

  await row.getByRole('button', { name: 'Admin hinzufügen', exact: true }).click();
  await expect(page.getByText('Rolle "Admin" hinzugefügt')).toBeVisible();
  await expect.poll(() => rolesInDb(person.id)).toEqual(['admin', 'user']);
  await row.getByText('Rollen verwalten').click();
  await expect(row.getByRole('button', { name: 'Admin hinzufügen', exact: true })).toBeDisabled();

  await row.getByRole('button', { name: 'Benutzer entfernen', exact: true }).click();
  await expect(page.getByText('Rolle "Benutzer" entfernt')).toBeVisible();
  await expect.poll(() => rolesInDb(person.id)).toEqual(['admin']);
});

test('by keyboard: a role chosen in the menu leaves the focus on the menu, a deleted user on the next row; the buttons name their user', async ({ page, context }) => {
  await loginAs(context, site, 'superadmin');
  const first = await createTestUser(site, ['user']);
  const second = await createTestUser(site, ['user']);
  await openTab(page);
  const row = page.locator('tr', { hasText: first.email });
  await row.locator('summary').focus();
  await page.keyboard.press('Enter');
  await row.getByRole('button', { name: 'Moderator hinzufügen', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Rolle "Moderator" hinzugefügt')).toBeVisible();
  await expect.poll(() => rolesInDb(first.id)).toEqual(['moderator', 'user']);
  // the chosen button went with the closed menu: the focus was on the page's start
  await expect(row.locator('summary')).toBeFocused();

  // each row's buttons say whose they are
  await expect(page.getByRole('button', { name: `Löschen: ${first.email}`, exact: true })).toHaveCount(1);
  await page.getByRole('button', { name: `Löschen: ${first.email}`, exact: true }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Benutzer löschen' });
  await dialog.getByRole('button', { name: 'Löschen' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Benutzer erfolgreich gelöscht')).toBeVisible();
  await expect(row).toHaveCount(0);
  // on the next (or the one before) row's 'Löschen', not the page's start
  await expect(page.locator('tbody tr button:focus')).toHaveAttribute('aria-label', /^Löschen: /);
  await expect(page.getByRole('button', { name: `Löschen: ${second.email}`, exact: true })).toHaveCount(1);
});

test('the last superadmin cannot lose the role, whatever the menu allows', async ({ page, context }) => {
  // this site's superadmins so far come from the other tests; make this one the only one
  const me = await loginAs(context, site, 'superadmin');
  site.db().$client.prepare("DELETE FROM user_roles WHERE role = 'superadmin' AND user_id <> ?").run(me.id);
  await openTab(page);
  const row = page.locator('tr', { hasText: me.email });
  await row.getByText('Rollen verwalten').click();
  await row.getByRole('button', { name: 'Superadmin entfernen', exact: true }).click();
  await expect(page.locator('.toast.destructive')).toContainText(
    'Fehler beim Ändern der Rolle: Der letzte Superadmin kann diese Rolle nicht verlieren.',
  );
  expect(rolesInDb(me.id)).toEqual(['superadmin']);
});

test('deletes a user after the confirmation dialog; cancelling keeps them', async ({ page, context }) => {
  await loginAs(context, site, 'superadmin');
  const leaving = await createTestUser(site, ['admin']);
  await openTab(page);
  const row = page.locator('tr', { hasText: leaving.email });

  await row.getByRole('button', { name: 'Löschen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Benutzer löschen' });
  await expect(dialog).toContainText(`Möchten Sie den Benutzer ${leaving.email} wirklich löschen?`);
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: 'Löschen' }).click();
  await dialog.getByRole('button', { name: 'Löschen' }).click();
  await expect(page.getByText('Benutzer erfolgreich gelöscht!')).toBeVisible();
  await expect(row).toHaveCount(0);
  expect(site.db().$client.prepare('SELECT id FROM users WHERE id = ?').get(leaving.id)).toBeUndefined();
});
