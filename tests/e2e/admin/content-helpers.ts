// Shared steps of the content-manager specs (shop, membership, sponsors,
// contacts, imprint, privacy, social, history). Holding or failing an action's
// request: tests/fixtures/actions.ts.
import { expect, type Page } from '@playwright/test';
import type { Site } from '../../fixtures/site';
import { DRAFT_KEY_PREFIX } from '../../../src/components/admin/drafts';

/** The toasts of the admin panel. */
/** The toasts shown now: the page's live region, or an open dialog's (the page's stays, empty, meanwhile). */
export const toaster = (page: Page) => page.locator('.toaster:not(:empty)');

/**
 * A public page as the static server delivers it now; fails the test unless the page is there (200): the
 * not-found page lacks what a check says is not shown, too.
 */
export async function publicHtml(site: Site, path: string): Promise<string> {
  const response = await fetch(`${site.url}${path}`, { headers: { 'accept-encoding': 'identity' } });
  const html = await response.text();
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}, not the page`);
  return html;
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

/**
 * Waits until a change typed into the open form is kept as this user's own draft. The form keeps one only
 * while it offers none (formGuard.tsx), so once it is kept, no draft banner is still on its way: 'no banner'
 * is read after this, not at once (the offer comes an effect and a render after the form).
 */
export async function ownDraftKept(page: Page, userId: string): Promise<void> {
  const prefix = `${DRAFT_KEY_PREFIX}${encodeURIComponent(userId)}:`;
  await expect.poll(() => page.evaluate((own) => Object.keys(localStorage).some((key) => key.startsWith(own)), prefix)).toBe(true);
}
