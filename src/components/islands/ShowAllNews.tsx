import { useState } from 'react';

type Item = { id: string; title: string; excerpt: string; image_url: string | null; created_at: string; date: string };

/**
 * 'Alle News anzeigen': a link to /news/alle that, with JavaScript, loads the
 * remaining articles from the published /news/alle.json in place instead.
 */
export default function ShowAllNews({ label, readMore, noImage }: { label: string; readMore: string; noImage: string }) {
  const [items, setItems] = useState<Item[] | null>(null);
  const [loading, setLoading] = useState(false);
  const load = async (event: React.MouseEvent) => {
    event.preventDefault();
    setLoading(true);
    try {
      const response = await fetch('/news/alle.json');
      if (!response.ok) throw new Error(String(response.status));
      setItems((await response.json()) as Item[]);
    } catch {
      window.location.href = '/news/alle';
    } finally {
      setLoading(false);
    }
  };
  if (items) {
    return (
      <div className="grid" style={{ marginTop: '1.25rem' }}>
        {items.map((item) => (
          <article className="card news-card" key={item.id}>
            <div className="card-media">
              {item.image_url ? <img src={item.image_url} alt="" loading="lazy" width={640} height={360} /> : <span>{noImage}</span>}
            </div>
            <div className="card-body">
              <time className="meta" dateTime={item.created_at}>
                {item.date}
              </time>
              <h3>{item.title}</h3>
              <p>{item.excerpt}</p>
              <a className="btn btn-outline" href={`/news/${item.id}`} style={{ marginTop: 'auto' }}>
                {readMore}
              </a>
            </div>
          </article>
        ))}
      </div>
    );
  }
  return (
    <p style={{ marginTop: '1.5rem', textAlign: 'center' }}>
      <a className="btn" href="/news/alle" onClick={(e) => void load(e)} aria-busy={loading}>
        {label}
      </a>
    </p>
  );
}
