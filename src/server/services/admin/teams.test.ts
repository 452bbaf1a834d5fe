import { beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, seed } from '../../db/test-db';
import type { Db } from '../../db/client';
import { matchLineups, matches, players, teams } from '../../db/schema';
import { teamSchema, teamUpdateSchema } from '../../../lib/schemas/team';
import { createTeam, deleteTeam, listTeams, reorderTeams, teamOptions, updateTeam } from './teams';
import { RefusedWrite } from '../../db/write';
import { TEAM_HALF, TEAM_ORDER } from '../../publish/pseudo-tables';
import { affectedUrls } from '../../publish/affected-urls';

let db: Db;
beforeEach(() => {
  db = createTestDb();
});
const team = (v: Record<string, unknown>) => teamSchema.parse({ category: 'Herren', ...v });

describe('teams service', () => {
  it('creates a team with achievements split from a comma list, default order 0', () => {
    const { row, changes } = createTeam(team({ name: 'Kampfmannschaft', achievements: ' Meister 2019 , Cupsieger 2021,, ' }), db);
    expect(row).toMatchObject({ name: 'Kampfmannschaft', achievements: ['Meister 2019', 'Cupsieger 2021'], display_order: 0, playerCount: 0 });
    expect(changes).toEqual([{ table: 'teams', key: row.id }]);
  });

  it("keeps the half length when an update does not send it; an empty field is 45, outside 10–45 refused in German", () => {
    const { row } = createTeam(team({ name: 'U10', half_minutes: '25' }), db);
    expect(row.half_minutes).toBe(25);
    const update = (v: Record<string, unknown>) => teamUpdateSchema.parse({ id: row.id, name: 'U10', category: 'Nachwuchs', ...v });
    const kept = updateTeam(row.id, update({ description: 'ohne das Feld' }), db);
    expect(kept.row.half_minutes).toBe(25);
    // only a half length that moved reaches the minutes of all who played for the team (routes.ts TEAM_HALF)
    expect(kept.changes).toEqual([{ table: 'teams', key: row.id }]);
    const longer = updateTeam(row.id, update({ half_minutes: '' }), db);
    expect(longer.row.half_minutes).toBe(45);
    expect(longer.changes).toEqual([{ table: 'teams', key: row.id }, { table: TEAM_HALF, key: row.id }]);
    expect(teamUpdateSchema.safeParse({ id: row.id, name: 'U10', category: 'Nachwuchs', half_minutes: 50 }).error?.issues.map((i) => i.message)).toEqual([
      'Bitte eine ganze Zahl von 10 bis 45 eingeben.',
    ]);
  });

  it('lists in display order with player counts; options by name', () => {
    const b = createTeam(team({ name: 'B-Team', display_order: 2 }), db).row;
    const a = createTeam(team({ name: 'A-Team', display_order: 1 }), db).row;
    seed(db, () =>
      db
        .insert(players)
        .values([
          { team_id: b.id, name: 'X', position: 'Torwart' },
          { team_id: b.id, name: 'Y', position: 'Stürmer' },
        ])
        .run(),
    );
    expect(listTeams(db).map((t) => [t.name, t.playerCount])).toEqual([['A-Team', 0], ['B-Team', 2]]);
    expect(teamOptions(db).map((t) => t.name)).toEqual(['A-Team', 'B-Team']);
    expect(updateTeam(b.id, team({ name: 'B neu', category: 'Damen' }), db).row).toMatchObject({ name: 'B neu', category: 'Damen', playerCount: 2 });
    expect(() => updateTeam('weg', team({ name: 'x' }), db)).toThrow(RefusedWrite);
    void a;
  });

  it('deleting a team deletes its players and names both for republishing', () => {
    const { row } = createTeam(team({ name: 'Reserve' }), db);
    seed(db, () => db.insert(players).values({ team_id: row.id, name: 'Z', position: 'Spieler' }).run());
    const result = deleteTeam(row.id, db);
    expect(result.row.playerCount).toBe(1);
    expect(result.changes).toEqual([{ table: 'teams', key: row.id }, { table: 'players', key: row.id }]);
    expect(db.select().from(players).all()).toEqual([]);
    expect(() => deleteTeam(row.id, db)).toThrow('Dieses Team existiert nicht mehr.');
  });

  it('deleting a team with matches of the match centre keeps the matches, without the link', () => {
    const { row } = createTeam(team({ name: 'Kampfmannschaft' }), db);
    const match = seed(db, () =>
      db.insert(matches).values({ home_team: 'SV Kirchberg', away_team: 'ASK Gnas', match_date: '2026-11-22', team_id: row.id, team_side: 'home' }).returning().get(),
    );
    const result = deleteTeam(row.id, db);
    expect(result.changes).toContainEqual({ table: 'matches', key: match.id });
    expect(db.select().from(teams).all()).toEqual([]);
    expect(db.select().from(matches).all()).toEqual([expect.objectContaining({ id: match.id, home_team: 'SV Kirchberg', team_id: null, team_side: 'home' })]);
  });

  it("deleting a team republishes the other teams' match pages its players stood on (a youth player moved up)", () => {
    const u18 = createTeam(team({ name: 'U18', category: 'Nachwuchs' }), db).row;
    const u16 = createTeam(team({ name: 'U16', category: 'Nachwuchs' }), db).row;
    const match = seed(db, (tx) => {
      const player = tx.insert(players).values({ team_id: u18.id, name: 'Moritz Hofer', position: 'Stürmer' }).returning().get();
      // he played for the U16 last season, then moved up
      const game = tx.insert(matches).values({ home_team: 'SV Kirchberg U16', away_team: 'ASK Gnas U16', match_date: '2026-05-02', team_id: u16.id, team_side: 'home' }).returning().get();
      tx.insert(matchLineups).values({ match_id: game.id, player_id: player.id, role: 'start' }).run();
      return game;
    });
    const { changes } = deleteTeam(u18.id, db);
    // the line-up row went with the player: the U16 match page must be rendered again without him
    expect(db.select().from(matchLineups).all()).toEqual([]);
    expect(affectedUrls(db, changes)).toContain(`/spiel/${match.id}`);
  });

  it('reordering writes each index as display_order and reports a change of the order when a team moved', () => {
    const ids = ['A', 'B', 'C'].map((name, i) => createTeam(team({ name, display_order: i }), db).row.id);
    const { changes } = reorderTeams([ids[2], ids[0], ids[1]], db);
    expect(listTeams(db).map((t) => [t.name, t.display_order])).toEqual([['C', 0], ['A', 1], ['B', 2]]);
    // one change of the order, which the lists of teams show; no team's own pages
    expect(changes).toEqual([{ table: TEAM_ORDER }]);
    expect(affectedUrls(db, changes).sort()).toEqual(['/', '/mannschaften']);
    expect(reorderTeams([ids[2], ids[0], ids[1]], db).changes).toEqual([]);
  });

  it('a reorder naming a missing team changes nothing', () => {
    const ids = ['A', 'B'].map((name, i) => createTeam(team({ name, display_order: i }), db).row.id);
    expect(() => reorderTeams([ids[1], 'weg', ids[0]], db)).toThrow(RefusedWrite);
    expect(() => reorderTeams([ids[1], ids[1]], db)).toThrow(RefusedWrite);
    expect(listTeams(db).map((t) => t.name)).toEqual(['A', 'B']);
  });
});

describe('team schema', () => {
  const messages = (v: unknown) => {
    const r = teamSchema.safeParse(v);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };
  it('requires name and category with the admin message', () => {
    expect(messages({ name: '', category: '' })).toEqual([
      'name: Bitte füllen Sie alle Pflichtfelder aus',
      'category: Bitte füllen Sie alle Pflichtfelder aus',
    ]);
    expect(messages({})).toContain('name: Bitte füllen Sie alle Pflichtfelder aus');
  });
  it('takes display_order as an integer, default 0, with a German message otherwise', () => {
    expect(teamSchema.parse({ name: 'a', category: 'Herren', display_order: '' }).display_order).toBe(0);
    expect(teamSchema.parse({ name: 'a', category: 'Herren', display_order: '4' }).display_order).toBe(4);
    expect(messages({ name: 'a', category: 'Herren', display_order: '1.5' })).toEqual(['display_order: Bitte eine ganze Zahl eingeben.']);
    expect(messages({ name: 'a', category: 'Herren', display_order: 'vier' })).toEqual(['display_order: Bitte eine ganze Zahl eingeben.']);
  });
});
