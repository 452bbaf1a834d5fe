// The published news in pages (issue 16, docs/decisions/039-news-archive-pages.md).
// /news/alle shows the newest articles; the older ones are in archive pages
// /news/seite/{n} of NEWS_PAGE_SIZE each, counted from the OLDEST article. A new
// article therefore changes /news/alle only, a title edit one page, and no page's
// address moves when the club writes more: a big club's list stays a few
// kilobytes per page instead of one file that grows by every article.
import { and, asc, count, eq, lt, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { news } from '../db/schema';
import { readOr, type NewsRow } from './public-content';

export const NEWS_PAGE_SIZE = 50;

/**
 * How many archive pages there are for this many published articles: /news/alle
 * keeps between one and two pages' worth (all of them below two pages), the rest
 * fill whole archive pages from the oldest.
 */
export function archivePageCount(published: number): number {
  return published < 2 * NEWS_PAGE_SIZE ? 0 : Math.floor(published / NEWS_PAGE_SIZE) - 1;
}

/** The archive pages that exist now, as their numbers ('1' is the oldest). */
export function archivePageNumbers(db: Db): string[] {
  const pages = archivePageCount(publishedCount(db));
  return Array.from({ length: pages }, (_, i) => String(i + 1));
}

/** Where an article is listed now: an archive page's number, 'alle' for /news/alle, null when it is not published. */
export function listPageOfNews(db: Db, id: string): string | null {
  const row = db.select({ created_at: news.created_at, published: news.published }).from(news).where(eq(news.id, id)).get();
  if (!row?.published) return null;
  const pages = archivePageCount(publishedCount(db));
  const page = Math.floor(olderPublished(db, id, row.created_at) / NEWS_PAGE_SIZE) + 1;
  return page <= pages ? String(page) : 'alle';
}

/**
 * The archive pages whose articles move when this article is published or taken off, while the number of
 * pages stays: those from its place on (none for a new article, which joins /news/alle). Undefined when
 * the article is gone (its place is not known any more).
 */
export function archivePagesFrom(db: Db, id: string): string[] | undefined {
  const row = db.select({ created_at: news.created_at }).from(news).where(eq(news.id, id)).get();
  if (!row) return undefined;
  const first = Math.floor(olderPublished(db, id, row.created_at) / NEWS_PAGE_SIZE) + 1;
  return archivePageNumbers(db).slice(first - 1);
}

/**
 * An article's place, oldest first: the published articles before it, counted by SQLite
 * (news_published_created_id). A save asks this for three list pages, and reading 10,000 ids into an array each
 * time cost a big club's news edit 75 ms.
 */
const olderPublished = (db: Db, id: string, createdAt: string): number =>
  db
    .select({ n: count() })
    .from(news)
    .where(and(eq(news.published, true), or(lt(news.created_at, createdAt), and(eq(news.created_at, createdAt), lt(news.id, id)))))
    .get()?.n ?? 0;

export type NewsListPage = {
  /** newest first */
  items: NewsRow[];
  /** the number of archive pages */
  pages: number;
};

/** What /news/alle shows: the newest articles down to the last archive page. */
export function newestNewsPage(): NewsListPage {
  return readOr('news list', { items: [], pages: 0 } as NewsListPage, (db) => {
    const total = publishedCount(db);
    const pages = archivePageCount(total);
    return { items: oldestFirstSlice(db, pages * NEWS_PAGE_SIZE, total).reverse(), pages };
  });
}

/** One archive page (1 = the oldest articles), newest first; null when there is no such page. */
export function archiveNewsPage(page: number): NewsListPage | null {
  return readOr(`news archive page ${page}`, null as NewsListPage | null, (db) => {
    const pages = archivePageCount(publishedCount(db));
    if (!Number.isInteger(page) || page < 1 || page > pages) return null;
    return { items: oldestFirstSlice(db, (page - 1) * NEWS_PAGE_SIZE, NEWS_PAGE_SIZE).reverse(), pages };
  });
}

/** How many archive pages there are now (0 when the articles cannot be read). */
export function archivePages(): number {
  return readOr('news archive pages', 0, (db) => archivePageCount(publishedCount(db)));
}

const publishedCount = (db: Db): number =>
  db.select({ n: count() }).from(news).where(eq(news.published, true)).get()?.n ?? 0;

/** Published articles oldest first, from `offset` on: only the rows of one page are read, not the whole table. */
const oldestFirstSlice = (db: Db, offset: number, limit: number): NewsRow[] =>
  db.select().from(news).where(eq(news.published, true)).orderBy(asc(news.created_at), asc(news.id)).limit(limit).offset(offset).all();
