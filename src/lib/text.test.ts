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

describe('a cut through an emoji', () => {
  const halfPair = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])/;
  it('leaves no half of it: the excerpt ends before the emoji the 150th unit splits, as a title clipped', () => {
    const excerpt = newsExcerpt(null, `${'a'.repeat(149)}🎉 weiter geht's`);
    expect(excerpt).not.toMatch(halfPair);
    expect(excerpt).toBe(`${'a'.repeat(149)}…`);
    // written as UTF-8, nothing is replaced by '�'
    expect(Buffer.from(excerpt).toString()).toBe(excerpt);
    const title = clip(`${'b'.repeat(68)}🏆🏆`, 70);
    expect(title).not.toMatch(halfPair);
    expect(title).toBe(`${'b'.repeat(68)}…`);
    // a whole emoji before the cut stays
    expect(newsExcerpt(null, `${'a'.repeat(148)}🎉 weiter`)).toBe(`${'a'.repeat(148)}🎉…`);
  });
});
