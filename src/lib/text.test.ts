import { describe, expect, it } from 'vitest';
import { newsExcerpt, paragraphs } from './text';

describe('newsExcerpt', () => {
  it('prefers the excerpt', () => {
    expect(newsExcerpt('Kurz', 'Lang'.repeat(100))).toBe('Kurz');
  });
  it('falls back to the first 150 characters plus an ellipsis', () => {
    const content = 'a'.repeat(200);
    expect(newsExcerpt(null, content)).toBe(`${'a'.repeat(150)}…`);
    expect(newsExcerpt('  ', 'kurzer Text')).toBe('kurzer Text');
  });
});

describe('paragraphs', () => {
  it('splits at blank lines and keeps single line breaks', () => {
    expect(paragraphs('Die Gründung\n1950 …\n\n\nZweiter')).toEqual(['Die Gründung\n1950 …', 'Zweiter']);
  });
});

import { clip } from './text';
describe('clip', () => {
  it('keeps short text and makes one line of it', () => {
    expect(clip('  Kurz\nund gut ', 70)).toBe('Kurz und gut');
    expect(clip(null, 10)).toBe('');
  });
  it('cuts long text at a word and ends it with an ellipsis', () => {
    const out = clip('Der Verein feiert sein hundertjähriges Bestehen mit einem großen Fest', 40);
    expect(out).toBe('Der Verein feiert sein hundertjähriges…');
    expect(out.length).toBeLessThanOrEqual(40);
    expect(clip('x'.repeat(5000), 160)).toHaveLength(160);
  });
});
