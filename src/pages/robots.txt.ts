import type { APIRoute } from 'astro';
import { siteUrl } from '../server/config';

// The news feed is named as a second sitemap: the sitemap has no dates (a date would make every news save
// republish it, 12,000 addresses for a big club), and search engines read an RSS feed's pubDate as one, so a
// new article is found at the next look at the feed instead of at the next full crawl.
export const GET: APIRoute = () => {
  const site = siteUrl();
  return new Response(
    `User-agent: *\nDisallow: /admin\nDisallow: /auth\nDisallow: /reset-password\nDisallow: /api/\n\nSitemap: ${new URL('/sitemap.xml', site).href}\nSitemap: ${new URL('/news/feed.xml', site).href}\n`,
    { headers: { 'content-type': 'text/plain; charset=utf-8' } },
  );
};
