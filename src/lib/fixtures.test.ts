import { describe, expect, it } from 'vitest';
import { applyFixtureFilter, fixtureFilters, isPastMatch, nextMatchIndex, slugify, type FixtureMatch } from './fixtures';

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

  it('past: finished, or before today', () => {
    expect(list.map((m) => isPastMatch(m, '2026-11-25'))).toEqual([true, true, false, false, false]);
  });

  it('filters: every competition and every team but the one on every match', () => {
    expect(fixtureFilters(list).map((f) => `${f.kind}:${f.slug}:${f.label}`)).toEqual([
      'competition:wettbewerb-steirischer-cup:Steirischer Cup',
      'competition:wettbewerb-unterliga-ost:Unterliga Ost',
      'team:team-fc-gnas:FC Gnas',
      'team:team-gruen-weiss-feldbach:Grün-Weiß Feldbach',
      'team:team-sc-gleisdorf:SC Gleisdorf',
      'team:team-usv-st-ruprecht:USV St. Ruprecht',
    ]);
    const ruprecht = fixtureFilters(list).find((f) => f.label === 'USV St. Ruprecht')!;
    expect(applyFixtureFilter(list, ruprecht).map((m) => m.id)).toEqual(['a', 'd']);
    const cup = fixtureFilters(list).find((f) => f.label === 'Steirischer Cup')!;
    expect(applyFixtureFilter(list, cup).map((m) => m.id)).toEqual(['c']);
  });

  it('slugs are plain ASCII', () => {
    expect(slugify('Grün-Weiß Größing')).toBe('gruen-weiss-groessing');
    expect(slugify('  ÖFB Cup 2026/27 ')).toBe('oefb-cup-2026-27');
    expect(slugify('!!!')).toBe('');
  });
});
