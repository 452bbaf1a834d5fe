import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, seed } from '../db/test-db';
import type { Db } from '../db/client';
import { homepageContent, matches, news } from '../db/schema';
import { NEWS_PAGE_SIZE, archivePageNumbers, listPageOfNews, newestNewsPage, archiveNewsPage } from '../content/news-archive';
import type { PublishedState } from './routes';
import { NEWS_LISTS } from './pseudo-tables';
import { affectedUrls, allUrls, changedLists } from './affected-urls';
import { newsListChanges } from './published-state';

let db: Db;
let siteDir: string;
beforeEach(() => {
  db = createTestDb();
  siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-routes-news-'));
});
afterEach(() => {
  db.$client.close();
  fs.rmSync(siteDir, { recursive: true, force: true });
});

/** `count` published articles, one a day from 2020-01-01 on: index 0 is the oldest. */
function articles(count: number): string[] {
  return seed(db, () =>
    Array.from({ length: count }, (_, i) =>
      db
        .insert(news)
        .values({ title: `Artikel ${i}`, content: 'Text', created_at: new Date(Date.UTC(2020, 0, 1 + i)).toISOString() })
        .returning()
        .get().id,
    ),
  );
}

/** What the site would show: each list page's file links to the articles it lists now. */
function publishedAsNow(extra: Record<string, string> = {}): PublishedState {
  const newest = (n: number) => newestNewsPage().items.slice(0, n).map((a) => `<a href="/news/${a.id}">`).join('');
  const files: Record<string, string> = { '/': newest(3), '/news': newest(6), '/news/alle': newest(1000), '/news/feed.xml': newest(50), '/news/alle.json': JSON.stringify(newestNewsPage().items.slice(6).map((a) => ({ id: a.id }))), ...extra };
  return { read: (url) => (url in files ? Buffer.from(files[url]) : null), exists: (url) => url in files, now: Date.UTC(2026, 10, 25) };
}

