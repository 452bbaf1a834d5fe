import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestDb } from '../db/test-db';
import { leagueResults, leagues, matches } from '../db/schema';
import { leagueTableById } from '../content/league-tables';
import { seedDemoClub } from './demo-data';
import { DEMO_LEAGUE_ID, otherFixtures } from './demo-league';

describe('the demo league', () => {
  it('pairs every team with every other once per half season, and us with our opponent of the round', () => {
    const opponents = ['B', 'C', 'D', 'E', 'F'];
    const rounds = otherFixtures(opponents);
    expect(rounds).toHaveLength(5);
    const pairs = rounds.flat().map((f) => [f.home, f.away].sort().join('-'));
    // 6 teams: 15 pairs, 5 of them ours, 10 among the others, each once
    expect(new Set(pairs).size).toBe(10);
    expect(pairs).toHaveLength(10);
    rounds.forEach((round, r) => expect(round.flatMap((f) => [f.home, f.away])).not.toContain(opponents[r]));
  });

  it('seeds a computed league of the club and its opponents whose table agrees with our matches', () => {
    const db = createTestDb();
    const now = new Date('2026-11-25T10:00:00Z');
    expect(seedDemoClub(db, now).status).toBe('seeded');
    const league = db.select().from(leagues).where(eq(leagues.id, DEMO_LEAGUE_ID)).get()!;
    expect(league).toMatchObject({ competition: 'Unterliga Ost', season: '2026/27', mode: 'computed', our_team_name: 'SV Kirchberg an der Raab', team_id: 'demo-team-kampf' });
    const ours = db.select().from(matches).where(and(eq(matches.competition, 'Unterliga Ost'), eq(matches.season, '2026/27'))).all();
    const opponents = new Set(ours.map((m) => (m.home_team === 'SV Kirchberg an der Raab' ? m.away_team : m.home_team)));
    // the demo has 11 opponents: a league of 12 (issue 14)
    expect(opponents.size).toBe(11);

    const table = leagueTableById(db, DEMO_LEAGUE_ID)!;
    expect(table.rows).toHaveLength(opponents.size + 1);
    expect(table.ourTeam).toBe('SV Kirchberg an der Raab');
    const us = table.rows.find((r) => r.team === table.ourTeam)!;
    const finished = ours.filter((m) => m.status === 'finished' && m.home_score !== null);
    expect(finished.length).toBeGreaterThan(10);
    expect(us.played).toBe(finished.length);
    const ourGoals = finished.reduce((sum, m) => sum + (m.home_team === table.ourTeam ? m.home_score! : m.away_score!), 0);
    expect(us.goalsFor).toBe(ourGoals);

    // the autumn round is played: every team has played at least 11
    expect(table.rows).toHaveLength(12);
    expect(Math.min(...table.rows.map((r) => r.played))).toBeGreaterThanOrEqual(11);
    const played = finished.length + db.select().from(leagueResults).all().filter((r) => r.home_score !== null).length;
    const sum = (key: 'played' | 'won' | 'drawn' | 'lost' | 'goalsFor' | 'goalsAgainst' | 'points') => table.rows.reduce((s, r) => s + r[key], 0);
    expect(sum('played')).toBe(2 * played);
    expect(sum('won')).toBe(sum('lost'));
    expect(sum('drawn') % 2).toBe(0);
    expect(sum('goalsFor')).toBe(sum('goalsAgainst'));
    // 3 points a decided match, 1 to each side of a draw
    expect(sum('points')).toBe(3 * sum('won') + sum('drawn'));
    expect(sum('won') + sum('drawn') / 2).toBe(played);
    table.rows.forEach((r) => expect(r.points).toBe(3 * r.won + r.drawn));
    // positions 1..12 in order of points
    expect(table.rows.map((r) => r.position)).toEqual(table.rows.map((_, i) => i + 1));
    for (let i = 1; i < table.rows.length; i++) expect(table.rows[i - 1].points).toBeGreaterThanOrEqual(table.rows[i].points);
  });

  it('has no results before the season starts, but the teams and fixtures', () => {
    const db = createTestDb();
    seedDemoClub(db, new Date('2026-07-20T10:00:00Z'));
    const table = leagueTableById(db, DEMO_LEAGUE_ID)!;
    expect(table.rows).toHaveLength(12);
    expect(table.rows.every((r) => r.played === 0)).toBe(true);
  });
});
