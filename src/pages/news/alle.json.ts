// Every published article after the first six, as the 'Alle News anzeigen'
// toggle needs them: published as a file, so the toggle costs no server work and
// the /news page itself stays small however many articles there are.
import type { APIRoute } from 'astro';
import { formatDate } from '../../lib/dates-de';
import type { NewsListItem } from '../../lib/news-list';
import { newsExcerpt } from '../../lib/text';
import { safeImageUrl } from '../../lib/urls';
import { responsiveImage } from '../../server/content/responsive-images';
import { imageAlt } from '../../server/media/alt';
import { NEWS_TEXTS } from '../../server/content/defaults';
import { publishedNews } from '../../server/content/public-content';

export const GET: APIRoute = () => {
  const items: NewsListItem[] = publishedNews()
    .slice(NEWS_TEXTS.initialCount)
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
