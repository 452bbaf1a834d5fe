import { eq } from 'drizzle-orm';
import { expect, test, type Page } from '@playwright/test';
import { loginAs, signInAs, createTestUser } from '../../fixtures/auth';
import { makeNews, makeTeam } from '../../fixtures/factories';
import { startSite, type Site } from '../../fixtures/site';
import { news, teams } from '../../../src/server/db/schema';
import { failAction } from '../../fixtures/actions';
import { ownDraftKept, toaster } from './content-helpers';

// No lost edits (issue 15): what an admin types is kept in the browser as a
// draft per user and row, offered again after a reload, and gone after a save;
// a save that fails keeps the input and says why.
let site: Site;
test.beforeAll(async () => {
  site = await startSite();
});
test.afterAll(async () => {
  await site.stop();
});

const newsItem = (page: Page, title: string) => page.locator('.news-item', { hasText: title });
const banner = (page: Page) => page.locator('.draft-banner');

test('edit a news text, reload mid-edit, restore the draft; saved, the draft is gone; another admin never sees it', async ({ page, context }) => {
  const item = makeNews(site.db(), { title: 'Saisonstart', content: 'Der alte Text.' });
  await loginAs(context, site, 'admin');
  await page.goto(`${site.url}/admin#news`);
  await newsItem(page, 'Saisonstart').getByRole('button', { name: 'Bearbeiten' }).click();
  const form = page.getByRole('form', { name: 'News bearbeiten' });
  await expect(form.getByLabel('Inhalt *')).toHaveValue('Der alte Text.');
  await expect(banner(page)).toHaveCount(0);
  await form.getByLabel('Inhalt *').fill('Der neue Text, mitten im Schreiben');

  // the reload asks first (beforeunload); leaving anyway loses nothing
  page.once('dialog', (dialog) => {
    expect(dialog.type()).toBe('beforeunload');
    void dialog.accept();
  });
  await page.reload();
  await newsItem(page, 'Saisonstart').getByRole('button', { name: 'Bearbeiten' }).click();
  await expect(form.getByLabel('Inhalt *')).toHaveValue('Der alte Text.');
  await expect(banner(page)).toBeVisible();
  await expect(banner(page)).toContainText(/Ungespeicherter Entwurf vom \d{1,2}\. \S+ \d{4}, \d\d:\d\d Uhr gefunden\./);
  await banner(page).getByRole('button', { name: 'Wiederherstellen' }).click();
  await expect(form.getByLabel('Inhalt *')).toHaveValue('Der neue Text, mitten im Schreiben');
  await expect(banner(page)).toHaveCount(0);

  await form.getByRole('button', { name: 'News aktualisieren' }).click();
  await expect(toaster(page).getByText('Veröffentlicht', { exact: true })).toBeVisible();
  expect(site.db().select().from(news).where(eq(news.id, item.id)).get()?.content).toBe('Der neue Text, mitten im Schreiben');
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('anstoss:draft:')))).toEqual([]);

  // a draft of one admin is not offered to another one on the same browser
  await newsItem(page, 'Saisonstart').getByRole('button', { name: 'Bearbeiten' }).click();
  await form.getByLabel('Titel *').fill('Saisonstart (Entwurf)');
  page.once('dialog', (dialog) => void dialog.accept());
  const other = await createTestUser(site, ['admin']);
  await signInAs(context, site, other);
  await page.reload();
  await newsItem(page, 'Saisonstart').getByRole('button', { name: 'Bearbeiten' }).click();
  await expect(form.getByLabel('Titel *')).toHaveValue('Saisonstart');
  await form.getByLabel('Titel *').fill('Saisonstart!');
  await ownDraftKept(page, other.id);
  await expect(banner(page)).toHaveCount(0);
});

