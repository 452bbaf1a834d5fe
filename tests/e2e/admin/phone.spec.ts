import { expect, test, type Locator, type Page } from '@playwright/test';
import { loginAs } from '../../fixtures/auth';
import { makeMatch, makePlayer, makeTeam } from '../../fixtures/factories';
import { addDays, formatShortDate, viennaDate } from '../../../src/lib/dates-de';
import { useSite } from '../public/helpers';
import { horizontalOverflow, toaster } from './content-helpers';

// The admin on a volunteer's phone (390 × 844), from a review at that size: what it found covered, hidden or
// too wide, each as the user meets it.
let laterId = '';
let lineupId = '';
const site = useSite((db) => {
  const team = makeTeam(db, { name: 'Kampfmannschaft' });
  makePlayer(db, team.id, { name: 'Max Huber', jersey_number: 9 });
  // typed in today without one of our teams: 'Spieltag' cannot offer it
  makeMatch(db, { home_team: 'SV Kirchberg', away_team: 'Ohne Mannschaft', match_date: viennaDate(new Date()), match_time: '15:00' });
  // the next match of a team, weeks away: the one 'Spieltag' picks
  laterId = makeMatch(db, { home_team: 'SV Kirchberg', away_team: 'FC Später', match_date: addDays(viennaDate(new Date()), 30), match_time: '15:00', team_id: team.id, team_side: 'home' }).id;
  lineupId = makeMatch(db, { home_team: 'SV Kirchberg', away_team: 'ASK Aufstellung', match_date: addDays(viennaDate(new Date()), -7), match_time: '15:00', team_id: team.id, team_side: 'home' }).id;
});

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/** Whether the element is what a tap at its centre reaches: drawn on top, not behind a dialog or a toast. */
async function onTop(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && el.contains(hit);
  });
}

/** Whether a toast is drawn on top (it takes no tap, so it is asked with taps let through for a moment), and whether it takes taps. */
async function toastDrawing(toast: Locator): Promise<{ drawnOnTop: boolean; takesTaps: boolean }> {
  return toast.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const at = () => document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    const takesTaps = el.contains(at());
    const toaster = el.closest<HTMLElement>('.toaster')!;
    toaster.style.pointerEvents = 'auto';
    el.closest<HTMLElement>('.toast')!.style.pointerEvents = 'auto';
    const drawnOnTop = el.contains(at());
    toaster.style.pointerEvents = '';
    el.closest<HTMLElement>('.toast')!.style.pointerEvents = '';
    return { drawnOnTop, takesTaps };
  });
}

const openTab = async (page: Page, tab: string) => page.goto(`${site().url}/admin#${tab}`);

test("'Spieltag' says that today's match has no team, and that the match it picked is not today's", async ({ page }) => {
  await loginAs(page.context(), site(), 'admin');
  await openTab(page, 'spieltag');
  const panel = page.locator('.match-day');
  await expect(panel.getByText('Ein Spiel von heute hat noch keine unserer Mannschaften und fehlt deshalb hier: im Spielplan unter „Details“ die Mannschaft zuordnen.')).toBeVisible();
  await expect(panel.getByLabel('Spiel')).toHaveValue(laterId);
  const later = site().db().$client.prepare('SELECT match_date FROM matches WHERE id = ?').pluck().get(laterId) as string;
  await expect(panel.getByText(`Dieses Spiel ist nicht heute, sondern am ${formatShortDate(later)}.`)).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Anpfiff', exact: true })).toBeVisible();
});

test("a save inside a dialog shows its toast on top of the dialog, the ✕ stays in view, and toasts take no tap", async ({ page }) => {
  await loginAs(page.context(), site(), 'admin');
  await openTab(page, 'spielplan');
  await page.locator(`.matches-table tr[data-row-id="${lineupId}"]`).getByRole('button', { name: 'Details' }).click();
  const dialog = page.getByRole('dialog', { name: 'Spieldetails: SV Kirchberg – ASK Aufstellung' });
  const lineup = dialog.getByRole('form', { name: 'Aufstellung' });
  await lineup.getByLabel('Aufstellung Max Huber').selectOption('start');
  // a field at 16 px: iOS zooms into a smaller one
  expect(await lineup.getByLabel('Nr. Max Huber').evaluate((el) => parseFloat(getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(16);
  await lineup.getByRole('button', { name: 'Aufstellung speichern' }).click();
  const saved = toaster(page).getByText('Veröffentlicht', { exact: true }).first();
  await expect(saved).toBeVisible();
  expect(await toastDrawing(saved)).toEqual({ drawnOnTop: true, takesTaps: false });

  // scrolled to the dialog's end, its close button is still where a thumb finds it
  await dialog.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  const close = dialog.getByRole('button', { name: 'Schließen' });
  await expect(close).toBeInViewport();
  expect(await onTop(close)).toBe(true);
  await close.click();
  await expect(dialog).toBeHidden();
});

test("'Spielplan' jumps to the next match: the list runs oldest first, one card per match", async ({ page }) => {
  await loginAs(page.context(), site(), 'admin');
  await openTab(page, 'spielplan');
  // today's match, the first from today on
  const today = page.locator('.matches-table tr', { hasText: 'Ohne Mannschaft' });
  await expect(today).not.toBeInViewport();
  await page.getByRole('button', { name: 'Zum nächsten Spiel' }).click();
  await expect(today).toBeInViewport();
  await expect(today.getByRole('button').first()).toBeFocused();
});

test('the Benutzer tab fits a phone: its table scrolls inside its card', async ({ page }) => {
  await loginAs(page.context(), site(), 'superadmin');
  await openTab(page, 'benutzer');
  await expect(page.locator('.admin-table')).toBeVisible();
  expect(await horizontalOverflow(page)).toBe(0);
});

test("the small buttons take a thumb: 44 px high on a phone (the Mediathek's 'Löschen' was 36)", async ({ page }) => {
  await loginAs(page.context(), site(), 'admin');
  await openTab(page, 'mannschaften');
  const small = page.locator('#admin-panel .btn-small:visible');
  await expect(small.first()).toBeVisible();
  const heights = await small.evaluateAll((buttons) => buttons.map((b) => Math.round(b.getBoundingClientRect().height)));
  expect(heights.length).toBeGreaterThan(1);
  expect(heights.filter((h) => h < 44)).toEqual([]);
});
