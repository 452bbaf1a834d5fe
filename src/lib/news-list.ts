// One article of /news/alle.json: what the 'Alle News anzeigen' toggle shows
// (published by src/pages/news/alle.json.ts, read by ShowAllNews).
export type NewsListItem = {
  id: string;
  title: string;
  excerpt: string;
  image_url: string | null;
  /** the WebP copies of an upload, as on the server-rendered cards */
  srcset?: string;
  sizes?: string;
  /** the alt text stored with the image in the media library ('' when none: the card's headline says it) */
  alt?: string;
  created_at: string;
  date: string;
};
