import { eq } from 'drizzle-orm';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { startSite, type Site } from '../../fixtures/site';
import { contactInfo, matches, pageContent, teams } from '../../../src/server/db/schema';
import { clickForAnswer, holdAction } from '../../fixtures/actions';
import { callAction } from '../auth/helpers';
import { loginAs } from '../../fixtures/auth';
import { toaster } from './content-helpers';
import { twoAdmins } from './two-admins';

// Two admins editing the same row (issue 15): the second save is refused with
// a German message naming who changed it; the admin compares per field, picks
// and saves on the stored version.
let site: Site;
test.beforeAll(async () => {
  site = await startSite();
});
test.afterAll(async () => {
  await site.stop();
});

/** The team's edit dialog in a new page of the context; given no name, the team 'Reserve' is created first. */
async function openTeam(context: BrowserContext, name: string | null) {
  const page = await context.newPage();
  await page.goto(`${site.url}/admin#mannschaften`);
  if (name === null) {
    const create = page.getByRole('form', { name: 'Neues Team' });
    await create.getByLabel('Name *').fill('Reserve');
    await create.getByLabel('Kategorie *').selectOption('Herren');
    await create.getByLabel('Beschreibung').fill('Zweite Mannschaft');
    await create.getByRole('button', { name: 'Team hinzufügen' }).click();
    await expect(toaster(page).getByText('Team erfolgreich hinzugefügt')).toBeVisible();
    name = 'Reserve';
  }
  await page.locator('.teams-table tbody tr', { hasText: name }).getByRole('button', { name: 'Bearbeiten' }).click();
  const dialog = page.getByRole('dialog', { name: 'Team bearbeiten' });
  await expect(dialog.getByLabel('Name *')).toHaveValue(name);
  return { page, dialog };
}


/** An admin's page on a tab of the panel; `missesLiveReload`: its live reload never comes (a phone that slept). */
async function adminTab(context: BrowserContext, tab: string, missesLiveReload: boolean): Promise<Page> {
  const page = await context.newPage();
  // eslint-disable-next-line no-restricted-syntax -- before the first goto
  if (missesLiveReload) await page.route('**/api/admin/events', (route) => route.abort());
  await page.goto(`${site.url}/admin#${tab}`);
  return page;
}

test('two browser contexts edit the same team: the second save is refused, compared, merged and saved', async ({ browser }) => {
  const { anna, annaContext, benContext } = await twoAdmins(site, browser);

  // Anna creates the team in the panel: its first version
  const a = await openTeam(annaContext, null);
  const team = site.db().select().from(teams).where(eq(teams.name, 'Reserve')).get()!;
  const b = await openTeam(benContext, 'Reserve');
  // both forms know the row's version before anyone saves
  await a.page.waitForLoadState('networkidle');
  await b.page.waitForLoadState('networkidle');

  await a.dialog.getByLabel('Beschreibung').fill('Von Anna beschrieben');
  await a.dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(a.dialog).toBeHidden();

  await b.dialog.getByLabel('Name *').fill('Reserve 1b');
  await b.dialog.getByLabel('Erfolge').fill('Meister 2024');
  await b.dialog.getByRole('button', { name: 'Speichern' }).click();
  const refusal = b.dialog.getByRole('alert').filter({ hasText: anna.email });
  await expect(refusal).toBeVisible();
  await expect(refusal).toContainText('Nicht gespeichert');
  await expect(toaster(b.page).getByText(anna.email)).toBeVisible();
  // nothing of Ben's is stored, his input is still in the form
  expect(site.db().select().from(teams).where(eq(teams.id, team.id)).get()).toMatchObject({ name: 'Reserve', description: 'Von Anna beschrieben' });
  await expect(b.dialog.getByLabel('Name *')).toHaveValue('Reserve 1b');

  await refusal.getByRole('button', { name: 'Vergleichen' }).click();
  const merge = b.page.getByRole('dialog', { name: 'Änderungen vergleichen' });
  await expect(merge).toBeVisible();
  const description = merge.locator('fieldset[data-field="description"]');
  await expect(description.locator('legend')).toContainText('Beschreibung');
  await expect(description).toContainText('Ihre Eingabe');
  await expect(description).toContainText('Gespeicherte Fassung');
  await expect(description).toContainText('Von Anna beschrieben');
  // only Anna changed the description: her version is proposed; Ben's name is his
  await expect(description.getByRole('radio').nth(1)).toBeChecked();
  await expect(merge.locator('fieldset[data-field="name"]').getByRole('radio').first()).toBeChecked();
  // Ben prefers his own achievements too (already proposed) and takes them over
  await merge.getByRole('button', { name: 'Übernehmen' }).click();
  await expect(merge).toBeHidden();
  await expect(b.dialog.getByLabel('Beschreibung')).toHaveValue('Von Anna beschrieben');
  await expect(b.dialog.getByLabel('Name *')).toHaveValue('Reserve 1b');
  await expect(b.dialog.getByRole('alert').filter({ hasText: 'Nicht gespeichert' })).toHaveCount(0);

  await b.dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(b.dialog).toBeHidden();
  await expect(toaster(b.page).getByText('Team erfolgreich aktualisiert')).toBeVisible();
  expect(site.db().select().from(teams).where(eq(teams.id, team.id)).get()).toMatchObject({
    name: 'Reserve 1b',
    description: 'Von Anna beschrieben',
    achievements: ['Meister 2024'],
  });
  await annaContext.close();
  await benContext.close();
});

