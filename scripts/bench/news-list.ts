// The news list's page weight (issue 16, big club): every published HTML page of
// the list, whatever its pagination is called: /news, /news/alle and any page
// under /news/ that is not an article (articles are /news/<uuid>) or the
// not-found page. Each is fetched from our server at its brotli size.
import { listPublishedUrls } from '../../src/server/publish/published-state';
import { brotliSize } from './weight';

const NOT_LISTS = /^\/news\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|nicht-gefunden)(\/|$)/;

/** URLs of the news list's HTML pages in the published folder. */
export function publishedNewsListUrls(siteDir: string): string[] {
  return listPublishedUrls(siteDir, '/news')
    .filter((url) => !NOT_LISTS.test(url))
    .sort();
}

export type NewsListWeight = {
  /** every list page found, with its HTML size at brotli */
  pages: { route: string; htmlBytesBr: number; status: number }[];
  heaviest: { route: string; htmlBytesBr: number } | null;
};

export async function measureNewsList(siteDir: string, base: string): Promise<NewsListWeight> {
  const pages: NewsListWeight['pages'] = [];
  for (const route of publishedNewsListUrls(siteDir)) {
    const { bytes, status } = await brotliSize(base + route);
    pages.push({ route, htmlBytesBr: bytes, status });
  }
  const heaviest = pages.reduce<NewsListWeight['heaviest']>((max, p) => (max === null || p.htmlBytesBr > max.htmlBytesBr ? { route: p.route, htmlBytesBr: p.htmlBytesBr } : max), null);
  return { pages, heaviest };
}
