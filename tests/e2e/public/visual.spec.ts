import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { addDemoClubIdentity } from '../../../src/server/services/demo-club';
import { seedDemoClub } from '../../../src/server/services/demo-data';
import { addDemoPictures } from '../../../src/server/services/demo-images';
import { useSite, withCookieChoice } from './helpers';

// The designed look, as a person sees it (issue 13): the demo club as
// `npm run seed:demo` makes it (pictures and crest included), published as of one
// fixed day, so that what is on the pages never depends on when the test runs.
// Each build writes its screenshots to test-results/screens/ for a person to
// look at, and compares them with the committed references in
// tests/e2e/__screenshots__/ (a small tolerance for anti-aliasing). A deliberate
// design change updates them: `npm run test:visual:update`, then look at the
// new pictures before committing them.
const AS_OF = '2026-10-14T10:00:00.000Z';
const site = useSite(
  async (db, dataDir) => {
    seedDemoClub(db, new Date(AS_OF));
    const uploads = path.join(dataDir, 'uploads');
    await addDemoPictures(db, uploads);
    await addDemoClubIdentity(db, uploads);
  },
  // the publisher's "today": the next match, the past results
  { ANSTOSS_CLOCK_START: AS_OF },
);

const SCREENS = path.resolve('test-results/screens');
// cards off screen skip their rendering (content-visibility: auto) until scrolled
// to; a full-page picture draws them all
const DRAW_ALL = '* { content-visibility: visible !important; }';

test.beforeEach(async ({ context, page }) => {
  await withCookieChoice(context);
  await context.addInitScript(() => sessionStorage.setItem('pwa-install-banner-closed', 'true'));
  // and the browser's, for anything an island dates
  await page.clock.install({ time: new Date(AS_OF) });
});

/** Lazy images below the fold loaded and decoded, so that a full-page picture is whole every time. */
async function settle(page: Page) {
  await page.waitForLoadState('load');
  await page.addStyleTag({ content: DRAW_ALL });
  await page.evaluate(async () => {
    const images = [...document.images];
    for (const img of images) img.loading = 'eager';
    await Promise.all(images.map((img) => img.decode().catch(() => undefined)));
    await document.fonts.ready;
  });
  // A form's island hydrates on interaction since decision 036; the references
  // picture a form in the first viewport as filled in (question asked), one
  // further down as not yet reached. Regenerating mitglied-1280.png would let this go.
  const form = page.locator('form.inquiry-form');
  if ((await form.count()) > 0) {
    const box = await form.boundingBox();
    if (box && box.y < (page.viewportSize()?.height ?? 0)) {
      await form.dispatchEvent('pointerover');
      await expect(form.locator('.captcha-question')).toBeVisible();
    }
  }
}

async function teamPage(page: Page, name: string): Promise<string> {
  await page.goto(site().url + '/mannschaften');
  return (await page.getByRole('link', { name: `Team ansehen: ${name}` }).getAttribute('href'))!;
}

for (const width of [375, 1280]) {
  test(`${width} px: the main pages look as their references`, async ({ page }) => {
    test.setTimeout(120_000);
    fs.mkdirSync(SCREENS, { recursive: true });
    const pages = { home: '/', news: '/news', team: await teamPage(page, 'Kampfmannschaft'), spielplan: '/spielplan', mitglied: '/mitglied-werden' };
    await page.setViewportSize({ width, height: 900 });
    for (const [name, route] of Object.entries(pages)) {
      await page.goto(site().url + route);
      await settle(page);
      // the picture of this build, whatever the comparison says
      await page.screenshot({ path: path.join(SCREENS, `${name}-${width}.png`), fullPage: true, animations: 'disabled' });
      await expect(page, `${name} at ${width} px`).toHaveScreenshot(`${name}-${width}.png`, {
        fullPage: true,
        animations: 'disabled',
        maxDiffPixelRatio: 0.01,
      });
    }
  });
}
