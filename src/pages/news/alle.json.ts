// The articles of /news/alle after the first six, as the 'Alle News anzeigen'
// toggle needs them: published as a file, so the toggle costs no server work and
// the /news page itself stays small. Older articles are in the archive pages
// (src/server/content/news-archive.ts), so this file stays small too.
import type { APIRoute } from 'astro';
import { formatDate } from '../../lib/dates-de';
import type { NewsListItem } from '../../lib/news-list';
import { newsExcerpt } from '../../lib/text';
import { safeImageUrl } from '../../lib/urls';
import { responsiveImage } from '../../server/content/responsive-images';
import { imageAlt } from '../../server/media/alt';
import { NEWS_TEXTS } from '../../server/content/defaults';
import { newestNewsPage } from '../../server/content/news-archive';

export const GET: APIRoute = () => {
  const items: NewsListItem[] = newestNewsPage()
    .items.slice(NEWS_TEXTS.initialCount)
    .map((n) => {
      const image = safeImageUrl(n.image_url);
      return {
        id: n.id,
        title: n.title,
        excerpt: newsExcerpt(n.excerpt, n.content),
        image_url: image,
        ...responsiveImage(image, 'card'),
        alt: imageAlt(image),
        created_at: n.created_at,
        date: formatDate(n.created_at),
      };
    });
  return new Response(JSON.stringify(items), { headers: { 'content-type': 'application/json; charset=utf-8' } });
};