test("two admins on the club's history: the one who typed before the other's save is refused, not silently the last word", async ({ browser }) => {
  site.db().insert(pageContent).values({ page_key: 'vereinsgeschichte', section_key: 'main_content', title: 'Geschichte', content: 'Gegründet 1949.', is_active: true }).run();
  const { anna, contexts } = await twoAdmins(site, browser);
  const [a, b] = await Promise.all(contexts.map((c) => c.newPage()));
  for (const page of [a, b]) {
    await page.goto(`${site.url}/admin#vereinsgeschichte`);
    await expect(page.getByLabel('Inhalt *')).toHaveValue('Gegründet 1949.');
    await page.waitForLoadState('networkidle');
  }
  await b.getByLabel('Inhalt *').fill('Gegründet 1949 von Ben.');
  await a.getByLabel('Inhalt *').fill('Gegründet 1949 von Anna.');
  await a.getByRole('button', { name: 'Speichern' }).click();
  await expect(toaster(a).getByText('Inhalt aktualisiert!')).toBeVisible();

  await b.getByRole('button', { name: 'Speichern' }).click();
  const refusal = b.getByRole('alert').filter({ hasText: anna.email });
  await expect(refusal).toContainText('Nicht gespeichert');
  const stored = () => site.db().select().from(pageContent).where(eq(pageContent.page_key, 'vereinsgeschichte')).all().map((r) => r.content);
  expect(stored()).toEqual(['Gegründet 1949 von Anna.']);
  await expect(b.getByLabel('Inhalt *')).toHaveValue('Gegründet 1949 von Ben.');
  // compared and taken over, Ben's text is saved on Anna's version
  await refusal.getByRole('button', { name: 'Vergleichen' }).click();
  const merge = b.getByRole('dialog', { name: 'Änderungen vergleichen' });
  await merge.getByRole('button', { name: 'Übernehmen' }).click();
  await b.getByRole('button', { name: 'Speichern' }).click();
  await expect(toaster(b).getByText('Inhalt aktualisiert!')).toBeVisible();
  expect(stored()).toEqual(['Gegründet 1949 von Ben.']);
  for (const c of contexts) await c.close();
});

test("a list read before another admin's save: its edit form's save is refused, not taken as an edit of the newer version", async ({ browser }) => {
  const { ben, annaContext, benContext } = await twoAdmins(site, browser);
  site.db().insert(teams).values({ name: 'U23', category: 'Herren', description: 'Zweite Mannschaft' }).run();
  // Anna's panel misses the live reload (a phone that slept, a stream that broke)
  const annaPage = await adminTab(annaContext, 'mannschaften', true);
  await expect(annaPage.locator('.teams-table tbody tr', { hasText: 'U23' })).toBeVisible();

  const again = await openTeam(benContext, 'U23');
  await again.dialog.getByLabel('Beschreibung').fill('Von Ben geändert');
  await again.dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(again.dialog).toBeHidden();

  // Anna edits from her list as it was: the form shows the old description
  await annaPage.locator('.teams-table tbody tr', { hasText: 'U23' }).getByRole('button', { name: 'Bearbeiten' }).click();
  const dialog = annaPage.getByRole('dialog', { name: 'Team bearbeiten' });
  await expect(dialog.getByLabel('Beschreibung')).toHaveValue('Zweite Mannschaft');
  await dialog.getByLabel('Name *').fill('U23 neu');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: ben.email })).toContainText('Nicht gespeichert');
  expect(site.db().select().from(teams).where(eq(teams.name, 'U23')).get()).toMatchObject({ description: 'Von Ben geändert' });
  await annaContext.close();
  await benContext.close();
});