test("'Verwerfen' forgets the draft; a new row's draft is offered in the create form", async ({ page, context }) => {
  const user = await loginAs(context, site, 'admin');
  await page.goto(`${site.url}/admin#mannschaften`);
  const create = page.getByRole('form', { name: 'Neues Team' });
  await create.getByLabel('Name *').fill('U16 Mädchen');
  page.once('dialog', (dialog) => void dialog.accept());
  await page.reload();
  await expect(banner(page)).toBeVisible();
  await expect(create.getByLabel('Name *')).toHaveValue('');
  await banner(page).getByRole('button', { name: 'Verwerfen' }).click();
  await expect(banner(page)).toHaveCount(0);
  await page.reload();
  await expect(create.getByLabel('Name *')).toHaveValue('');
  await create.getByLabel('Name *').fill('U');
  await ownDraftKept(page, user.id);
  await expect(banner(page)).toHaveCount(0);
});

test('typed while the draft banner waits for an answer is kept too; a save answers the banner', async ({ page, context }) => {
  await loginAs(context, site, 'admin');
  await page.goto(`${site.url}/admin#mannschaften`);
  const create = page.getByRole('form', { name: 'Neues Team' });
  await create.getByLabel('Name *').fill('Erster Entwurf');
  page.once('dialog', (dialog) => void dialog.accept());
  await page.reload();
  await expect(banner(page)).toBeVisible();
  // a second reload before any answer: still offered (the form's first pass deleted the draft it offered)
  await page.reload();
  await expect(banner(page)).toBeVisible();
  // not answered: typed on (the banner scrolled away on a phone), and the tab is gone
  await create.getByLabel('Name *').fill('Zweiter Entwurf');
  page.once('dialog', (dialog) => void dialog.accept());
  await page.reload();
  await expect(banner(page)).toBeVisible();
  await banner(page).getByRole('button', { name: 'Wiederherstellen' }).click();
  // it offered the first again: everything typed under the banner was lost
  await expect(create.getByLabel('Name *')).toHaveValue('Zweiter Entwurf');

  // once more under the banner, then saved: no draft stays, and no banner offers the older input
  page.once('dialog', (dialog) => void dialog.accept());
  await page.reload();
  await expect(banner(page)).toBeVisible();
  await create.getByLabel('Name *').fill('U18 Burschen');
  await create.getByLabel('Kategorie *').selectOption('Herren');
  await create.getByRole('button', { name: 'Team hinzufügen' }).click();
  await expect.poll(() => site.db().select().from(teams).all().map((t) => t.name)).toContain('U18 Burschen');
  await expect(banner(page)).toHaveCount(0);
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('anstoss:draft:')))).toEqual([]);
});

test('a save that fails keeps the typed input and says why', async ({ page, context }) => {
  const team = makeTeam(site.db(), { name: 'Reserve', description: 'Zweite Mannschaft' });
  await loginAs(context, site, 'admin');
  await page.goto(`${site.url}/admin#mannschaften`);
  await page.locator('.teams-table tbody tr', { hasText: 'Reserve' }).getByRole('button', { name: 'Bearbeiten' }).click();
  const dialog = page.getByRole('dialog', { name: 'Team bearbeiten' });

  // invalid input: the field says why, nothing else typed is lost
  await dialog.getByLabel('Beschreibung').fill('Neue Beschreibung der Reserve');
  await dialog.getByLabel('Name *').fill('');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog.locator('form').getByText('Bitte füllen Sie alle Pflichtfelder aus')).toBeVisible();
  await expect(dialog.getByLabel('Beschreibung')).toHaveValue('Neue Beschreibung der Reserve');

  // the server fails: a message, the dialog stays open with the input
  await dialog.getByLabel('Name *').fill('Reserve 1b');
  await failAction(page, 'admin.teams.update');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(toaster(page).getByText('Fehler beim Aktualisieren des Teams')).toBeVisible();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Name *')).toHaveValue('Reserve 1b');
  await expect(dialog.getByLabel('Beschreibung')).toHaveValue('Neue Beschreibung der Reserve');
  expect(site.db().select().from(teams).where(eq(teams.id, team.id)).get()?.name).toBe('Reserve');

  // the server answers again: the same input saves
  await page.unrouteAll();
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog).toBeHidden();
  expect(site.db().select().from(teams).where(eq(teams.id, team.id)).get()).toMatchObject({ name: 'Reserve 1b', description: 'Neue Beschreibung der Reserve' });
});
