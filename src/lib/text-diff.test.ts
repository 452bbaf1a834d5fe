import { describe, expect, it } from 'vitest';
import { MAX_DIFF_CHARS, diffSide, diffText, sideText } from './text-diff';

describe('diffText', () => {
  it('marks the changed words, not the whole text', () => {
    expect(diffText('Der Verein gewinnt das Derby klar.', 'Der Verein verliert das Derby knapp.')).toEqual([
      { kind: 'same', text: 'Der Verein ' },
      { kind: 'removed', text: 'gewinnt' },
      { kind: 'added', text: 'verliert' },
      { kind: 'same', text: ' das Derby ' },
      { kind: 'removed', text: 'klar' },
      { kind: 'added', text: 'knapp' },
      { kind: 'same', text: '.' },
    ]);
  });

  it('equal texts are one unchanged piece; empty texts none', () => {
    expect(diffText('Gleich geblieben', 'Gleich geblieben')).toEqual([{ kind: 'same', text: 'Gleich geblieben' }]);
    expect(diffText('', '')).toEqual([]);
  });

  it('a text written from nothing is all added, one emptied all removed', () => {
    expect(diffText('', 'Neuer Bericht')).toEqual([{ kind: 'added', text: 'Neuer Bericht' }]);
    expect(diffText('Alter Bericht', '')).toEqual([{ kind: 'removed', text: 'Alter Bericht' }]);
  });

  it('keeps line breaks and umlauts, and words added at the end', () => {
    const segments = diffText('Training am Dienstag.\nTreffpunkt Sportplatz.', 'Training am Dienstag.\nTreffpunkt Sportplatz Größing, 18 Uhr.');
    expect(sideText(segments, 'before')).toBe('Training am Dienstag.\nTreffpunkt Sportplatz.');
    expect(sideText(segments, 'after')).toBe('Training am Dienstag.\nTreffpunkt Sportplatz Größing, 18 Uhr.');
    expect(segments.filter((s) => s.kind === 'added').map((s) => s.text).join('')).toContain('Größing');
    expect(segments[0]).toEqual({ kind: 'same', text: 'Training am Dienstag.\nTreffpunkt Sportplatz' });
  });

  it('treats markup as text (the view escapes it)', () => {
    const segments = diffText('<p>Hallo</p>', '<p>Hallo <script>alert(1)</script></p>');
    expect(sideText(segments, 'after')).toBe('<p>Hallo <script>alert(1)</script></p>');
    expect(segments.some((s) => s.kind === 'added' && s.text.includes('script'))).toBe(true);
  });

  it('compares very long texts whole instead of word by word', () => {
    const long = 'Wort '.repeat(MAX_DIFF_CHARS / 5);
    expect(diffText(long, `${long}mehr`)).toEqual([
      { kind: 'removed', text: long },
      { kind: 'added', text: `${long}mehr` },
    ]);
  });
});

describe('diffSide', () => {
  it('shows the older side without the added words and the newer without the removed', () => {
    const segments = diffText('eins zwei drei', 'eins vier drei');
    expect(diffSide(segments, 'before')).toEqual([
      { kind: 'same', text: 'eins ' },
      { kind: 'removed', text: 'zwei' },
      { kind: 'same', text: ' drei' },
    ]);
    expect(diffSide(segments, 'after')).toEqual([
      { kind: 'same', text: 'eins ' },
      { kind: 'added', text: 'vier' },
      { kind: 'same', text: ' drei' },
    ]);
  });
});
