// news for the admin (admin-area.md §2, §4, §7): all news newest first, create
// (published by default, with the author), update, publish/hide, delete, and
// restore (the undo of a delete). Each write names the news row it changed, so
// exactly the pages showing it are republished. A news can be scheduled
// (issue 15): with a publish time still ahead it is stored unpublished, and
// the scheduled-news job (src/server/publish/scheduled-news.ts) flips
// `published` when a time is due.
import { and, desc, eq, gt, isNotNull, lte, min, or, sql } from 'drizzle-orm';
import { getDb, type Db } from '../../db/client';
import { RefusedWrite, write } from '../../db/write';
import { news } from '../../db/schema';
import type { Change } from '../../publish/routes';
import { appClock } from '../../clock';
import type { NewsData, NewsEntry, NewsListEntry } from '../../../lib/schemas/news';

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
  publish_at: row.publish_at,
  unpublish_at: row.unpublish_at,
});
const changed = (id: string): Change[] => [{ table: 'news', key: id }];
const now = () => new Date().toISOString();
/** The server's clock (its scheduler's): a fake one in the tests that move time. */
const clockNow = () => appClock().now();

/** What a save stores: the schema's output; the times may be left out (none). */
type NewsSave = Omit<NewsData, 'publish_at' | 'unpublish_at'> & Partial<Pick<NewsData, 'publish_at' | 'unpublish_at'>>;
type Schedule = { published: boolean; publish_at?: number | null; unpublish_at?: number | null };

/**
 * What a save stores of its times at `time`: a publish time ahead keeps the news
 * unpublished until then; one already past publishes now (and is not kept); an
 * unpublish time already past takes it off now.
 */
export function applySchedule<T extends Schedule>(input: T, time: number): T & { publish_at: number | null; unpublish_at: number | null } {
  let { published, publish_at = null, unpublish_at = null } = input;
  if (publish_at !== null) {
    published = publish_at <= time;
    if (published) publish_at = null;
  }
  if (unpublish_at !== null && unpublish_at <= time) {
    published = false;
    unpublish_at = null;
  }
  return { ...input, published, publish_at, unpublish_at };
}

/**
 * A save that publishes by a planned time already past (the form was opened before it, or the time typed
 * in was a few minutes ago) dates the article at that time, as the scheduler does (decision 030): the same
 * plan gives the same date whether it came by the scheduler or by the save.
 */
function datedByPlan(input: Schedule, saved: { published: boolean }, wasPublished: boolean): { created_at?: string } {
  return input.publish_at != null && saved.published && !wasPublished ? { created_at: new Date(input.publish_at).toISOString() } : {};
}

/**
 * The admin's list (admin-area.md: all news, newest first), without the texts: a big club's 10,000 texts were
 * about 40 MB serialised on each opening of the tab and after each save. The form loads one with getNews.
 */
export function listNews(db: Db = getDb()): NewsListEntry[] {
  return db
    .select({
      id: news.id,
      title: news.title,
      excerpt: news.excerpt,
      image_url: news.image_url,
      published: news.published,
      created_at: news.created_at,
      author_id: news.author_id,
      publish_at: news.publish_at,
      unpublish_at: news.unpublish_at,
    })
    .from(news)
    .orderBy(desc(news.created_at), desc(sql`rowid`))
    .all();
}

/** One news as the form edits it, or null when it is gone. */
export function getNews(id: string, db: Db = getDb()): NewsEntry | null {
  const row = db.select().from(news).where(eq(news.id, id)).get();
  return row ? entry(row) : null;
}

export function createNews(input: NewsSave, authorId: string | null, db: Db = getDb(), time = clockNow()) {
  return write(
    'news.createNews',
    () => {
      const saved = applySchedule(input, time);
      const row = db.insert(news).values({ ...saved, ...datedByPlan(input, saved, false), author_id: authorId }).returning().get();
      return { row: entry(row), changes: changed(row.id) };
    },
    db,
  );
}

