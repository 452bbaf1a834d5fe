import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { openDatabase } from '../../../src/server/db/client';
import { runImport } from '../../../src/server/import/command';
import { XSS, oldClub, writeBucket } from '../../fixtures/old-club';
import { startSite, type Site } from '../../fixtures/site';

// A club brought over from the old app (issue 12, docs/decisions/020), as fans
// see it: the data imported into a fresh folder, the server started on it.
let site: Site;
let root: string;
test.beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-imported-'));
  await writeBucket(path.join(root, 'bucket'));
  fs.writeFileSync(path.join(root, 'export.json'), JSON.stringify(oldClub()));
  const dataDir = path.join(root, 'data');
  fs.mkdirSync(dataDir);
  const db = openDatabase(path.join(dataDir, 'club.db'));
  const outcome = await runImport(db, { from: path.join(root, 'export.json'), storageDir: path.join(root, 'bucket'), uploadsDir: path.join(dataDir, 'uploads') }, () => undefined);
  expect(outcome.ok).toBe(true);
  db.$client.close();
  site = await startSite({ dataDir });
});
test.afterAll(async () => {
  await site?.stop();
  fs.rmSync(root, { recursive: true, force: true });
});

test('news, a team with its player, the fixtures, the IBAN and the privacy text of the old club are on the site', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(`${site.url}/news`);
  await page.getByRole('link', { name: /Derbysieg in Kirchberg/ }).first().click();
  await expect(page.getByRole('heading', { name: 'Derbysieg in Kirchberg' })).toBeVisible();
  // the hostile text of the old data is shown as text; its image came over as our upload
  await expect(page.getByText(XSS)).toBeVisible();
  const photo = page.locator('img[src^="/uploads/news/"]').first();
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);

  // the team card lists the achievements (a Postgres array in the old app); the team page its player
  await page.goto(`${site.url}/mannschaften`);
  await expect(page.getByText('Meister 2019')).toBeVisible();
  await page.getByRole('link', { name: /Kampfmannschaft/ }).first().click();
  await expect(page.getByRole('heading', { name: 'Lukas Gruber' })).toBeVisible();
  await expect(page.getByText('Stürmer · 24 Jahre')).toBeVisible();

  await page.goto(`${site.url}/spielplan`);
  // in the list of matches (the fixtures' team filter names it too, folded away)
  await expect(page.locator('.match').getByText('FC Neudorf').first()).toBeVisible();
  await expect(page.locator('.match').getByText('USV Kirchberg').first()).toBeVisible();

  await page.goto(`${site.url}/mitglied-werden`);
  await expect(page.locator('.iban')).toHaveText('AT61 1904 3002 3457 3201');

  await page.goto(`${site.url}/datenschutz`);
  await expect(page.getByRole('heading', { name: 'Verantwortlich' })).toBeVisible();
  expect(await page.locator('main a[href^="javascript:"]').count()).toBe(0);
  expect(dialogs).toEqual([]);
});
