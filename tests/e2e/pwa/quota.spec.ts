import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { makeNews } from '../../fixtures/factories';
import { startSite, type Site } from '../../fixtures/site';
import { acceptNecessaryCookies, cacheContents, publishedVersion, waitForCachedPage, waitForServiceWorker, workerPurges, workerVersion } from './pwa-helpers';

// A phone whose storage is full: the worker's caches hit the browser's quota. The worker then frees the
// cheapest cache that holds anything (the images, then build files outside the precache, the saved pages
// last: they are what makes the site work offline) and records each purge as 'quota error'.
test.use({ serviceWorkers: 'allow' });
// a busy machine: each page that does not fit may be waited for 30 s
test.describe.configure({ timeout: 150_000 });

const PHOTO = '/uploads/mannschaftsfoto.jpg';

let site: Site;
test.beforeAll(async () => {
  site = await startSite({
    seed: (db, dataDir) => {
      makeNews(db, { title: 'Saisonauftakt' });
      // a photo larger than any page: what it frees makes room for the next page
      fs.mkdirSync(path.join(dataDir, 'uploads'), { recursive: true });
      fs.writeFileSync(path.join(dataDir, 'uploads', path.basename(PHOTO)), crypto.randomBytes(300_000));
    },
  });
});
test.afterAll(async () => {
  await site.stop();
});

async function fillTheStorage(page: Page) {
  await acceptNecessaryCookies(page);
  await page.goto(`${site.url}/`);
  await waitForServiceWorker(page);
  // the worker's first look at the cache version may empty its page cache: after it, the page is stored again
  await expect.poll(() => workerVersion(page), { timeout: 15_000 }).toBe(await publishedVersion(site));
  await page.reload();
  await waitForCachedPage(page, '/');
  const cdp = await page.context().newCDPSession(page);
  const origin = new URL(site.url).origin;
  return {
    /** the origin's quota shrunk to what it uses now and 2 KB: the next page the worker stores does not fit */
    shrink: async () => {
      const { usage } = await cdp.send('Storage.getUsageAndQuota', { origin });
      await cdp.send('Storage.overrideQuotaForOrigin', { origin, quotaSize: Math.floor(usage) + 2_048 });
    },
    restore: () => cdp.send('Storage.overrideQuotaForOrigin', { origin }),
    /** the recorded purges, oldest first */
    purged: async () => (await workerPurges(page)).map((p) => `${p.cache}: ${p.reason}`).reverse(),
  };
}

type Storage = Awaited<ReturnType<typeof fillTheStorage>>;

/**
 * Shrinks the quota and opens the pages one by one until one does not fit: returns the pages opened. The usage
 * read can be larger than what is held a moment later (Chromium counts a cache deleted whole until its last
 * handle goes), and a page may fit after all: then the quota is shrunk again before the next page. A page that
 * did not fit is seen by the cache the worker emptied (`freed`) or by the purge's record.
 */
async function openUntilFull(page: Page, storage: Storage, paths: string[], freed: (held: Record<string, string[]>) => boolean): Promise<string[]> {
  const opened: string[] = [];
  for (const path of paths) {
    await storage.shrink();
    await page.goto(`${site.url}${path}`);
    opened.push(path);
    // the worker either stores the page or, refused, frees a cache (tried again for a while)
    let outcome = 'pending';
    await expect
      .poll(
        async () => {
          const held = await cacheContents(page);
          if (freed(held) || (await storage.purged()).length > 0) outcome = 'freed';
          else if ((held['anstoss-pages'] ?? []).includes(`${site.url}${path}`)) outcome = 'stored';
          return outcome;
        },
        { timeout: 30_000 },
      )
      .not.toBe('pending');
    if (outcome === 'freed') return opened;
  }
  throw new Error(`every page fitted after the quota was shrunk: ${opened.join(', ')}`);
}

/**
 * The purge's record: the purge deletes the cache's entries before the cache, so the storage has room for it at
 * once (it waited for Chromium to collect the deleted cache's handles, up to a minute on a busy machine).
 */
async function expectPurgeRecorded(storage: Storage, expected: string[]) {
  await expect.poll(() => storage.purged(), { timeout: 15_000 }).toEqual(expected);
}

test('a full storage frees the images, and the saved pages stay', async ({ page }) => {
  const storage = await fillTheStorage(page);
  // a photo the fan looked at, kept by the worker
  await page.evaluate(async (url) => void (await fetch(url)).arrayBuffer(), PHOTO);
  await expect.poll(async () => (await cacheContents(page))['anstoss-images'] ?? []).toContain(`${site.url}${PHOTO}`);
  try {
    const photoFreed = (held: Record<string, string[]>) => !(held['anstoss-images'] ?? []).includes(`${site.url}${PHOTO}`);
    const opened = await openUntilFull(page, storage, ['/news', '/impressum', '/datenschutz'], photoFreed);
    // the pages right after it fit in the photo's room and are saved for offline use (they were refused while
    // Chromium still counted the deleted cache's bytes)
    await page.goto(`${site.url}/mannschaften`);
    await waitForCachedPage(page, '/mannschaften');
    await page.goto(`${site.url}/spielplan`);
    await waitForCachedPage(page, '/spielplan');
    await expect(page.locator('html')).toHaveAttribute('data-pwa', 'started');
    await expectPurgeRecorded(storage, ['anstoss-images: quota error']);
    const held = await cacheContents(page);
    const purges = await storage.purged();
    const stored = (held['anstoss-pages'] ?? []).filter((url) => url !== `${site.url}/`).length;
    console.info(`[figures] full storage: pages tried ${opened.length + 2} (quota shrunk ${opened.length}×), stored ${stored}, purges ${purges.length} (${purges.join(', ')}), saved pages kept ${(held['anstoss-pages'] ?? []).length}`);
    expect(purges).toEqual(['anstoss-images: quota error']);
    expect(held['anstoss-images'] ?? []).toEqual([]);
    expect(held['anstoss-pages']).toEqual(expect.arrayContaining([`${site.url}/`, `${site.url}/mannschaften`, `${site.url}/spielplan`]));
  } finally {
    await storage.restore();
  }
});

test('a full storage with nothing else to free empties the saved pages and records it', async ({ page }) => {
  const storage = await fillTheStorage(page);
  // nothing cheaper to free: no photo seen, no build file outside the precache
  const held = await cacheContents(page);
  expect([held['anstoss-images'] ?? [], held['anstoss-assets'] ?? []]).toEqual([[], []]);
  try {
    const pagesFreed = (held: Record<string, string[]>) => !(held['anstoss-pages'] ?? []).includes(`${site.url}/`);
    await openUntilFull(page, storage, ['/news', '/impressum', '/datenschutz'], pagesFreed);
    await expectPurgeRecorded(storage, ['anstoss-pages: quota error']);
    // the page cache was emptied, not left full
    expect((await cacheContents(page))['anstoss-pages'] ?? []).not.toContain(`${site.url}/`);
  } finally {
    await storage.restore();
  }
});
