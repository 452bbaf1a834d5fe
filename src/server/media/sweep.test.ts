// The nightly sweep of unused images against an in-memory database with the real
// migrations and revision triggers, and a temporary uploads folder: what it
// deletes (rows, files, WebP copies, on the static hosts too) and what it leaves
// (used, in the trash, named by a kept version, uploaded too recently), with the
// revisions' retention run first as the night runs it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { homepageContent, media, news, sponsors, teams } from '../db/schema';
import { createTestDb, seed } from '../db/test-db';
import { registerDeployer, type Deployer } from '../deploy/deployer';
import { pruneRevisions } from '../revisions/trash';
import { listMedia, recordUpload } from './inventory';
import { sweepUnusedImages, unusedImagesSweepJob } from './sweep';

const DAY = 24 * 60 * 60 * 1000;
let dir: string;
let db: Db;
let deployRequests: number;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-sweep-'));
  db = createTestDb();
  deployRequests = 0;
  registerDeployer({ request: () => deployRequests++ } as unknown as Deployer);
});
afterEach(() => {
  registerDeployer(undefined);
  fs.rmSync(dir, { recursive: true, force: true });
});

/** An upload as the upload service leaves it: the image and its three WebP copies. */
function put(relative: string): string {
  const file = path.join(dir, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, 'png');
  for (const width of [480, 960, 1600]) fs.writeFileSync(file.replace(/\.png$/, `-${width}.webp`), 'webp');
  return `/uploads/${relative}`;
}
const filesIn = (folder: string) => fs.readdirSync(path.join(dir, folder)).sort();
const rows = () => db.select({ url: media.url }).from(media).all().map((r) => r.url).sort();

