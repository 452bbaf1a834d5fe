import { describe, expect, it } from 'vitest';
import { AA, contrastRatio, formatRatio, readableOn, textOn } from './contrast';

describe('contrast (WCAG 2.1)', () => {
  it('measures as WCAG does: black on white 21:1, the default blue 8.7:1, grey #6b7280 on #f3f4f6 4.39:1', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#1e40af', '#ffffff')).toBeCloseTo(8.72, 2);
    expect(contrastRatio('#6b7280', '#f3f4f6')).toBeCloseTo(4.39, 2);
    expect(formatRatio(4.391)).toBe('4,4:1');
  });

  it('a light colour gets a darker variant that reaches AA on white; a dark one stays as it is', () => {
    const yellow = readableOn('#fde047');
    expect(contrastRatio(yellow, '#ffffff')).toBeGreaterThanOrEqual(AA);
    expect(readableOn('#1e40af')).toBe('#1e40af');
  });

  it('text on a colour is white or near-black, whichever reads', () => {
    expect(textOn('#1e40af')).toBe('#ffffff');
    expect(textOn('#fde047')).toBe('#111827');
  });
});