test('one admin opens a team again before the list has reloaded after the save: the form shows the save, and the next save is taken', async ({ browser }) => {
  const context = await browser.newContext();
  await loginAs(context, site, 'admin');
  site.db().insert(teams).values({ name: 'U16', category: 'Nachwuchs', description: 'Noch ohne Text' }).run();
  const { page, dialog } = await openTeam(context, 'U16');
  await dialog.getByLabel('Beschreibung').fill('Erste Fassung');
  // the list's reload after the save (and the live one) answers late, as on a busy server
  const hold = await holdAction(page, 'admin.teams.list');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog).toBeHidden();
  await page.locator('.teams-table tbody tr', { hasText: 'U16' }).getByRole('button', { name: 'Bearbeiten' }).click();
  await expect(dialog.getByLabel('Beschreibung')).toHaveValue('Erste Fassung');
  await dialog.getByLabel('Beschreibung').fill('Zweite Fassung');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog).toBeHidden();
  expect(site.db().select().from(teams).where(eq(teams.name, 'U16')).get()).toMatchObject({ description: 'Zweite Fassung' });
  hold.release();
  await context.close();
});

test("an Impressum text read before another admin's save: its dialog's save is refused, not taken as an edit of the newer version", async ({ browser }) => {
  site.db().insert(pageContent).values({ page_key: 'imprint', section_key: 'vereinsregister', title: 'Vereinsregister', content: 'ZVR-Zahl: 111', is_active: true }).run();
  const { ben, annaContext, benContext } = await twoAdmins(site, browser);
  const open = async (context: BrowserContext, missesLiveReload: boolean) => {
    const page = await adminTab(context, 'impressum', missesLiveReload);
    const section = page.locator('.imprint-section[data-section="vereinsregister"]');
    await expect(section.locator('.section-content')).toHaveText('ZVR-Zahl: 111');
    return { page, section, dialog: page.getByRole('dialog', { name: 'Vereinsregister bearbeiten' }) };
  };
  const a = await open(annaContext, true);
  const b = await open(benContext, false);
  await b.section.getByRole('button', { name: 'Bearbeiten' }).click();
  await b.dialog.getByRole('textbox', { name: 'Inhalt' }).fill('ZVR-Zahl: 222');
  await b.dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(b.dialog).toBeHidden();

  // Anna's list is from before Ben's save: her dialog shows the old text and saves from its version
  await a.section.getByRole('button', { name: 'Bearbeiten' }).click();
  await expect(a.dialog.getByRole('textbox', { name: 'Inhalt' })).toHaveValue('ZVR-Zahl: 111');
  await a.dialog.getByRole('textbox', { name: 'Titel' }).fill('Vereinsregister (ZVR)');
  await a.dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(a.dialog.getByRole('alert').filter({ hasText: ben.email })).toContainText('Nicht gespeichert');
  const stored = site.db().select().from(pageContent).where(eq(pageContent.page_key, 'imprint')).all();
  expect(stored).toEqual([expect.objectContaining({ title: 'Vereinsregister', content: 'ZVR-Zahl: 222' })]);
  await annaContext.close();
  await benContext.close();
});

test("the club address read before another admin's save: its save is refused, not taken over the newer one", async ({ browser }) => {
  site.db().delete(contactInfo).where(eq(contactInfo.role, 'Vereinsadresse')).run();
  site.db().insert(contactInfo).values({ name: 'SV Kirchberg', role: 'Vereinsadresse', phone: '03115 111' }).run();
  const { ben, annaContext, benContext } = await twoAdmins(site, browser);
  const open = async (context: BrowserContext, missesLiveReload: boolean) => {
    const page = await adminTab(context, 'kontakt', missesLiveReload);
    const form = page.getByRole('form', { name: 'Vereinsadresse' });
    await expect(form.getByLabel('Telefon')).toHaveValue('03115 111');
    return { page, form };
  };
  // Anna's phone slept through Ben's save: her form shows the old address
  const a = await open(annaContext, true);
  const b = await open(benContext, false);
  await b.form.getByLabel('Telefon').fill('03115 222');
  await b.form.getByRole('button', { name: 'Vereinsadresse speichern' }).click();
  await expect(toaster(b.page).getByText('Vereinsadresse gespeichert!')).toBeVisible();

  await a.form.getByLabel('E-Mail').fill('office@sv-kirchberg.at');
  await a.form.getByRole('button', { name: 'Vereinsadresse speichern' }).click();
  await expect(a.page.getByRole('alert').filter({ hasText: ben.email }).first()).toContainText('Nicht gespeichert');
  const stored = site.db().select().from(contactInfo).where(eq(contactInfo.role, 'Vereinsadresse')).all();
  expect(stored).toEqual([expect.objectContaining({ phone: '03115 222', email: null })]);
  await annaContext.close();
  await benContext.close();
});