describe('the nightly sweep of unused images', () => {
  it('deletes an abandoned upload once the trash period is over: row, image, copies, on the static hosts too', async () => {
    const start = Date.now();
    const abandoned = put('news/verworfen.png');
    const item = (await listMedia(db, dir))[0]!;
    expect(item).toMatchObject({ url: abandoned, uses: [], keptBecause: null });
    // the library names the day: 30 days (the trash's) after it was found (its upload, had the upload recorded it)
    const found = db.select({ at: media.found_at }).from(media).get()!.at!;
    expect(Date.parse(item.sweepableFrom!) - Date.parse(found)).toBe(30 * DAY);

    expect(await sweepUnusedImages(db, start + 29 * DAY, dir)).toEqual([]);
    expect(filesIn('news')).toHaveLength(4);
    expect(deployRequests).toBe(0);

    expect(await sweepUnusedImages(db, start + 31 * DAY, dir)).toEqual([abandoned]);
    expect(filesIn('news')).toEqual([]);
    expect(rows()).toEqual([]);
    expect(deployRequests).toBe(1);
    const audit = db.$client.prepare("SELECT user_id, row_id FROM audit_log WHERE action = 'media.sweep'").all();
    expect(audit).toEqual([{ user_id: null, row_id: abandoned }]);
    // it does not come back
    expect(await listMedia(db, dir)).toEqual([]);
  });

  it('counts an upload the upload service recorded from its upload', async () => {
    const url = put('news/hochgeladen.png');
    recordUpload(db, { url, bytes: 3, width: 1, height: 1 });
    expect(db.select({ found: media.found_at }).from(media).get()).toEqual({ found: null });
    expect(await sweepUnusedImages(db, Date.now() + 29 * DAY, dir)).toEqual([]);
    expect(await sweepUnusedImages(db, Date.now() + 31 * DAY, dir)).toEqual([url]);
  });

  it('counts a file no upload recorded from when it was found, not from its time, and waits 30 days whatever the trash keeps', async () => {
    const old = put('alt.png');
    const longAgo = new Date(Date.now() - 400 * DAY);
    fs.utimesSync(path.join(dir, 'alt.png'), longAgo, longAgo);
    // a superadmin keeps the trash for a day only
    seed(db, (tx) => tx.$client.prepare("INSERT INTO site_settings (key, value) VALUES ('trash_retention_days', '1')").run());
    expect(await sweepUnusedImages(db, Date.now(), dir)).toEqual([]);
    expect(await sweepUnusedImages(db, Date.now() + 29 * DAY, dir)).toEqual([]);
    expect(fs.readdirSync(dir)).toContain('alt.png');
    expect(await sweepUnusedImages(db, Date.now() + 31 * DAY, dir)).toEqual([old]);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('keeps an image whose dates cannot be read, and lists it without a day', async () => {
    const url = put('kaputt.png');
    await listMedia(db, dir);
    seed(db, (tx) => tx.update(media).set({ created_at: 'gestern', found_at: null }).where(eq(media.url, url)).run());
    expect((await listMedia(db, dir))[0]).toMatchObject({ url, keptBecause: null, sweepableFrom: null });
    expect(await sweepUnusedImages(db, Date.now() + 1000 * DAY, dir)).toEqual([]);
  });

  it('leaves an image a button links to, or a text names in another spelling', async () => {
    const flyer = put('flyer.png');
    const odd = put('news/x.png');
    seed(db, (tx) => tx.insert(homepageContent).values({ section_key: 'hero', title: 'Sommerfest', button_link: flyer }).run());
    seed(db, (tx) => tx.insert(news).values({ title: 'Bericht', content: '<img src="/uploads//news/./x.png">' }).run());
    expect(new Map((await listMedia(db, dir)).map((m) => [m.url, m.uses.map((u) => `${u.label} (${u.field})`)]))).toEqual(
      new Map([
        [flyer, ['Startseite „Sommerfest“ (Link)']],
        [odd, ['News „Bericht“ (Text)']],
      ]),
    );
    expect(await sweepUnusedImages(db, Date.now() + 400 * DAY, dir)).toEqual([]);
  });

  it("lists no missing image for another site's /uploads/ address", async () => {
    seed(db, (tx) => tx.insert(sponsors).values({ name: 'Bäckerei Gruber', logo_url: 'https://gruber.at/uploads/logo.png' }).run());
    expect(await listMedia(db, dir)).toEqual([]);
  });

  it('leaves what a row, the trash or a kept version names, and frees each when that goes', async () => {
    const t0 = Date.now();
    const used = put('news/aktuell.png');
    const inText = put('news/im-text.png');
    const trashed = put('news/geloescht.png');
    const replaced = put('news/alt.png');
    const replacement = put('news/neu.png');
    await listMedia(db, dir);
    seed(db, (tx) => tx.insert(news).values({ title: 'Derbysieg', content: 'x', image_url: used }).run());
    // a text naming a WebP copy uses the image
    seed(db, (tx) => tx.insert(news).values({ title: 'Bericht', content: `<p><img src="${inText.replace('.png', '-960.webp')}"></p>` }).run());
    const gone = seed(db, (tx) => tx.insert(news).values({ title: 'Alter Bericht', content: 'x', image_url: trashed }).returning().get());
    seed(db, (tx) => tx.delete(news).where(eq(news.id, gone.id)).run());
    const team = seed(db, (tx) => tx.insert(news).values({ title: 'Mannschaftsfoto', content: 'x', image_url: replaced }).returning().get());
    seed(db, (tx) => tx.update(news).set({ image_url: replacement }).where(eq(news.id, team.id)).run());

    // 40 days on, before the revisions' retention: the trash still holds the deleted news
    expect(await sweepUnusedImages(db, t0 + 40 * DAY, dir)).toEqual([]);
    const listed = new Map((await listMedia(db, dir)).map((m) => [m.url, m]));
    expect(listed.get(replaced)).toMatchObject({ uses: [], keptBecause: 'version', sweepableFrom: null });
    expect(listed.get(used)).toMatchObject({ keptBecause: null, sweepableFrom: null });

    // the night's order: the retention first (the deleted news leaves the trash), then the sweep
    pruneRevisions(db, t0 + 40 * DAY);
    expect(await sweepUnusedImages(db, t0 + 40 * DAY, dir)).toEqual([trashed]);
    // the replaced photo stays while the version that showed it is kept (365 days)
    expect(await sweepUnusedImages(db, t0 + 300 * DAY, dir)).toEqual([]);
    pruneRevisions(db, t0 + 400 * DAY);
    expect(await sweepUnusedImages(db, t0 + 400 * DAY, dir)).toEqual([replaced]);

    expect(rows()).toEqual([inText, replacement, used].sort());
    expect(filesIn('news')).toEqual(['aktuell', 'im-text', 'neu'].flatMap((n) => [`${n}-1600.webp`, `${n}-480.webp`, `${n}-960.webp`, `${n}.png`]).sort());
  });

  it("leaves an image a field names by its whole address, and one whose name it cannot read for certain", async () => {
    const typed = put('teams/foto.png');
    const handCopied = put('Mannschaft 2025.png');
    const longAgo = new Date(Date.now() - 90 * DAY);
    for (const name of ['teams/foto.png', 'Mannschaft 2025.png']) fs.utimesSync(path.join(dir, name), longAgo, longAgo);
    // the field takes typed addresses; a browser copies an image's address with the host
    seed(db, (tx) => tx.insert(teams).values({ name: 'Kampfmannschaft', category: 'Herren', image_url: `https://verein.at${typed}?v=2` }).run());
    // a text may name the hand-copied file as written, which the text's pattern does not read whole
    seed(db, (tx) => tx.insert(news).values({ title: 'Kader', content: '<img src="/uploads/Mannschaft 2025.png">' }).run());
    const listed = new Map((await listMedia(db, dir)).map((m) => [decodeURIComponent(m.url), m]));
    expect(listed.get(typed)!.uses.map((u) => u.label)).toEqual(['Mannschaft „Kampfmannschaft“']);
    expect(listed.get(decodeURIComponent(handCopied))).toMatchObject({ keptBecause: 'name', sweepableFrom: null });

    expect(await sweepUnusedImages(db, Date.now() + 400 * DAY, dir)).toEqual([]);
    expect(rows()).toHaveLength(2);
  });

  it('runs as a nightly job that names what it deleted in the log', async () => {
    const url = put('weg.png');
    const longAgo = new Date(Date.now() - 60 * DAY);
    fs.utimesSync(path.join(dir, 'weg.png'), longAgo, longAgo);
    const lines: string[] = [];
    // found tonight, gone 30 nights later
    const job = unusedImagesSweepJob(() => db, () => Date.now() + 31 * DAY, dir, { info: (line: string) => lines.push(line) });
    await listMedia(db, dir);
    await job.run();
    expect(lines).toEqual([`[media] ein unbenutztes Bild gelöscht: ${url} (jedes im Protokoll)`]);
    expect(fs.readdirSync(dir)).toEqual([]);
    await job.run();
    expect(lines).toHaveLength(1);
  });

  it("removes the parts of uploads killed mid-write, in every folder, and not a running upload's", async () => {
    const kept = put('news/bild.png');
    const gone = 2_147_483_646;
    const killed = [`news/${'a'.repeat(32)}.png.${gone}-4.tmp`, `${'b'.repeat(32)}-480.webp.${gone}-9.tmp`];
    const running = `news/${'c'.repeat(32)}.png.${process.pid}-2.tmp`;
    for (const part of [...killed, running]) fs.writeFileSync(path.join(dir, part), 'halb');
    const lines: string[] = [];
    const job = unusedImagesSweepJob(() => db, () => Date.now(), dir, { info: (line: string) => lines.push(line) });
    await job.run();
    expect(lines).toEqual(['[media] 2 abgebrochene Uploads entfernt']);
    for (const part of killed) expect(fs.existsSync(path.join(dir, part))).toBe(false);
    expect(filesIn('news')).toEqual([path.basename(running), 'bild-1600.webp', 'bild-480.webp', 'bild-960.webp', 'bild.png'].sort());
    expect(rows()).toEqual([kept]);
  });
});
