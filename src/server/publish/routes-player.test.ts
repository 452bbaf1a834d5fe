import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDb, seed } from '../db/test-db';
import { leagues, matchEvents, matches, matchLineups, players, siteSettings, teams } from '../db/schema';
import { affectedUrls } from './affected-urls';
import { playersWithPage, teamIdsForRow } from './routes-player';
import { TEAM_HALF } from './pseudo-tables';

function squad() {
  const db = createTestDb();
  const ids = seed(db, () => {
    const team = db.insert(teams).values({ name: 'Kampfmannschaft' }).returning().get().id;
    const other = db.insert(teams).values({ name: 'U12' }).returning().get().id;
    const adult = db.insert(players).values({ team_id: team, name: 'Anna', position: 'Stürmer', age: 24 }).returning().get().id;
    const child = db.insert(players).values({ team_id: other, name: 'Lena', position: 'Stürmer', age: 12 }).returning().get().id;
    const base = { home_team: 'SV', away_team: 'FC', match_date: '2026-09-05', team_id: team, team_side: 'home' as const };
    const done = db.insert(matches).values({ ...base, status: 'finished' }).returning().get().id;
    const live = db.insert(matches).values({ ...base, status: 'live' }).returning().get().id;
    for (const match_id of [done, live]) {
      db.insert(matchLineups).values({ match_id, player_id: adult, role: 'start' }).run();
      db.insert(matchEvents).values({ match_id, type: 'goal', side: 'home', minute: 3, player_id: adult }).run();
    }
    const league = db.insert(leagues).values({ competition: 'Unterliga', season: '2026/27', team_id: team }).returning().get().id;
    return { team, other, adult, child, done, live, league };
  });
  return { db, ids };
}

describe('the player pages in the route registry', () => {
  it('exist for players who show more than the name: not for a protected 12-year-old, unless the setting is off', () => {
    const { db, ids } = squad();
    expect(playersWithPage(db)).toEqual([ids.adult]);
    seed(db, () => db.insert(siteSettings).values({ key: 'protect_minors', value: 'off' }).run());
    expect(playersWithPage(db).sort()).toEqual([ids.adult, ids.child].sort());
  });

  it("an event of a finished match republishes its players' pages; one of a live match none", () => {
    const { db, ids } = squad();
    const urls = (key: string) => affectedUrls(db, [{ table: 'match_events', key }]).filter((u) => u.startsWith('/spieler/'));
    expect(urls(ids.done)).toEqual([`/spieler/${ids.adult}`]);
    expect(urls(ids.live)).toEqual([]);
  });

  it('a change of the setting (players without key) reaches every player page', () => {
    const { db, ids } = squad();
    expect(affectedUrls(db, [{ table: 'players' }]).filter((u) => u.startsWith('/spieler/'))).toEqual([`/spieler/${ids.adult}`]);
  });

  it("a team's half length reaches the pages of players who played its matches and moved to another team since; its name only its own players'", () => {
    const { db, ids } = squad();
    const urls = (table: 'teams' | 'players' | typeof TEAM_HALF, key: string) => affectedUrls(db, [{ table, key }]).filter((u) => u.startsWith('/spieler/'));
    const { assistant, benched } = seed(db, () => {
      const player = (name: string) => db.insert(players).values({ team_id: ids.other, name, position: 'Mittelfeld', age: 30 }).returning().get().id;
      const [assistant, benched] = [player('Mia'), player('Eva')];
      // an assist in the finished match counts her minutes there; a line-up of the live match counts nothing yet
      db.insert(matchEvents).values({ match_id: ids.done, type: 'goal', side: 'home', minute: 9, player_id: ids.adult, related_player_id: assistant }).run();
      db.insert(matchLineups).values({ match_id: ids.live, player_id: benched, role: 'start' }).run();
      db.update(players).set({ team_id: ids.other }).where(eq(players.id, ids.adult)).run();
      return { assistant, benched };
    });
    // the half length of the team she played for counts in her minutes
    expect(urls(TEAM_HALF, ids.team).sort()).toEqual([`/spieler/${ids.adult}`, `/spieler/${assistant}`].sort());
    expect(urls(TEAM_HALF, ids.team)).not.toContain(`/spieler/${benched}`);
    expect(urls(TEAM_HALF, ids.other)).toEqual([]);
    // the team's name shows on its own players' pages only
    expect(urls('teams', ids.team)).toEqual([]);
    expect(urls('teams', ids.other).sort()).toEqual([`/spieler/${ids.adult}`, `/spieler/${assistant}`, `/spieler/${benched}`].sort());
    // a change of a player (keyed by the team) stays with the team's own players
    expect(urls('players', ids.team)).toEqual([]);
  });

  it("names the team of a match or league for the team pages' top scorers and table links", () => {
    const { db, ids } = squad();
    expect(teamIdsForRow(db, { table: 'match_events', key: ids.done })).toEqual([ids.team]);
    expect(teamIdsForRow(db, { table: 'matches', key: ids.live })).toEqual([]);
    expect(teamIdsForRow(db, { table: 'leagues', key: ids.league })).toEqual([ids.team]);
    expect(teamIdsForRow(db, { table: 'news', key: 'x' })).toBeUndefined();
  });
});
