// What fans read on the home page once the admin calls off the match its 'Nächstes Spiel' card names, or
// types a result on a match still 'Geplant' (a match-day review of 2026-12-04): the card is the admin's
// text (public-site.md) and stays, but it says so and names the fixtures' next match; the result is the
// last result at once, not after midnight.
import { expect, test } from '@playwright/test';
import { loginAs } from '../../fixtures/auth';
import { makeMatch, setHomepageSection } from '../../fixtures/factories';
import { addDays, formatDate, viennaDate } from '../../../src/lib/dates-de';
import { matches } from '../../../src/server/db/schema';
import { useSite, withCookieChoice } from './helpers';

const today = viennaDate(new Date());
let calledOffId = '';
let laterId = '';
let playedId = '';
const site = useSite((db) => {
  calledOffId = makeMatch(db, { home_team: 'SV Kirchberg', away_team: 'USV Absagedorf', match_date: addDays(today, 2), match_time: '15:00', competition: 'Unterliga', season: '2026/27' }).id;
  laterId = makeMatch(db, { home_team: 'SV Kirchberg', away_team: 'SC Spätertal', match_date: addDays(today, 9), match_time: '14:30', competition: 'Unterliga', season: '2026/27' }).id;
  // played yesterday, its result not typed in yet
  playedId = makeMatch(db, { home_team: 'FC Gestern', away_team: 'SV Kirchberg', match_date: addDays(today, -1), match_time: '17:00', competition: 'Unterliga', season: '2026/27' }).id;
  setHomepageSection(db, 'next_match', { content: 'SV Kirchberg VS USV Absagedorf', match_date: addDays(today, 2), match_time: '15:00', match_location: 'Kirchberg' });
});

test.beforeEach(async ({ context }) => withCookieChoice(context));

/** Edits one match in 'Spielplan' as an admin and waits for its publish. */
async function editMatch(page: import('@playwright/test').Page, id: string, fill: (dialog: import('@playwright/test').Locator) => Promise<unknown>) {
  await page.goto(`${site().url}/admin#spielplan`);
  await page.locator(`.matches-table tr[data-row-id="${id}"]`).getByRole('button', { name: 'Bearbeiten' }).click();
  const dialog = page.getByRole('dialog', { name: 'Spiel bearbeiten' });
  await fill(dialog);
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.locator('.toaster').getByText('Veröffentlicht', { exact: true }).first()).toBeVisible();
}

test("a called-off match on the card says 'Abgesagt' and names the fixtures' next match; a result typed on a 'Geplant' match is the last result at once", async ({ page }) => {
  await page.goto(`${site().url}/`);
  const card = page.locator('.next-match');
  await expect(card.locator('.team-b')).toHaveText('USV Absagedorf');
  await expect(card.locator('.card-standing')).toHaveCount(0);
  await expect(card.locator('.card-instead')).toHaveCount(0);

  await loginAs(page.context(), site(), 'admin');
  await editMatch(page, calledOffId, (dialog) => dialog.getByLabel('Status').selectOption('cancelled'));
  await page.goto(`${site().url}/`);
  // the admin's card stays as typed, and says what became of its match
  await expect(card.locator('.team-b')).toHaveText('USV Absagedorf');
  await expect(card.locator('.card-standing')).toHaveText('Abgesagt');
  await expect(card.locator('.card-instead')).toHaveText(`Laut Spielplan als Nächstes: SV Kirchberg – SC Spätertal, ${formatDate(addDays(today, 9))}, 14:30 Uhr`);
  await card.locator('.card-instead').getByRole('link', { name: 'SV Kirchberg – SC Spätertal' }).click();
  await expect(page).toHaveURL(`${site().url}/spiel/${laterId}`);

  // yesterday's match gets its result, the status left at 'Geplant': it is 'Beendet' and the last result
  await editMatch(page, playedId, async (dialog) => {
    await dialog.getByLabel('Tore Heim').fill('1');
    await dialog.getByLabel('Tore Auswärts').fill('3');
  });
  expect(site().db().select().from(matches).all().find((m) => m.id === playedId)).toMatchObject({ home_score: 1, away_score: 3, status: 'finished' });
  await page.goto(`${site().url}/`);
  await expect(page.locator('.last-result .result-line')).toHaveText(/FC Gestern\s*1:3\s*SV Kirchberg/);
});
