// What the published site shows now, as far as deciding a job's pages needs it:
// a list page's file (does it link to the changed article?), and whether an
// article's page and share image are on disk (was it published? did it have
// one of the newest share images?). The site folder mirrors the database after
// every job, so comparing the two tells what a save changed without each
// writer (a save, a restore, the scheduler, an import) having to say so.
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { news } from '../db/schema';
import { archivePageNumbers } from '../content/news-archive';
import { recentNewsWithoutPhotoIn } from '../content/share';
import { fileForUrl, routeDeps, ROUTES, type Change, type PublishedState } from './routes';
import { FIXTURE_LISTS, NEWS_LISTS } from './pseudo-tables';
import { currentFixturesSeason } from './routes-fixtures';

/**
 * The published file of a URL as bytes; null when there is none or it cannot be read. Looked into as bytes
 * (the markers are ASCII): decoding the fixtures list (459 KB) as text was a quarter of a match job's
 * preparation (issue 16).
 */
export function readPublished(siteDir: string, url: string): Buffer | null {
  try {
    return fs.readFileSync(path.join(siteDir, fileForUrl(url)));
  } catch {
    return null;
  }
}

/** Whether a file of the URL is published. */
export const publishedFileExists = (siteDir: string, url: string) => {
  try {
    return fs.statSync(path.join(siteDir, fileForUrl(url))).isFile();
  } catch {
    return false;
  }
};

const newsChanges = (changes: Change[]) => changes.filter((c): c is Change & { key: string } => c.table === 'news' && c.key !== undefined);

/**
 * NEWS_LISTS when a news change published an article, took one off or deleted it:
 * its page on disk and its row disagree. (A change without key is every article.)
 * Keyed by the article while the archive keeps its number of pages (the pages from
 * its place on move, routes-news.ts); without key when that number moves, since
 * every archive page lists every page.
 */
export function newsListChanges(db: Db, siteDir: string, changes: Change[]): Change[] {
  if (changes.some((c) => c.table === NEWS_LISTS)) return [];
  if (changes.some((c) => c.table === 'news' && c.key === undefined)) return [{ table: NEWS_LISTS }];
  const moved = newsChanges(changes).filter((change) => {
    const row = db.select({ published: news.published }).from(news).where(eq(news.id, change.key)).get();
    return !row || row.published !== publishedFileExists(siteDir, `/news/${encodeURIComponent(change.key)}`);
  });
  if (moved.length === 0) return [];
  return archivePagesKept(db, siteDir) ? moved.map((change) => ({ table: NEWS_LISTS, key: change.key })) : [{ table: NEWS_LISTS }];
}

/** Whether the published archive has as many pages as the articles make now (its last one is there, none after it). */
function archivePagesKept(db: Db, siteDir: string): boolean {
  const pages = archivePageNumbers(db).length;
  return (pages === 0 || publishedFileExists(siteDir, `/news/seite/${pages}`)) && !publishedFileExists(siteDir, `/news/seite/${pages + 1}`);
}

/** Whether a changed article joined or left the newest articles with a share image (a photo added or removed). */
export function newsShareMoved(db: Db, siteDir: string, changes: Change[]): boolean {
  const keyed = newsChanges(changes);
  if (keyed.length === 0) return false;
  const recent = new Set(recentNewsWithoutPhotoIn(db));
  return keyed.some((c) => recent.has(c.key) !== publishedFileExists(siteDir, `/teilen/news/${encodeURIComponent(c.key)}.png`));
}

const LIST_TAG = '<ol class="match-list';
const SEASON_MARKER = /<ol class="match-list[^"]*" data-season="([^"]*)"/;

/**
 * The season a published fixtures list says it shows. Only the list's opening tag is decoded: the page's
 * structured data (every match of the season) comes before it.
 */
function seasonShown(html: Buffer): string | undefined {
  for (let at = html.indexOf(LIST_TAG); at >= 0; at = html.indexOf(LIST_TAG, at + 1)) {
    const shown = SEASON_MARKER.exec(html.toString('utf8', at, html.indexOf('>', at) + 1))?.[1];
    if (shown !== undefined) return shown;
  }
  return undefined;
}
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#34': '"', '#x27': "'" };
const unescapeAttribute = (value: string) => value.replace(/&(amp|lt|gt|quot|#39|#34|#x27);/g, (_, name: string) => ENTITIES[name]);

/**
 * FIXTURE_LISTS when the season the fixtures list shows moves (docs/decisions/041): a
 * match's result, date or deletion, a new day, or the end of a season's last match
 * (MATCH_END, two hours after its kick-off), ended one season and began the next.
 * The list's published file says which season it shows (data-season).
 */
export function fixtureSeasonChanges(db: Db, changes: Change[], published: PublishedState): Change[] {
  // checked after every change of the data the list reads (a leagues change too, which renders the list: it would
  // show a season turned since without this check)
  const list = ROUTES.find((route) => route.pattern === '/spielplan')!;
  const read = new Set(routeDeps(list, false).map((dep) => dep.table));
  if (changes.some((c) => c.table === FIXTURE_LISTS) || !changes.some((c) => read.has(c.table))) return [];
  const html = published.read('/spielplan');
  // not published yet: the job publishes it as it is now anyway
  if (html === null) return [];
  const shown = seasonShown(html);
  const now = currentFixturesSeason(db, published.now);
  return (shown === undefined ? null : unescapeAttribute(shown)) === now ? [] : [{ table: FIXTURE_LISTS }];
}

/** The URLs of the HTML files in the published site (for finding stale pages). */
export function listPublishedUrls(siteDir: string, under = ''): string[] {
  const urls: string[] = [];
  const walk = (dir: string, prefix: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (entry.isDirectory()) walk(path.join(dir, entry.name), `${prefix}/${entry.name}`);
      else if (entry.name === 'index.html') urls.push(prefix === '' ? '/' : prefix);
    }
  };
  const start = under.replace(/\/+$/, '');
  walk(path.join(siteDir, start), start);
  return urls;
}
