// The content's uses of images are kept between askings (a big club's articles
// are 30 MB of text to search): what is asked after a change must still be the
// truth, whoever made the change, and a write that was rolled back leaves no
// trace in what is kept.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../db/client';
import { news } from '../db/schema';
import { seed } from '../db/test-db';
import { guardWrites, write } from '../db/write';
import { listTrash, purgeFromTrash } from '../revisions/trash';
import { addressesInVersions, mediaUses, whereUsed } from './usage';

let dir: string;
let db: Db;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-uses-'));
  db = guardWrites(openDatabase(path.join(dir, 'club.db')));
  seed(db, (tx) => {
    tx.insert(news).values({ id: 'n1', title: 'Sommerfest', content: '<p>Fest</p>', image_url: '/uploads/news/fest.png' }).run();
  });
});
afterEach(() => {
  db.$client.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const placesOf = (url: string) => whereUsed(db, url).map((use) => use.label);

describe("the content's uses of images, kept between askings", () => {
  it('are read once while nothing changes, and again after a save', () => {
    const first = mediaUses(db).get('/uploads/news/fest.png');
    expect(mediaUses(db).get('/uploads/news/fest.png')).toBe(first);

    write('test.image', (tx) => tx.update(news).set({ image_url: '/uploads/news/sieg.png' }).where(eq(news.id, 'n1')).run(), db);
    expect(placesOf('/uploads/news/fest.png')).toEqual([]);
    expect(placesOf('/uploads/news/sieg.png')).toEqual(['News „Sommerfest“']);
  });

  it('see a change another connection committed (a command, the sqlite3 shell: no versions kept there)', () => {
    expect(placesOf('/uploads/news/fest.png')).toEqual(['News „Sommerfest“']);
    const other = new Database(path.join(dir, 'club.db'));
    try {
      other.prepare(`UPDATE news SET content = '<p><img src="/uploads/news/feier.png"></p>' WHERE id = 'n1'`).run();
    } finally {
      other.close();
    }
    expect(placesOf('/uploads/news/feier.png')).toEqual(['News „Sommerfest“']);
  });

  it('keep nothing a rolled-back write saw, and see the next write in its place', () => {
    expect(() =>
      write(
        'test.rolledBack',
        (tx) => {
          tx.update(news).set({ image_url: '/uploads/news/verworfen.png' }).where(eq(news.id, 'n1')).run();
          // asked inside the write: its own change is seen there
          expect(placesOf('/uploads/news/verworfen.png')).toEqual(['News „Sommerfest“']);
          throw new Error('abgebrochen');
        },
        db,
      ),
    ).toThrow('abgebrochen');
    // the next write's version takes the id the rolled-back one had
    write('test.next', (tx) => tx.update(news).set({ image_url: '/uploads/news/neu.png' }).where(eq(news.id, 'n1')).run(), db);
    expect(placesOf('/uploads/news/verworfen.png')).toEqual([]);
    expect(placesOf('/uploads/news/neu.png')).toEqual(['News „Sommerfest“']);
  });

  it('add the trash to what is kept without changing it: a deleted article keeps its picture until the trash closes', () => {
    const kept = mediaUses(db).get('/uploads/news/fest.png');
    write('test.delete', (tx) => tx.delete(news).where(eq(news.id, 'n1')).run(), db);
    expect(placesOf('/uploads/news/fest.png')).toEqual(['Papierkorb: News „Sommerfest“']);
    expect(kept?.map((use) => use.label)).toEqual(['News „Sommerfest“']);
  });

  it('see a purge from the trash, which takes the newest versions away again', () => {
    // another article's version is the newest when the uses are asked
    seed(db, (tx) => tx.insert(news).values({ id: 'n2', title: 'Derby', content: '<p>Sieg</p>' }).run());
    expect(placesOf('/uploads/news/fest.png')).toEqual(['News „Sommerfest“']);
    expect(addressesInVersions(db).has('/uploads/news/fest.png')).toBe(true);
    write('test.delete', (tx) => tx.delete(news).where(eq(news.id, 'n1')).run(), db);
    const [entry] = listTrash(db);
    purgeFromTrash(entry.id, db);
    // the purged article is gone with every version of it: no place, no version names its picture
    expect(placesOf('/uploads/news/fest.png')).toEqual([]);
    expect(addressesInVersions(db).has('/uploads/news/fest.png')).toBe(false);
  });
});

describe('on a connection without the revision triggers (a preview copy)', () => {
  it('nothing is kept: its own writes are seen', () => {
    const plain = openDatabase(path.join(dir, 'club.db'));
    try {
      expect(whereUsed(plain, '/uploads/news/fest.png').map((use) => use.label)).toEqual(['News „Sommerfest“']);
      plain.$client.prepare(`UPDATE news SET image_url = '/uploads/news/vorschau.png' WHERE id = 'n1'`).run();
      expect(whereUsed(plain, '/uploads/news/vorschau.png').map((use) => use.label)).toEqual(['News „Sommerfest“']);
      expect(whereUsed(plain, '/uploads/news/fest.png')).toEqual([]);
    } finally {
      plain.$client.close();
    }
  });

});
