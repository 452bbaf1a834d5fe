// A version put back names the pictures it had then; one deleted in the media
// library since is not put back as a broken image (the row keeps its own).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { createTestDb, seed } from '../db/test-db';
import { write } from '../db/write';
import { restoreRevision, rowHistory } from './revisions';
import { siteUrl } from '../config';

let db: Db;
let uploads: string;
beforeEach(() => {
  db = createTestDb();
  uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-gone-'));
});
afterEach(() => {
  db.$client.close();
  fs.rmSync(uploads, { recursive: true, force: true });
});

const edit = (sql: string, ...params: unknown[]) => write('test.edit', () => db.$client.prepare(sql).run(...params), db);
const upload = (name: string) => {
  fs.writeFileSync(path.join(uploads, name), 'bild');
  return `/uploads/${name}`;
};
const oldest = (entity: 'news' | 'matches', id: string) => rowHistory(entity, id, db).at(-1)!.id;

describe('restoring a version whose picture was deleted since', () => {
  it("keeps the news' picture of now, restores the rest and says which field", () => {
    const before = upload('alt.jpg');
    seed(db, () => db.$client.prepare(`INSERT INTO news (id, title, content, image_url) VALUES ('n1', 'Alt', 'Alt', ?)`).run(before));
    const now = upload('neu.jpg');
    edit(`UPDATE news SET title = 'Neu', image_url = ? WHERE id = 'n1'`, now);
    fs.rmSync(path.join(uploads, 'alt.jpg'));

    const restored = restoreRevision(oldest('news', 'n1'), db, uploads);
    expect(restored.keptImages).toEqual(['Bild']);
    expect(db.$client.prepare(`SELECT title, image_url FROM news`).get()).toEqual({ title: 'Alt', image_url: now });
  });

  it('puts the picture back while its file is there, and a report keeps the pictures that still exist', () => {
    const [a, b] = [upload('a.jpg'), upload('b.jpg')];
    seed(db, () =>
      db.$client
        .prepare(`INSERT INTO matches (id, home_team, away_team, match_date, report_images) VALUES ('m1', 'SV Kirchberg', 'ASK Gnas', '2026-11-22', ?)`)
        .run(JSON.stringify([a, b])),
    );
    edit(`UPDATE matches SET report_images = '[]', location = 'Sportplatz' WHERE id = 'm1'`);
    fs.rmSync(path.join(uploads, 'b.jpg'));
    const restored = restoreRevision(oldest('matches', 'm1'), db, uploads);
    expect(restored.keptImages).toEqual(['Bilder zum Spielbericht']);
    expect(db.$client.prepare(`SELECT report_images, location FROM matches`).get()).toEqual({ report_images: JSON.stringify([a]), location: null });

    seed(db, () => db.$client.prepare(`INSERT INTO news (id, title, content, image_url) VALUES ('n2', 'Alt', 'Alt', ?)`).run(a));
    edit(`UPDATE news SET image_url = NULL WHERE id = 'n2'`);
    expect(restoreRevision(oldest('news', 'n2'), db, uploads).keptImages).toEqual([]);
    expect(db.$client.prepare(`SELECT image_url FROM news WHERE id = 'n2'`).pluck().get()).toBe(a);
  });

  it('leaves the pictures out of a text whose files are gone, and keeps the rest of the text and the pictures still there', () => {
    const [kept, gone] = [upload('bleibt.webp'), upload('weg.webp')];
    const old = `<p>Vor dem Spiel</p><img src="${gone}" alt="Aufwärmen"><p>Die Tore:</p><p><img alt="Jubel" src="${kept}"></p>`;
    seed(db, () => db.$client.prepare(`INSERT INTO news (id, title, content) VALUES ('n3', 'Alt', ?)`).run(old));
    edit(`UPDATE news SET content = '<p>Kurz</p>' WHERE id = 'n3'`);
    fs.rmSync(path.join(uploads, 'weg.webp'));
    const restored = restoreRevision(oldest('news', 'n3'), db, uploads);
    expect(restored.keptImages).toEqual(['Text']);
    expect(db.$client.prepare(`SELECT content FROM news WHERE id = 'n3'`).pluck().get()).toBe(
      `<p>Vor dem Spiel</p><p>Die Tore:</p><p><img alt="Jubel" src="${kept}"></p>`,
    );
  });

  it("judges an address written with the site's own host or a query as the upload it names", () => {
    // a browser's 'copy image address' of one of the site's images, and an address with a query
    const host = siteUrl().origin;
    const [gone, kept] = [upload('weg.jpg'), upload('bleibt.jpg')];
    seed(db, () => db.$client.prepare(`INSERT INTO news (id, title, content, image_url) VALUES ('n4', 'Alt', ?, ?)`).run(`<p><img src="${host}${gone}" alt="Aufwärmen"><img src="${kept}?v=2" alt="Jubel"></p>`, `${host}${gone}?v=2`));
    edit(`UPDATE news SET title = 'Neu', content = '<p>Kurz</p>', image_url = ? WHERE id = 'n4'`, kept);
    fs.rmSync(path.join(uploads, 'weg.jpg'));
    const restored = restoreRevision(oldest('news', 'n4'), db, uploads);
    expect(restored.keptImages.sort()).toEqual(['Bild', 'Text']);
    expect(db.$client.prepare(`SELECT title, content, image_url FROM news WHERE id = 'n4'`).get()).toEqual({
      title: 'Alt',
      content: `<p><img src="${kept}?v=2" alt="Jubel"></p>`,
      image_url: kept,
    });
  });

  it("leaves another site's '/uploads/' alone: it is none of ours", () => {
    const elsewhere = 'https://sponsor.example/uploads/weg.jpg';
    seed(db, () => db.$client.prepare(`INSERT INTO news (id, title, content, image_url) VALUES ('n5', 'Alt', ?, ?)`).run(`<p><img src="${elsewhere}" alt="Logo"></p>`, elsewhere));
    edit(`UPDATE news SET title = 'Neu', content = '<p>Kurz</p>', image_url = NULL WHERE id = 'n5'`);
    const restored = restoreRevision(oldest('news', 'n5'), db, uploads);
    expect(restored.keptImages).toEqual([]);
    expect(db.$client.prepare(`SELECT image_url FROM news WHERE id = 'n5'`).pluck().get()).toBe(elsewhere);
  });
});
