import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { expect, test } from '@playwright/test';
import { news } from '../../../src/server/db/schema';
import { signInAs, createTestUser } from '../../fixtures/auth';
import { makeNews } from '../../fixtures/factories';
import { startSite, type Site } from '../../fixtures/site';
import { serveFolder, startPurgeHook, startS3Host, type PurgeHook, type S3Host } from '../../fixtures/static-hosts';
import { printFigures } from '../../faults/figures';
import { callAction } from '../auth/helpers';
import { toaster } from '../admin/content-helpers';

// Continuous deploy to static hosts (issue 12, docs/decisions/022): a real S3
// API server, a folder filled by rsync and a CDN purge webhook, all started
// here. An admin's save reaches each; the version file arrives last; what the
// hosts serve is byte for byte ours; a host that is down does not stop saves,
// the admin sees why, and the next publish delivers what was pending.
let site: Site;
let s3: S3Host;
let purge: PurgeHook;
let folder: string;
let oldNewsId: string;
test.beforeAll(async () => {
  s3 = await startS3Host();
  purge = await startPurgeHook();
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-rsync-'));
  site = await startSite({
    seed: (db) => void (oldNewsId = makeNews(db, { title: 'Alter Bericht' }).id),
    env: { DEPLOY_S3_URL: s3.deployUrl, DEPLOY_RSYNC_TARGET: folder, DEPLOY_PURGE_URL: purge.url },
  });
});
test.afterAll(async () => {
  await site?.stop();
  await s3?.close();
  await purge?.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

/** Our own server's bytes of a page, uncompressed. */
const ours = async (url: string) => Buffer.from(await (await fetch(`${site.url}${url}`, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer());
const inFolder = (key: string) => (fs.existsSync(path.join(folder, key)) ? fs.readFileSync(path.join(folder, key)) : null);

test('the start delivers the whole site; an admin save reaches bucket, folder and CDN, the version file last, byte for byte ours', async ({ page, context }) => {
  // the start's publish: the whole site, the version file last
  await expect.poll(() => s3.keys(), { timeout: 20_000 }).toContain('cache-version.json');
  expect(s3.writes.at(-1)).toBe('cache-version.json');
  expect(await s3.keys()).toEqual(expect.arrayContaining(['index.html', `news/${oldNewsId}/index.html`, 'sw.js', 'manifest.webmanifest']));
  await expect.poll(() => inFolder('cache-version.json') !== null, { timeout: 10_000 }).toBe(true);

  const admin = await createTestUser(site, ['admin']);
  await signInAs(context, site, admin);
  await page.goto(`${site.url}/admin#news`);
  await expect(page.getByTestId('deploy-state')).toHaveText(/^Live auf S3 verein\/www, rsync .+, CDN 127\.0\.0\.1:\d+$/);
  const writesBefore = s3.writes.length;
  const purgesBefore = purge.calls.length;

  const form = page.getByRole('form', { name: 'Neue News erstellen' });
  await form.getByLabel('Titel *').fill('Derbysieg in der Nachspielzeit');
  await form.getByLabel('Inhalt *').fill('Ein Tor in der 94. Minute.');
  await form.getByRole('button', { name: 'News erstellen' }).click();
  await expect(toaster(page).getByText('News erstellt!')).toBeVisible();
  const savedAt = Date.now();
  const id = site.db().select().from(news).where(eq(news.title, 'Derbysieg in der Nachspielzeit')).get()!.id;
  const key = `news/${id}/index.html`;
  await expect.poll(async () => (await s3.get(key)) !== null && inFolder(key) !== null, { timeout: 10_000 }).toBe(true);
  const arrivedMs = Date.now() - savedAt;
  await expect.poll(() => s3.writes.slice(writesBefore).at(-1), { timeout: 10_000 }).toBe('cache-version.json');
  const deployWrites = s3.writes.slice(writesBefore);
  // the news page and the list before the version file; the version once, last
  expect(deployWrites.indexOf(key)).toBeLessThan(deployWrites.indexOf('cache-version.json'));
  expect(deployWrites.filter((k) => k === 'cache-version.json')).toHaveLength(1);

  // byte for byte what our server sends, from the bucket and from the folder over a plain static server
  const fromBucket = (await s3.get(key))!;
  expect(fromBucket.body.equals(await ours(`/news/${id}`))).toBe(true);
  expect(fromBucket).toMatchObject({ contentType: 'text/html; charset=utf-8', cacheControl: 'public, max-age=0, must-revalidate', contentEncoding: 'gzip' });
  const host = await serveFolder(folder);
  const fromFolder = Buffer.from(await (await fetch(`${host.url}/news/${id}/`)).arrayBuffer());
  await host.close();
  expect(fromFolder.equals(await ours(`/news/${id}`))).toBe(true);
  // the CDN is told the changed URLs, with the public origin
  await expect.poll(() => purge.calls.slice(purgesBefore).flat(), { timeout: 10_000 }).toContain(`${site.url}/news/${id}`);
  expect(purge.calls.slice(purgesBefore).flat()).toContain(`${site.url}/news`);

  // a removed page is gone from both hosts and purged
  const removed = await callAction(page.request, site, 'admin.news.remove', { id: oldNewsId });
  expect(removed.status, removed.text).toBe(200);
  const oldKey = `news/${oldNewsId}/index.html`;
  await expect.poll(async () => (await s3.keys()).includes(oldKey) || inFolder(oldKey) !== null, { timeout: 10_000 }).toBe(false);
  await expect.poll(() => purge.calls.flat(), { timeout: 10_000 }).toContain(`${site.url}/news/${oldNewsId}`);
  printFigures('deploy: static hosts', { savedToBucketAndFolderMs: arrivedMs, writesOfTheSave: deployWrites.length, purgeCalls: purge.calls.length - purgesBefore });
});

test('with the bucket down saves still work and the admin sees why; the next publish delivers everything pending', async ({ page, context }) => {
  const admin = await createTestUser(site, ['superadmin']);
  await signInAs(context, site, admin);
  await page.goto(`${site.url}/admin#news`);
  await s3.down();
  const first = await callAction(page.request, site, 'admin.news.create', { title: 'Während der Störung', content: 'Text', published: true });
  expect(first.status, first.text).toBe(200);
  const firstId = JSON.parse(first.text).row?.id ?? site.db().select().from(news).where(eq(news.title, 'Während der Störung')).get()!.id;
  await expect(page.getByTestId('deploy-state')).toContainText('Übertragung auf S3 verein/www fehlgeschlagen: Ziel nicht erreichbar');
  // a superadmin may start it again at once (here still in vain)
  await page.getByTestId('deploy-state').getByRole('button', { name: 'Erneut übertragen' }).click();
  await expect(toaster(page).getByText('Übertragung gestartet')).toBeVisible();
  await expect(page.getByTestId('deploy-state')).toContainText('fehlgeschlagen: Ziel nicht erreichbar');
  // the folder still got it
  await expect.poll(() => inFolder(`news/${firstId}/index.html`) !== null, { timeout: 10_000 }).toBe(true);

  await s3.up();
  const second = await callAction(page.request, site, 'admin.news.create', { title: 'Nach der Störung', content: 'Text', published: true });
  expect(second.status, second.text).toBe(200);
  const secondId = site.db().select().from(news).where(eq(news.title, 'Nach der Störung')).get()!.id;
  await expect.poll(async () => (await s3.keys()).filter((k) => k === `news/${firstId}/index.html` || k === `news/${secondId}/index.html`).length, { timeout: 15_000 }).toBe(2);
  await expect(page.getByTestId('deploy-state')).toHaveText(/^Live auf /);
  // nothing older than the last version file: the bucket's version is ours
  expect(JSON.parse((await s3.get('cache-version.json'))!.body.toString())).toEqual(JSON.parse((await ours('/cache-version.json')).toString()));
});
