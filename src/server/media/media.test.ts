// The media library against an in-memory database with the real migrations and
// a temporary uploads folder: the backfill of images stored before the library,
// where each image is used across the content tables, delete refused while
// used, and the alt text the pages read.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { clubSettings, homepageContent, matches, media, news, pageContent, players, sponsors, teams } from '../db/schema';
import { createTestDb, seed } from '../db/test-db';
import { isRefusedWrite } from '../db/write';
import { imageAlt, imageBox, storedAlt } from './alt';
import { backfillMedia, listMedia, uploadsOnDisk } from './inventory';
import { deleteMedia, setMediaAlt } from './service';
import { registerDeployer, type Deployer } from '../deploy/deployer';
import { whereUsed } from './usage';
import { siteUrl } from '../config';
import { recordTurnedPhotosUpright } from './turned-photos';

let dir: string;
let db: Db;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-media-'));
  db = createTestDb();
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Writes an image (and its WebP copies) as the upload service does. */
async function put(relative: string, copies = true, width = 64, height = 48) {
  const file = path.join(dir, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, await sharp({ create: { width, height, channels: 3, background: '#345' } }).png().toBuffer());
  if (copies) for (const w of [480, 960, 1600]) fs.writeFileSync(file.replace(/\.[a-z]+$/, `-${w}.webp`), 'copy');
  return `/uploads/${relative}`;
}