describe('news lists in pages (docs/decisions/039)', () => {
  it('keeps one to two pages on /news/alle and the rest in archive pages counted from the oldest', () => {
    const ids = articles(2 * NEWS_PAGE_SIZE + 7);
    // 107 articles: page 1 holds the 50 oldest, /news/alle the 57 newest
    expect(archivePageNumbers(db)).toEqual(['1']);
    expect(newestNewsPage().items).toHaveLength(NEWS_PAGE_SIZE + 7);
    expect(newestNewsPage().items[0].id).toBe(ids.at(-1));
    expect(archiveNewsPage(1)!.items.map((a) => a.id)).toEqual(ids.slice(0, NEWS_PAGE_SIZE).reverse());
    expect(archiveNewsPage(2)).toBeNull();
    expect(listPageOfNews(db, ids[0])).toBe('1');
    expect(listPageOfNews(db, ids.at(-1)!)).toBe('alle');
    expect(allUrls(db)).toContain('/news/seite/1');
  });

  it("finds each article's list page as the pages list them, ties of the same time by id, and none for an unpublished one", () => {
    const ids = articles(3 * NEWS_PAGE_SIZE + 1);
    // three articles of the same moment between the 49th and the 50th: their ids decide their order
    const same = new Date(Date.UTC(2020, 0, 49, 12)).toISOString();
    const tied = seed(db, () => [0, 1, 2].map((i) => db.insert(news).values({ title: `Gleichzeitig ${i}`, content: 'Text', created_at: same }).returning().get().id));
    const hidden = seed(db, () => db.insert(news).values({ title: 'Entwurf', content: 'Text', published: false }).returning().get().id);
    expect(listPageOfNews(db, hidden)).toBeNull();
    expect(listPageOfNews(db, 'gibt-es-nicht')).toBeNull();
    const listed = new Map<string, string>();
    for (const page of archivePageNumbers(db)) for (const a of archiveNewsPage(Number(page))!.items) listed.set(a.id, page);
    for (const a of newestNewsPage().items) listed.set(a.id, 'alle');
    expect(listed.size).toBe(ids.length + tied.length);
    for (const id of [...ids, ...tied]) expect(listPageOfNews(db, id), id).toBe(listed.get(id));
  });

  it("an old article's title edit republishes its own page and its archive page, none of the lists of the newest", () => {
    const ids = articles(2 * NEWS_PAGE_SIZE + 7);
    // past the newest 100 without a photo it has no share image of its own: none is drawn to answer 404
    const urls = affectedUrls(db, [{ table: 'news', key: ids[3] }], publishedAsNow());
    expect(urls.sort()).toEqual([`/news/${ids[3]}`, '/news/seite/1'].sort());
    // one still published (the line moved past it) is rendered again, which removes it
    const withImage = affectedUrls(db, [{ table: 'news', key: ids[3] }], publishedAsNow({ [`/teilen/news/${ids[3]}.png`]: 'PNG' }));
    expect(withImage).toContain(`/teilen/news/${ids[3]}.png`);
    // an article among the newest 100 keeps its image up to date
    expect(affectedUrls(db, [{ table: 'news', key: ids.at(-1)! }], publishedAsNow())).toContain(`/teilen/news/${ids.at(-1)}.png`);
  });

  it('an edit of the newest article reaches the home page, /news, /news/alle and the feed', () => {
    const ids = articles(20);
    const urls = affectedUrls(db, [{ table: 'news', key: ids.at(-1)! }], publishedAsNow());
    for (const url of ['/', '/news', '/news/alle', '/news/alle.json', '/news/feed.xml']) expect(urls).toContain(url);
  });

  it('an article taken off the home page republishes it: its published file still links to the article', () => {
    const ids = articles(20);
    const before = publishedAsNow();
    seed(db, () => db.update(news).set({ published: false }).run());
    // (every article unpublished: the newest is no longer among the newest three in the database)
    const urls = affectedUrls(db, [{ table: 'news', key: ids.at(-1)! }], before);
    expect(urls).toContain('/');
    expect(urls).toContain('/news');
  });

  it('a new article, one taken off and a deleted one move the lists: NEWS_LISTS, found from the page files on disk', () => {
    const [a, b] = articles(2);
    // a is on disk, b is not yet
    fs.mkdirSync(path.join(siteDir, 'news', a), { recursive: true });
    fs.writeFileSync(path.join(siteDir, 'news', a, 'index.html'), 'a');
    expect(newsListChanges(db, siteDir, [{ table: 'news', key: a }])).toEqual([]);
    // (keyed by the article: the archive keeps its number of pages, none)
    expect(newsListChanges(db, siteDir, [{ table: 'news', key: b }])).toEqual([{ table: NEWS_LISTS, key: b }]);
    seed(db, () => db.update(news).set({ published: false }).run());
    expect(newsListChanges(db, siteDir, [{ table: 'news', key: a }])).toEqual([{ table: NEWS_LISTS, key: a }]);
    expect(newsListChanges(db, siteDir, [{ table: 'news', key: 'gone' }])).toEqual([{ table: NEWS_LISTS, key: 'gone' }]);
    // NEWS_LISTS reaches every archive page, and lets the publisher look for archive pages that are gone
    articles(2 * NEWS_PAGE_SIZE + 50);
    const urls = affectedUrls(db, [{ table: NEWS_LISTS }], publishedAsNow());
    expect(urls).toEqual(expect.arrayContaining(['/news/seite/1', '/news/seite/2', '/news/alle', '/sitemap.xml', '/']));
    expect(changedLists([{ table: NEWS_LISTS }])).toContain('/news/seite/');
  });

  it('an article published or taken off reaches the archive pages from its place on; all of them when the number of pages moves or it is gone', () => {
    // 260 articles, the 10th not published: pages 1-4 hold the 200 oldest, /news/alle the 59 newest
    const ids = articles(5 * NEWS_PAGE_SIZE + 10);
    seed(db, () => db.update(news).set({ published: false }).where(eq(news.id, ids[9])).run());
    const publish = (url: string) => {
      fs.mkdirSync(path.join(siteDir, ...url.split('/')), { recursive: true });
      fs.writeFileSync(path.join(siteDir, ...url.split('/'), 'index.html'), 'x');
    };
    for (const page of archivePageNumbers(db)) publish(`/news/seite/${page}`);
    for (const id of ids) if (id !== ids[9]) publish(`/news/${id}`);
    const archivePages = (changes: Parameters<typeof affectedUrls>[1]) =>
      affectedUrls(db, changes, publishedAsNow())
        .filter((url) => url.startsWith('/news/seite/'))
        .sort();
    const listed = (id: string) => newsListChanges(db, siteDir, [{ table: 'news', key: id }]);

    // the 120th article taken off: pages 3 and 4 move by one, pages 1 and 2 stay
    seed(db, () => db.update(news).set({ published: false }).where(eq(news.id, ids[119])).run());
    expect(listed(ids[119])).toEqual([{ table: NEWS_LISTS, key: ids[119] }]);
    expect(archivePages(listed(ids[119]))).toEqual(['/news/seite/3', '/news/seite/4']);
    expect(archiveNewsPage(3)!.items[0].id).toBe(ids[151]);
    // a new article joins /news/alle: no archive page
    const fresh = seed(db, () => db.insert(news).values({ title: 'Neu', content: 'Text', created_at: '2026-12-02T10:00:00.000Z' }).returning().get().id);
    expect(archivePages(listed(fresh))).toEqual([]);
    // the 10th, not published so far, published: every page from the first on
    seed(db, () => db.update(news).set({ published: true }).where(eq(news.id, ids[9])).run());
    expect(archivePages(listed(ids[9]))).toEqual(['/news/seite/1', '/news/seite/2', '/news/seite/3', '/news/seite/4']);
    // a deleted one: its place is not known, every page
    seed(db, () => db.delete(news).where(eq(news.id, ids[200])).run());
    expect(archivePages(listed(ids[200]))).toHaveLength(4);
    // 50 articles taken off: a page fewer, and every page lists every page: all of them
    seed(db, () => db.update(news).set({ published: false }).where(inArray(news.id, ids.slice(150, 199))).run());
    expect(archivePageNumbers(db)).toHaveLength(3);
    expect(listed(ids[150])).toEqual([{ table: NEWS_LISTS }]);
    expect(archivePages(listed(ids[150]))).toEqual(['/news/seite/1', '/news/seite/2', '/news/seite/3']);
  });

  it("the first match stored or the last one deleted reaches a home page whose card is the spec's sample ('Vorbei' beside fixtures)", () => {
    const state = publishedAsNow({ '/': '<p>Startseite</p>' });
    const first = seed(db, () => db.insert(matches).values({ home_team: 'SV Kirchberg', away_team: 'SC Gleisdorf', match_date: '2025-03-01' }).returning().get());
    expect(affectedUrls(db, [{ table: 'matches', key: first.id }], state)).toContain('/');
    const second = seed(db, () => db.insert(matches).values({ home_team: 'SV Kirchberg', away_team: 'SV Feldbach', match_date: '2025-02-01' }).returning().get());
    expect(affectedUrls(db, [{ table: 'matches', key: second.id }], state)).not.toContain('/');
    seed(db, () => db.delete(matches).where(inArray(matches.id, [first.id, second.id])).run());
    expect(affectedUrls(db, [{ table: 'matches', key: first.id }], state)).toContain('/');
  });

  it("a match's score reaches the home page only when its next-match card names it or it is the last result, or was", () => {
    const [old, next] = seed(db, () =>
      [
        { match_date: '2024-03-01', status: 'finished', home_score: 1, away_score: 0 },
        { match_date: '2099-03-01', status: 'scheduled' },
      ].map((m) => db.insert(matches).values({ home_team: 'SV Kirchberg', away_team: 'SC Gleisdorf', ...m }).returning().get()),
    );
    const older = seed(db, () => db.insert(matches).values({ home_team: 'SV Kirchberg', away_team: 'SV Feldbach', match_date: '2023-03-01', status: 'finished', home_score: 2, away_score: 2 }).returning().get());
    const state = publishedAsNow({ '/': `<a href="/spiel/${old.id}">` });
    // a card never saved is the spec's sample, past beside the club's fixtures: it names their next match
    expect(affectedUrls(db, [{ table: 'matches', key: next.id }], state)).toContain('/');
    // the card is the admin's text: a fixture it does not name is not on the home page while the card's is to come
    seed(db, () => db.insert(homepageContent).values({ section_key: 'next_match', content: 'SV Kirchberg vs. Auswahl Oststeiermark', match_date: '2099-06-01' }).run());
    expect(affectedUrls(db, [{ table: 'matches', key: next.id }], state)).not.toContain('/');
    seed(db, () => db.update(homepageContent).set({ content: 'SV Kirchberg vs. SC Gleisdorf', match_date: '2099-03-01' }).where(eq(homepageContent.section_key, 'next_match')).run());
    expect(affectedUrls(db, [{ table: 'matches', key: next.id }], state)).toContain('/');
    expect(affectedUrls(db, [{ table: 'matches', key: next.id }], publishedAsNow({ '/': `<a href="/spiel/${next.id}">` }))).toContain('/');
    expect(affectedUrls(db, [{ table: 'matches', key: old.id }], state)).toContain('/');
    expect(affectedUrls(db, [{ table: 'matches', key: older.id }], state)).not.toContain('/');
    // without a view of the published site (a test, a script) every page that reads the table
    expect(affectedUrls(db, [{ table: 'matches', key: older.id }])).toContain('/');
  });
});