export function updateNews(id: string, input: NewsSave, db: Db = getDb(), time = clockNow()) {
  return write(
    'news.updateNews',
    () => {
      const stored = db.select({ published: news.published }).from(news).where(eq(news.id, id)).get();
      if (!stored) throw new RefusedWrite(NEWS_NOT_FOUND, 'NOT_FOUND');
      const saved = applySchedule(input, time);
      const row = db.update(news).set({ ...saved, ...datedByPlan(input, saved, stored.published), updated_at: now() }).where(eq(news.id, id)).returning().get();
      if (!row) throw new RefusedWrite(NEWS_NOT_FOUND, 'NOT_FOUND');
      return { row: entry(row), changes: changed(id) };
    },
    db,
  );
}

/**
 * Publish or hide by hand: the hand wins over a plan. Publishing drops a
 * planned publish time; hiding drops both times (it stays hidden until someone
 * publishes or schedules it again).
 */
export function setNewsPublished(id: string, published: boolean, db: Db = getDb()) {
  return write(
    'news.setNewsPublished',
    () => {
      const times = published ? { publish_at: null } : { publish_at: null, unpublish_at: null };
      const row = db.update(news).set({ published, ...times, updated_at: now() }).where(eq(news.id, id)).returning().get();
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

const isDue = (time: number) =>
  or(and(isNotNull(news.publish_at), lte(news.publish_at, time)), and(isNotNull(news.unpublish_at), lte(news.unpublish_at, time)));

/**
 * The scheduler's part: every news whose publish or unpublish time has come by
 * `time` is published or taken off, and the time it used is cleared. When both
 * came while the server was down, the later one decides.
 */
export function applyDueNewsSchedules(time: number, db: Db = getDb()) {
  return write('news.schedule', (tx) => {
    const due = tx.select().from(news).where(isDue(time)).all();
    const published: string[] = [];
    const unpublished: string[] = [];
    for (const row of due) {
      const publishDue = row.publish_at !== null && row.publish_at <= time;
      const unpublishDue = row.unpublish_at !== null && row.unpublish_at <= time;
      const show = publishDue && (!unpublishDue || row.publish_at! > row.unpublish_at!);
      // an article scheduled for 24 December appears as of then: its date and its place in every list and
      // the feed are the publish time, not the day it was written (the pages date and sort by created_at)
      const appears = show && !row.published;
      tx.update(news)
        .set({
          published: show,
          ...(appears ? { created_at: new Date(row.publish_at!).toISOString() } : {}),
          ...(publishDue ? { publish_at: null } : {}),
          ...(unpublishDue ? { unpublish_at: null } : {}),
          updated_at: now(),
        })
        .where(eq(news.id, row.id))
        .run();
      (show ? published : unpublished).push(row.id);
    }
    return { published, unpublished, changes: due.flatMap((row) => changed(row.id)) };
  }, db);
}

/**
 * The earliest publish or unpublish time stored (after `after`, when given), or null. Each column by its
 * partial index (migration 0014): the scan before read every article's text on the way, on each news save.
 */
function earliestScheduled(db: Db, after: number | null): number | null {
  const earliest = (column: typeof news.publish_at | typeof news.unpublish_at) =>
    db
      .select({ time: min(column) })
      .from(news)
      .where(and(isNotNull(column), after === null ? undefined : gt(column, after)))
      .get()?.time ?? null;
  const times = [earliest(news.publish_at), earliest(news.unpublish_at)].filter((time): time is number => time !== null);
  return times.length > 0 ? Math.min(...times) : null;
}

/** The earliest publish or unpublish time of any news (past ones included: they are due), or null. */
export function earliestNewsSchedule(db: Db = getDb()): number | null {
  return earliestScheduled(db, null);
}

/** The earliest publish or unpublish time after `time`, or null. */
export function nextNewsScheduleAfter(time: number, db: Db = getDb()): number | null {
  return earliestScheduled(db, time);
}
