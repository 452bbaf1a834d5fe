import { describe, expect, it } from 'vitest';
import { mediaMatches, mediaName } from './media';

// The library's search (the 'Medien' tab and every image field's picker) reads file names as people do.
const imported = { url: '/uploads/alt/Spieler%20M%C3%BCller.jpg', alt: '', uses: [] };
const uploaded = { url: '/uploads/news/ab12cd.webp', alt: 'Die Kampfmannschaft jubelt', uses: [{ table: 'news', id: '1', label: 'News „Derbysieg“ (Bild)', field: 'image_url' }] };

describe('mediaMatches', () => {
  it('finds an imported file by its name with umlaut and space, as typed', () => {
    expect(mediaName(imported.url)).toBe('alt/Spieler Müller.jpg');
    expect(mediaMatches(imported, 'Müller')).toBe(true);
    expect(mediaMatches(imported, 'spieler mü')).toBe(true);
    // 'ü' typed as u + combining diaeresis (some keyboards, pasted text)
    expect(mediaMatches(imported, 'Mu\u0308ller')).toBe(true);
    expect(mediaMatches(uploaded, 'Müller')).toBe(false);
  });

  it('finds by alt text and by a place of use, regardless of case; an empty search matches all', () => {
    expect(mediaMatches(uploaded, 'KAMPFMANNSCHAFT')).toBe(true);
    expect(mediaMatches(uploaded, 'derbysieg')).toBe(true);
    expect(mediaMatches(imported, 'derbysieg')).toBe(false);
    expect(mediaMatches(imported, '   ')).toBe(true);
  });

  it('a name that is not valid percent-encoding is searched as it stands', () => {
    const odd = { url: '/uploads/alt/100%25-50%.png', alt: '', uses: [] };
    expect(mediaName(odd.url)).toBe('/uploads/alt/100%25-50%.png');
    expect(mediaMatches(odd, '50%')).toBe(true);
  });
});
