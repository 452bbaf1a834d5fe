// RSS 2.0 of the newest published news, linked from /news.
import type { APIRoute } from 'astro';
import { newsExcerpt } from '../../lib/text';
import { escapeXml } from '../../lib/xml-text';
import { safeImageUrl } from '../../lib/urls';
import { NEWS_TEXTS } from '../../server/content/defaults';
import { clubIdentity, forClub } from '../../server/content/club';
import { publishedNews } from '../../server/content/public-content';
import { siteUrl } from '../../server/config';

const xml = escapeXml;

const IMAGE_TYPES: Record<string, string> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif', avif: 'image/avif' };
const imageType = (url: string) => IMAGE_TYPES[/\.([a-z0-9]+)(?:[?#]|$)/i.exec(url)?.[1]?.toLowerCase() ?? ''] ?? 'image/jpeg';

export const GET: APIRoute = () => {
  const site = siteUrl();
  const items = publishedNews(NEWS_TEXTS.feedCount);
  const link = (path: string) => new URL(path, site).href;
  const newest = items[0]?.created_at;
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
<channel>
<title>${xml(`News – ${clubIdentity().longName}`)}</title>
<link>${xml(link('/news'))}</link>
<description>${xml(forClub(NEWS_TEXTS.intro))}</description>
<language>de</language>${newest ? `\n<lastBuildDate>${new Date(newest).toUTCString()}</lastBuildDate>` : ''}
<atom:link href="${xml(link('/news/feed.xml'))}" rel="self" type="application/rss+xml"/>
${items
  .map((n) => {
    const url = link(`/news/${encodeURIComponent(n.id)}`);
    const image = safeImageUrl(n.image_url);
    return `<item>
<title>${xml(n.title)}</title>
<link>${xml(url)}</link>
<guid isPermaLink="true">${xml(url)}</guid>
<pubDate>${new Date(n.created_at).toUTCString()}</pubDate>
<description>${xml(newsExcerpt(n.excerpt, n.content))}</description>${image ? `\n<enclosure url="${xml(link(image))}" type="${imageType(image)}" length="0"/>` : ''}
</item>`;
  })
  .join('\n')}
</channel>
</rss>
`;
  return new Response(body, { headers: { 'content-type': 'application/rss+xml; charset=utf-8' } });
};
