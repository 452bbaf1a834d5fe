import { beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, seed } from '../../db/test-db';
import type { Db } from '../../db/client';
import { teams } from '../../db/schema';
import { playerSchema } from '../../../lib/schemas/player';
import { createPlayer, deletePlayer, listPlayers, updatePlayer } from './players';
import { RefusedWrite } from '../../db/write';

let db: Db;
let teamA: string;
let teamB: string;
beforeEach(() => {
  db = createTestDb();
  teamA = seed(db, () => db.insert(teams).values({ name: 'Kampfmannschaft', category: 'Herren' }).returning().get().id);
  teamB = seed(db, () => db.insert(teams).values({ name: 'U16', category: 'Jugend' }).returning().get().id);
});
const player = (v: Record<string, unknown>) => playerSchema.parse({ position: 'Torwart', team_id: teamA, ...v });

describe('players service', () => {
  it('creates players, lists them by name with the team name, and names the team page as the change', () => {
    const { row, changes } = createPlayer(player({ name: 'Zach', age: '23', jersey_number: '1' }), db);
    createPlayer(player({ name: 'Anton', position: 'Stürmer', team_id: teamB, age: '', jersey_number: '' }), db);
    expect(row).toMatchObject({ name: 'Zach', age: 23, jersey_number: 1, team_name: 'Kampfmannschaft' });
    expect(changes).toEqual([{ table: 'players', key: teamA }]);
    expect(listPlayers(db).map((p) => [p.name, p.team_name, p.age, p.jersey_number])).toEqual([
      ['Anton', 'U16', null, null],
      ['Zach', 'Kampfmannschaft', 23, 1],
    ]);
  });

  it('moving a player to another team republishes both team pages', () => {
    const { row } = createPlayer(player({ name: 'Max' }), db);
    const moved = updatePlayer(row.id, player({ name: 'Max', team_id: teamB, position: 'Trainer' }), db);
    expect(moved.row).toMatchObject({ team_id: teamB, team_name: 'U16', position: 'Trainer' });
    expect(moved.changes).toEqual([{ table: 'players', key: teamA }, { table: 'players', key: teamB }]);
  });

  it('refuses a team that does not exist, and unknown players, with German messages', () => {
    expect(() => createPlayer(player({ name: 'X', team_id: 'weg' }), db)).toThrow('Das gewählte Team existiert nicht mehr.');
    const { row } = createPlayer(player({ name: 'Y' }), db);
    expect(() => updatePlayer(row.id, player({ name: 'Y', team_id: 'weg' }), db)).toThrow(RefusedWrite);
    expect(listPlayers(db)[0].team_id).toBe(teamA);
    expect(deletePlayer(row.id, db).changes).toEqual([{ table: 'players', key: teamA }]);
    expect(() => deletePlayer(row.id, db)).toThrow('Dieser Spieler existiert nicht mehr.');
  });
});

describe('player schema', () => {
  const messages = (v: unknown) => {
    const r = playerSchema.safeParse(v);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };
  it('requires name, position and team with the admin message', () => {
    expect(messages({ name: '', position: '', team_id: '' })).toEqual([
      'name: Bitte füllen Sie alle Pflichtfelder aus',
      'position: Bitte füllen Sie alle Pflichtfelder aus',
      'team_id: Bitte füllen Sie alle Pflichtfelder aus',
    ]);
  });
  it('takes age and jersey number as integers or empty, and only the positions of the list', () => {
    const base = { name: 'a', position: 'Co-Trainer', team_id: 't' };
    expect(playerSchema.parse({ ...base, age: ' 17 ', jersey_number: '' })).toMatchObject({ age: 17, jersey_number: null });
    expect(messages({ ...base, age: '17abc' })).toEqual(['age: Bitte eine ganze Zahl eingeben.']);
    expect(messages({ ...base, jersey_number: '-3' })).toEqual(['jersey_number: Bitte eine ganze Zahl von 0 bis 999 eingeben.']);
    expect(messages({ ...base, position: 'Libero' })).toEqual(['position: Bitte eine Position aus der Liste wählen.']);
  });
});
