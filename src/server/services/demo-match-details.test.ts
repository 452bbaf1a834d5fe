import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDb } from '../db/test-db';
import { matchEvents, matches, matchLineups, players } from '../db/schema';
import { publicPlayerView } from '../../lib/consent';
import { seasonStats, topScorers } from '../../lib/player-stats';
import { readProtectMinors } from '../content/consent-setting';
import { seedDemoClub } from './demo-data';

describe('the demo club in detail', () => {
  const db = createTestDb();
  const now = new Date('2026-11-25T10:00:00Z');
  seedDemoClub(db, now);
  const ours = db.select().from(matches).where(eq(matches.team_id, 'demo-team-kampf')).all();
  const played = ours.filter((m) => m.status === 'finished');

  it('links every match of the club to the Kampfmannschaft, on the right side', () => {
    expect(ours.length).toBe(db.select().from(matches).all().length);
    for (const m of ours) expect(m.team_side, m.id).toBe(m.home_team === 'SV Kirchberg an der Raab' ? 'home' : 'away');
    expect(played.length).toBeGreaterThan(10);
  });

  it('gives each finished match eleven starters, substitutes, and events that add up to the score', () => {
    for (const m of played) {
      const lineup = db.select().from(matchLineups).where(eq(matchLineups.match_id, m.id)).all();
      expect(lineup.filter((l) => l.role === 'start'), m.id).toHaveLength(11);
      expect(lineup.filter((l) => l.role === 'sub').length, m.id).toBeGreaterThan(0);
      const events = db.select().from(matchEvents).where(eq(matchEvents.match_id, m.id)).all();
      const goals = (side: string) => events.filter((e) => e.type === 'goal' && e.side === side).length;
      expect([goals('home'), goals('away')], m.id).toEqual([m.home_score, m.away_score]);
      expect(events.filter((e) => e.type === 'substitution').length, m.id).toBeGreaterThanOrEqual(2);
      // our scorers were on the pitch: a starter not yet off, or a substitute already on
      const starters = new Set(lineup.filter((l) => l.role === 'start').map((l) => l.player_id));
      for (const goal of events.filter((e) => e.type === 'goal' && e.side === m.team_side && e.goal_kind !== 'own_goal')) {
        const cameOn = events.find((e) => e.type === 'substitution' && e.player_id === goal.player_id);
        const wentOff = events.find((e) => (e.type === 'substitution' && e.related_player_id === goal.player_id) || (e.type === 'yellow_red' && e.player_id === goal.player_id));
        expect(starters.has(goal.player_id!) ? true : cameOn !== undefined && cameOn.minute <= goal.minute, `${m.id} ${goal.minute}'`).toBe(true);
        if (wentOff) expect(wentOff.minute, `${m.id} ${goal.minute}'`).toBeGreaterThan(goal.minute);
      }
      // the opponent's scorers are names, not players of ours (but for the own goal)
      for (const goal of events.filter((e) => e.type === 'goal' && e.side !== m.team_side)) {
        expect(goal.goal_kind === 'own_goal' ? goal.player_id : goal.player_name, m.id).toBeTruthy();
      }
    }
  });

  it('has top scorers, an own goal, a sending-off, and every match the same on a second seed', () => {
    const lineups = db.select().from(matchLineups).all();
    const events = db.select().from(matchEvents).all();
    const season = seasonStats(played, lineups, events).get('2026/27')!;
    expect(topScorers(season).length).toBeGreaterThan(3);
    expect(events.some((e) => e.goal_kind === 'own_goal')).toBe(true);
    expect(events.some((e) => e.type === 'yellow_red')).toBe(true);
    const again = createTestDb();
    seedDemoClub(again, now);
    expect(again.select().from(matchEvents).all()).toEqual(events.map((e) => ({ ...e, created_at: expect.any(String) })));
  });

  it('shows the protection of minors: one 13-year-old by name only, one with his parents\' consent', () => {
    const options = { protectMinors: readProtectMinors(db) };
    expect(options.protectMinors).toBe(true);
    const leon = db.select().from(players).where(eq(players.name, 'Leon Grabner')).get()!;
    const moritz = db.select().from(players).where(eq(players.name, 'Moritz Zotter')).get()!;
    expect(publicPlayerView(leon, options)).toMatchObject({ nameOnly: true, hasPage: false, jersey_number: null });
    expect(publicPlayerView(moritz, options)).toMatchObject({ nameOnly: false, hasPage: true, jersey_number: 11, showStats: true });
  });
});
