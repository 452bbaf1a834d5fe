import fs from 'node:fs';
import path from 'node:path';
import { axeScan } from '../../fixtures/axe';
import { asc, eq } from 'drizzle-orm';
import { expect, test, type Page } from '@playwright/test';
import { loginAs } from '../../fixtures/auth';
import { makeTeam } from '../../fixtures/factories';
import { startSite, type Site } from '../../fixtures/site';
import { revisions, teams } from '../../../src/server/db/schema';
import { acceptNextConfirm, horizontalOverflow, publicHtml, toaster } from './content-helpers';
import { adminClient } from '../../fixtures/admin-http';

// A row's history (issue 15) against the production server: a team's text
// edited twice, 'Verlauf' shows both versions, the comparison highlights the
// changed field with word marks, and 'Wiederherstellen' of the older one is a
// new version that the public team page shows again.
const SCREENS = path.resolve('test-results/screens');
const FIRST = 'Unsere erste Mannschaft spielt in der Unterliga Ost. Training ist am Dienstag und Freitag um 19 Uhr am Hauptplatz.';
const SECOND = 'Unsere erste Mannschaft spielt in der Gebietsliga Ost. Training ist am Montag und Freitag um 19 Uhr am Hauptplatz.';

let site: Site;
let teamId: string;
test.beforeAll(async () => {
  site = await startSite({
    seed: (db) => {
      teamId = makeTeam(db, { name: 'Kampfmannschaft', category: 'Herren', description: 'Noch ohne Text.' }).id;
    },
  });
});
test.afterAll(async () => {
  await site.stop();
});

const teamRow = (page: Page) => page.locator('.teams-table tbody tr', { has: page.getByText('Kampfmannschaft', { exact: true }) });

async function editDescription(page: Page, text: string) {
  await teamRow(page).getByRole('button', { name: 'Bearbeiten' }).click();
  const dialog = page.getByRole('dialog', { name: 'Team bearbeiten' });
  await dialog.getByLabel('Beschreibung').fill(text);
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(toaster(page).getByText('Team erfolgreich aktualisiert').last()).toBeVisible();
  await expect(dialog).toBeHidden();
}

test('edit twice, compare the versions side by side, restore the older one: the public page shows it again', async ({ page, context }) => {
  const admin = await loginAs(context, site, 'admin');
  await page.goto(`${site.url}/admin#mannschaften`);
  await editDescription(page, FIRST);
  await editDescription(page, SECOND);
  expect(await publicHtml(site, `/team/${teamId}`)).toContain(SECOND);

  // the history: both saves, newest first, with who
  await teamRow(page).getByRole('button', { name: 'Verlauf' }).click();
  const dialog = page.getByRole('dialog', { name: 'Verlauf: Kampfmannschaft' });
  await expect(dialog).toBeVisible();
  const items = dialog.locator('.revision-item');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText('Fassung 2');
  await expect(items.nth(0)).toContainText('aktuell');
  await expect(items.nth(0)).toContainText(`von ${admin.email}`);
  await expect(items.nth(1)).toContainText('Fassung 1');
  await expect(items.nth(1)).toContainText('geändert');
  // the current version has nothing to restore
  await expect(items.nth(0).getByRole('button')).toHaveCount(0);

  // side by side: version 1 against version 2, only the description changed
  await expect(dialog.getByLabel('Ältere Fassung')).toHaveValue(/\d+/);
  await expect(dialog.getByLabel('Ältere Fassung').locator('option:checked')).toHaveText(/^Fassung 1: /);
  await expect(dialog.getByLabel('Neuere Fassung').locator('option:checked')).toHaveText(/^Fassung 2: /);
  await expect(dialog.getByText('1 Feld geändert.')).toBeVisible();
  const field = dialog.locator('tr.revision-field[data-field="description"]');
  await expect(field).toHaveClass(/revision-changed/);
  await expect(field.getByRole('rowheader')).toHaveText('Beschreibung geändert');
  await expect(field.locator('td[data-side="before"] del')).toHaveText(['[entfernt: Unterliga]', '[entfernt: Dienstag]']);
  await expect(field.locator('td[data-side="after"] ins')).toHaveText(['[hinzugefügt: Gebietsliga]', '[hinzugefügt: Montag]']);
  // the marks are seen, not only read: struck through and underlined on colour
  await expect(field.locator('del').first()).toHaveCSS('text-decoration-line', 'line-through');
  await expect(field.locator('ins').first()).toHaveCSS('text-decoration-line', 'underline');
  await expect(field.locator('td[data-side="before"]')).toContainText('Training ist am');
  // unchanged fields on request, without the highlight
  await dialog.getByLabel('Unveränderte Felder zeigen').check();
  await expect(dialog.locator('tr.revision-field[data-field="name"]')).not.toHaveClass(/revision-changed/);
  await expect(dialog.locator('tr.revision-field[data-field="name"] td')).toHaveText(['Kampfmannschaft', 'Kampfmannschaft']);
  await expect(dialog.locator('tr.revision-field[data-field="id"]')).toHaveCount(0);
  await expect(dialog.locator('tr.revision-field[data-field="updated_at"]')).toHaveCount(0);

  fs.mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENS, 'admin-revisions-compare-1280.png'), animations: 'disabled' });
  const { violations } = await axeScan(page).include('.revisions-dialog').analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  // on a phone each field stands under the other, each version under its name; the page does not widen
  await page.setViewportSize({ width: 375, height: 800 });
  const phoneField = dialog.locator('section.revision-field[data-field="description"]');
  await expect(phoneField.getByRole('heading', { name: 'Beschreibung geändert' })).toBeVisible();
  await expect(phoneField.locator('[data-side="before"]')).toContainText('Fassung 1');
  await expect(phoneField.locator('[data-side="after"] ins')).toHaveText(['[hinzugefügt: Gebietsliga]', '[hinzugefügt: Montag]']);
  expect(await horizontalOverflow(page)).toBe(0);
  const phoneViolations = (await axeScan(page).include('.revisions-dialog').analyze()).violations;
  expect(phoneViolations.map((v) => v.id)).toEqual([]);
  await phoneField.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SCREENS, 'admin-revisions-compare-375.png'), animations: 'disabled' });
  await page.setViewportSize({ width: 1280, height: 800 });

  // restore the older one: a new version, republished
  acceptNextConfirm(page);
  await dialog.getByRole('button', { name: 'Fassung 1 wiederherstellen' }).click();
  await expect(toaster(page).getByText('Fassung wiederhergestellt')).toBeVisible();
  await expect(toaster(page).getByText('Veröffentlicht', { exact: true }).last()).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(site.db().select().from(teams).where(eq(teams.id, teamId)).get()!.description).toBe(FIRST);
  const html = await publicHtml(site, `/team/${teamId}`);
  expect(html).toContain(FIRST);
  expect(html).not.toContain(SECOND);
  const stored = site.db().select().from(revisions).where(eq(revisions.row_id, teamId)).orderBy(asc(revisions.id)).all();
  expect(stored.map((r) => r.op)).toEqual(['update', 'update', 'restore']);

  // the history now starts with the restore, and focus is back on the row
  await teamRow(page).getByRole('button', { name: 'Verlauf' }).click();
  await expect(items).toHaveCount(3);
  await expect(items.nth(0)).toContainText('wiederhergestellt');
  await expect(dialog.getByText('1 Feld geändert.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(teamRow(page).getByRole('button', { name: 'Verlauf' })).toBeFocused();
});

