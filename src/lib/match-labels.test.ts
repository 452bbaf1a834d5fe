import { describe, expect, it } from 'vitest';
import { matchPlace, matchStatusLabel, matchTypeLabel, scoreText } from './match-labels';

describe('match labels', () => {
  it('labels the statuses as the spec says', () => {
    expect(['upcoming', 'scheduled', 'live', 'finished', 'cancelled', 'postponed'].map(matchStatusLabel)).toEqual([
      'Geplant',
      'Geplant',
      'Live',
      'Beendet',
      'Abgesagt',
      'Verschoben',
    ]);
    expect(matchStatusLabel('Halbzeit')).toBe('Halbzeit');
  });
  it('labels the match types', () => {
    expect([matchTypeLabel('league'), matchTypeLabel('cup'), matchTypeLabel('friendly'), matchTypeLabel(null)]).toEqual([
      'Liga',
      'Pokal',
      'Freundschaft',
      'Freundschaft',
    ]);
  });
  it('shows a score or -:-', () => {
    expect(scoreText(2, 0)).toBe('2:0');
    expect(scoreText(null, 1)).toBe('-:-');
  });

  it("names our ground for a home match without a location, never for an away match", () => {
    const club = { homeGround: 'Waldstadion Musterdorf', longName: 'FC Musterdorf 1920', shortName: 'FC Musterdorf' };
    const match = { location: null, team_side: null, home_team: 'FC Musterdorf 1920', away_team: 'Heimverein <Nord>' };
    expect(matchPlace({ ...match, location: ' Sportplatz Nord ' }, club)).toEqual({ name: 'Sportplatz Nord', address: 'Sportplatz Nord' });
    expect(matchPlace({ ...match, team_side: 'home' }, club)).toEqual({ name: 'Waldstadion Musterdorf', address: 'Waldstadion Musterdorf' });
    expect(matchPlace({ ...match, team_side: 'away' }, club)).toEqual({ name: 'Heimplatz von FC Musterdorf 1920', address: null });
    // without a side: by the club's name among the two
    expect(matchPlace({ ...match, home_team: 'Heimverein <Nord>', away_team: 'FC Musterdorf 1b' }, club)).toEqual({ name: 'Heimplatz von Heimverein <Nord>', address: null });
    expect(matchPlace(match, club)).toEqual({ name: 'Waldstadion Musterdorf', address: 'Waldstadion Musterdorf' });
    expect(matchPlace(match, { ...club, homeGround: null })).toEqual({ name: 'FC Musterdorf 1920', address: 'FC Musterdorf 1920' });
    // a short name inside another club's name is not ours: 'Union' at 'USV Union Gnas' is an away match
    const union = { homeGround: 'Unionplatz', longName: 'SV Union Feldbach', shortName: 'Union' };
    expect(matchPlace({ ...match, home_team: 'USV Union Gnas', away_team: 'Union Feldbach' }, union)).toEqual({ name: 'Heimplatz von USV Union Gnas', address: null });
  });
});
