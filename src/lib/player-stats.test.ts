import { describe, expect, it } from 'vitest';
import { matchStats, playerMatchLines, seasonStats, topScorers, type StatsEvent, type StatsLineup } from './player-stats';

const start = (player_id: string, match_id = 'm1'): StatsLineup => ({ match_id, player_id, role: 'start' });
const sub = (player_id: string, match_id = 'm1'): StatsLineup => ({ match_id, player_id, role: 'sub' });
const ev = (type: StatsEvent['type'], minute: number, player_id: string | null, over: Partial<StatsEvent> = {}): StatsEvent => ({
  match_id: 'm1',
  type,
  minute,
  goal_kind: type === 'goal' ? 'regular' : null,
  player_id,
  related_player_id: null,
  ...over,
});

describe('matchStats', () => {
  it('gives starters 90 minutes and an appearance; unused substitutes nothing', () => {
    const s = matchStats([start('a'), start('b'), sub('c')], []);
    expect(s.get('a')).toMatchObject({ appearances: 1, minutes: 90, started: true });
    expect(s.has('c')).toBe(false);
  });

  it('counts a substitute from the minute he came on, and the replaced starter until then', () => {
    const s = matchStats([start('a'), sub('c')], [ev('substitution', 63, 'c', { related_player_id: 'a' })]);
    expect(s.get('a')).toMatchObject({ appearances: 1, minutes: 63 });
    expect(s.get('c')).toMatchObject({ appearances: 1, minutes: 27, started: false });
  });

  it('ends the minutes at a red card and at a second yellow', () => {
    const s = matchStats(
      [start('a'), start('b'), sub('c')],
      [ev('red', 38, 'a'), ev('yellow', 20, 'b'), ev('yellow_red', 71, 'b'), ev('substitution', 46, 'c'), ev('yellow', 80, 'c')],
    );
    expect(s.get('a')).toMatchObject({ minutes: 38, red: 1 });
    expect(s.get('b')).toMatchObject({ minutes: 71, yellow: 1, yellow_red: 1 });
    expect(s.get('c')).toMatchObject({ minutes: 44, yellow: 1 });
  });

  it('ends a substitute who is sent off after coming on', () => {
    const s = matchStats([start('a'), sub('c')], [ev('substitution', 60, 'c', { related_player_id: 'a' }), ev('red', 75, 'c')]);
    expect(s.get('c')).toMatchObject({ minutes: 15, red: 1, appearances: 1 });
  });

  it('counts goals (penalties too) and assists, not own goals', () => {
    const s = matchStats(
      [start('a'), start('b')],
      [
        ev('goal', 12, 'a', { related_player_id: 'b' }),
        ev('goal', 55, 'a', { goal_kind: 'penalty' }),
        ev('goal', 70, 'b', { goal_kind: 'own_goal', related_player_id: 'a' }),
        // the opponent's scorer is free text: no player
        ev('goal', 80, null),
      ],
    );
    expect(s.get('a')).toMatchObject({ goals: 2, assists: 0 });
    expect(s.get('b')).toMatchObject({ goals: 0, assists: 1 });
  });

  it('counts minutes in added time as the 90th at most', () => {
    const s = matchStats([start('a'), sub('c')], [ev('substitution', 93, 'c', { related_player_id: 'a' })]);
    expect(s.get('a')?.minutes).toBe(90);
    expect(s.get('c')).toMatchObject({ appearances: 1, minutes: 0 });
  });

  it("counts a youth team's shorter match: 2 × 25 minutes are 50, stoppage time included at most", () => {
    const s = matchStats([start('a'), start('b'), sub('c')], [ev('substitution', 40, 'c', { related_player_id: 'a' }), ev('red', 52, 'b')], 50);
    expect(s.get('a')?.minutes).toBe(40);
    expect(s.get('b')?.minutes).toBe(50);
    expect(s.get('c')?.minutes).toBe(10);
    // a season of matches of both lengths: each counts its own
    const lines = playerMatchLines(
      [{ id: 'm1', season: '2026/27', match_date: '2026-09-05', minutes: 50 }, { id: 'm2', season: '2026/27', match_date: '2026-09-12' }],
      [start('a', 'm1'), start('a', 'm2')],
      [],
    );
    expect(lines.get('a')?.map((l) => [l.match_id, l.minutes])).toEqual([['m2', 90], ['m1', 50]]);
  });
});

describe('season sums', () => {
  const matches = [
    { id: 'm1', season: '2025/26', match_date: '2025-08-09' },
    { id: 'm2', season: '2025/26', match_date: '2025-08-16' },
    { id: 'm0', season: '2024/25', match_date: '2025-05-30' },
  ];
  const lineups = [start('a', 'm1'), start('b', 'm1'), start('a', 'm2'), sub('b', 'm2'), start('b', 'm0')];
  const events = [
    ev('goal', 10, 'a', { match_id: 'm1', related_player_id: 'b' }),
    ev('goal', 30, 'a', { match_id: 'm2' }),
    ev('substitution', 70, 'b', { match_id: 'm2', related_player_id: 'a' }),
    ev('goal', 88, 'b', { match_id: 'm2', related_player_id: 'a' }),
    ev('goal', 5, 'b', { match_id: 'm0' }),
  ];

  it('adds each season up separately', () => {
    const seasons = seasonStats(matches, lineups, events);
    expect(seasons.get('2025/26')?.get('a')).toEqual({ appearances: 2, minutes: 160, goals: 2, assists: 1, yellow: 0, yellow_red: 0, red: 0 });
    expect(seasons.get('2025/26')?.get('b')).toEqual({ appearances: 2, minutes: 110, goals: 1, assists: 1, yellow: 0, yellow_red: 0, red: 0 });
    expect(seasons.get('2024/25')?.get('b')).toMatchObject({ appearances: 1, minutes: 90, goals: 1 });
  });

  it('lists a player\'s matches newest first', () => {
    expect(playerMatchLines(matches, lineups, events).get('b')?.map((l) => [l.match_id, l.minutes, l.started])).toEqual([
      ['m2', 20, false],
      ['m1', 90, true],
      ['m0', 90, true],
    ]);
  });

  it('orders top scorers by goals, then assists', () => {
    const season = seasonStats(matches, lineups, events).get('2025/26')!;
    expect(topScorers(season).map((t) => [t.player_id, t.stats.goals])).toEqual([
      ['a', 2],
      ['b', 1],
    ]);
  });
});
