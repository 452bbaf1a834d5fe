// The admin with the keyboard alone, as a keyboard and screen-reader review tried it: the tab bar is one Tab
// stop with arrows between its tabs, a save keeps the focus on its button, and a refused save puts the focus on
// the first field it marks, which names the reason as its description.
import { expect, test } from '@playwright/test';
import { loginAs } from '../../fixtures/auth';
import { makeInquiry, makeMatch, makeNews, makePageSection, makePlayer, makeTeam } from '../../fixtures/factories';
import { startSite, type Site } from '../../fixtures/site';
import { leagues, membershipInquiries, news, pageContent, players } from '../../../src/server/db/schema';
import { actionUrl, failAction, holdAction } from '../../fixtures/actions';
import { routeNow } from '../../fixtures/route-now';
import { toaster } from './content-helpers';

let site: Site;
let teamId: string;
test.beforeAll(async () => {
  site = await startSite({ seed: (db) => void (teamId = makeTeam(db, { name: 'Kampfmannschaft', category: 'Herren', display_order: 0 }).id) });
});
test.afterAll(async () => {
  await site.stop();
});
test.beforeEach(async ({ context }) => {
  await loginAs(context, site, 'superadmin');
});

test('the tab bar is one Tab stop: arrows, Home and End move along it, Enter opens the focused tab', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${site.url}/admin#news`);
  const bar = page.getByRole('tablist');
  await expect(bar.getByRole('tab', { name: 'News' })).toHaveAttribute('aria-selected', 'true');
  // only the open tab is in the Tab order
  await expect(bar.locator('[role="tab"][tabindex="0"]')).toHaveText(['News']);
  await bar.getByRole('tab', { name: 'News' }).focus();
  await page.keyboard.press('ArrowRight');
  const next = bar.locator('[role="tab"]:focus');
  const nextName = await next.textContent();
  expect(nextName).not.toBe('News');
  // moving does not open it (each tab's manager loads when it is opened)
  await expect(bar.getByRole('tab', { name: 'News' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(bar.getByRole('tab', { name: nextName!, exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/#(?!news)\w+/);
  await page.keyboard.press('End');
  await expect(bar.locator('[role="tab"]').last()).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(bar.locator('[role="tab"]').first()).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(bar.locator('[role="tab"]').last()).toBeFocused();
  await page.keyboard.press('Home');
  await expect(bar.locator('[role="tab"]').first()).toBeFocused();
  // Tab leaves the bar for the panel in one step
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('[role="tablist"]') === null)).toBe(true);
});

test('a refused save puts the focus on the first field it marks, which reads its reason; a save keeps the focus on its button', async ({ page }) => {
  site.db().delete(players).run();
  await page.goto(`${site.url}/admin#spieler`);
  const form = page.getByRole('form', { name: 'Neuer Spieler' });
  const add = form.getByRole('button', { name: 'Spieler hinzufügen' });
  await add.focus();
  await page.keyboard.press('Enter');
  await expect(toaster(page).getByText('Bitte füllen Sie alle Pflichtfelder aus')).toBeVisible();
  const name = form.getByLabel('Name *');
  await expect(name).toBeFocused();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAccessibleDescription('Bitte füllen Sie alle Pflichtfelder aus');
  // the messages are read with their fields, not as a row of alerts at once
  await expect(form.getByRole('alert')).toHaveCount(0);
  // typing clears the mark and its description, and leaves the focus where it is
  await page.keyboard.type('Max Mustermann');
  await expect(name).not.toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAccessibleDescription('');
  await expect(name).toBeFocused();

  await form.getByLabel('Position *').selectOption('Stürmer');
  await form.getByLabel('Team *').selectOption({ label: 'Kampfmannschaft' });
  const hold = await holdAction(page, 'admin.players.create');
  await add.focus();
  await page.keyboard.press('Enter');
  const saving = form.getByRole('button', { name: 'Speichert...' });
  await expect(saving).toBeDisabled();
  await expect(saving).toBeFocused();
  // a second Enter while it saves sends nothing
  await page.keyboard.press('Enter');
  hold.release();
  await expect(toaster(page).getByText('Spieler erfolgreich hinzugefügt')).toBeVisible();
  await expect(add).toBeFocused();
  expect(site.db().select().from(players).all()).toHaveLength(1);
});

test('a message with no field of its own (the consent boxes) is an alert; one beside its field is read with it', async ({ page }) => {
  site.db().delete(players).run();
  await page.goto(`${site.url}/admin#spieler`);
  const form = page.getByRole('form', { name: 'Neuer Spieler' });
  await form.getByLabel('Name *').fill('Lena Huber');
  await form.getByLabel('Position *').selectOption('Stürmer');
  await form.getByLabel('Team *').selectOption({ label: 'Kampfmannschaft' });
  await form.getByLabel('Einverständnis gegeben von').fill('Mutter');
  await form.getByRole('button', { name: 'Spieler hinzufügen' }).click();
  await expect(form.getByRole('alert')).toHaveText('Bitte ankreuzen, wofür das Einverständnis gilt.');
  await expect(form.getByLabel('Datum des Einverständnisses')).toHaveAccessibleDescription(/.+/);
  expect(site.db().select().from(players).all()).toHaveLength(0);
});

test("each row's buttons name their row, so a screen reader's list of buttons tells them apart", async ({ page }) => {
  site.db().delete(players).run();
  makePlayer(site.db(), teamId, { name: 'Max Huber', position: 'Stürmer' });
  makePlayer(site.db(), teamId, { name: 'Lukas Gruber', position: 'Torwart' });
  makeMatch(site.db(), { home_team: 'SV Kirchberg', away_team: 'ASK Gnas', match_date: '2026-08-15' });
  await page.goto(`${site.url}/admin#spieler`);
  for (const name of ['Max Huber', 'Lukas Gruber']) {
    for (const action of ['Bearbeiten', 'Verlauf', 'Löschen']) await expect(page.getByRole('button', { name: `${action}: ${name}`, exact: true })).toHaveCount(1);
  }
  await page.goto(`${site.url}/admin#spielplan`);
  for (const action of ['Bearbeiten', 'Details', 'Löschen']) {
    await expect(page.getByRole('button', { name: `${action}: 15.08.2026 SV Kirchberg – ASK Gnas`, exact: true })).toHaveCount(1);
  }
});


test("a league opened from the list takes the focus; its own tie-break order moves up and down, keeps the focus and says where", async ({ page }) => {
  const austria = ['head_to_head', 'goal_difference', 'goals_for', 'wins', 'away_goals'];
  site.db().insert(leagues).values({ competition: 'Unterliga Süd', season: '2026/27', our_team_name: 'SV Kirchberg', team_id: teamId, tie_breakers: austria }).run();
  await page.goto(`${site.url}/admin#tabellen`);
  await page.locator('.leagues-table tr', { hasText: 'Unterliga Süd' }).getByRole('button', { name: /^Bearbeiten/ }).press('Enter');
  await expect(page.getByRole('heading', { name: 'Unterliga Süd, Saison 2026/27' })).toBeFocused();

  const settings = page.getByRole('form', { name: 'Einstellungen: Unterliga Süd 2026/27' });
  await settings.getByLabel('Bei Punktegleichheit').selectOption({ label: 'Eigene Reihenfolge' });
  const order = settings.locator('.tie-break-order li');
  const button = (name: string) => settings.getByRole('button', { name, exact: true });
  await expect(order.first()).toContainText('1. Direkter Vergleich');
  // Tordifferenz one down: the focus stays on its button, a screen reader hears its new place
  await button('Tordifferenz nach unten').press('Enter');
  await expect(order.nth(2)).toContainText('3. Tordifferenz');
  await expect(button('Tordifferenz nach unten')).toBeFocused();
  await expect(settings.getByRole('status')).toHaveText('Tordifferenz ist jetzt an 3. Stelle.');
  // the last one up, and back down: at the end it has no 'nach unten', the focus goes to its 'nach oben'
  const away = 'Mehr auswärts erzielte Tore';
  await button(`${away} nach oben`).press('Enter');
  await expect(button(`${away} nach oben`)).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(button(`${away} nach unten`)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(button(`${away} nach unten`)).toHaveCount(0);
  await expect(button(`${away} nach oben`)).toBeFocused();
  await expect(settings.getByRole('status')).toHaveText(`${away} ist jetzt an 5. Stelle.`);
  // a tick afterwards moves nothing: the status says nothing of a move (it said '… an 0. Stelle' for one unticked)
  await settings.getByRole('checkbox', { name: /Mehr Siege/ }).uncheck();
  await expect(settings.getByRole('status')).toHaveText('');
  await settings.getByRole('checkbox', { name: /Mehr Siege/ }).check();
  await settings.getByRole('button', { name: 'Speichern' }).click();
  await expect(toaster(page).getByText('Tabelle gespeichert').first()).toBeVisible();
  expect(site.db().select().from(leagues).all().find((l) => l.competition === 'Unterliga Süd')?.tie_breakers).toEqual([
    'head_to_head',
    'goals_for',
    'goal_difference',
    'away_goals',
    // ticked again: at the end
    'wins',
  ]);
});

test("the first Tab stop skips the header and the tab bar to the open tab; its tabs' hash stays", async ({ page }) => {
  await page.goto(`${site.url}/admin#mannschaften`);
  await expect(page.getByRole('tab', { name: 'Mannschaften' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Zum Bereich springen' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('tabpanel')).toBeFocused();
  await expect(page).toHaveURL(/#mannschaften$/);
  // the next Tab is inside the panel, not in the header
  await expect(page.getByRole('tabpanel').getByRole('button').first()).toBeVisible();
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.getElementById('admin-panel')?.contains(document.activeElement))).toBe(true);
});

test("a toast that comes as its dialog closes is put into the page's live region that was there before, so it is read out", async ({ page }) => {
  await page.goto(`${site.url}/admin#mannschaften`);
  const edit = page.getByRole('button', { name: 'Bearbeiten: Kampfmannschaft', exact: true });
  await expect(edit).toBeVisible();
  // the page's region, there (empty) before anything is said
  const region = await page.locator('.toaster[role="status"]').elementHandle();
  expect(await region!.evaluate((el) => el.closest('dialog') === null && el.textContent === '')).toBe(true);
  await edit.click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Beschreibung').fill('Unsere Erste');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog).toHaveCount(0);
  // the same element, still in the page, now says it
  await expect.poll(() => region!.evaluate((el) => el.isConnected && (el.textContent ?? ''))).toContain('Team erfolgreich aktualisiert');
});

test('a button that stays while it works keeps the focus: Cache Update, an inquiry marked read (a disabled button dropped it to the page); a deleted one hands it to the panel', async ({ page }) => {
  site.db().delete(membershipInquiries).run();
  makeInquiry(site.db(), { name: 'Anna Berger' });
  await page.goto(`${site.url}/admin#mitglied`);
  const cache = page.getByRole('button', { name: 'Cache Update' });
  const hold = await holdAction(page, 'admin.cacheUpdate');
  await cache.focus();
  await page.keyboard.press('Enter');
  const working = page.getByRole('button', { name: 'Aktualisiert...' });
  await expect(working).toBeDisabled();
  await expect(working).toBeFocused();
  // a second Enter while it works sends nothing more
  await page.keyboard.press('Enter');
  hold.release();
  await expect(toaster(page).getByText('Cache aktualisiert')).toHaveCount(1);
  // the count of toasts is one as soon as the first came (and a second alike would take its place): the requests say that no second went
  expect(hold.asked()).toBe(1);
  await expect(cache).toBeFocused();
  await page.unrouteAll({ behavior: 'wait' });

  const inquiry = page.locator('.inquiry', { hasText: 'Anna Berger' });
  const markRead = inquiry.getByRole('button', { name: 'Als gelesen markieren: Anna Berger', exact: true });
  const holdRead = await holdAction(page, 'admin.inquiries.setStatus');
  await markRead.focus();
  await page.keyboard.press('Enter');
  await expect(markRead).toBeDisabled();
  await expect(markRead).toBeFocused();
  holdRead.release();
  const markUnread = inquiry.getByRole('button', { name: 'Als ungelesen markieren: Anna Berger', exact: true });
  await expect(markUnread).toBeFocused();
  expect(site.db().select().from(membershipInquiries).all().map((i) => i.status)).toEqual(['read']);
  // deleted with the keyboard: the only inquiry, so the focus goes to the tab's panel, not the page's start
  page.on('dialog', (dialog) => void dialog.accept());
  await inquiry.getByRole('button', { name: 'Löschen: Anna Berger', exact: true }).press('Enter');
  await expect(inquiry).toHaveCount(0);
  await expect(page.getByRole('tabpanel')).toBeFocused();
  expect(site.db().select().from(membershipInquiries).all()).toEqual([]);
});

test("a row's 'Löschen' the server refused keeps the focus on its row's button (it was disabled while it worked)", async ({ page }) => {
  site.db().delete(players).run();
  makePlayer(site.db(), teamId, { name: 'Max Huber', position: 'Stürmer' });
  await page.goto(`${site.url}/admin#spieler`);
  const remove = page.getByRole('button', { name: 'Löschen: Max Huber', exact: true });
  page.on('dialog', (dialog) => void dialog.accept());
  await failAction(page, 'admin.players.remove');
  await remove.focus();
  await page.keyboard.press('Enter');
  await expect(toaster(page).locator('.toast.destructive')).toHaveCount(1);
  await expect(remove).toBeFocused();
  expect(site.db().select().from(players).all().map((p) => p.name)).toEqual(['Max Huber']);
});

test("a row deleted with the keyboard leaves the focus on the next row's 'Löschen', the last one on the tab's panel; the news list too", async ({ page }) => {
  site.db().delete(players).run();
  for (const name of ['Anna Bauer', 'Berta Gruber', 'Clara Huber']) makePlayer(site.db(), teamId, { name, position: 'Stürmer' });
  await page.goto(`${site.url}/admin#spieler`);
  page.on('dialog', (dialog) => void dialog.accept());
  const remove = (name: string) => page.getByRole('button', { name: `Löschen: ${name}`, exact: true });
  await remove('Berta Gruber').focus();
  await page.keyboard.press('Enter');
  await expect(remove('Berta Gruber')).toHaveCount(0);
  await expect(remove('Clara Huber')).toBeFocused();
  // the last row: the one before it
  await page.keyboard.press('Enter');
  await expect(remove('Clara Huber')).toHaveCount(0);
  await expect(remove('Anna Bauer')).toBeFocused();
  // none left: the panel, so the next Tab is in the tab, not the header
  await page.keyboard.press('Enter');
  await expect(page.getByRole('tabpanel')).toBeFocused();
  expect(site.db().select().from(players).all()).toEqual([]);

  // the news list (no question asked; 'Rückgängig' offered) does the same
  site.db().delete(news).run();
  makeNews(site.db(), { title: 'Erste Meldung', created_at: '2026-11-01T10:00:00.000Z' });
  makeNews(site.db(), { title: 'Zweite Meldung', created_at: '2026-11-02T10:00:00.000Z' });
  await page.goto(`${site.url}/admin#news`);
  const removeNews = (title: string) => page.getByRole('button', { name: `Löschen: ${title}`, exact: true });
  await removeNews('Zweite Meldung').press('Enter');
  await expect(removeNews('Zweite Meldung')).toHaveCount(0);
  await expect(removeNews('Erste Meldung')).toBeFocused();
});

test("an imprint section deleted with the keyboard hands the focus to the next section's 'Löschen'", async ({ page }) => {
  makePageSection(site.db(), 'imprint', 'abschnitt_1', { title: 'Bildnachweis', content: 'Fotos: Verein', display_order: 10 });
  makePageSection(site.db(), 'imprint', 'abschnitt_2', { title: 'Haftung', content: 'Für Links keine Haftung.', display_order: 11 });
  await page.goto(`${site.url}/admin#impressum`);
  page.on('dialog', (dialog) => void dialog.accept());
  const remove = (title: string) => page.getByRole('button', { name: `Löschen: ${title}`, exact: true });
  await remove('Bildnachweis').press('Enter');
  await expect(remove('Bildnachweis')).toHaveCount(0);
  await expect(remove('Haftung')).toBeFocused();
  expect(site.db().select().from(pageContent).all().filter((row) => row.page_key === 'imprint').map((row) => row.title)).toEqual(['Haftung']);
});

test("the focus moves on also when the delete's own reload is overtaken by a slower one (the save's live event)", async ({ page }) => {
  makePageSection(site.db(), 'imprint', 'abschnitt_3', { title: 'Urheberrecht', content: 'Texte: Verein', display_order: 12 });
  makePageSection(site.db(), 'imprint', 'abschnitt_4', { title: 'Streitbeilegung', content: 'Keine Schlichtung.', display_order: 13 });
  // the server's live 'change' events wait in the page until released, and pass at once from then on: the
  // save's event, which races with the save's answer, comes after the delete's own reload was asked, as it did
  // on a loaded machine (where it may also come after the answer: then it passes when it comes)
  await page.addInitScript(() => {
    let held: (() => void)[] | null = [];
    const holder = window as unknown as { releaseChanges: () => void };
    holder.releaseChanges = () => {
      const waiting = held ?? [];
      held = null;
      waiting.forEach((deliver) => deliver());
    };
    const add = EventSource.prototype.addEventListener as (this: EventSource, type: string, listener: unknown, options?: unknown) => void;
    EventSource.prototype.addEventListener = function (this: EventSource, type: string, listener: unknown, options?: unknown) {
      if (type !== 'change' || typeof listener !== 'function') return add.call(this, type, listener, options);
      add.call(this, type, (event: Event) => (held ? void held.push(() => listener(event)) : listener(event)), options);
    } as typeof EventSource.prototype.addEventListener;
  });
  await page.goto(`${site.url}/admin#impressum`);
  page.on('dialog', (dialog) => void dialog.accept());
  const remove = (title: string) => page.getByRole('button', { name: `Löschen: ${title}`, exact: true });
  await expect(remove('Urheberrecht')).toBeVisible();
  // the delete's reload lets the live event in and waits until its reload is asked, which answers 1.5 s late
  let loads = 0;
  let secondAsked!: () => void;
  const second = new Promise<void>((resolve) => (secondAsked = resolve));
  await routeNow(page, actionUrl('admin.imprint.load'), async (route) => {
    loads += 1;
    if (loads === 1) {
      await page.evaluate(() => (window as unknown as { releaseChanges: () => void }).releaseChanges());
      await second;
    } else if (loads === 2) {
      secondAsked();
      await new Promise((resolve) => setTimeout(resolve, 1_500));
    }
    await route.continue();
  });
  await remove('Urheberrecht').press('Enter');
  await expect(remove('Urheberrecht')).toHaveCount(0);
  await expect(remove('Streitbeilegung')).toBeFocused();
  // the delete's reload and at least the live event's (a publish of the test before may bring one more)
  expect(loads).toBeGreaterThanOrEqual(2);
});
