import { describe, expect, it } from 'vitest';
import { applyFixtureFilter, currentSeason, currentSeasonMatches, fixtureFilters, fixtureOfCard, isPastMatch, nextMatchIndex, seasonOf, slugify, type FixtureMatch } from './fixtures';

const match = (id: string, date: string, status: string, away: string, competition: string | null = 'Unterliga Ost'): FixtureMatch => ({
  id,
  home_team: 'SV Kirchberg',
  away_team: away,
  match_date: date,
  competition,
  status,
});

const list = [
  match('a', '2026-11-01', 'finished', 'USV St. Ruprecht'),
  match('b', '2026-11-20', 'scheduled', 'SC Gleisdorf'), // never entered as finished: past by its date
  match('c', '2026-11-25', 'cancelled', 'FC Gnas', 'Steirischer Cup'),
  match('d', '2026-11-25', 'scheduled', 'USV St. Ruprecht'),
  match('e', '2026-12-06', 'scheduled', 'Grün-Weiß Feldbach', null),
];

describe('fixtures', () => {
  it('the next match is the first still to be played from today on; cancelled ones are skipped', () => {
    expect(nextMatchIndex(list, '2026-11-25')).toBe(3);
    expect(nextMatchIndex(list, '2026-11-26')).toBe(4);
    expect(nextMatchIndex(list, '2026-12-07')).toBe(-1);
  });

  it('a live match is the next one', () => {
    expect(nextMatchIndex([...list.slice(0, 2), { ...list[2], status: 'live' }], '2026-11-25')).toBe(2);
  });

  it('a match still live after the day after its date (Abpfiff forgotten) is past, not the next one', () => {
    const stuck = [{ ...list[0], status: 'live' }, ...list.slice(1)];
    // past midnight the match of the day before still runs
    expect(nextMatchIndex(stuck, '2026-11-02')).toBe(0);
    expect(nextMatchIndex(stuck, '2026-11-03')).toBe(1);
    expect(currentSeason([{ ...stuck[0], season: '2025/26' }, { ...list[4], season: '2026/27' }], '2026-12-01')).toBe('2026/27');
  });

  it('past: finished, or before today', () => {
    expect(list.map((m) => isPastMatch(m, '2026-11-25'))).toEqual([true, true, false, false, false]);
  });

  it('filters: every competition and every team but the one on every match', () => {
    expect(fixtureFilters(list, '2026-11-25').map((f) => `${f.kind}:${f.slug}:${f.label}`)).toEqual([
      'competition:wettbewerb-steirischer-cup:Steirischer Cup',
      'competition:wettbewerb-unterliga-ost:Unterliga Ost',
      'team:team-fc-gnas:FC Gnas',
      'team:team-gruen-weiss-feldbach:Grün-Weiß Feldbach',
      'team:team-sc-gleisdorf:SC Gleisdorf',
      'team:team-usv-st-ruprecht:USV St. Ruprecht',
    ]);
    const ruprecht = fixtureFilters(list, '2026-11-25').find((f) => f.label === 'USV St. Ruprecht')!;
    expect(applyFixtureFilter(list, ruprecht).map((m) => m.id)).toEqual(['a', 'd']);
    const cup = fixtureFilters(list, '2026-11-25').find((f) => f.label === 'Steirischer Cup')!;
    expect(applyFixtureFilter(list, cup).map((m) => m.id)).toEqual(['c']);
  });

  it('a match without a stored season is in the season of its date, July to June', () => {
    expect(seasonOf({ match_date: '2026-07-01', season: null })).toBe('2026/27');
    expect(seasonOf({ match_date: '2026-06-30' })).toBe('2025/26');
    expect(seasonOf({ match_date: '2099-12-31', season: '  ' })).toBe('2099/00');
    expect(seasonOf({ match_date: '2026-06-30', season: ' Frühjahr 2026 ' })).toBe('Frühjahr 2026');
  });

  it('the list shows the season of the next match, after the last match the last one; other seasons are filters of their own, the latest first', () => {
    const seasons = [
      { ...match('s1', '2025-09-01', 'finished', 'FC Gnas'), season: '2025/26' },
      { ...match('s2', '2026-05-01', 'finished', 'SC Gleisdorf'), season: '2025/26' },
      // stored without a season: its date decides
      match('s3', '2026-08-01', 'finished', 'USV St. Ruprecht'),
      { ...match('s4', '2026-12-01', 'scheduled', 'FC Gnas', 'Steirischer Cup'), season: '2026/27' },
      { ...match('s5', '2027-08-01', 'scheduled', 'SC Gleisdorf'), season: '2027/28' },
    ];
    expect(currentSeason(seasons, '2026-11-25')).toBe('2026/27');
    expect(currentSeasonMatches(seasons, '2026-11-25').map((m) => m.id)).toEqual(['s3', 's4']);
    // a season over: the next one, from its first match still to play
    expect(currentSeason(seasons, '2026-12-02')).toBe('2027/28');
    expect(currentSeason(seasons, '2028-01-01')).toBe('2027/28');
    expect(currentSeason([], '2026-11-25')).toBeNull();
    const filters = fixtureFilters(seasons, '2026-11-25');
    // competitions and teams of the current season only (Gleisdorf plays in no match of 2026/27)
    expect(filters.map((f) => `${f.kind}:${f.slug}`)).toEqual([
      'competition:wettbewerb-steirischer-cup',
      'competition:wettbewerb-unterliga-ost',
      'team:team-fc-gnas',
      'team:team-usv-st-ruprecht',
      'season:saison-2027-28',
      'season:saison-2025-26',
    ]);
    const past = filters.find((f) => f.slug === 'saison-2025-26')!;
    expect(past.label).toBe('2025/26');
    expect(applyFixtureFilter(seasons, past).map((m) => m.id)).toEqual(['s1', 's2']);
  });

  it('slugs are plain ASCII', () => {
    expect(slugify('Grün-Weiß Größing')).toBe('gruen-weiss-groessing');
    expect(slugify('  ÖFB Cup 2026/27 ')).toBe('oefb-cup-2026-27');
    expect(slugify('!!!')).toBe('');
  });
});

