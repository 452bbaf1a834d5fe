// A kill between a page's write into a blank and its rename into the site (decision 046): the random kills of
// crash.fault.ts rarely land there. A preload (helpers/kill-at-blank-rename.mjs) kills the server's process
// group just before the N-th rename of a written blank, during an admin's save. Shown: the save is stored, the
// site still has the whole old page, the blank holds the new one; the next start takes that blank over and
// writes a page into it whole (the killed blank made longer than any page first, so that a write which did not
// empty it would leave its tail); every page and brotli copy in the site is whole, and the edit is published.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { news } from '../../src/server/db/schema';
import { blankFolderFor } from '../../src/server/publish/blank-files';
import { adminClient, newsInput } from '../fixtures/admin-http';
import { freePort, startSite, type Site } from '../fixtures/site';
import { printFigures } from './figures';

/** the kill before the first, second and fifth rename of a blank in a save's publish */
const KILL_AT = [1, 2, 5];

let site: Site | undefined;
afterAll(async () => site?.stop());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function filesIn(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** A published file is whole: a page ends with its closing tag, a brotli copy unpacks to such a page. */
function whole(file: string): boolean {
  let text: string;
  try {
    text = file.endsWith('.br') ? zlib.brotliDecompressSync(fs.readFileSync(file)).toString('utf8') : fs.readFileSync(file, 'utf8');
  } catch {
    return false;
  }
  return !file.replace(/\.br$/, '').endsWith('.html') || text.trimEnd().endsWith('</html>');
}

/** Once the site has converged, a brotli copy is its page's (between the two renames of a write they differ). */
function sameAsItsPage(file: string): boolean {
  const plain = file.slice(0, -3);
  return !file.endsWith('.br') || !fs.existsSync(plain) || zlib.brotliDecompressSync(fs.readFileSync(file)).equals(fs.readFileSync(plain));
}

it('a kill between a blank\'s write and its rename: the old page stays whole, the next start writes into that blank whole, the save is published', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-blank-kill-'));
  const armFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-arm-')), 'kill-at');
  const siteDir = path.join(dataDir, 'site');
  const blanksDir = blankFolderFor(siteDir);
  const port = await freePort();
  const env = { NODE_OPTIONS: `--import=${path.resolve('tests/faults/helpers/kill-at-blank-rename.mjs')}`, ANSTOSS_KILL_ARM_FILE: armFile };
  site = await startSite({ dataDir, port, env });
  let admin = await adminClient(site);
  for (const title of ['Eins', 'Zwei', 'Drei']) expect((await admin.call('admin.news.create', newsInput(title))).status).toBe(200);
  const ids = site.db().select({ id: news.id }).from(news).all().map((row) => row.id);

  let landedBetweenWriteAndRename = 0;
  let oldPageWhole = 0;
  let newPageInBlank = 0;
  let acknowledged = 0;
  let stored = 0;
  let published = 0;
  let blankRewrittenWhole = 0;
  let brokenFiles = 0;
  for (const [round, killAt] of KILL_AT.entries()) {
    // blanks are made at a quiet moment after a job (the start's publish, the saves above)
    for (let i = 0; i < 200 && filesIn(blanksDir).length < 100; i++) await sleep(25);
    fs.writeFileSync(armFile, String(killAt));
    const id = ids[round % ids.length];
    const title = `Nach dem Absturz ${round + 1}`;
    const answer = await admin.call('admin.news.update', { id, ...newsInput(title) }).catch(() => null);
    // the admin's answer waits for the save's publish (publication.ts): a kill in it leaves the save stored, unanswered
    if (answer?.status === 200) acknowledged++;
    const exited = await Promise.race([site.exited.then(() => true), sleep(15_000).then(() => false)]);
    expect(exited, 'the preload killed the server during the save').toBe(true);
    for (let i = 0; i < 40 && !site.logs().includes('[kill]'); i++) await sleep(50);
    const [, blank, target] = /\[kill\] before renaming (\S+) to (\S+)/.exec(site.logs()) ?? [];
    expect(blank).toBeDefined();
    await site.crash();
    // the kill came after the write into the blank and before its rename
    if (fs.existsSync(blank) && fs.statSync(blank).size > 0) landedBetweenWriteAndRename++;
    if (whole(blank) && fs.statSync(blank).size > 0) newPageInBlank++;
    if (!fs.existsSync(target) || whole(target)) oldPageWhole++;
    // the killed process's other blanks go, so that the next start's first write takes this one; and it is
    // made longer than any page
    const inode = fs.statSync(blank).ino;
    for (const other of filesIn(blanksDir)) if (other !== blank) fs.rmSync(other);
    fs.appendFileSync(blank, 'x'.repeat(256 * 1024));

    site = await startSite({ dataDir, port, env });
    admin = await adminClient(site);
    const row = site.db().select({ title: news.title }).from(news).where(eq(news.id, id)).get();
    if (row?.title === title) stored++;
    if ((await (await fetch(`${site.url}/news/${id}`)).text()).includes(title)) published++;
    const siteFiles = filesIn(siteDir);
    const intoBlank = siteFiles.find((file) => fs.statSync(file).ino === inode);
    if (intoBlank !== undefined && whole(intoBlank) && !fs.readFileSync(intoBlank).includes('xxxxxxxx')) blankRewrittenWhole++;
    brokenFiles += siteFiles.filter((file) => !whole(file) || !sameAsItsPage(file)).length;
  }
  printFigures('blank kill', {
    kills: KILL_AT.length,
    landedBetweenWriteAndRename,
    newPageInBlank,
    oldPageWhole,
    acknowledged,
    stored,
    published,
    blankRewrittenWhole,
    brokenFiles,
  });
  expect(landedBetweenWriteAndRename).toBe(KILL_AT.length);
  expect(oldPageWhole).toBe(KILL_AT.length);
  expect(stored).toBe(KILL_AT.length);
  expect(published).toBe(KILL_AT.length);
  expect(blankRewrittenWhole).toBe(KILL_AT.length);
  expect(brokenFiles).toBe(0);
});