test("two admins write the club's history before there is one: the first save makes it, the second is refused, not a second text nobody sees", async ({ browser }) => {
  site.db().delete(pageContent).where(eq(pageContent.page_key, 'vereinsgeschichte')).run();
  const { anna, annaContext, benContext } = await twoAdmins(site, browser);
  const a = await adminTab(annaContext, 'vereinsgeschichte', true);
  const b = await adminTab(benContext, 'vereinsgeschichte', true);
  for (const page of [a, b]) await expect(page.getByLabel('Inhalt *')).toHaveValue('');
  await a.getByLabel('Titel *').fill('Unsere Geschichte');
  await a.getByLabel('Inhalt *').fill('Gegründet 1949 (Anna).');
  await b.getByLabel('Titel *').fill('Geschichte');
  await b.getByLabel('Inhalt *').fill('Gegründet 1949 (Ben).');
  await a.getByRole('button', { name: 'Speichern' }).click();
  await expect(toaster(a).getByText('Inhalt erstellt!')).toBeVisible();
  // Anna again, from her own save: an update, not refused
  await a.getByLabel('Inhalt *').fill('Gegründet 1949 in Kirchberg (Anna).');
  await clickForAnswer(a, a.getByRole('button', { name: 'Speichern' }), 'admin.pageContent.update');

  await b.getByRole('button', { name: 'Speichern' }).click();
  await expect(b.getByRole('alert').filter({ hasText: anna.email }).first()).toContainText('Nicht gespeichert');
  await expect(b.getByLabel('Inhalt *')).toHaveValue('Gegründet 1949 (Ben).');
  // it made a second entry: the page and the form showed Anna's, and Ben's text was gone without a word
  const stored = site.db().select().from(pageContent).where(eq(pageContent.page_key, 'vereinsgeschichte')).all();
  expect(stored.map((r) => r.content)).toEqual(['Gegründet 1949 in Kirchberg (Anna).']);
  await annaContext.close();
  await benContext.close();
});

test('two admins fill the club address before there is one: the first save makes it, the second is refused, not saved over it', async ({ browser }) => {
  site.db().delete(contactInfo).where(eq(contactInfo.role, 'Vereinsadresse')).run();
  const { ben, annaContext, benContext } = await twoAdmins(site, browser);
  const open = async (context: BrowserContext) => {
    const page = await adminTab(context, 'kontakt', true);
    const form = page.getByRole('form', { name: 'Vereinsadresse' });
    await expect(form.getByLabel('Vereinsname *')).toHaveValue('');
    return { page, form };
  };
  const a = await open(annaContext);
  const b = await open(benContext);
  await b.form.getByLabel('Vereinsname *').fill('SV Kirchberg an der Raab');
  await b.form.getByRole('button', { name: 'Vereinsadresse speichern' }).click();
  await expect(toaster(b.page).getByText('Vereinsadresse gespeichert!')).toBeVisible();
  // Ben saves again from his own save, before his list has the record: not refused
  await b.form.getByLabel('Telefon').fill('03115 222');
  // clickForAnswer fails unless the save answered with a success
  await clickForAnswer(b.page, b.form.getByRole('button', { name: 'Vereinsadresse speichern' }), 'admin.contacts.saveClubAddress');

  await a.form.getByLabel('Vereinsname *').fill('SV Kirchberg');
  await a.form.getByRole('button', { name: 'Vereinsadresse speichern' }).click();
  await expect(a.page.getByRole('alert').filter({ hasText: ben.email }).first()).toContainText('Nicht gespeichert');
  const stored = site.db().select().from(contactInfo).where(eq(contactInfo.role, 'Vereinsadresse')).all();
  expect(stored).toEqual([expect.objectContaining({ name: 'SV Kirchberg an der Raab', phone: '03115 222' })]);
  await annaContext.close();
  await benContext.close();
});

