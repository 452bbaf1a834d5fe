// news for the admin (admin-area.md §2, §4, §7): all news newest first, create
// (published by default, with the author), update, publish/hide, delete, and
// restore (the undo of a delete). Each write names the news row it changed, so
// exactly the pages showing it are republished.
import { desc, eq, sql } from 'drizzle-orm';
import { getDb, type Db } from '../../db/client';
import { RefusedWrite, write } from '../../db/write';
import { news, users } from '../../db/schema';
import type { Change } from '../../publish/routes';
import type { NewsData, NewsEntry } from '../../../lib/schemas/news';

export const NEWS_NOT_FOUND = 'Diese News existiert nicht mehr.';

type NewsRow = typeof news.$inferSelect;
const entry = (row: NewsRow): NewsEntry => ({
  id: row.id,
  title: row.title,
  content: row.content,
  excerpt: row.excerpt,
  image_url: row.image_url,
  published: row.published,
  created_at: row.created_at,
  author_id: row.author_id,
});
const changed = (id: string): Change[] => [{ table: 'news', key: id }];
const now = () => new Date().toISOString();

export function listNews(db: Db = getDb()): NewsEntry[] {
  return db.select().from(news).orderBy(desc(news.created_at), desc(sql`rowid`)).all().map(entry);
}

export function createNews(input: NewsData, authorId: string | null, db: Db = getDb()) {
  return write(
    'news.createNews',
    () => {
      const row = db.insert(news).values({ ...input, author_id: authorId }).returning().get();
      return { row: entry(row), changes: changed(row.id) };
    },
    db,
  );
}

export function updateNews(id: string, input: NewsData, db: Db = getDb()) {
  return write(
    'news.updateNews',
    () => {
      const row = db.update(news).set({ ...input, updated_at: now() }).where(eq(news.id, id)).returning().get();
      if (!row) throw new RefusedWrite(NEWS_NOT_FOUND, 'NOT_FOUND');
      return { row: entry(row), changes: changed(id) };
    },
    db,
  );
}

export function setNewsPublished(id: string, published: boolean, db: Db = getDb()) {
  return write(
    'news.setNewsPublished',
    () => {
      const row = db.update(news).set({ published, updated_at: now() }).where(eq(news.id, id)).returning().get();
      if (!row) throw new RefusedWrite(NEWS_NOT_FOUND, 'NOT_FOUND');
      return { row: entry(row), changes: changed(id) };
    },
    db,
  );
}

/** Deletes and returns the row as it was, so that the admin can undo it. */
export function deleteNews(id: string, db: Db = getDb()) {
  return write(
    'news.deleteNews',
    () => {
      const row = db.delete(news).where(eq(news.id, id)).returning().get();
      if (!row) throw new RefusedWrite(NEWS_NOT_FOUND, 'NOT_FOUND');
      return { row: entry(row), changes: changed(id) };
    },
    db,
  );
}

/** Puts a deleted news back with its id, date and author (the author only if that user still exists). */
export function restoreNews(
  snapshot: NewsData & { id: string; created_at: string; author_id: string | null },
  db: Db = getDb(),
) {
  return write('news.restoreNews', (tx) => {
    if (tx.select({ id: news.id }).from(news).where(eq(news.id, snapshot.id)).get()) {
      throw new RefusedWrite('Diese News existiert bereits.');
    }
    const author =
      snapshot.author_id && tx.select({ id: users.id }).from(users).where(eq(users.id, snapshot.author_id)).get()
        ? snapshot.author_id
        : null;
    const row = tx.insert(news).values({ ...snapshot, author_id: author }).returning().get();
    return { row: entry(row), changes: changed(row.id) };
  }, db);
}
