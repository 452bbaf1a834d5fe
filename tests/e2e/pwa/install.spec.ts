import { expect, test, type Page } from '@playwright/test';
import { useEmptySite } from '../../fixtures/shared-site';
import { INSTALL_HELP } from '../../../src/lib/pwa-texts';
import { waitForChrome } from '../public/helpers';
import { acceptNecessaryCookies } from './pwa-helpers';

// App install (public-site.md §1, §2, §4): the footer button 'App installieren' /
// 'App bereits installiert', the banner below 768 px, the 'pwa-installed' flag.
// the service worker is what these tests are about (it is Playwright's default, stated here on purpose)
test.use({ serviceWorkers: 'allow' });

// the empty club, shared with the other blocks of this worker that only read (shared-site.ts)
const site = useEmptySite();

const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

const footerButton = (page: Page) => page.locator('footer').getByRole('button', { name: /App (installieren|bereits installiert)/ });
const installBanner = (page: Page) => page.getByRole('region', { name: 'App installieren' });
const storedFlag = (page: Page) => page.evaluate(() => localStorage.getItem('pwa-installed'));
// the footer button and the banner are the layout's script since decision 036 (no island)
const hydrated = (page: Page, _part: 'InstallButton' | 'InstallBanner') => waitForChrome(page);

/** The next dialog's type and text; it is closed at once (an open alert blocks the click that opened it). */
function nextAlert(page: Page): Promise<{ type: string; message: string }> {
  return new Promise((resolve) => {
    page.once('dialog', async (dialog) => {
      resolve({ type: dialog.type(), message: dialog.message() });
      await dialog.accept();
    });
  });
}

/**
 * What Chromium hands a page that may be installed: a 'beforeinstallprompt'
 * event with prompt() and userChoice. Headless Chromium never fires it on its
 * own, so the test fires one whose answer it chooses.
 */
async function offerInstallPrompt(page: Page, outcome: 'accepted' | 'dismissed') {
  await page.evaluate((answer) => {
    const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & Record<string, unknown>;
    const record = window as unknown as { __promptShown: number };
    record.__promptShown = 0;
    event.prompt = async () => {
      record.__promptShown += 1;
    };
    event.userChoice = Promise.resolve({ outcome: answer, platform: 'web' });
    window.dispatchEvent(event);
  }, outcome);
}

test("the footer button reads 'App installieren'; without a browser prompt an alert explains the browser menu", async ({ page }) => {
  await acceptNecessaryCookies(page);
  await page.goto(`${site().url}/`);
  await hydrated(page, 'InstallButton');
  await expect(footerButton(page)).toHaveText('App installieren');
  const alert = nextAlert(page);
  await footerButton(page).click();
  expect(await alert).toEqual({ type: 'alert', message: INSTALL_HELP });
  expect(INSTALL_HELP).toContain('Zum Startbildschirm hinzufügen');
  // no install happened: nothing stored, the button still offers it
  expect(await storedFlag(page)).toBeNull();
  await expect(footerButton(page)).toHaveText('App installieren');
});

test("accepting the browser's install prompt stores 'pwa-installed' and the button reads 'App bereits installiert'", async ({ page }) => {
  await acceptNecessaryCookies(page);
  await page.goto(`${site().url}/`);
  await hydrated(page, 'InstallButton');
  await offerInstallPrompt(page, 'accepted');
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await footerButton(page).click();
  await expect(footerButton(page)).toHaveText('App bereits installiert');
  await expect(footerButton(page)).toBeDisabled();
  expect(await page.evaluate(() => (window as unknown as { __promptShown: number }).__promptShown)).toBe(1);
  expect(await storedFlag(page)).toBe('true');
  // the browser's own prompt, no explanation
  expect(dialogs).toEqual([]);
  // it stays installed on the next page
  await page.goto(`${site().url}/news`);
  await expect(footerButton(page)).toHaveText('App bereits installiert');
});

test('a dismissed prompt stores nothing and keeps offering the install', async ({ page }) => {
  await acceptNecessaryCookies(page);
  await page.goto(`${site().url}/`);
  await hydrated(page, 'InstallButton');
  await offerInstallPrompt(page, 'dismissed');
  await footerButton(page).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { __promptShown: number }).__promptShown)).toBe(1);
  await expect(footerButton(page)).toHaveText('App installieren');
  expect(await storedFlag(page)).toBeNull();
});

