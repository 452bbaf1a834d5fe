import type { APIRoute } from 'astro';
import { newsExcerpt } from '../../lib/text';
import { CLUB, NEWS_TEXTS } from '../../server/content/defaults';
import { publishedNews } from '../../server/content/public-content';
import { siteUrl } from '../../server/config';

const FEED_ITEMS = 50;
const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** RSS 2.0 of the newest published news. */
export const GET: APIRoute = () => {
  const site = siteUrl();
  const items = publishedNews(FEED_ITEMS);
  const link = (path: string) => new URL(path, site).href;
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
<channel>
<title>${xml(`News – ${CLUB.fullName}`)}</title>
<link>${link('/news')}</link>
<description>${xml(NEWS_TEXTS.intro)}</description>
<language>de-at</language>
<atom:link href="${link('/news/feed.xml')}" rel="self" type="application/rss+xml"/>
${items
  .map(
    (n) => `<item>
<title>${xml(n.title)}</title>
<link>${link(`/news/${n.id}`)}</link>
<guid isPermaLink="true">${link(`/news/${n.id}`)}</guid>
<pubDate>${new Date(n.created_at).toUTCString()}</pubDate>
<description>${xml(newsExcerpt(n.excerpt, n.content))}</description>${n.image_url ? `\n<enclosure url="${xml(link(n.image_url))}" type="image/webp" length="0"/>` : ''}
</item>`,
  )
  .join('\n')}
</channel>
</rss>
`;
  return new Response(body, { headers: { 'content-type': 'application/rss+xml; charset=utf-8' } });
};
