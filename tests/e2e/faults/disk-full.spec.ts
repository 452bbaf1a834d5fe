import { expect, test } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { news } from '../../../src/server/db/schema';
import { STORAGE_TEXTS } from '../../../src/server/db/write';
import { clickForAnswer } from '../../fixtures/actions';
import { adminClient, newsInput } from '../../fixtures/admin-http';
import { loginAs } from '../../fixtures/auth';
import { startSite, type Site } from '../../fixtures/site';
import { leaveReusableDatabaseRoom, mountSmallDisk, type SmallDisk } from '../../fixtures/small-disk';
import { toaster } from '../admin/content-helpers';

// A full disk as the admin meets it (issue 10): a save that is stored while its
// pages cannot be written says so and shows 'Veröffentlichung ausstehend' until
// the retries publish them; a save that cannot be stored is refused with the
// German message and the form keeps what the admin typed.
let disk: SmallDisk;
let site: Site;
test.beforeAll(async () => {
  disk = mountSmallDisk(48);
  site = await startSite({ dataDir: `${disk.dir}/data`, env: { HEALTH_MIN_FREE_MB: '2' } });
});
test.afterAll(async () => {
  await site?.stop();
  disk?.release();
});

test('full disk: pending pages are shown and published later; a refused save keeps the input', async ({ page, context }) => {
  test.setTimeout(150_000);
  await loginAs(context, site, 'admin');
  const http = await adminClient(site);
  await page.goto(`${site.url}/admin#news`);
  const form = page.getByRole('form', { name: 'Neue News erstellen' });
  await expect(form).toBeVisible();

  leaveReusableDatabaseRoom(site.db().$client);
  disk.fill();

  // stored, but the pages cannot be written
  await form.getByLabel('Titel *').fill('Gespeichert bei vollem Speicher');
  await form.getByLabel('Inhalt *').fill('Der Bericht ist gespeichert.');
  await form.getByRole('button', { name: 'News erstellen' }).click();
  await expect(toaster(page).getByText('News erstellt!')).toBeVisible();
  await expect(toaster(page).getByText('Veröffentlichung ausstehend', { exact: true })).toBeVisible();
  await expect(toaster(page).getByText(/automatisch veröffentlicht/)).toBeVisible();
  await expect(toaster(page).getByText(/Cache Update/)).toHaveCount(0);
  const badge = page.getByTestId('publish-pending');
  await expect(badge).toHaveText(/^Veröffentlichung ausstehend: \d+ Seiten?$/);
  const stored = site.db().select().from(news).where(eq(news.title, 'Gespeichert bei vollem Speicher')).get();
  expect(stored).toBeDefined();
  expect((await fetch(`${site.url}/news/${stored!.id}`)).status).toBe(404);

  // use up what the database could still reuse: then nothing can be stored
  for (let i = 0, streak = 0; i < 300 && streak < 3; i++) {
    const result = await http.call('admin.news.create', newsInput(`fuellen-${i}`));
    streak = result.status === 503 ? streak + 1 : 0;
  }
  await form.getByLabel('Titel *').fill('Abgelehnt bei vollem Speicher');
  await form.getByLabel('Inhalt *').fill('Dieser Text bleibt im Formular.');
  await form.getByRole('button', { name: 'News erstellen' }).click();
  await expect(toaster(page).getByText(STORAGE_TEXTS.full)).toBeVisible();
  await expect(form.getByLabel('Titel *')).toHaveValue('Abgelehnt bei vollem Speicher');
  await expect(form.getByLabel('Inhalt *')).toHaveValue('Dieser Text bleibt im Formular.');
  expect(site.db().select().from(news).where(eq(news.title, 'Abgelehnt bei vollem Speicher')).all()).toEqual([]);

  // space is back: the pending pages are published without anyone's help, and the same save now works
  disk.free();
  await expect(badge).toHaveCount(0, { timeout: 60_000 });
  expect((await fetch(`${site.url}/news/${stored!.id}`)).status).toBe(200);
  await clickForAnswer(page, form.getByRole('button', { name: 'News erstellen' }), 'admin.news.create');
  await expect(toaster(page).getByText('News erstellt!').last()).toBeVisible();
  expect(site.db().select().from(news).where(eq(news.title, 'Abgelehnt bei vollem Speicher')).all()).toHaveLength(1);
});
