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
