import { useEffect, useRef, useState } from 'react';
import type { NewsListItem } from '../../lib/news-list';

/**
 * 'Alle News anzeigen' (public-site.md §2 News list): a link to /news/alle that,
 * with JavaScript, loads the remaining articles from the published
 * /news/alle.json in place instead. While they load, the button reads the
 * spec's 'News werden geladen...'.
 */
export default function ShowAllNews({
  label,
  loadingLabel,
  readMore,
  noImage,
}: {
  label: string;
  loadingLabel: string;
  readMore: string;
  noImage: string;
}) {
  const [items, setItems] = useState<NewsListItem[] | null>(null);
  const [loading, setLoading] = useState(false);
  const firstNew = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    // keyboard users continue at the first article that appeared
    if (items && items.length > 0) firstNew.current?.focus();
  }, [items]);
  const load = async (event: React.MouseEvent) => {
    event.preventDefault();
    if (loading) return;
    setLoading(true);
    try {
      const response = await fetch('/news/alle.json');
      if (!response.ok) throw new Error(String(response.status));
      setItems((await response.json()) as NewsListItem[]);
      setLoading(false);
    } catch {
      // offline or not yet published: the page with every article instead
      window.location.href = '/news/alle';
    }
  };
  if (items) {
    return (
      <div className="grid news-more" style={{ marginTop: '1.25rem' }}>
        {items.map((item, index) => (
          <article className="card news-card" key={item.id}>
            <div className="card-media">
              {item.image_url ? (
                // the WebP copies as a <source>, as Photo.astro writes them: a browser without WebP shows the original
                <picture>
                  {item.srcset && <source type="image/webp" srcSet={item.srcset} sizes={item.sizes} />}
                  <img src={item.image_url} alt={item.alt ?? ''} loading="lazy" decoding="async" width={640} height={360} />
                </picture>
              ) : (
                <span className="no-image">{noImage}</span>
              )}
            </div>
            <div className="card-body">
              <time className="meta" dateTime={item.created_at}>
                {item.date}
              </time>
              <h2>{item.title}</h2>
              <p className="excerpt">{item.excerpt}</p>
              <a
                className="btn btn-outline"
                href={`/news/${encodeURIComponent(item.id)}`}
                style={{ marginTop: 'auto' }}
                aria-label={`${readMore}: ${item.title.slice(0, 200)}`}
                ref={index === 0 ? firstNew : undefined}
              >
                {readMore}
              </a>
            </div>
          </article>
        ))}
      </div>
    );
  }
  return (
    <p style={{ marginTop: '1.5rem', textAlign: 'center' }} aria-live="polite">
      <a className="btn show-all-news" href="/news/alle" onClick={(e) => void load(e)} aria-busy={loading} aria-disabled={loading}>
        {loading ? loadingLabel : label}
      </a>
    </p>
  );
}