describe('fixtureOfCard', () => {
  const day = (id: string, home: string, away: string, match_time: string | null, match_date = '2026-12-05') => ({ id, home_team: home, away_team: away, match_date, match_time, competition: null, status: 'scheduled' });
  const list = [day('r', 'SC Weiz 1b', 'SV Kirchberg 1b', '11:00'), day('k', 'SC Weiz', 'SV Kirchberg', '13:00'), day('x', 'SV Kirchberg', 'USV Gnas', '15:00', '2026-12-12')];
  const card = { date: '2026-12-05', time: '13:00', home: 'SC Weiz', away: 'SV Kirchberg' };

  it('finds the fixture the card names by date and time, or by teams between matches of the day', () => {
    expect(fixtureOfCard(list, card)?.id).toBe('k');
    expect(fixtureOfCard(list, { ...card, time: '13.00 Uhr' })?.id).toBe('k');
    expect(fixtureOfCard(list, { ...card, time: null })?.id).toBe('k');
    expect(fixtureOfCard(list, { ...card, time: null, home: 'sc weiz 1b', away: 'SV Kirchberg 1b' })?.id).toBe('r');
    expect(fixtureOfCard(list, { ...card, date: '2026-12-12', time: '' })?.id).toBe('x');
  });

  it("leads nowhere when the card's date is free text or names no single fixture", () => {
    expect(fixtureOfCard(list, { ...card, date: 'Samstag, 10. August 2024' })).toBeNull();
    expect(fixtureOfCard(list, { ...card, date: '2026-12-06' })).toBeNull();
    expect(fixtureOfCard(list, { ...card, time: '18:00' })).toBeNull();
    expect(fixtureOfCard(list, { ...card, time: null, home: 'SV Kirchberg', away: 'ASK Oberdorf' })).toBeNull();
  });
});

describe('a match of today is past two hours after its kick-off', () => {
  const day = '2026-11-28';
  const of = (id: string, match_time: string | null, status = 'scheduled'): FixtureMatch => ({ id, home_team: 'SV Kirchberg', away_team: id, match_date: day, match_time, competition: 'Unterliga', status });
  const list = [of('reserve', '13:00'), of('kampf', '15:00'), of('ohne-zeit', null)];

  it('gives the badge to the next one at 15:00, not at midnight', () => {
    expect(nextMatchIndex(list, day, 14 * 60 + 59)).toBe(0);
    expect(nextMatchIndex(list, day, 15 * 60)).toBe(1);
    expect(isPastMatch(list[0], day, 15 * 60)).toBe(true);
    // a match without a time is today's until midnight; without the time of day, the day alone counts
    expect(nextMatchIndex(list, day, 23 * 60 + 59)).toBe(2);
    expect(nextMatchIndex(list, day)).toBe(0);
    // a live match keeps it whatever the time (its Abpfiff ends it), and is not set apart as past meanwhile
    expect(nextMatchIndex([of('reserve', '13:00', 'live'), list[1]], day, 16 * 60)).toBe(0);
    expect(isPastMatch(of('reserve', '13:00', 'live'), day, 16 * 60)).toBe(false);
    // '15.30 Uhr' as typed by hand
    expect(isPastMatch(of('x', '15.30 Uhr'), day, 17 * 60 + 29)).toBe(false);
    expect(isPastMatch(of('x', '15.30 Uhr'), day, 17 * 60 + 30)).toBe(true);
  });
});
