// A DATA_DIR for the backup and restore tests: a database holding news titles and two uploads.
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase, type Db } from '../db/client';
import { news } from '../db/schema';
import { seed } from '../db/test-db';
import { guardWrites } from '../db/write';

/** `root/name` with a database holding `titles` (its connection open) and two uploads. */
export function makeDataDir(root: string, name: string, titles: string[]) {
  const dir = path.join(root, name);
  const db: Db = guardWrites(openDatabase(path.join(dir, 'club.db')));
  seed(db, () => titles.forEach((title) => db.insert(news).values({ title, content: `Text ${title}` }).run()));
  fs.mkdirSync(path.join(dir, 'uploads', 'news'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'uploads', 'logo.webp'), `bild-${name}`);
  fs.writeFileSync(path.join(dir, 'uploads', 'news', 'foto.webp'), Buffer.alloc(5000, name));
  const source = { dataDir: dir, dbFile: path.join(dir, 'club.db'), uploadsDir: path.join(dir, 'uploads') };
  return { dir, db, source };
}

/** The news titles in DATA_DIR's database, sorted. */
export function newsTitlesIn(dir: string): string[] {
  const db = openDatabase(path.join(dir, 'club.db'));
  try {
    return db.select({ title: news.title }).from(news).all().map((r) => r.title).sort();
  } finally {
    db.$client.close();
  }
}