test('a prompt the browser offers before the islands have loaded is kept and used', async ({ page }) => {
  await acceptNecessaryCookies(page);
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & Record<string, unknown>;
      event.prompt = async () => {
        (window as unknown as { __earlyPromptShown: boolean }).__earlyPromptShown = true;
      };
      event.userChoice = Promise.resolve({ outcome: 'accepted', platform: 'web' });
      window.dispatchEvent(event);
    });
  });
  await page.goto(`${site().url}/`);
  await hydrated(page, 'InstallButton');
  await footerButton(page).click();
  await expect(footerButton(page)).toHaveText('App bereits installiert');
  expect(await page.evaluate(() => (window as unknown as { __earlyPromptShown?: boolean }).__earlyPromptShown)).toBe(true);
});

test("with 'pwa-installed' stored the button reads 'App bereits installiert' and no banner shows on a phone", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await acceptNecessaryCookies(page);
  await page.addInitScript(() => localStorage.setItem('pwa-installed', 'true'));
  await page.goto(`${site().url}/`);
  await hydrated(page, 'InstallBanner');
  await expect(footerButton(page)).toHaveText('App bereits installiert');
  await expect(installBanner(page)).toHaveCount(0);
});

test('running standalone counts as installed', async ({ page }) => {
  await acceptNecessaryCookies(page);
  // what the browser answers inside an installed app window
  await page.addInitScript(() => {
    const original = window.matchMedia.bind(window);
    window.matchMedia = (query: string) =>
      query.includes('display-mode: standalone') ? ({ ...original(query), matches: true, media: query } as MediaQueryList) : original(query);
  });
  await page.goto(`${site().url}/`);
  await hydrated(page, 'InstallButton');
  await expect(footerButton(page)).toHaveText('App bereits installiert');
  expect(await storedFlag(page)).toBeNull();
});

test('on a phone the banner offers the install on a page after the cookie choice; closing it holds for the visit', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto(`${site().url}/`);
  await hydrated(page, 'InstallBanner');
  // the cookie choice comes first: the two bars never cover each other
  await expect(page.getByRole('region', { name: 'Wir verwenden Cookies' })).toBeVisible();
  await expect(installBanner(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Nur notwendige' }).click();
  // never on the page of the first visit where the choice was made (issue 13): only on the next one
  await expect(page.getByRole('region', { name: 'Wir verwenden Cookies' })).toHaveCount(0);
  await page.waitForTimeout(500);
  await expect(installBanner(page)).toHaveCount(0);
  await page.goto(`${site().url}/news`);
  await expect(installBanner(page)).toBeVisible();
  await expect(installBanner(page)).toContainText('Installiere unsere App');
  // a compact bar, and the page keeps room for it: the end of the page can be scrolled out from under it
  const bar = (await installBanner(page).boundingBox())!;
  expect(bar.height).toBeLessThanOrEqual(72);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const footerEnd = await page.locator('footer').evaluate((el) => el.getBoundingClientRect().bottom);
  expect(footerEnd).toBeLessThanOrEqual(bar.y + 1);

  // without a browser prompt the banner's button explains the manual way too
  const alert = nextAlert(page);
  await installBanner(page).getByRole('button', { name: 'App installieren' }).click();
  expect(await alert).toEqual({ type: 'alert', message: INSTALL_HELP });

  await installBanner(page).getByRole('button', { name: 'Schließen' }).click();
  await expect(installBanner(page)).toHaveCount(0);
  await page.goto(`${site().url}/spielplan`);
  await hydrated(page, 'InstallBanner');
  await expect(installBanner(page)).toHaveCount(0);
  // the footer button is always there
  await expect(footerButton(page)).toHaveText('App installieren');
});

test('accepting the prompt from the banner hides it and marks the app installed', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await acceptNecessaryCookies(page);
  await page.goto(`${site().url}/`);
  await expect(installBanner(page)).toBeVisible();
  await offerInstallPrompt(page, 'accepted');
  await installBanner(page).getByRole('button', { name: 'App installieren' }).click();
  await expect(installBanner(page)).toHaveCount(0);
  await expect(footerButton(page)).toHaveText('App bereits installiert');
  expect(await storedFlag(page)).toBe('true');
});

test('no install banner on screens of 768 px and wider', async ({ page }) => {
  await acceptNecessaryCookies(page);
  for (const size of [DESKTOP, { width: 768, height: 900 }]) {
    await page.setViewportSize(size);
    await page.goto(`${site().url}/`);
    await hydrated(page, 'InstallBanner');
    await expect(installBanner(page)).toHaveCount(0);
    await expect(footerButton(page)).toHaveText('App installieren');
  }
  // narrowing the window below 768 px brings it
  await page.setViewportSize({ width: 767, height: 900 });
  await expect(installBanner(page)).toBeVisible();
});
