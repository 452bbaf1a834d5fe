import { beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, seed } from '../../db/test-db';
import type { Db } from '../../db/client';
import { matchEvents, matchLineups, matches, teams } from '../../db/schema';
import { affectedUrls } from '../../publish/affected-urls';
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

  it('lists names in German alphabetical order: lower case and umlauts among the rest, not after Z', () => {
    for (const name of ['Zach Berger', 'anna Huber', 'Özil Ahmet', 'Ümit Kaya', 'Bauer Max', 'Oberndorfer Sepp', 'Straßer Jakob', 'Strasser Anna']) {
      createPlayer(player({ name }), db);
    }
    expect(listPlayers(db).map((p) => p.name)).toEqual([
      'anna Huber',
      'Bauer Max',
      'Oberndorfer Sepp',
      'Özil Ahmet',
      'Strasser Anna',
      'Straßer Jakob',
      'Ümit Kaya',
      'Zach Berger',
    ]);
  });

  it('moving a player to another team republishes both team pages', () => {
    const { row } = createPlayer(player({ name: 'Max' }), db);
    const moved = updatePlayer(row.id, player({ name: 'Max', team_id: teamB, position: 'Trainer' }), db);
    expect(moved.row).toMatchObject({ team_id: teamB, team_name: 'U16', position: 'Trainer' });
    expect(moved.changes).toEqual([{ table: 'players', key: teamA }, { table: 'players', key: teamB }]);
  });

  it("a player who moved on: a rename or a delete still reaches the old team's match pages that name the player", () => {
    const { row } = createPlayer(player({ name: 'Max Alt' }), db);
    const scorer = createPlayer(player({ name: 'Tom Tor' }), db).row;
    const [lineupMatch, goalMatch] = seed(db, (tx) =>
      ['2026-03-01', '2026-03-08'].map((match_date) => tx.insert(matches).values({ home_team: 'Kampfmannschaft', away_team: 'SV Nord', match_date, team_id: teamA }).returning().get().id),
    );
    seed(db, (tx) => {
      tx.insert(matchLineups).values({ match_id: lineupMatch, player_id: row.id, role: 'start' }).run();
      // his assist to another's goal names him too
      tx.insert(matchEvents).values({ match_id: goalMatch, type: 'goal', minute: 12, side: 'home', player_id: scorer.id, related_player_id: row.id }).run();
    });
    updatePlayer(row.id, player({ name: 'Max Alt', team_id: teamB }), db);

    // later: his name is corrected at the new club, and the old matches show the new name
    const renamed = updatePlayer(row.id, player({ name: 'Max Neu', team_id: teamB }), db);
    expect(renamed.changes).toEqual([{ table: 'players', key: teamB }, { table: 'players', key: teamA }]);
    const pages = affectedUrls(db, renamed.changes);
    expect(pages).toEqual(expect.arrayContaining([`/spiel/${lineupMatch}`, `/spiel/${goalMatch}`]));

    // deleted (a request to be forgotten): named before its line-ups go with it
    const deleted = deletePlayer(row.id, db);
    expect(deleted.changes).toEqual([{ table: 'players', key: teamB }, { table: 'players', key: teamA }]);
    // a player who never moved names his team once
    expect(updatePlayer(scorer.id, player({ name: 'Tom Tore' }), db).changes).toEqual([{ table: 'players', key: teamA }]);
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

describe('publication consent', () => {
  const consent = { consent_photo: true, consent_given_by: 'Mutter, Maria Huber', consent_given_at: '2026-09-01' };
  it('records the signed-in admin with the consent and keeps them while the consent stays as it was', () => {
    const { row } = createPlayer(player({ name: 'Lena', age: '12', ...consent }), db, 'trainer@verein.at');
    expect(row).toMatchObject({ consent_photo: true, consent_name: false, consent_given_by: 'Mutter, Maria Huber', consent_recorded_by: 'trainer@verein.at' });
    const renamed = updatePlayer(row.id, player({ name: 'Lena B.', age: '12', ...consent }), db, 'other@verein.at');
    expect(renamed.row.consent_recorded_by).toBe('trainer@verein.at');
    const widened = updatePlayer(row.id, player({ name: 'Lena B.', age: '12', ...consent, consent_stats: true }), db, 'other@verein.at');
    expect(widened.row.consent_recorded_by).toBe('other@verein.at');
    expect(listPlayers(db)[0]).toMatchObject({ consent_stats: true, consent_recorded_by: 'other@verein.at' });
  });
  it('forgets who recorded it when the consent is withdrawn', () => {
    const { row } = createPlayer(player({ name: 'Lena', ...consent }), db, 'trainer@verein.at');
    expect(updatePlayer(row.id, player({ name: 'Lena' }), db, 'trainer@verein.at').row).toMatchObject({ consent_photo: false, consent_given_at: null, consent_recorded_by: null });
  });
  it('asks for who gave it, when, and what for, in German', () => {
    const r = playerSchema.safeParse({ name: 'a', position: 'Spieler', team_id: 't', consent_photo: true });
    expect(r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([
      'consent_given_by: Bitte angeben, wer das Einverständnis gegeben hat.',
      'consent_given_at: Bitte das Datum des Einverständnisses angeben.',
    ]);
    const noBox = playerSchema.safeParse({ name: 'a', position: 'Spieler', team_id: 't', consent_given_by: 'Vater', consent_given_at: '2026-02-30' });
    expect(noBox.success ? [] : noBox.error.issues.map((i) => i.message)).toEqual(['Bitte ein gültiges Datum angeben.', 'Bitte ankreuzen, wofür das Einverständnis gilt.']);
    const noBox2 = playerSchema.safeParse({ name: 'a', position: 'Spieler', team_id: 't', consent_given_by: 'Vater', consent_given_at: '2026-02-03' });
    expect(noBox2.success ? [] : noBox2.error.issues.map((i) => i.message)).toEqual(['Bitte ankreuzen, wofür das Einverständnis gilt.']);
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
