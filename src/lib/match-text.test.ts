import { describe, expect, it } from 'vitest';
import { parseMatchTeams } from './match-text';

describe('parseMatchTeams', () => {
  it("splits on ' vs. '", () => {
    expect(parseMatchTeams('SV Kirchberg vs. SC Gleisdorf')).toEqual({ home: 'SV Kirchberg', away: 'SC Gleisdorf' });
  });
  it("splits on 'VS'", () => {
    expect(parseMatchTeams('SV Kirchberg VS SC Gleisdorf')).toEqual({ home: 'SV Kirchberg', away: 'SC Gleisdorf' });
  });
  it('reads three lines as home, separator, away', () => {
    expect(parseMatchTeams('SV Kirchberg\n-\nSC Gleisdorf')).toEqual({ home: 'SV Kirchberg', away: 'SC Gleisdorf' });
  });
  it('keeps a single name as the home team', () => {
    expect(parseMatchTeams('Testspiel')).toEqual({ home: 'Testspiel', away: '' });
    expect(parseMatchTeams(null)).toEqual({ home: '', away: '' });
  });
});

import { matchDateText, matchTimeText } from './match-text';
describe('next-match details', () => {
  it("keeps a standalone 'VS' apart from names such as 'VSV'", () => {
    expect(parseMatchTeams('VSV VS KAC')).toEqual({ home: 'VSV', away: 'KAC' });
    expect(parseMatchTeams('SV KirchbergVSSC Gleisdorf')).toEqual({ home: 'SV Kirchberg', away: 'SC Gleisdorf' });
  });
  it('writes ISO dates in German and adds Uhr to clock times; free text stays', () => {
    expect(matchDateText('2026-11-29')).toBe('29. November 2026');
    expect(matchDateText('Samstag, 12. Oktober')).toBe('Samstag, 12. Oktober');
    expect(matchDateText(null)).toBe('');
    expect(matchTimeText('14:30')).toBe('14:30 Uhr');
    expect(matchTimeText('16:00 Uhr')).toBe('16:00 Uhr');
    expect(matchTimeText('')).toBe('');
  });
});
