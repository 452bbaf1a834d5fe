import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { serveBuild } from '../../fixtures/builds';
import { freePort, type Site } from '../../fixtures/site';

// A deploy while a fan has a page open (decision 070): the new build names its
// scripts anew, and the page of the build before asks for its own. Two builds
// side by side: copies of dist/, the second without the contact form's code
// (what a new build with a changed form looks like to the old page).
let root: string;
let sites: Site[] = [];
test.beforeEach(() => {
  // in the checkout (as `dist-*`, ignored by git): the builds' server code imports the project's node_modules
  root = fs.mkdtempSync(path.join(process.cwd(), 'dist-two-builds-'));
});
test.afterEach(async () => {
  // the newest first: the two servers share one data folder, and each stop removes it. Stopped in the order they
  // started, the crashed first one's stop removed the folder under the second, still running and making its blank
  // files ('.site-blanks', decision 050): ENOTEMPTY in CI, twice
  for (const site of sites.reverse()) await site.stop();
  sites = [];
  fs.rmSync(root, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
});

const dist = path.resolve(process.env.ANSTOSS_DIST ?? 'dist');

function copyOfBuild(name: string, without: RegExp | null): { dir: string; removed: string[] } {
  const dir = path.join(root, name);
  fs.cpSync(dist, dir, { recursive: true });
  const hashed = path.join(dir, 'client', '_astro');
  const removed = without ? fs.readdirSync(hashed).filter((file) => without.test(file)) : [];
  for (const file of removed) fs.rmSync(path.join(hashed, file));
  return { dir, removed };
}

async function serve(build: string, dataDir: string, port: number): Promise<Site> {
  const site = await serveBuild(build, dataDir, port);
  sites.push(site);
  return site;
}

test("a page open during a deploy keeps its form: the build before's code is still answered, for good", async ({ page }) => {
  const before = copyOfBuild('build-before', null);
  const after = copyOfBuild('build-after', /^InquiryForm\.[\w-]+\.js/);
  expect(after.removed.length).toBeGreaterThan(0);
  const formCode = after.removed.find((file) => file.endsWith('.js'))!;
  const dataDir = path.join(root, 'data');
  const port = await freePort();

  const first = await serve(before.dir, dataDir, port);
  // the start keeps its build's hashed files in the data folder
  expect(fs.existsSync(path.join(dataDir, 'earlier-builds', '_astro', formCode))).toBe(true);
  await page.goto(first.url + '/kontakt');
  const form = page.locator('.contact-form form');
  await expect(form).toBeVisible();

  // the deploy: the server stops, the new build starts on the same data and port; the tab stays open
  await first.crash();
  const second = await serve(after.dir, dataDir, port);
  expect((await fetch(`${second.url}/_astro/${formCode}`, { method: 'HEAD' })).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

  // the old page's form wakes with its own build's code, and works
  const formCodeAnswers: number[] = [];
  page.on('response', (response) => {
    if (response.url().includes(`/_astro/${formCode}`)) formCodeAnswers.push(response.status());
  });
  await form.scrollIntoViewIfNeeded();
  await form.locator('[name="name"]').focus();
  await expect(form.locator('.captcha-question')).toHaveText(/^\d+ \+ \d+ = \?$/);
  await form.getByLabel('Name').fill('Nach dem Update');
  await expect(form.getByLabel('Name')).toHaveValue('Nach dem Update');
  expect(formCodeAnswers).toContain(200);
  await expect(page.getByRole('region', { name: 'Neue Version' })).toHaveCount(0);
  // what the new build replaced is noted as left now, and kept its days
  const list = JSON.parse(fs.readFileSync(path.join(dataDir, 'earlier-builds', 'kept.json'), 'utf8')) as Record<string, number | null>;
  expect(typeof list[formCode]).toBe('number');
  expect(Object.values(list).filter((at) => at === null).length).toBeGreaterThan(0);
});
