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