test("an admin can neither read nor put back a version of the club's settings, which only a superadmin edits, nor a delete that took them along", async () => {
  const db = site.db();
  const before = db.$client.prepare("SELECT long_name FROM club_settings WHERE id = 'club'").pluck().get() as string | undefined;
  // an earlier version of the club's settings, as a superadmin's save leaves it
  const old = db
    .insert(revisions)
    .values({ change_set: 'alt', entity: 'club_settings', row_id: 'club', op: 'update', data: JSON.stringify({ id: 'club', long_name: 'SV Alt 1920' }), created_at: Date.now() - 60_000 })
    .returning({ id: revisions.id })
    .get();
  const admin = await adminClient(site);
  expect((await admin.call('admin.revisions.history', { entity: 'club_settings', id: 'club' })).status).toBe(403);
  expect((await admin.call('admin.revisions.current', { entity: 'club_settings', id: 'club' })).status).toBe(403);
  const restore = await admin.call('admin.revisions.restore', { revision: old.id, base: old.id });
  expect(restore.status).toBe(403);
  expect(restore.body?.message).toBe('Nur Superadmins können die Vereinsdaten ändern.');
  expect(db.$client.prepare("SELECT long_name FROM club_settings WHERE id = 'club'").pluck().get()).toBe(before);
  // a delete that took the club's settings along: named by its team's version, still a superadmin's
  const deleted = (entity: string, rowId: string) =>
    db.insert(revisions).values({ change_set: 'zusammen', entity, row_id: rowId, op: 'delete', data: JSON.stringify({ id: rowId, name: 'Weg' }), created_at: Date.now() - 1_000 }).returning({ id: revisions.id }).get().id;
  const teamDelete = deleted('teams', 'geloeschtes-team');
  deleted('club_settings', 'club-alt');
  for (const action of ['admin.revisions.untrash', 'admin.revisions.purge']) {
    const refused = await admin.call(action, { revision: teamDelete });
    expect(refused.status, action).toBe(403);
    expect(refused.body?.message).toBe('Nur Superadmins können die Vereinsdaten ändern.');
  }
  expect(db.select().from(revisions).where(eq(revisions.change_set, 'zusammen')).all().map((r) => [r.entity, r.trash_closed])).toEqual([['teams', false], ['club_settings', false]]);
  // the team's versions stay an admin's
  expect((await admin.call('admin.revisions.history', { entity: 'teams', id: teamId })).status).toBe(200);
});
