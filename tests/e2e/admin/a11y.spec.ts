// Every admin tab, filled with the demo club, on a phone and on a desktop, and on the phone the form each
// tab adds with: no violation of WCAG 2.1 AA that axe finds (the public routes: tests/e2e/public/a11y.spec.ts).
import { axeScan } from '../../fixtures/axe';
import { expect, test, type Page, type Request } from '@playwright/test';
import { loginAs } from '../../fixtures/auth';
import { seedDemoClub } from '../../../src/server/services/demo-data';
import { TABS } from '../../../src/components/admin/tabs';
import { useSite } from '../public/helpers';
import { makePageSection } from '../../fixtures/factories';

const site = useSite((db) => {
  seedDemoClub(db);
});

/**
 * How long the page has had no request open (0 while one is), but the admin's event stream, which stays open.
 * A tab is a change of the hash: Playwright's 'networkidle' was reached at the first load and is not waited
 * for again, and not every tab says 'Lädt...' while its data comes.
 */
const quietTimes = new WeakMap<Page, () => number>();
function quietFor(page: Page): number {
  let quiet = quietTimes.get(page);
  if (!quiet) {
    const open = new Set<Request>();
    let changed = Date.now();
    page.on('request', (request) => {
      if (request.url().includes('/api/admin/events')) return;
      open.add(request);
      changed = Date.now();
    });
    const ended = (request: Request) => void (open.delete(request) && (changed = Date.now()));
    page.on('requestfinished', ended);
    page.on('requestfailed', ended);
    quiet = () => (open.size === 0 ? Date.now() - changed : 0);
    quietTimes.set(page, quiet);
  }
  return quiet();
}

async function violations(page: Page, key: string): Promise<string[]> {
  quietFor(page);
  await page.goto(`${site().url}/admin#${key}`);
  // on a phone the tab list is folded away: the selected tab tells which panel shows
  await expect(page.locator(`#tab-${key}`)).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('#admin-panel')).toBeVisible();
  // the tab's data is in: no loading line left
  await expect(page.getByText('Lädt...', { exact: true })).toHaveCount(0);
  // the tab's code and data are in: nothing asked for half a second
  await expect.poll(() => quietFor(page)).toBeGreaterThanOrEqual(500);
  const { violations: found } = await axeScan(page).analyze();
  return found.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(', ')}`);
}

test('1280 px: no axe violation on any admin tab', async ({ page, context }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(context, site(), 'superadmin');
  const found: Record<string, string[]> = {};
  for (const tab of TABS) {
    const list = await violations(page, tab.key);
    if (list.length > 0) found[tab.key] = list;
  }
  console.info(`[figures] admin a11y 1280 px: tabs ${TABS.length}, with violations ${Object.keys(found).length}`);
  expect(found).toEqual({});
});

test('375 px: no axe violation on any admin tab, nor in the form it adds with, opened or sent empty with its German errors', async ({ page, context }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 375, height: 900 });
  await loginAs(context, site(), 'superadmin');
  const found: Record<string, string[]> = {};
  let shown = 0;
  // a dialog that opens, a form that opens in the panel, or the errors of a create form sent empty
  const SHOWN = 'form, dialog[open], [role="dialog"], .field-error';
  for (const tab of TABS) {
    // the tab itself, then the form it adds with
    const onTab = await violations(page, tab.key);
    if (onTab.length > 0) found[tab.key] = onTab;
    const add = page.locator('#admin-panel').getByRole('button', { name: /hinzufügen|erstellen|anlegen|^Neue?[rs]? /i }).first();
    if ((await add.count()) === 0 || !(await add.isVisible())) continue;
    const before = await page.locator(SHOWN).count();
    await add.click();
    const appeared = await page
      .waitForFunction(([selector, n]) => document.querySelectorAll(selector as string).length > (n as number), [SHOWN, before] as const, { timeout: 5_000 })
      .then(() => true, () => false);
    expect(appeared, `${tab.key}: '${await add.textContent()}' showed nothing`).toBe(true);
    shown += 1;
    const { violations: list } = await axeScan(page).analyze();
    if (list.length > 0) found[`${tab.key} form`] = list.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(', ')}`);
  }
  console.info(`[figures] admin a11y 375 px: tabs ${TABS.length}, forms shown ${shown}, with violations ${Object.keys(found).length}`);
  expect(shown).toBeGreaterThanOrEqual(10);
  expect(found).toEqual({});
});

test("each row's buttons name their row: no two buttons of the home blocks, the membership sections or the shop read the same", async ({ page, context }) => {
  await loginAs(context, site(), 'admin');
  // the demo club has one home block: a second one of its own
  makePageSection(site().db(), 'startseite', 'block_zweiter', { title: 'Zweiter Block', content: 'Noch ein Text.' });
  for (const tab of ['startseite', 'mitglied', 'shop']) {
    await page.goto(`${site().url}/admin#${tab}`);
    await expect(page.locator('#admin-panel button', { hasText: /^(Bearbeiten|Löschen)$/ }).nth(1)).toBeVisible();
    const names = await page
      .locator('#admin-panel button')
      .evaluateAll((buttons) =>
        buttons
          .filter((b) => ['Bearbeiten', 'Löschen', 'Aktivieren', 'Deaktivieren'].includes((b.textContent ?? '').trim()))
          .map((b) => b.getAttribute('aria-label') ?? (b.textContent ?? '').trim()),
      );
    expect(names.length, tab).toBeGreaterThanOrEqual(4);
    // a screen reader's list of buttons read 'Bearbeiten' ten times
    expect(names.filter((name, i) => names.indexOf(name) !== i), tab).toEqual([]);
  }
});
