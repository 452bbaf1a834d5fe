import { describe, expect, it } from 'vitest';
import { formatDate, formatLongDate, formatShortDate } from './dates-de';

describe('German dates', () => {
  it('formats a calendar date as the same day whatever the time zone of the machine', () => {
    expect(formatDate('2025-01-10')).toBe('10. Januar 2025');
    expect(formatLongDate('2024-08-10')).toBe('Samstag, 10. August 2024');
    expect(formatShortDate('2024-08-10')).toBe('10.08.2024');
  });
  it('formats instants in Vienna time', () => {
    // 23:30 UTC on 31 Dec is already 1 January in Vienna
    expect(formatDate('2024-12-31T23:30:00Z')).toBe('1. Januar 2025');
  });
  it('returns an empty string for missing or broken values', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

import { viennaTimeToUtc } from './dates-de';
describe('viennaTimeToUtc', () => {
  it('knows summer and winter time', () => {
    expect(viennaTimeToUtc('2024-08-10', '16:00')?.toISOString()).toBe('2024-08-10T14:00:00.000Z');
    expect(viennaTimeToUtc('2025-01-10', '16:00')?.toISOString()).toBe('2025-01-10T15:00:00.000Z');
  });
  it('rejects broken input', () => {
    expect(viennaTimeToUtc('10.08.2024', '16:00')).toBeNull();
  });
});
