import type { APIRoute } from 'astro';
import { getDb } from '../server/db/client';
import { allUrls } from '../server/publish/affected-urls';
import { siteUrl } from '../server/config';
import { today } from '../server/content/today';
import { matchesByDate } from '../server/content/public-matches';

// pages a search engine should not list
const EXCLUDED = new Set(['/404', '/news/nicht-gefunden', '/news/alle', '/news/alle.json', '/news/feed.xml', '/spielplan.ics', '/sitemap.xml', '/robots.txt']);

/** Every published page (Astro's sitemap integration cannot see on-demand routes). */
export const GET: APIRoute = ({ locals }) => {
  // the paths are absolute and their ids encoded (routes.ts): the origin before each is its URL, where a
  // `new URL` for each of a big club's 14,000 took about 10 ms of a line-up's save
  const origin = siteUrl().origin;
  // pages only: no share images, icons or calendar files
  // without a match the fixtures show the spec's samples and say noindex (Fixtures.astro)
  const samplesOnly = !matchesByDate()?.length;
  const urls = allUrls(getDb(), today(locals).getTime()).filter(
    (u) => !EXCLUDED.has(u) && !u.startsWith('/mannschaften/') && !/\.[a-z0-9]+$/i.test(u) && !(samplesOnly && u === '/spielplan'),
  );
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls.map((u) => `<url><loc>${origin}${u}</loc></url>`).join('\n')}
</urlset>
`;
  return new Response(body, { headers: { 'content-type': 'application/xml; charset=utf-8' } });
};
