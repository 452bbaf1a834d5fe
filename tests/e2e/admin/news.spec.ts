import { eq } from 'drizzle-orm';
import { expect, test } from '@playwright/test';
import { loginAs } from '../../fixtures/auth';
import { makeNews } from '../../fixtures/factories';
import { startSite, type Site } from '../../fixtures/site';
import { news } from '../../../src/server/db/schema';
import { actionUrl, holdAction } from '../../fixtures/actions';
import { horizontalOverflow, publicHtml, toaster } from './content-helpers';

// The news manager (admin-area.md §2 News, §4, §5, §8) against the production
// server: every save republishes the news pages, which the static server serves.
let site: Site;
test.beforeAll(async () => {
  site = await startSite();
});
test.afterAll(async () => {
  await site.stop();
});

const listItem = (page: import('@playwright/test').Page, title: string) => page.locator('.news-item', { hasText: title });

test('create (nothing sent without title or content), preview with line breaks, publish/hide, edit, delete with undo', async ({ page, context }) => {
  const admin = await loginAs(context, site, 'admin');
  // the spec deletes news without asking: no browser dialog may appear
  page.on('dialog', (dialog) => {
    throw new Error(`unexpected dialog: ${dialog.message()}`);
  });
  await page.goto(`${site.url}/admin#news`);
  await expect(page.getByText('Noch keine News erstellt.')).toBeVisible();
  const form = page.getByRole('form', { name: 'Neue News erstellen' });

  // title or content empty: nothing is sent
  let createCalls = 0;
  page.on('request', (r) => {
    if (actionUrl('admin.news.create').test(r.url())) createCalls++;
  });
  await form.getByLabel('Titel *').fill('Nur ein Titel');
  await form.getByRole('button', { name: 'News erstellen' }).click();
  await expect(form.getByText('Titel und Inhalt sind erforderlich.')).toBeVisible();
  expect(createCalls).toBe(0);

  // the preview keeps line breaks as the article page will
  await form.getByLabel('Titel *').fill('Derbysieg gegen Gleisdorf');
  await form.getByLabel('Inhalt *').fill('Erste Zeile des Berichts\nZweite Zeile\n\nNeuer Absatz <script>window.__xss=1</script>');
  const preview = form.getByRole('region', { name: 'Vorschau' });
  await expect(preview.getByRole('heading', { name: 'Derbysieg gegen Gleisdorf' })).toBeVisible();
  const previewLines = await preview.locator('.news-preview-text').evaluate((el) => (el as HTMLElement).innerText.split('\n'));
  expect(previewLines.slice(0, 2)).toEqual(['Erste Zeile des Berichts', 'Zweite Zeile']);

  const hold = await holdAction(page, 'admin.news.create');
  await form.getByRole('button', { name: 'News erstellen' }).click();
  await expect(form.getByRole('button', { name: 'Speichert...' })).toBeDisabled();
  hold.release();
  await expect(toaster(page).getByText('News erstellt!')).toBeVisible();
  await expect(toaster(page).getByText('Veröffentlicht', { exact: true })).toBeVisible();
  expect(createCalls).toBe(1);

  const stored = site.db().select().from(news).all();
  expect(stored).toHaveLength(1);
  // published by default, with the current user as author
  expect(stored[0]).toMatchObject({ title: 'Derbysieg gegen Gleisdorf', published: true, author_id: admin.id, excerpt: null });
  const id = stored[0].id;

  const item = listItem(page, 'Derbysieg gegen Gleisdorf');
  await expect(item.getByText('Veröffentlicht')).toBeVisible();
  await expect(item.getByText(/^Erstellt am \d{1,2}\. \S+ \d{4}$/)).toBeVisible();

  // the public pages show it without a manual publish, with its line breaks
  expect(await publicHtml(site, '/news')).toContain('Derbysieg gegen Gleisdorf');
  const article = await publicHtml(site, `/news/${id}`);
  expect(article).toContain('Erste Zeile des Berichts\nZweite Zeile');
  expect(article).toContain('&lt;script&gt;window.__xss=1&lt;/script&gt;');

  // hide and publish again
  await item.getByRole('button', { name: 'Verstecken' }).click();
  await expect(toaster(page).getByText('News versteckt')).toBeVisible();
  await expect(item.getByText('Entwurf')).toBeVisible();
  expect(await publicHtml(site, '/news')).not.toContain('Derbysieg gegen Gleisdorf');
  expect((await fetch(`${site.url}/news/${id}`)).status).toBe(404);
  await item.getByRole('button', { name: 'Veröffentlichen' }).click();
  await expect(toaster(page).getByText('News veröffentlicht')).toBeVisible();
  await expect(item.getByText('Veröffentlicht')).toBeVisible();
  expect((await fetch(`${site.url}/news/${id}`)).status).toBe(200);

  // edit in the same form
  await item.getByRole('button', { name: 'Bearbeiten' }).click();
  const editForm = page.getByRole('form', { name: 'News bearbeiten' });
  await expect(editForm.getByLabel('Titel *')).toHaveValue('Derbysieg gegen Gleisdorf');
  await editForm.getByLabel('Titel *').fill('Derbysieg: 3:1 gegen Gleisdorf');
  await editForm.getByLabel('Kurzfassung').fill('Ein starker Auftritt.');
  await editForm.getByRole('button', { name: 'News aktualisieren' }).click();
  await expect(toaster(page).getByText('News aktualisiert!')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Neue News erstellen' })).toBeVisible();
  expect(site.db().select().from(news).where(eq(news.id, id)).get()).toMatchObject({ title: 'Derbysieg: 3:1 gegen Gleisdorf', excerpt: 'Ein starker Auftritt.' });
  const list = await publicHtml(site, '/news');
  expect(list).toContain('Derbysieg: 3:1 gegen Gleisdorf');
  expect(list).toContain('Ein starker Auftritt.');

  // delete without a question, then undo within a few seconds
  const renamed = listItem(page, 'Derbysieg: 3:1 gegen Gleisdorf');
  await renamed.getByRole('button', { name: 'Löschen' }).click();
  await expect(toaster(page).getByText('News gelöscht!')).toBeVisible();
  await expect(renamed).toHaveCount(0);
  expect(site.db().select().from(news).all()).toHaveLength(0);
  expect((await fetch(`${site.url}/news/${id}`)).status).toBe(404);
  await page.locator('.news-undo').getByRole('button', { name: 'Rückgängig' }).click();
  await expect(toaster(page).getByText('News wiederhergestellt')).toBeVisible();
  await expect(renamed).toBeVisible();
  expect(site.db().select().from(news).get()).toMatchObject({ id, author_id: admin.id, created_at: stored[0].created_at });
  expect((await fetch(`${site.url}/news/${id}`)).status).toBe(200);

  // deleting again: the undo offer disappears by itself
  await renamed.getByRole('button', { name: 'Löschen' }).click();
  await expect(page.locator('.news-undo')).toBeVisible();
  await expect(page.locator('.news-undo')).toBeHidden({ timeout: 15_000 });
  expect(site.db().select().from(news).all()).toHaveLength(0);
  await expect(page.getByText('Noch keine News erstellt.')).toBeVisible();
});

test('the list is newest first and reloads when another admin changes news', async ({ page, context, browser }) => {
  await loginAs(context, site, 'admin');
  const db = site.db();
  makeNews(db, { title: 'Ältere Nachricht', created_at: '2026-01-10T10:00:00.000Z' });
  makeNews(db, { title: 'Neuere Nachricht', created_at: '2026-03-10T10:00:00.000Z', published: false });
  await page.goto(`${site.url}/admin#news`);
  const titles = page.locator('.news-item-title');
  await expect(titles).toHaveText(['Neuere Nachricht', 'Ältere Nachricht']);
  await expect(listItem(page, 'Neuere Nachricht').getByText('Entwurf')).toBeVisible();

  // a second admin creates a news in another browser
  const other = await browser.newContext();
  await loginAs(other, site, 'admin');
  const otherPage = await other.newPage();
  await otherPage.goto(`${site.url}/admin#news`);
  const otherForm = otherPage.getByRole('form', { name: 'Neue News erstellen' });
  await otherForm.getByLabel('Titel *').fill('Vom Kollegen');
  await otherForm.getByLabel('Inhalt *').fill('Text');
  await otherForm.getByRole('button', { name: 'News erstellen' }).click();
  await expect(otherPage.locator('.toaster').getByText('News erstellt!')).toBeVisible();
  await other.close();

  // the first panel shows it without a reload
  await expect(titles.first()).toHaveText('Vom Kollegen');
  await expect(titles).toHaveCount(3);
});

test('leaving a form with unsaved changes asks first; the panel fits a 375 px phone', async ({ page, context }) => {
  await loginAs(context, site, 'admin');
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(`${site.url}/admin`);
  await page.getByTestId('tab-select').selectOption('news');
  const form = page.getByRole('form', { name: 'Neue News erstellen' });
  await form.getByLabel('Titel *').fill('Halb fertig');
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

  const dialogType = new Promise<string>((resolve) =>
    page.once('dialog', async (d) => {
      resolve(d.type());
      await d.accept();
    }),
  );
  await page.close({ runBeforeUnload: true });
  expect(await dialogType).toBe('beforeunload');
});

test("a big club's list: all articles counted, the first 100 rendered, the next as the admin scrolls", async ({ page, context }) => {
  await loginAs(context, site, 'admin');
  const db = site.db();
  const before = db.select().from(news).all().length;
  // the oldest of them is the list's last row
  for (let i = 0; i < 230; i++) makeNews(db, { title: `Archivmeldung ${String(i).padStart(3, '0')}`, created_at: new Date(Date.UTC(2020, 0, 1 + i)).toISOString() });
  const total = before + 230;
  // the list comes compressed (decision 063)
  const listAnswer = page.waitForResponse(actionUrl('admin.news.list'));
  await page.goto(`${site.url}/admin#news`);
  expect((await listAnswer).headers()['content-encoding']).toMatch(/^(gzip|br)$/);
  await expect(page.getByRole('heading', { name: `Alle News (${total})` })).toBeVisible();
  const rows = page.locator('.news-item');
  await expect(rows).toHaveCount(100);
  const more = page.getByRole('button', { name: /^Weitere \d+ anzeigen/ });
  await expect(more).toHaveText(`Weitere 100 anzeigen (noch ${total - 100})`);

  // scrolled to the end: the next step comes without a click, and so the rest (the button: matches.spec.ts)
  await more.scrollIntoViewIfNeeded();
  await expect(rows).toHaveCount(200);
  await expect(more).toHaveText(`Weitere ${total - 200} anzeigen (noch ${total - 200})`);
  await more.scrollIntoViewIfNeeded();
  await expect(rows).toHaveCount(total);
  await expect(more).toHaveCount(0);
  await expect(rows.last().locator('.news-item-title')).toHaveText('Archivmeldung 000');
});

test("'Bearbeiten' on one article, then on another before the first came: the form shows the one clicked last, the first row waits for its answer", async ({ page, context }) => {
  await loginAs(context, site, 'admin');
  const db = site.db();
  const first = makeNews(db, { title: 'Langsam geladen', created_at: '2026-02-01T10:00:00.000Z' });
  makeNews(db, { title: 'Zuletzt geklickt', created_at: '2026-02-02T10:00:00.000Z' });
  // the first article's answer is held back until the second one is open
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let heldAnswer!: Promise<unknown>;
  // eslint-disable-next-line no-restricted-syntax -- before the first goto
  await page.route(actionUrl('admin.news.get'), async (route) => {
    if (!(route.request().postData() ?? '').includes(first.id)) return route.continue();
    await held;
    heldAnswer = page.waitForResponse((response) => response.request() === route.request());
    await route.continue();
  });
  await page.goto(`${site.url}/admin#news`);
  await listItem(page, 'Langsam geladen').getByRole('button', { name: 'Bearbeiten' }).click();
  await listItem(page, 'Zuletzt geklickt').getByRole('button', { name: 'Bearbeiten' }).click();
  const editForm = page.getByRole('form', { name: 'News bearbeiten' });
  await expect(editForm.getByLabel('Titel *')).toHaveValue('Zuletzt geklickt');
  // each row waits for its own action: the first article's buttons until its answer has come
  await expect(listItem(page, 'Langsam geladen').getByRole('button', { name: 'Bearbeiten' })).toBeDisabled();
  await expect(listItem(page, 'Zuletzt geklickt').getByRole('button', { name: 'Bearbeiten' })).toBeEnabled();

  release();
  await expect.poll(() => heldAnswer !== undefined).toBe(true);
  await heldAnswer;
  // the row's button comes back when the page has handled the late answer (its JSON read, React rendered):
  // it changed nothing
  await expect(listItem(page, 'Langsam geladen').getByRole('button', { name: 'Bearbeiten' })).toBeEnabled();
  await expect(editForm.getByLabel('Titel *')).toHaveValue('Zuletzt geklickt');
});

test("typed into the form while an article loads for 'Bearbeiten': asked before the article replaces it", async ({ page, context }) => {
  await loginAs(context, site, 'admin');
  makeNews(site.db(), { title: 'Geladen, während getippt wird', created_at: '2026-03-01T10:00:00.000Z' });
  await page.goto(`${site.url}/admin#news`);
  const question = page.getByRole('alertdialog', { name: 'Ungespeicherte Änderungen verwerfen?' });
  const create = page.getByRole('form', { name: 'Neue News erstellen' });
  const editForm = page.getByRole('form', { name: 'News bearbeiten' });
  const editButton = listItem(page, 'Geladen, während getippt wird').getByRole('button', { name: 'Bearbeiten' });

  // the admin starts a new article while the other one loads
  let hold = await holdAction(page, 'admin.news.get');
  await editButton.click();
  await create.getByLabel('Titel *').fill('Schnell begonnen');
  hold.release();
  await question.getByRole('button', { name: 'Weiter bearbeiten' }).click();
  // what was typed stays, the article does not open
  await expect(create.getByLabel('Titel *')).toHaveValue('Schnell begonnen');
  await expect(editForm).toHaveCount(0);
  await expect(editButton).toBeEnabled();

  // asked at the click (the form holds changes), then again for what is typed while it loads
  hold = await holdAction(page, 'admin.news.get');
  await editButton.click();
  await question.getByRole('button', { name: 'Verwerfen' }).click();
  await expect(question).toHaveCount(0);
  await create.getByLabel('Titel *').fill('Noch einmal begonnen');
  hold.release();
  await question.getByRole('button', { name: 'Verwerfen' }).click();
  await expect(editForm.getByLabel('Titel *')).toHaveValue('Geladen, während getippt wird');
});
