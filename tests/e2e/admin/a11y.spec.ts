// Every admin tab, filled with the demo club, on a phone and on a desktop: no violation of WCAG 2.1 AA
// that axe finds (the public routes have theirs in tests/e2e/public/a11y.spec.ts).
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { loginAs } from '../../fixtures/auth';
import { seedDemoClub } from '../../../src/server/services/demo-data';
import { TABS } from '../../../src/components/admin/tabs';
import { useSite } from '../public/helpers';

const site = useSite((db) => seedDemoClub(db));

async function violations(page: Page, key: string): Promise<string[]> {
  await page.goto(`${site().url}/admin#${key}`);
  // on a phone the tab list is folded away: the selected tab tells which panel shows
  await expect(page.locator(`#tab-${key}`)).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('#admin-panel')).toBeVisible();
  // the tab's data is in: no loading line left
  await expect(page.getByText('Lädt...', { exact: true })).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  const { violations: found } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return found.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(', ')}`);
}

for (const width of [375, 1280]) {
  test(`${width} px: no axe violation on any admin tab`, async ({ page, context }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width, height: 900 });
    await loginAs(context, site(), 'superadmin');
    const found: Record<string, string[]> = {};
    for (const tab of TABS) {
      const list = await violations(page, tab.key);
      if (list.length > 0) found[tab.key] = list;
    }
    console.info(`[figures] admin a11y ${width} px: tabs ${TABS.length}, with violations ${Object.keys(found).length}`);
    expect(found).toEqual({});
  });
}
