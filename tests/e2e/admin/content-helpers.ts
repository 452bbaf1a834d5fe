// Shared steps of the content-manager specs (shop, membership, sponsors,
// contacts, imprint, privacy, social, history).
import type { Page } from '@playwright/test';
import type { Site } from '../../fixtures/site';

/** The toasts of the admin panel. */
export const toaster = (page: Page) => page.locator('.toaster');

/** The request URL of an Astro action, e.g. 'admin.shop.create' (with or without the trailing slash). */
export const actionUrl = (name: string) => new RegExp(`/_actions/${name.replace(/\./g, '\\.')}/?(\\?.*)?$`);

/** A public page as the static server delivers it now. */
export async function publicHtml(site: Site, path: string): Promise<string> {
  const response = await fetch(`${site.url}${path}`, { headers: { 'accept-encoding': 'identity' } });
  return response.text();
}

/** Holds an action's request until `release()`: the form can be seen while it saves. */
export async function holdAction(page: Page, name: string) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(actionUrl(name), async (route) => {
    await held;
    await route.continue();
  });
  return { release: () => release() };
}

/** Makes an action fail as a broken server would. */
export async function failAction(page: Page, name: string) {
  await page.route(actionUrl(name), (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'kaputt' }));
}

/** Page width beyond the viewport: 0 when nothing forces horizontal scrolling. */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** A small real PNG, for uploads. */
export async function pngFile(name = 'bild.png') {
  const { default: sharp } = await import('sharp');
  const buffer = await sharp({ create: { width: 24, height: 24, channels: 3, background: '#1e40af' } }).png().toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/** Accepts the next confirm() and checks its question. */
export function acceptNextConfirm(page: Page, message?: string) {
  page.once('dialog', (dialog) => {
    if (message && dialog.message() !== message) throw new Error(`unexpected question: ${dialog.message()}`);
    void dialog.accept();
  });
}
