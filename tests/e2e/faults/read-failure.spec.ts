import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { loginAs } from '../../fixtures/auth';
import { makeNews } from '../../fixtures/factories';
import { startSite, type Site } from '../../fixtures/site';

// A read that fails while a page is published (read-failures.ts): the page is not published with the
// spec's fallback. Before, an article whose read failed was published as "not found" and its file removed,
// and the home page lost its news; now the last good files stay and the publish is reported as failed.
let site: Site;
let articleId = '';
test.beforeAll(async () => {
  site = await startSite({ seed: (db) => void (articleId = makeNews(db, { title: 'Generalversammlung im Vereinsheim' }).id) });
});
test.afterAll(async () => {
  await site.stop();
});

test("the articles' text cannot be read during a full publish: every news page keeps its last good file, and the next publish is whole again", async ({ browser }) => {
  const file = (url: string) => path.join(site.dataDir, 'site', url, 'index.html');
  const watched = [`news/${articleId}`, 'news', ''];
  const before = new Map(watched.map((url) => [url, fs.readFileSync(file(url), 'utf8')]));
  for (const page of before.values()) expect(page).toContain('Generalversammlung im Vereinsheim');

  const admin = await browser.newContext();
  await loginAs(admin, site, 'superadmin');
  const cacheUpdate = () => admin.request.post(`${site.url}/_actions/admin.cacheUpdate`, { headers: { origin: site.url, 'content-type': 'application/json' }, data: '{}' });
  const db = site.db();
  // the articles' text cannot be read (a damaged database, a migration gone wrong); their list still can
  db.$client.exec('ALTER TABLE news RENAME COLUMN content TO content_unreadable');
  let failed: Response | Awaited<ReturnType<typeof cacheUpdate>>;
  try {
    failed = await cacheUpdate();
  } finally {
    db.$client.exec('ALTER TABLE news RENAME COLUMN content_unreadable TO content');
  }
  expect(failed.status()).toBe(500);
  expect(await failed.json()).toMatchObject({ message: 'Cache-Update fehlgeschlagen' });
  // it was the read that failed, and the publisher said so for the pages it kept (not some other failure)
  expect(site.logs()).toMatch(/could not read news/);
  let lost = 0;
  for (const [url, page] of before) {
    const now = fs.existsSync(file(url)) ? fs.readFileSync(file(url), 'utf8') : '';
    if (now !== page) lost++;
  }
  console.log(`[faults] news unreadable during a full publish: ${watched.length} pages watched, ${lost} lost or changed`);
  expect(lost).toBe(0);
  // the article is still served as it was
  expect(await (await fetch(`${site.url}/news/${articleId}`)).text()).toContain('Generalversammlung im Vereinsheim');

  // once the table is back, the next publish succeeds
  const whole = await cacheUpdate();
  expect(whole.status()).toBe(200);
  expect(fs.readFileSync(file(`news/${articleId}`), 'utf8')).toContain('Generalversammlung im Vereinsheim');
  await admin.close();
});