test("the privacy text loaded before another admin's save: its save is refused, not taken over the newer text", async ({ browser }) => {
  site.db().delete(pageContent).where(eq(pageContent.page_key, 'datenschutz')).run();
  site.db().insert(pageContent).values({ page_key: 'datenschutz', section_key: 'main_content', title: 'Datenschutz', content: '<p>Fassung 1</p>', is_active: true }).run();
  const { ben, annaContext, benContext } = await twoAdmins(site, browser);
  const open = async (context: BrowserContext, missesLiveReload: boolean) => {
    const page = await adminTab(context, 'datenschutz', missesLiveReload);
    const editor = page.getByRole('textbox', { name: /Inhalt \(HTML\)/ });
    await expect(editor).toHaveValue('<p>Fassung 1</p>');
    return { page, editor };
  };
  // Anna's phone slept through Ben's save: her editor holds the first text
  const a = await open(annaContext, true);
  const b = await open(benContext, false);
  await b.editor.fill('<p>Fassung 2 von Ben</p>');
  await b.page.getByRole('button', { name: 'Speichern' }).click();
  await expect(toaster(b.page).getByText('Erfolgreich gespeichert')).toBeVisible();

  await a.editor.fill('<p>Fassung 1, ergänzt</p>');
  await a.page.getByRole('button', { name: 'Speichern' }).click();
  await expect(toaster(a.page).getByText(ben.email)).toContainText('Nicht gespeichert');
  const stored = site.db().select().from(pageContent).where(eq(pageContent.page_key, 'datenschutz')).all();
  expect(stored).toEqual([expect.objectContaining({ content: '<p>Fassung 2 von Ben</p>' })]);
  // her text stays in the editor
  await expect(a.editor).toHaveValue('<p>Fassung 1, ergänzt</p>');
  await annaContext.close();
  await benContext.close();
});

test('one admin opens an Impressum text again before its reload: the dialog shows the save, and the next save keeps it', async ({ browser }) => {
  site.db().insert(pageContent).values({ page_key: 'imprint', section_key: 'haftungsausschluss', title: 'Haftungsausschluss', content: 'Alte Fassung', is_active: true }).run();
  const context = await browser.newContext();
  await loginAs(context, site, 'admin');
  const page = await context.newPage();
  await page.goto(`${site.url}/admin#impressum`);
  const section = page.locator('.imprint-section[data-section="haftungsausschluss"]');
  const dialog = page.getByRole('dialog', { name: 'Haftungsausschluss bearbeiten' });
  await expect(section.locator('.section-content')).toHaveText('Alte Fassung');
  // the reload after the save answers late, as on a busy server
  const hold = await holdAction(page, 'admin.imprint.load');
  await section.getByRole('button', { name: 'Bearbeiten' }).click();
  await dialog.getByRole('textbox', { name: 'Inhalt' }).fill('Neue Fassung');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog).toBeHidden();
  // opened again at once: the save, not the list's older copy, which the next save would have put back unseen
  await section.getByRole('button', { name: 'Bearbeiten' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Inhalt' })).toHaveValue('Neue Fassung');
  await dialog.getByRole('textbox', { name: 'Titel' }).fill('Haftung');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog).toBeHidden();
  const stored = site.db().select().from(pageContent).where(eq(pageContent.section_key, 'haftungsausschluss')).all();
  expect(stored).toEqual([expect.objectContaining({ title: 'Haftung', content: 'Neue Fassung' })]);
  hold.release();
  await context.close();
});

