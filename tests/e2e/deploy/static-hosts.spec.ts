import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { news } from '../../../src/server/db/schema';
import { formatClockTime } from '../../../src/lib/dates-de';
import { signInAs, createTestUser } from '../../fixtures/auth';
import { makeNews } from '../../fixtures/factories';
import { startSite, type Site } from '../../fixtures/site';
import { serveFolder, startPurgeHook, startS3Host, type PurgeHook, type S3Host } from '../../fixtures/static-hosts';
import { printFigures } from '../../faults/figures';
import { callAction } from '../auth/helpers';
import { toaster } from '../admin/content-helpers';
import { plainJpeg } from '../../fixtures/images';
import { VERSION_KEY, expectDeployOrder, rsyncShell, startRecordingProxy, type ObservedWrite, type RecordingProxy, type RsyncShell } from './write-order';

// Continuous deploy to static hosts (issue 12, docs/decisions/022): a real S3
// API server (behind a proxy that records the order of its writes), a
// "remote" folder filled by rsync over a remote shell (a stand-in for ssh that
// logs what the receiving rsync writes) and a CDN purge webhook, all started
// here. An admin's save reaches each within 2 s; assets and uploads arrive
// before pages, pages before deletions, the version file last; what the hosts
// serve is byte for byte ours; a slow host shows 'Wird übertragen…', a host
// that is down does not stop saves, the admin sees why, and the next publish
// delivers what was pending; a host another process deploys to waits. (`npm run deploy` to a local folder: deploy-command.spec.ts.)
let site: Site;
let s3: S3Host;
let proxy: RecordingProxy;
let purge: PurgeHook;
let work: string;
let folder: string;
let shell: RsyncShell;
let oldNewsId: string;
test.beforeAll(async () => {
  s3 = await startS3Host();
  proxy = await startRecordingProxy(s3.url, 'verein', 'www');
  purge = await startPurgeHook();
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-rsync-'));
  folder = path.join(work, 'www');
  fs.mkdirSync(folder);
  shell = rsyncShell(work);
  site = await startSite({
    seed: (db) => void (oldNewsId = makeNews(db, { title: 'Alter Bericht' }).id),
    env: {
      DEPLOY_S3_URL: s3.deployUrl.replace(encodeURIComponent(s3.url), encodeURIComponent(proxy.url)),
      DEPLOY_RSYNC_TARGET: `web@verein-host:${folder}`,
      DEPLOY_RSYNC_RSH: shell.rsh,
      DEPLOY_PURGE_URL: purge.url,
    },
  });
});
test.afterAll(async () => {
  await site?.stop();
  await proxy?.close();
  await s3?.close();
  await purge?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

/** A build file or an upload (sent before the pages that link to them); anything else is a published page. */
const isAsset = (key: string) =>
  key.startsWith('uploads/') || (fs.existsSync(path.join('dist', 'client', key)) && !fs.existsSync(path.join(site.dataDir, 'site', key)));

/** What the first test saved and removed, for the checks of each host's order of writes. */
const changed = { photo: '', page: '', removed: '' };

/**
 * Every deploy a host received, in the order of a deploy; among them the save's
 * (the photo and its WebP copies, then its pages) and the removal's (pages, then
 * the deletion), each closed by the version file.
 */
function expectDeploysInOrder(where: string, writes: ObservedWrite[]) {
  const deploys = expectDeployOrder(writes, isAsset, where);
  const save = deploys.find((d) => d.assets.some((w) => w.key === changed.photo));
  expect(save?.assets.map((w) => w.key), where).toEqual(expect.arrayContaining([changed.photo, changed.photo.replace(/\.jpg$/, '-480.webp')]));
  expect(save?.pages.map((w) => w.key), where).toEqual(expect.arrayContaining([changed.page, 'news/index.html', 'index.html']));
  const removal = deploys.find((d) => d.deletions.some((w) => w.key === changed.removed));
  expect(removal?.pages.map((w) => w.key), where).toEqual(expect.arrayContaining(['news/index.html', 'index.html']));
}

/** When `check` first holds (ms, polled every 10 ms from now on, for at most 10 s); null if it never did. */
async function firstHolds(check: () => boolean): Promise<number | null> {
  const until = Date.now() + 10_000;
  while (Date.now() < until) {
    if (check()) return Date.now();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return null;
}

/** When the page's next click on a button named `name` reached it (ms, this machine's clock, read by `clickedAt()`). */
async function noteClick(page: Page, name: string): Promise<{ clickedAt: () => Promise<number> }> {
  await page.evaluate((name) => {
    const noted = window as unknown as { clickedAt?: number };
    const listener = (event: Event) => {
      if (!(event.target instanceof Element) || event.target.closest('button')?.textContent?.trim() !== name) return;
      noted.clickedAt = Date.now();
      document.removeEventListener('click', listener, true);
    };
    document.addEventListener('click', listener, true);
  }, name);
  return { clickedAt: async () => (await page.evaluate(() => (window as unknown as { clickedAt?: number }).clickedAt))! };
}

/** Our own server's bytes of a page, uncompressed. */
const ours = async (url: string) => Buffer.from(await (await fetch(`${site.url}${url}`, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer());
const inFolder = (key: string) => (fs.existsSync(path.join(folder, key)) ? fs.readFileSync(path.join(folder, key)) : null);

test('the start delivers the whole site; an admin save reaches bucket, folder and CDN within 2 s, in the order of a deploy on each host, byte for byte ours', async ({ page, context }) => {
  // the start's publish: the whole site, the version file last
  await expect.poll(() => s3.keys(), { timeout: 20_000 }).toContain(VERSION_KEY);
  expect(await s3.keys()).toEqual(expect.arrayContaining(['index.html', `news/${oldNewsId}/index.html`, 'sw.js', 'manifest.webmanifest']));
  await expect.poll(() => inFolder(VERSION_KEY) !== null, { timeout: 10_000 }).toBe(true);

  const admin = await createTestUser(site, ['admin']);
  await signInAs(context, site, admin);
  await page.goto(`${site.url}/admin#news`);
  await expect(page.getByTestId('deploy-state')).toHaveText(/^Live auf S3 verein\/www, rsync .+, CDN 127\.0\.0\.1:\d+$/);
  const writesBefore = proxy.writes.length;
  const purgesBefore = purge.calls.length;

  // an article with a photo: the save's deploy carries an upload and pages
  const form = page.getByRole('form', { name: 'Neue News erstellen' });
  await form.locator('.image-upload input[type="file"]').setInputFiles({ name: 'derby.jpg', mimeType: 'image/jpeg', buffer: await plainJpeg(1200, 800) });
  await expect(toaster(page).getByText('Bild erfolgreich hochgeladen!')).toBeVisible();
  const photo = (await form.getByRole('img', { name: 'Vorschau: Bild' }).getAttribute('src'))!.replace(/^\//, '');
  await form.getByLabel('Titel *').fill('Derbysieg in der Nachspielzeit');
  await form.getByLabel('Inhalt *').fill('Ein Tor in der 94. Minute.');
  // the changed page on each host within 2 s of the click on 'News erstellen': from when the click reached the
  // page (not when the test began to ask for it) until the S3 server answered its write, and until it lay in the
  // rsync folder (watched from the click on: a new article's folder)
  const articlesBefore = new Set(fs.existsSync(path.join(folder, 'news')) ? fs.readdirSync(path.join(folder, 'news')) : []);
  const newArticleInFolder = () =>
    fs.existsSync(path.join(folder, 'news')) &&
    fs.readdirSync(path.join(folder, 'news')).some((name) => !articlesBefore.has(name) && fs.existsSync(path.join(folder, 'news', name, 'index.html')));
  const save = await noteClick(page, 'News erstellen');
  await form.getByRole('button', { name: 'News erstellen' }).click();
  const inFolderAt = firstHolds(newArticleInFolder);
  await expect(toaster(page).getByText('News erstellt!')).toBeVisible();
  const id = site.db().select().from(news).where(eq(news.title, 'Derbysieg in der Nachspielzeit')).get()!.id;
  const key = `news/${id}/index.html`;
  const savedAt = await save.clickedAt();
  const inBucketAt = await firstHolds(() => typeof proxy.writes.find((w) => w.key === key)?.answeredAt === 'number');
  expect(inBucketAt, 'the page reached the bucket').not.toBeNull();
  expect((await inFolderAt) !== null && inFolder(key) !== null, 'the page reached the rsync folder').toBe(true);
  const arrivedMs = { bucket: proxy.writes.find((w) => w.key === key)!.answeredAt! - savedAt, folder: (await inFolderAt)! - savedAt };
  expect(arrivedMs.bucket, 'ms from the click until the bucket answered the page').toBeLessThan(2_000);
  expect(arrivedMs.folder, 'ms from the click until the page is in the rsync folder').toBeLessThan(2_000);

  const lastAnsweredS3Write = () => proxy.writes.filter((w) => w.end !== null).at(-1)?.key;
  await expect.poll(lastAnsweredS3Write, { timeout: 10_000 }).toBe(VERSION_KEY);
  const saveWrites = proxy.writes.slice(writesBefore);
  expect(saveWrites.filter((w) => w.key === VERSION_KEY), 'the version file once, last').toHaveLength(1);

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
  // the order in which the writes reached the S3 server, in every deploy so far (the start's, the save's, the removal's)
  Object.assign(changed, { photo, page: key, removed: oldKey });
  await expect.poll(lastAnsweredS3Write, { timeout: 10_000 }).toBe(VERSION_KEY);
  expectDeploysInOrder('S3', proxy.writes);
  // the rsync folder received each deploy in the same order and holds our version file: every deploy ends with
  // the version file, even one that follows the last within the same second (here, not in a test of its own
  // that needed this one's record: it failed too when this one did, for no reason of its own)
  await expect.poll(() => shell.writes().at(-1)?.key, { timeout: 10_000 }).toBe(VERSION_KEY);
  expect(inFolder(VERSION_KEY)?.toString()).toBe((await ours(`/${VERSION_KEY}`)).toString());
  expectDeploysInOrder('rsync', shell.writes());
  printFigures('deploy: static hosts', {
    savedToBucketMs: arrivedMs.bucket,
    savedToFolderMs: arrivedMs.folder,
    writesOfTheSave: saveWrites.length,
    purgeCalls: purge.calls.length - purgesBefore,
  });
});

/** The time of the next try the header names ('Neuer Versuch um 14:02:07 Uhr.'), or null. */
async function retryTimeIn(badge: Locator): Promise<string | null> {
  return /Neuer Versuch um (\d\d:\d\d:\d\d) Uhr\./.exec(await badge.innerText())?.[1] ?? null;
}

/** How many seconds a Vienna clock time ('14:02:07') is after a moment (NaN without one: no wait is told), across midnight too. */
function secondsAfter(time: string | null, moment: number): number {
  if (time === null) return NaN;
  const seconds = (clock: string) => clock.split(':').reduce((sum, part) => sum * 60 + Number(part), 0);
  const difference = seconds(time) - seconds(formatClockTime(moment));
  return ((difference + 43_200 + 86_400) % 86_400) - 43_200;
}

test('with the bucket down saves still work and the admin sees why; the next publish delivers everything pending', async ({ page, context }) => {
  const admin = await createTestUser(site, ['superadmin']);
  await signInAs(context, site, admin);
  await page.goto(`${site.url}/admin#news`);
  await expect(page.getByTestId('deploy-state')).toHaveText(/^Live auf /);
  // a slow bucket: while it holds the writes, the header says the site is on its way
  proxy.hold();
  const slow = await callAction(page.request, site, 'admin.news.create', { title: 'Langsame Leitung', content: 'Text', published: true });
  expect(slow.status, slow.text).toBe(200);
  await expect(page.getByTestId('deploy-state')).toHaveText('Wird übertragen…');
  proxy.release();
  await expect(page.getByTestId('deploy-state')).toHaveText(/^Live auf S3 verein\/www, rsync /);

  await s3.down();
  const first = await callAction(page.request, site, 'admin.news.create', { title: 'Während der Störung', content: 'Text', published: true });
  expect(first.status, first.text).toBe(200);
  const firstId = JSON.parse(first.text).row?.id ?? site.db().select().from(news).where(eq(news.title, 'Während der Störung')).get()!.id;
  await expect(page.getByTestId('deploy-state')).toContainText('Übertragung auf S3 verein/www fehlgeschlagen: Ziel nicht erreichbar. Neuer Versuch um ');
  // the same live region as 'Wird übertragen…' (polite: an alert would be announced anew on each admin page)
  await expect(page.getByRole('status').filter({ hasText: 'Übertragung auf S3 verein/www fehlgeschlagen' })).toBeVisible();
  // the server tries again by itself, 2 s after the failure, then 4 s after that one's, then 8 s: the header says
  // when (waited for the third, so that a wait of 2 s stands apart from the ones before)
  const badge = page.getByTestId('deploy-state');
  const failedAt = Date.now();
  await expect.poll(async () => secondsAfter(await retryTimeIn(badge), failedAt), { timeout: 15_000 }).toBeGreaterThanOrEqual(9);
  // a superadmin may start it again at once, and the wait starts over at 2 s (here still in vain)
  await badge.getByRole('button', { name: 'Erneut übertragen' }).click();
  const clickedAt = Date.now();
  await expect(toaster(page).getByText('Übertragung gestartet')).toBeVisible();
  await expect.poll(async () => secondsAfter(await retryTimeIn(badge), clickedAt), { timeout: 10_000 }).toBeLessThanOrEqual(4);
  await expect(badge).toContainText('fehlgeschlagen: Ziel nicht erreichbar');
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

test('while another process deploys to the bucket (npm run deploy) the header says the site waits for it, not that it failed; then it arrives', async ({ page, context }) => {
  const admin = await createTestUser(site, ['superadmin']);
  await signInAs(context, site, admin);
  await page.goto(`${site.url}/admin#news`);
  await expect(page.getByTestId('deploy-state')).toHaveText(/^Live auf /);
  const record = fs.readdirSync(path.join(site.dataDir, 'deploy')).find((name) => /^s3-.*\.json$/.test(name))!;
  const other = spawn('sleep', ['120']);
  try {
    fs.writeFileSync(path.join(site.dataDir, 'deploy', `${record}.lock`), `${other.pid}\n`);
    const saved = await callAction(page.request, site, 'admin.news.create', { title: 'Neben dem Deploy', content: 'Text', published: true });
    expect(saved.status, saved.text).toBe(200);
    await expect(page.getByTestId('deploy-state')).toHaveText(
      `Wird übertragen… Übertragung auf S3 verein/www wartet: eine andere Übertragung auf dieses Ziel läuft gerade (Prozess ${other.pid})`,
    );
    await expect(page.getByText(/fehlgeschlagen/)).toHaveCount(0);
    await expect(page.getByTestId('deploy-state').getByRole('button', { name: 'Erneut übertragen' })).toHaveCount(0);
  } finally {
    // the command ends (here: killed, its lock left behind, stale)
    other.kill();
  }
  const id = site.db().select().from(news).where(eq(news.title, 'Neben dem Deploy')).get()!.id;
  await expect.poll(async () => (await s3.keys()).includes(`news/${id}/index.html`), { timeout: 15_000 }).toBe(true);
  await expect(page.getByTestId('deploy-state')).toHaveText(/^Live auf S3 verein\/www, rsync /);
});

test('on the static host a missing address leads where our server would: a gone team to the teams, a gone article to its page, else the 404 page', async ({ page }) => {
  await expect.poll(() => inFolder('404.html') !== null && inFolder('mannschaften/index.html') !== null, { timeout: 10_000 }).toBe(true);
  const host = await serveFolder(folder);
  try {
    await page.goto(`${host.url}/team/7c9e6679-7425-40de-944b-e07fc1f90ae7`);
    await expect(page).toHaveURL(`${host.url}/mannschaften`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto(`${host.url}/news/7c9e6679-7425-40de-944b-e07fc1f90ae7`);
    await expect(page.getByRole('heading', { name: 'Artikel nicht gefunden' })).toBeVisible();
    const other = await page.goto(`${host.url}/gibt-es-nicht`);
    expect(other?.status()).toBe(404);
    await expect(page.getByText('Oops! Page not found')).toBeVisible();
    await expect(page).toHaveURL(`${host.url}/gibt-es-nicht`);
  } finally {
    await host.close();
  }
});
