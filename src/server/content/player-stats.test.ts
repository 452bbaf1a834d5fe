import { beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { createTestDb, seed } from '../db/test-db';
import { matchEvents, matches, matchLineups, players, teams } from '../db/schema';
import { RECENT_MATCHES_SHOWN, playerRecord, teamTopScorers } from './player-stats';
import { playerPage, publicPlayersOfTeam, publicTopScorers } from './player-page';
import { teamMatchLinks } from './team-matches';

let db: Db;
const ids: Record<string, string> = {};
beforeEach(() => {
  db = createTestDb();
  seed(db, () => {
    ids.team = db.insert(teams).values({ name: 'Kampfmannschaft' }).returning().get().id;
    ids.anna = db.insert(players).values({ team_id: ids.team, name: 'Anna', position: 'Stürmer', age: 24 }).returning().get().id;
    ids.lena = db.insert(players).values({ team_id: ids.team, name: 'Lena', position: 'Stürmer', age: 12 }).returning().get().id;
    const match = (match_date: string, season: string, status: string) =>
      db.insert(matches).values({ home_team: 'SV', away_team: 'FC', match_date, season, status, team_id: ids.team, team_side: 'home' }).returning().get().id;
    ids.old = match('2026-05-01', '2025/26', 'finished');
    ids.done = match('2026-09-05', '2026/27', 'finished');
    ids.live = match('2026-09-12', '2026/27', 'live');
    for (const m of [ids.old, ids.done, ids.live]) {
      db.insert(matchLineups).values([{ match_id: m, player_id: ids.anna, role: 'start' }, { match_id: m, player_id: ids.lena, role: 'start' }]).run();
      db.insert(matchEvents).values([
        { match_id: m, type: 'goal', side: 'home', minute: 10, player_id: ids.lena },
        { match_id: m, type: 'goal', side: 'home', minute: 20, player_id: ids.lena },
        { match_id: m, type: 'goal', side: 'home', minute: 30, player_id: ids.anna, related_player_id: ids.lena },
      ]).run();
    }
  });
});

describe('statistics read from the database', () => {
  it("counts the team's latest season, finished matches only", () => {
    const top = teamTopScorers(ids.team)!;
    expect(top.season).toBe('2026/27');
    expect(top.scorers.map((s) => [s.player_id, s.stats.goals, s.stats.appearances])).toEqual([
      [ids.lena, 2, 1],
      [ids.anna, 1, 1],
    ]);
  });

  it("sums a player's seasons, newest first, and lists the matches, newest first", () => {
    const record = playerRecord(ids.anna);
    expect(record.seasons.map((s) => [s.season, s.stats.goals, s.stats.minutes])).toEqual([
      ['2026/27', 1, 90],
      ['2025/26', 1, 90],
    ]);
    expect(record.matches.map((m) => m.match_id)).toEqual([ids.done, ids.old]);
  });

  it('lists the latest matches the page shows, and sums every match into the seasons', () => {
    const more = 10;
    seed(db, () => {
      for (let day = 1; day <= more; day++) {
        const id = db
          .insert(matches)
          .values({ home_team: 'SV', away_team: `FC ${day}`, match_date: `2026-10-${String(day).padStart(2, '0')}`, season: '2026/27', status: 'finished', team_id: ids.team, team_side: 'home' })
          .returning()
          .get().id;
        db.insert(matchLineups).values({ match_id: id, player_id: ids.anna, role: 'start' }).run();
      }
    });
    const record = playerRecord(ids.anna);
    expect(record.matches).toHaveLength(RECENT_MATCHES_SHOWN);
    expect(record.matches.map((m) => m.match.away_team)).toEqual(['FC 10', 'FC 9', 'FC 8', 'FC 7', 'FC 6', 'FC 5', 'FC 4', 'FC 3']);
    expect(record.matches.every((m) => m.match.id === m.match_id)).toBe(true);
    // the season's numbers count all eleven matches of 2026/27, not only those listed
    expect(record.seasons.map((s) => [s.season, s.stats.appearances, s.stats.goals])).toEqual([
      ['2026/27', more + 1, 1],
      ['2025/26', 1, 1],
    ]);
  });

  it("a player's record, read from their own rows only, equals their line of the whole team's numbers", () => {
    // a substitution and a card involving both players: minutes, assists and cards depend on them
    seed(db, () =>
      db.insert(matchEvents).values([
        { match_id: ids.done, type: 'substitution', side: 'home', minute: 70, player_id: null, related_player_id: ids.anna },
        { match_id: ids.done, type: 'yellow', side: 'home', minute: 75, player_id: ids.lena },
        { match_id: ids.done, type: 'goal', side: 'home', minute: 80, player_id: ids.lena, related_player_id: ids.anna },
      ]).run(),
    );
    const team = teamTopScorers(ids.team)!;
    for (const id of [ids.anna, ids.lena]) {
      const own = playerRecord(id).seasons.find((s) => s.season === '2026/27')!.stats;
      expect(own, id).toEqual(team.scorers.find((s) => s.player_id === id)!.stats);
    }
    expect(playerRecord(ids.anna).matches.find((m) => m.match_id === ids.done)).toMatchObject({ minutes: 70, goals: 1, assists: 1 });
  });

  it('leaves a protected 12-year-old out of the top scorers and gives her no page', () => {
    const shown = publicPlayersOfTeam(ids.team);
    expect(publicTopScorers(ids.team, shown)?.scorers.map((s) => s.player.name)).toEqual(['Anna']);
    expect(playerPage(ids.lena)).toBeNull();
    expect(playerPage(ids.anna)?.record.seasons).toHaveLength(2);
  });

  it("links the team's last three results and its next two matches, in date and kick-off order", () => {
    const add = (match_date: string, match_time: string | null, status: string, away_team: string) =>
      seed(db, () => db.insert(matches).values({ home_team: 'SV', away_team, match_date, match_time, season: '2026/27', status, team_id: ids.team, team_side: 'home' }).run());
    add('2026-10-03', '15:00', 'finished', 'late');
    add('2026-10-03', '10:30', 'finished', 'early');
    add('2026-10-03', null, 'finished', 'untimed');
    add('2026-11-20', '18:00', 'scheduled', 'second');
    add('2026-11-20', null, 'postponed', 'off');
    add('2026-11-14', '14:00', 'scheduled', 'first');
    add('2026-11-27', null, 'scheduled', 'third');
    const links = teamMatchLinks(ids.team, '2026-09-12');
    // the live match of the fixture counts as coming; the others are sorted in, and the old ones drop out
    expect(links.map((l) => [l.away_team, l.match_date, l.finished])).toEqual([
      ['untimed', '2026-10-03', true],
      ['early', '2026-10-03', true],
      ['late', '2026-10-03', true],
      ['FC', '2026-09-12', false],
      ['first', '2026-11-14', false],
    ]);
    expect(links[0]).toMatchObject({ home_team: 'SV', home_score: null, away_score: null });
  });
});
