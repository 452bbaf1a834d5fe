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
  it("reads the autumn change's repeated hour at its first occurrence (RFC 5545), the spring gap's hour after it", () => {
    // 25 Oct 2026: 03:00 summer time becomes 02:00 winter time; 02:30 happens at 00:30Z and at 01:30Z
    expect(viennaTimeToUtc('2026-10-25', '02:30')?.toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(viennaTimeToUtc('2026-10-25', '02:00')?.toISOString()).toBe('2026-10-25T00:00:00.000Z');
    expect(viennaTimeToUtc('2026-10-25', '01:59')?.toISOString()).toBe('2026-10-24T23:59:00.000Z');
    expect(viennaTimeToUtc('2026-10-25', '03:00')?.toISOString()).toBe('2026-10-25T02:00:00.000Z');
    // 29 Mar 2026: 02:00 winter time becomes 03:00 summer time; 02:30 does not exist and is read as 03:30
    expect(viennaTimeToUtc('2026-03-29', '02:30')?.toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(viennaTimeToUtc('2026-03-29', '03:00')?.toISOString()).toBe('2026-03-29T01:00:00.000Z');
  });
  it('rejects broken input', () => {
    expect(viennaTimeToUtc('10.08.2024', '16:00')).toBeNull();
  });
});

import { epochToViennaLocal, formatClockTime, formatDateTime, isSkippedViennaTime, viennaLocalToEpoch } from './dates-de';
describe('Vienna local times of the schedule fields', () => {
  it('reads a datetime-local value as Vienna wall clock in summer and winter, and back', () => {
    expect(new Date(viennaLocalToEpoch('2026-10-14T12:02')!).toISOString()).toBe('2026-10-14T10:02:00.000Z');
    expect(new Date(viennaLocalToEpoch('2026-12-24T18:30:45')!).toISOString()).toBe('2026-12-24T17:30:00.000Z');
    expect(epochToViennaLocal(Date.parse('2026-10-14T10:02:00Z'))).toBe('2026-10-14T12:02');
    expect(epochToViennaLocal(Date.parse('2026-12-24T23:30:00Z'))).toBe('2026-12-25T00:30');
  });

  it('refuses what is no real date or time', () => {
    for (const bad of ['2026-02-30T10:00', '2026-10-14T24:00', '2026-10-14 12:00', 'morgen', '2026-10-14T12:60']) {
      expect(viennaLocalToEpoch(bad)).toBeNull();
    }
  });

  it("refuses the hour the spring change skips (it was read as 03:30 without a word); the autumn's repeated one is its first", () => {
    expect(viennaLocalToEpoch('2026-03-29T02:30')).toBeNull();
    expect(isSkippedViennaTime('2026-03-29T02:30')).toBe(true);
    expect(isSkippedViennaTime('2026-03-29T03:30')).toBe(false);
    expect(isSkippedViennaTime('2026-02-30T02:30')).toBe(false);
    expect(isSkippedViennaTime('0202-05-01T12:00')).toBe(false);
    expect(viennaLocalToEpoch('0202-05-01T12:00')).toBeNull();
    expect(viennaLocalToEpoch('2026-03-29T02:00')).toBeNull();
    expect(new Date(viennaLocalToEpoch('2026-03-29T01:59')!).toISOString()).toBe('2026-03-29T00:59:00.000Z');
    expect(new Date(viennaLocalToEpoch('2026-03-29T03:00')!).toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(new Date(viennaLocalToEpoch('2026-10-25T02:30')!).toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });

  it('formats a moment with date and time in Vienna', () => {
    expect(formatDateTime(Date.parse('2026-10-14T10:02:00Z'))).toBe('14. Oktober 2026, 12:02 Uhr');
    expect(formatDateTime(null)).toBe('');
  });

  it('formats a moment of the next minutes as Vienna\'s clock to the second, in summer and winter', () => {
    expect(formatClockTime(Date.parse('2026-10-14T10:02:07Z'))).toBe('12:02:07');
    expect(formatClockTime(Date.parse('2026-12-07T23:05:09Z'))).toBe('00:05:09');
  });
});
