// Part of the route registry (routes.ts): the news lists (the home page's newest three are in routes.ts).
// An article's edit republishes a list only where the list shows it: now (the database) or before
// (its published file links to the article, `rowMarker`). Whether it is published at all, its order and
// the archive's page boundaries change only with NEWS_LISTS (see newsListChanges in published-state.ts).
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { news } from '../db/schema';
import { NEWS_TEXTS } from '../content/defaults';
import { archivePageNumbers, archivePagesFrom, listPageOfNews } from '../content/news-archive';
import type { Dep, RouteDef } from './routes';
import { NEWS_LISTS } from './pseudo-tables';

// function declarations, not consts: routes.ts and this file import each other

/** Whether the article is one of the newest `count` published. */
export function amongNewest(count: number) {
  return (db: Db, change: { table: string; key: string }) =>
    change.table !== 'news' ||
    db.select({ id: news.id }).from(news).where(eq(news.published, true)).orderBy(desc(news.created_at), desc(news.id)).limit(count).all().some((r) => r.id === change.key);
}

/** Where the published file shows an article: its link. */
export function newsLink(change: { table: string; key: string }): string | null {
  return change.table === 'news' ? `/news/${encodeURIComponent(change.key)}` : null;
}

function onNewestPage(db: Db, change: { table: string; key: string }): boolean {
  return change.table !== 'news' || listPageOfNews(db, change.key) === 'alle';
}

export function newsListRoutes(): RouteDef[] {
  const deps: Dep[] = [{ table: 'news' }, { table: NEWS_LISTS }];
  return [
    { pattern: '/news', layout: true, deps, showsRow: amongNewest(NEWS_TEXTS.initialCount), rowMarker: newsLink },
    // the articles of /news/alle after the first six as one JSON file: what 'Alle News anzeigen' loads
    { pattern: '/news/alle.json', layout: false, deps, showsRow: onNewestPage, rowMarker: (c) => (c.table === 'news' ? `"${c.key}"` : null) },
    // the newest articles as a page: where the button leads without JavaScript
    { pattern: '/news/alle', layout: true, deps, showsRow: onNewestPage, rowMarker: newsLink },
    // the older ones, NEWS_PAGE_SIZE a page from the oldest (docs/decisions/039)
    {
      pattern: '/news/seite/:id',
      layout: true,
      deps,
      params: archivePageNumbers,
      listedFrom: 'news',
      listChangedBy: NEWS_LISTS,
      idsForRow: (db, change) => {
        // an article published or taken off while the number of pages stays (newsListChanges): the pages
        // from its place on, not all 200 of a big club's for each new article
        if (change.table === NEWS_LISTS) return archivePagesFrom(db, change.key);
        if (change.table !== 'news') return undefined;
        const page = listPageOfNews(db, change.key);
        return page === null || page === 'alle' ? [] : [page];
      },
    },
    { pattern: '/news/feed.xml', layout: false, deps: [...deps, { table: 'club_settings' }], showsRow: amongNewest(NEWS_TEXTS.feedCount), rowMarker: newsLink },
  ];
}
