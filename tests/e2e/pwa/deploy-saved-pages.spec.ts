import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect, test } from '@playwright/test';
import { serveBuild } from '../../fixtures/builds';
import { freePort, type Site } from '../../fixtures/site';
import { acceptNecessaryCookies, cacheContents, publishedVersion, waitForCachedPage, waitForServiceWorker, workerVersion } from './pwa-helpers';

// A fan's saved pages across a deploy (decisions 006 and 070): the new build names its stylesheet anew, and its
// worker's activation drops the old one from the precache. A saved page of the build before is forgotten once the
// worker's version check sees the new publish; until then (a check that failed on weak data, or one that ran before
// the new server's first publish raised the version: it answers before, and a static host gets sw.js before the
// pages) it is still what the fan gets offline, and it names the old stylesheet.
test.use({ serviceWorkers: 'allow' });

let root: string;
let sites: Site[] = [];
test.beforeEach(() => {
  // in the checkout (as `dist-*`, ignored by git): the builds' server code imports the project's node_modules
  root = fs.mkdtempSync(path.join(process.cwd(), 'dist-saved-pages-'));
});
test.afterEach(async () => {
  // the newest first: the servers share one data folder, which each stop removes (earlier-build.spec says more)
  for (const site of sites.reverse()) await site.stop().catch(() => undefined);
  sites = [];
  fs.rmSync(root, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
});

const dist = path.resolve(process.env.ANSTOSS_DIST ?? 'dist');

/** A copy of the build whose stylesheet `name` has another name (what a changed style does to a new build). */
function buildWithRenamed(name: string): { dir: string; renamed: string } {
  const dir = path.join(root, 'build-after');
  fs.cpSync(dist, dir, { recursive: true });
  const renamed = name.replace(/\.[\w-]+\.css$/, '.Neu12345.css');
  const walk = (folder: string): string[] =>
    fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(path.join(folder, entry.name)) : [path.join(folder, entry.name)]));
  for (const file of walk(dir)) {
    if (!/\.(m?js|json|html)$/.test(file)) continue;
    const text = fs.readFileSync(file, 'utf8');
    if (!text.includes(name)) continue;
    const changed = text.replaceAll(name, renamed);
    fs.writeFileSync(file, changed);
    if (fs.existsSync(`${file}.br`)) fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(changed));
    if (fs.existsSync(`${file}.gz`)) fs.writeFileSync(`${file}.gz`, zlib.gzipSync(changed));
  }
  const hashed = path.join(dir, 'client', '_astro');
  for (const suffix of ['', '.br', '.gz']) {
    if (fs.existsSync(path.join(hashed, name + suffix))) fs.renameSync(path.join(hashed, name + suffix), path.join(hashed, renamed + suffix));
  }
  return { dir, renamed };
}

async function serve(build: string, dataDir: string, port: number): Promise<Site> {
  const site = await serveBuild(build, dataDir, port);
  sites.push(site);
  return site;
}

const precached = async (page: import('@playwright/test').Page) =>
  Object.entries(await cacheContents(page))
    .filter(([name]) => name.startsWith('workbox-precache'))
    .flatMap(([, urls]) => urls.map((url) => url.split('?')[0]));

test("a saved page of the build before keeps its stylesheet offline after the new build's worker took over", async ({ page, context }) => {
  const dataDir = path.join(root, 'data');
  const port = await freePort();
  const first = await serve(dist, dataDir, port);

  await acceptNecessaryCookies(page);
  // no heartbeats from here: the tab's timers run only when the test says so
  await page.clock.install();
  await page.goto(`${first.url}/impressum`);
  await waitForServiceWorker(page);
  await waitForCachedPage(page, '/impressum');
  await expect.poll(() => workerVersion(page)).toBe(await publishedVersion(first));
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 2_000);
  const named = await page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) => link.href));
  const oldCss = named.find((href) => href.includes('/_astro/') && href.endsWith('.css'));
  expect(oldCss, `a stylesheet of the build among ${named.join(', ')}`).toBeTruthy();
  expect(await precached(page)).toContain(oldCss);
  const versionFile = path.join(dataDir, 'site', 'cache-version.json');
  const versionBefore = fs.readFileSync(versionFile);

  // the deploy: the new build starts on the same data and port
  const after = buildWithRenamed(path.basename(new URL(oldCss!).pathname));
  await first.crash();
  const second = await serve(after.dir, dataDir, port);
  const versionAfter = fs.readFileSync(versionFile);
  expect(fs.readFileSync(path.join(dataDir, 'site', 'impressum', 'index.html.br')).length).toBeGreaterThan(0);
  // the moment before the new server's first publish raised the version: the worker's check sees no change
  fs.writeFileSync(versionFile, versionBefore);
  await page.evaluate(async () => {
    await (await navigator.serviceWorker.getRegistration())?.update();
  });
  await expect.poll(() => precached(page), { timeout: 20_000 }).toContain(`${second.url}/_astro/${after.renamed}`);
  await expect.poll(() => precached(page), { timeout: 20_000 }).not.toContain(oldCss);
  expect((await cacheContents(page))['anstoss-pages']).toContain(`${second.url}/impressum`);
  fs.writeFileSync(versionFile, versionAfter);

  // offline, with the browser's HTTP cache emptied (a phone drops it long before the site's saved data): only
  // the worker's caches count
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await context.setOffline(true);
  try {
    const offline = await context.newPage();
    await offline.goto(`${second.url}/impressum`);
    const sheets = await offline.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) => {
        let rules = 0;
        try {
          rules = link.sheet?.cssRules.length ?? 0;
        } catch {
          // a sheet that did not load has no rules to read
        }
        return { href: link.href, rules };
      }),
    );
    console.info(`[figures] saved page of the build before, offline: ${sheets.map((sheet) => `${path.basename(sheet.href)} ${sheet.rules} rules`).join(', ')}`);
    expect(sheets.map((sheet) => sheet.href)).toContain(oldCss);
    for (const sheet of sheets) expect(sheet.rules, `${sheet.href} loaded`).toBeGreaterThan(0);
  } finally {
    await context.setOffline(false);
  }
});