async function refusal(promise: Promise<unknown> | (() => unknown)) {
  try {
    await (typeof promise === 'function' ? promise() : promise);
  } catch (error) {
    if (isRefusedWrite(error)) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('not refused');
}

describe('inventory', () => {
  it('lists the images stored before the library existed, once each, without their WebP copies', async () => {
    const photo = await put('news/abc.png', true, 800, 450);
    const logo = await put('sponsors/logo.png', false);
    // a file that only looks like a copy is an image of its own
    const lone = await put('team-480.png', false);
    expect(uploadsOnDisk(dir).images).toEqual([photo, logo, lone].sort());

    const listed = await listMedia(db, dir);
    expect(listed.map((m) => m.url).sort()).toEqual([photo, logo, lone].sort());
    const item = listed.find((m) => m.url === photo)!;
    expect(item).toMatchObject({ width: 800, height: 450, alt: '', missing: false, uses: [], thumb: '/uploads/news/abc-480.webp' });
    expect(item.bytes).toBe(fs.statSync(path.join(dir, 'news/abc.png')).size);
    expect(listed.find((m) => m.url === logo)!.thumb).toBe(logo);
    // a second listing adds nothing and keeps an alt text given meanwhile
    setMediaAlt(photo, 'Die Kampfmannschaft', db);
    expect(await backfillMedia(db, dir)).toBe(0);
    expect(db.select().from(media).all()).toHaveLength(3);
    expect(storedAlt(photo, db)).toBe('Die Kampfmannschaft');
  });

  it('drops the row of an image whose file is gone and that nothing uses; a used one stays, marked missing', async () => {
    const gone = await put('a.png');
    const broken = await put('b.png');
    await backfillMedia(db, dir);
    seed(db, (tx) => tx.insert(news).values({ title: 'Bericht', content: '<p>x</p>', image_url: broken }).run());
    fs.rmSync(path.join(dir, 'a.png'));
    fs.rmSync(path.join(dir, 'b.png'));
    const listed = await listMedia(db, dir);
    expect(listed.map((m) => [m.url, m.missing])).toEqual([[broken, true]]);
    expect(listed.some((m) => m.url === gone)).toBe(false);
  });

  it('records a phone photo stored on its side as it is shown: upright, by its EXIF orientation', async () => {
    // a camera writes the pixels 1200 × 900 and the orientation 6 (turn 90°); browsers show it 900 × 1200
    const file = path.join(dir, 'news/hochformat.jpg');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const onItsSide = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#345' } }).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    fs.writeFileSync(file, onItsSide);
    const upright = await put('news/quer.png', false, 1200, 900);
    await backfillMedia(db, dir);
    expect(db.select().from(media).where(eq(media.url, '/uploads/news/hochformat.jpg')).get()).toMatchObject({ width: 900, height: 1200 });
    expect(db.select().from(media).where(eq(media.url, upright)).get()).toMatchObject({ width: 1200, height: 900 });
    // the page keeps a portrait's room for it
    expect(imageBox('/uploads/news/hochformat.jpg', 600, 338, db)).toEqual({ width: 600, height: 800 });
  });
});

describe('inventory while files come and go', () => {
  it('lists an address in use whose image was deleted while a form still held it, marked missing', async () => {
    const url = await put('news/entwurf.png');
    await listMedia(db, dir);
    await deleteMedia(url, db, dir);
    // the form that held it is saved afterwards
    seed(db, (tx) => tx.insert(news).values({ title: 'Spät gespeichert', content: 'x', image_url: url }).run());
    const listed = await listMedia(db, dir);
    expect(listed.map((m) => [m.url, m.missing, m.uses.map((u) => u.label)])).toEqual([[url, true, ['News „Spät gespeichert“']]]);
    // once nothing uses it any more it leaves the library again
    seed(db, (tx) => tx.update(news).set({ image_url: null }).run());
    expect(await listMedia(db, dir)).toEqual([]);
  });

  it("lists no missing image for a text that shows another site's uploads (it listed one that could not be deleted)", async () => {
    seed(db, (tx) =>
      tx.insert(news).values({ title: 'Sponsor', content: '<p><img src="https://sponsor.example/uploads/x/logo.png"> <a href="https://www.stfv.at/wp-content/uploads/2025/07/Plan.jpg">Plan</a></p>' }).run(),
    );
    expect((await listMedia(db, dir)).map((m) => m.url)).toEqual([]);
  });

  it('lists the library when a file goes between its listing and its reading (a delete finishing)', async () => {
    await put('a.png', false);
    await put('b.png', false);
    const listing = listMedia(db, dir);
    fs.rmSync(path.join(dir, 'b.png'));
    expect((await listing).map((m) => m.url)).toEqual(['/uploads/a.png']);
  });
});

describe('where-used', () => {
  it('finds an image in every kind of content column, with the change that republishes its pages', async () => {
    const url = await put('shared.png');
    const team = seed(db, (tx) => {
      const t = tx.insert(teams).values({ name: 'U23', image_url: url }).returning().get();
      tx.insert(players).values({ team_id: t.id, name: 'Max Muster', position: 'Tor', image_url: url }).run();
      tx.insert(news).values({ title: 'Sommerfest', content: `<p>Fotos:</p><img src="${url}" alt="">` }).run();
      tx.insert(matches).values({ home_team: 'Anstoss', away_team: 'Gast', match_date: '2026-05-01', report_images: [url] }).run();
      tx.insert(sponsors).values({ name: 'Bäckerei', logo_url: url }).run();
      tx.insert(homepageContent).values({ section_key: 'next_match', button_text: url }).run();
      tx.insert(pageContent).values({ page_key: 'verein', section_key: 'geschichte', content: `<p><img src="${url}"></p>` }).run();
      tx.insert(clubSettings).values({ short_name: 'SV Anstoss', long_name: 'SV Anstoss 1920', crest_url: url, primary_color: '#123456', secondary_color: '#ffffff' }).run();
      // another image, and an address that only starts like ours
      tx.insert(news).values({ title: 'Anderes', content: 'x', image_url: '/uploads/other.png' }).run();
      tx.insert(teams).values({ name: 'Fremd', image_url: `https://example.org${url}x` }).run();
      return t;
    });
    const uses = whereUsed(db, url);
    const byLabel = Object.fromEntries(uses.map((u) => [`${u.label} (${u.field})`, u.change]));
    expect(byLabel).toEqual({
      'Mannschaft „U23“ (Bild)': { table: 'teams', key: team.id },
      'Spieler „Max Muster“ (Foto)': { table: 'players', key: team.id },
      'News „Sommerfest“ (Text)': { table: 'news', key: expect.any(String) },
      'Spiel „Anstoss – Gast (2026-05-01)“ (Bilder zum Spielbericht)': { table: 'matches', key: expect.any(String) },
      'Sponsor „Bäckerei“ (Logo)': { table: 'sponsors', key: expect.any(String) },
      'Startseite „next_match“ (Logo Team B)': { table: 'homepage_content', key: 'next_match' },
      'Seite „verein / geschichte“ (Text)': { table: 'page_content', key: 'verein' },
      'Verein „SV Anstoss“ (Wappen)': { table: 'club_settings' },
    });
    const listed = await listMedia(db, dir);
    expect(listed.find((m) => m.url === url)!.uses).toHaveLength(8);
  });
});

describe('delete', () => {
  it("counts a text using one of an image's WebP copies as a use of the image (its delete would remove the copy)", async () => {
    const url = await put('news/foto.png');
    seed(db, (tx) => tx.insert(news).values({ title: 'Galerie', content: `<p><img src="/uploads/news/foto-960.webp" alt=""></p>` }).run());
    expect((await listMedia(db, dir)).find((m) => m.url === url)!.uses).toHaveLength(1);
    expect(await refusal(deleteMedia(url, db, dir))).toEqual({ code: 'BAD_REQUEST', message: 'Das Bild wird noch verwendet: News „Galerie“ (Text). Bitte es zuerst dort entfernen.' });
    expect(fs.existsSync(path.join(dir, 'news/foto-960.webp'))).toBe(true);
  });

  it('is refused while the image is used, naming where; allowed after, removing the file, its copies and the row', async () => {
    const url = await put('news/foto.png');
    const article = seed(db, (tx) => tx.insert(news).values({ title: 'Derbysieg', content: 'x', image_url: url }).returning().get());
    await listMedia(db, dir);

    const refused = await refusal(deleteMedia(url, db, dir));
    expect(refused).toEqual({ code: 'BAD_REQUEST', message: 'Das Bild wird noch verwendet: News „Derbysieg“ (Bild). Bitte es zuerst dort entfernen.' });
    expect(fs.readdirSync(path.join(dir, 'news')).sort()).toEqual(['foto-1600.webp', 'foto-480.webp', 'foto-960.webp', 'foto.png']);
    expect(db.select().from(media).all()).toHaveLength(1);

    seed(db, (tx) => tx.update(news).set({ image_url: null }).where(eq(news.id, article.id)).run());
    // the static hosts are told (no page changed, so no publish would): the image goes from them too
    const requests: string[] = [];
    registerDeployer({ request: () => requests.push('deploy') } as unknown as Deployer);
    try {
      expect(await deleteMedia(url, db, dir)).toEqual({ url });
    } finally {
      registerDeployer(undefined);
    }
    expect(requests).toEqual(['deploy']);
    expect(fs.readdirSync(path.join(dir, 'news'))).toEqual([]);
    expect(db.select().from(media).all()).toEqual([]);
    expect(db.$client.prepare("SELECT row_id FROM audit_log WHERE action = 'media.delete'").pluck().all()).toEqual([url]);
    // and it does not come back
    expect(await listMedia(db, dir)).toEqual([]);
    expect(await refusal(deleteMedia(url, db, dir))).toEqual({ code: 'NOT_FOUND', message: 'Dieses Bild gibt es nicht mehr in der Mediathek.' });
  });
});

describe('the trash', () => {
  it('keeps an image used while a deleted row that shows it can still be restored', async () => {
    const url = await put('news/weg.png');
    await listMedia(db, dir);
    const trashed = (closed: number) =>
      seed(db, (tx) =>
        tx.$client
          .prepare('INSERT INTO revisions (change_set, entity, row_id, op, data, created_at, trash_closed) VALUES (?, ?, ?, ?, ?, ?, ?)')
          .run('set-1', 'news', 'n1', 'delete', JSON.stringify({ id: 'n1', title: 'Alter Bericht', content: 'x', image_url: url }), Date.now(), closed),
      );
    trashed(1);
    expect(whereUsed(db, url)).toEqual([]);
    trashed(0);
    expect(whereUsed(db, url)).toEqual([{ table: 'news', id: 'n1', label: 'Papierkorb: News „Alter Bericht“', field: 'Bild' }]);
    expect(await refusal(deleteMedia(url, db, dir))).toMatchObject({ message: 'Das Bild wird noch verwendet: Papierkorb: News „Alter Bericht“ (Bild). Bitte es zuerst dort entfernen.' });
    // nothing to republish for it
    expect(setMediaAlt(url, 'Archivbild', db).changes).toEqual([]);
  });

  it('finds the picture of a match deleted through write(), as the revision triggers keep it', async () => {
    const url = await put('matches/tor.png');
    const match = seed(db, (tx) => tx.insert(matches).values({ home_team: 'Anstoss', away_team: 'Gast', match_date: '2026-05-01', report_images: [url] }).returning().get());
    seed(db, (tx) => tx.delete(matches).where(eq(matches.id, match.id)).run());
    expect(whereUsed(db, url)).toEqual([{ table: 'matches', id: match.id, label: 'Papierkorb: Spiel „Anstoss – Gast“', field: 'Bilder zum Spielbericht' }]);
  });
});

describe('alt text', () => {
  it('is stored with the image, republishes the rows that show it, and is what the pages write (else their own)', async () => {
    const url = await put('players/max.png');
    const unused = await put('spare.png');
    const team = seed(db, (tx) => {
      const t = tx.insert(teams).values({ name: 'Kampfmannschaft' }).returning().get();
      tx.insert(players).values({ team_id: t.id, name: 'Max Muster', position: 'Sturm', image_url: url }).run();
      tx.insert(players).values({ team_id: t.id, name: 'Moritz Muster', position: 'Sturm', image_url: url }).run();
      return t;
    });
    await listMedia(db, dir);
    expect(imageAlt(url, 'Max Muster', db)).toBe('Max Muster');

    const saved = setMediaAlt(url, 'Max Muster beim Torjubel', db);
    // both players show on the same team page: one change
    expect(saved.changes).toEqual([{ table: 'players', key: team.id }]);
    expect(imageAlt(url, 'Max Muster', db)).toBe('Max Muster beim Torjubel');
    expect(setMediaAlt(unused, 'Ersatz', db).changes).toEqual([]);
    // emptied: the page's own description again
    setMediaAlt(url, '', db);
    expect(imageAlt(url, 'Max Muster', db)).toBe('Max Muster');
    // named with the site's host or a query, as pages may: the stored one too (they wrote their own)
    setMediaAlt(url, 'Jubel', db);
    expect(imageAlt(`${url}?v=2`, 'Max Muster', db)).toBe('Jubel');
    expect(imageAlt(new URL(url, siteUrl()).href, 'Max Muster', db)).toBe('Jubel');
    expect(imageAlt(`https://sponsor.example${url}`, 'Max Muster', db)).toBe('Max Muster');
    setMediaAlt(url, '', db);
    // not an upload, or not in the library
    expect(imageAlt('https://example.org/a.png', 'Logo', db)).toBe('Logo');
    expect(imageAlt('/uploads/unbekannt.png', '', db)).toBe('');
    expect(await refusal(() => setMediaAlt('/uploads/unbekannt.png', 'x', db))).toEqual({ code: 'NOT_FOUND', message: 'Dieses Bild gibt es nicht mehr in der Mediathek.' });
  });
});

describe('image box', () => {
  it('keeps the width the page shows and takes the height from the stored proportions, else its own box', async () => {
    const portrait = await put('news/hochformat.png', true, 300, 400);
    const wide = await put('news/quer.png', true, 1600, 900);
    await listMedia(db, dir);
    expect(imageBox(portrait, 1200, 675, db)).toEqual({ width: 1200, height: 1600 });
    expect(imageBox(wide, 800, 450, db)).toEqual({ width: 800, height: 450 });
    // not in the library, or not an upload: the page's box as before
    expect(imageBox('/uploads/unbekannt.png', 1200, 675, db)).toEqual({ width: 1200, height: 675 });
    expect(imageBox('https://example.org/a.png', 400, 400, db)).toEqual({ width: 400, height: 400 });
    expect(imageBox(null, 400, 400, db)).toEqual({ width: 400, height: 400 });
  });
});

describe('photos recorded on their side before they were recorded upright', () => {
  it('get their upright size once, at the next start; uploads and photos recorded upright stay as they are', async () => {
    const file = path.join(dir, 'news/alt-hochformat.jpg');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#345' } }).jpeg().withMetadata({ orientation: 6 }).toBuffer());
    const plain = await put('news/quer.jpg', false, 1200, 900);
    // as the library recorded them before: the pixels' size
    seed(db, (tx) =>
      tx
        .insert(media)
        .values([
          { url: '/uploads/news/alt-hochformat.jpg', width: 1200, height: 900 },
          { url: plain, width: 1200, height: 900 },
        ])
        .run(),
    );
    expect(await recordTurnedPhotosUpright(db, dir)).toBe(1);
    expect(db.select().from(media).where(eq(media.url, '/uploads/news/alt-hochformat.jpg')).get()).toMatchObject({ width: 900, height: 1200 });
    expect(db.select().from(media).where(eq(media.url, plain)).get()).toMatchObject({ width: 1200, height: 900 });
    // once: a later start reads no file again (a row set back by hand stays)
    seed(db, (tx) => tx.update(media).set({ width: 1200, height: 900 }).where(eq(media.url, '/uploads/news/alt-hochformat.jpg')).run());
    expect(await recordTurnedPhotosUpright(db, dir)).toBe(0);
    expect(db.select().from(media).where(eq(media.url, '/uploads/news/alt-hochformat.jpg')).get()).toMatchObject({ width: 1200, height: 900 });
  });
});
