import { expect, test } from '@playwright/test';
import { loginAs } from '../../fixtures/auth';
import { makeNews, makeTeam } from '../../fixtures/factories';
import { startSite, type Site } from '../../fixtures/site';
import { callAction } from '../auth/helpers';

// The audit log lists what the editorial safety net did (issue 15): a version
// put back, a save refused because someone saved since, a preview opened, a
// deleted row restored from the trash, and a news the scheduler published by
// itself after the server was down ('System').
let site: Site;
let teamId: string;
let plannedId: string;
test.beforeAll(async () => {
  site = await startSite({
    seed: (db) => {
      teamId = makeTeam(db, { name: 'Reserve', category: 'herren' }).id;
      // planned for a time that passed while the server was down: published at start
      plannedId = makeNews(db, { title: 'Geplanter Bericht', published: false, publish_at: Date.now() - 3_600_000 }).id;
    },
  });
});
test.afterAll(async () => {
  await site.stop();
});

const latestRevision = (entity: string, id: string) =>
  site.db().$client.prepare('SELECT MAX(id) FROM revisions WHERE entity = ? AND row_id = ?').pluck().get(entity, id) as number;

test('restore, refused save, preview, trash and a scheduled publish are each in the log, with who', async ({ page, context }) => {
  const boss = await loginAs(context, site, 'superadmin');
  const team = { id: teamId, name: 'Reserve II', category: 'herren', description: '', image_url: '', achievements: '', display_order: 0 };
  // the seed was written without versions: the first save is on version 0
  expect((await callAction(context.request, site, 'admin.teams.update', { ...team, base_revision: 0 })).status).toBe(200);
  const first = latestRevision('teams', teamId);
  expect((await callAction(context.request, site, 'admin.teams.update', { ...team, name: 'Reserve III', base_revision: first })).status).toBe(200);
  // a form opened on the first version and sent now: refused, nothing stored
  const refused = await callAction(context.request, site, 'admin.teams.update', { ...team, name: 'Reserve IV', base_revision: first });
  expect(refused.status).toBe(409);
  expect(refused.message).toMatch(new RegExp(`^Nicht gespeichert: ${boss.email.replace(/[.+]/g, '\\$&')} hat diesen Eintrag inzwischen geändert`));
  // the first version back, from a list whose newest version is the one saved last
  expect((await callAction(context.request, site, 'admin.revisions.restore', { revision: first, base: latestRevision('teams', teamId) })).status).toBe(200);
  expect(site.db().$client.prepare('SELECT name FROM teams WHERE id = ?').pluck().get(teamId)).toBe('Reserve II');
  // a preview of a news not saved
  expect((await callAction(context.request, site, 'admin.preview.create', { entity: 'news', id: null, draft: { title: 'Entwurf', content: 'Text' } })).status).toBe(200);
  // deleted, then put back from the trash
  expect((await callAction(context.request, site, 'admin.teams.remove', { id: teamId })).status).toBe(200);
  expect((await callAction(context.request, site, 'admin.revisions.untrash', { revision: latestRevision('teams', teamId) })).status).toBe(200);

  await page.goto(`${site.url}/admin#protokoll`);
  const row = (action: string) => page.locator(`tr.audit-entry[data-action="${action}"]`);
  await expect(row('content.conflict')).toHaveCount(1);
  await expect(row('content.conflict').locator('.audit-action')).toHaveText('Speichern abgelehnt (inzwischen geändert)');
  await expect(row('content.conflict').locator('.audit-user')).toHaveText(boss.email);
  await expect(row('content.conflict').locator('.audit-row')).toHaveText(teamId);
  await expect(row('content.preview').locator('.audit-action')).toHaveText('Vorschau geöffnet');
  await expect(row('content.preview').locator('.audit-user')).toHaveText(boss.email);
  // the version put back and the row back from the trash: both 'wiederhergestellt', by the superadmin
  await expect(row('content.restore').filter({ hasText: teamId })).toHaveCount(2);
  await expect(row('content.restore').first().locator('.audit-user')).toHaveText(boss.email);
  await expect(row('content.delete').filter({ hasText: teamId }).locator('.audit-action')).toHaveText('Inhalt gelöscht');
  await expect(row('content.update').filter({ hasText: teamId })).toHaveCount(2);
  await expect(row('content.update').filter({ hasText: teamId }).locator('.audit-user')).toHaveText([boss.email, boss.email]);
  // the scheduler's publish has no user
  const scheduled = row('content.update').filter({ hasText: plannedId });
  await expect(scheduled).toHaveCount(1);
  await expect(scheduled.locator('.audit-user')).toHaveText('System');
});
