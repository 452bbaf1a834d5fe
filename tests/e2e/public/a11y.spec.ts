// axe (WCAG 2.1 AA) on every public route of the empty database at 375 and 1280 px
// (issue 13; the demo club is checked in layout.spec.ts), and of a club whose own
// colours from 'Verein' do not read on white: the readable variants keep AA.
import { axeScan } from '../../fixtures/axe';
import { expect, test, type Page } from '@playwright/test';
import { saveClubSettings } from '../../../src/server/services/admin/club';
import { seedDemoClub } from '../../../src/server/services/demo-data';
import { useSite, withCookieChoice } from './helpers';
import { setFooterTexts } from '../../fixtures/factories';
import { useEmptySite } from '../../fixtures/shared-site';

const ROUTES = ['/', '/news', '/mannschaften', '/nachwuchs', '/spielplan', '/shop', '/sponsoren', '/kontakt', '/mitglied-werden', '/vereinsgeschichte', '/impressum', '/datenschutz', '/news/gibt-es-nicht'];

test.beforeEach(async ({ context }) => {
  await withCookieChoice(context);
  await context.addInitScript(() => sessionStorage.setItem('pwa-install-banner-closed', 'true'));
});

async function violations(page: Page, url: string): Promise<string[]> {
  await page.goto(url);
  const { violations: found } = await axeScan(page).analyze();
  return found.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test.describe('leere Datenbank', () => {
  const site = useEmptySite();
  for (const width of [375, 1280]) {
    test(`${width} px: no axe violation on any public route`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height: 900 });
      for (const route of ROUTES) expect(await violations(page, site().url + route), route).toEqual([]);
    });
  }
});

test.describe('eigene Vereinsfarben', () => {
  const site = useSite((db) => {
    seedDemoClub(db);
    // gold as the primary colour is 1.6:1 on white, a light green as the secondary 1.9:1
    saveClubSettings({ short_name: 'Union Gnas', long_name: 'SV Union Gnas', crest_url: null, primary_color: '#fde047', secondary_color: '#86efac', home_ground: null }, db);
  });
  for (const width of [375, 1280]) {
    test(`${width} px: the readable variants keep every public route free of axe violations`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height: 900 });
      for (const route of ROUTES) expect(await violations(page, site().url + route), route).toEqual([]);
    });
  }
});

test.describe('geleerte Fußzeile', () => {
  // the footer editor allows every text empty ("the footer then shows nothing there"): no empty heading or address
  const site = useSite((db) => {
    setFooterTexts(db, {
      club_title_line1: '',
      club_title_line2: ' ',
      club_description: '',
      quick_links_title: '',
      // the default title kept, every line cleared: no heading over an empty block
      contact_title: 'Kontakt',
      contact_location1: ' ',
      contact_location2: '',
      contact_location3: '',
      contact_email: '',
      social_title: '',
      copyright_text: '',
    });
  });
  test('a footer with its texts cleared has no empty heading and no axe violation', async ({ page }) => {
    expect(await violations(page, site().url + '/kontakt')).toEqual([]);
    const footer = page.locator('footer.site-footer');
    await expect(footer.locator('h2')).toHaveCount(0);
    await expect(footer.locator('address')).toHaveCount(0);
    await expect(footer.locator('.bottom').getByRole('link', { name: 'Impressum' })).toBeVisible();
    await expect(footer.locator('ul a').first()).toBeVisible();
  });
});