test("the club's history after a save continues from that save's version, not from one saved by someone else right after", async ({ browser }) => {
  site.db().delete(pageContent).where(eq(pageContent.page_key, 'vereinsgeschichte')).run();
  site.db().insert(pageContent).values({ page_key: 'vereinsgeschichte', section_key: 'main_content', title: 'Geschichte', content: 'Gegründet 1949.', is_active: true }).run();
  const { ben, contexts } = await twoAdmins(site, browser);
  const [a, b] = await Promise.all(contexts.map((c) => c.newPage()));
  // Anna's panel misses the live reload of Ben's save (a phone that slept, a stream that broke)
  // eslint-disable-next-line no-restricted-syntax -- before the first goto
  await a.route('**/api/admin/events', (route) => route.abort());
  for (const page of [a, b]) {
    await page.goto(`${site.url}/admin#vereinsgeschichte`);
    await expect(page.getByLabel('Inhalt *')).toHaveValue('Gegründet 1949.');
    await page.waitForLoadState('networkidle');
  }
  // a slow connection: whatever Anna's panel asks after her save arrives only after Ben's save
  const late = await holdAction(a, 'admin.revisions.current');
  await a.getByLabel('Inhalt *').fill('Gegründet 1949 von Anna.');
  await a.getByRole('button', { name: 'Speichern' }).click();
  await expect(toaster(a).getByText('Inhalt aktualisiert!')).toBeVisible();

  await expect(b.getByLabel('Inhalt *')).toHaveValue('Gegründet 1949 von Anna.');
  await b.getByLabel('Inhalt *').fill('Gegründet 1949 von Ben.');
  await b.getByRole('button', { name: 'Speichern' }).click();
  await expect(toaster(b).getByText('Inhalt aktualisiert!')).toBeVisible();
  late.release();
  await a.waitForLoadState('networkidle');

  await a.getByLabel('Inhalt *').fill('Gegründet 1949 von Anna, ergänzt.');
  await a.getByRole('button', { name: 'Speichern' }).click();
  await expect(a.getByRole('alert').filter({ hasText: ben.email })).toContainText('Nicht gespeichert');
  const stored = site.db().select().from(pageContent).where(eq(pageContent.page_key, 'vereinsgeschichte')).all().map((r) => r.content);
  expect(stored).toEqual(['Gegründet 1949 von Ben.']);
  for (const c of contexts) await c.close();
});

test("two admins on a match report: goals coming in do not refuse it, the other's report does, and is compared", async ({ browser }) => {
  const match = site.db().insert(matches).values({ home_team: 'SV Kirchberg', away_team: 'FC Bericht', match_date: '2026-11-29', match_time: '14:00', location: 'Sportplatz', competition: 'Unterliga', match_type: 'league', status: 'finished' }).returning().get();
  const { anna, contexts } = await twoAdmins(site, browser);
  // the report written once through the panel: the match has a version to compare against
  expect((await callAction(contexts[0].request, site, 'admin.matchDetails.saveReport', { match_id: match.id, report: 'Vorbericht.' })).status).toBe(200);
  const openReport = async (context: BrowserContext) => {
    const page = await context.newPage();
    await page.goto(`${site.url}/admin#spielplan`);
    await page.locator(`.matches-table tr[data-row-id="${match.id}"]`).getByRole('button', { name: 'Details' }).click();
    const form = page.getByRole('form', { name: 'Spielbericht' });
    await expect(form.getByRole('textbox', { name: 'Spielbericht', exact: true })).toHaveValue('Vorbericht.');
    await page.waitForLoadState('networkidle');
    return { page, form, text: form.getByRole('textbox', { name: 'Spielbericht', exact: true }) };
  };
  const a = await openReport(contexts[0]);
  const b = await openReport(contexts[1]);
  const reportOf = () => site.db().select({ report: matches.report }).from(matches).where(eq(matches.id, match.id)).get()?.report;

  // a goal typed in by Ben changes the match, not its report: Anna's report is saved
  expect((await callAction(contexts[1].request, site, 'admin.matchDetails.addEvent', { match_id: match.id, type: 'goal', side: 'home', minute: 12, player_name: 'Huber' })).status).toBe(200);
  await a.text.fill('Vorbericht. Sieg im Regen.');
  await a.form.getByRole('button', { name: 'Bericht speichern' }).click();
  await expect(toaster(a.page).getByText('Veröffentlicht', { exact: true }).first()).toBeVisible();
  expect(reportOf()).toBe('Vorbericht. Sieg im Regen.');

  // Ben wrote his report on the version before Anna's: refused, naming her, his text kept
  await b.text.fill('Vorbericht. Knapper Sieg.');
  await b.form.getByRole('button', { name: 'Bericht speichern' }).click();
  const refusal = b.form.getByRole('alert').filter({ hasText: anna.email });
  await expect(refusal).toContainText('Nicht gespeichert');
  expect(reportOf()).toBe('Vorbericht. Sieg im Regen.');
  await expect(b.text).toHaveValue('Vorbericht. Knapper Sieg.');
  // compared, he keeps his text on her version, and saves
  await refusal.getByRole('button', { name: 'Vergleichen' }).click();
  await b.page.getByRole('dialog', { name: 'Änderungen vergleichen' }).getByRole('button', { name: 'Übernehmen' }).click();
  await b.form.getByRole('button', { name: 'Bericht speichern' }).click();
  await expect.poll(reportOf).toBe('Vorbericht. Knapper Sieg.');
  for (const c of contexts) await c.close();
});
