// Two admins on one line-up: the second save, made on the line-up as it was before the first, is
// refused naming who changed it; the same line-up in another order, or a goal meanwhile, is not.
import { ActionError } from 'astro:actions';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { makeMatch, makePlayer, makeTeam } from '../../../../tests/fixtures/factories';
import { runCheckedWrite } from '../../../actions/admin/versioned';
import type { Db } from '../../db/client';
import { createTestDb, seed } from '../../db/test-db';
import { write } from '../../db/write';
import { runAsActor } from '../../revisions';
import { assertLineupAsRead, storedLineup } from './lineup-check';
import { saveLineup } from './match-details';

let db: Db;
beforeEach(() => {
  db = createTestDb();
});
afterEach(() => db.$client.close());

it('refuses a line-up saved on one changed since, naming who changed it', () => {
  const team = seed(db, () => makeTeam(db, { name: 'Kampfmannschaft' }));
  const [huber, gruber] = seed(db, () => [makePlayer(db, team.id, { name: 'Huber' }), makePlayer(db, team.id, { name: 'Gruber' })]);
  const match = seed(db, () => makeMatch(db, { team_id: team.id, team_side: 'home' }));
  const base = { match_id: match.id, team_id: team.id, team_side: 'home' as const, opponent_lineup: null };
  const read = storedLineup(match.id, db)!;
  const save = (players: { player_id: string; role: 'start' | 'sub'; jersey_number: number | null }[], from = read) =>
    runCheckedWrite('matches', match.id, () => assertLineupAsRead(match.id, from, db), () => saveLineup({ ...base, players }, db));

  runAsActor({ id: 'u1', name: 'trainer@verein.at' }, () => save([{ player_id: huber.id, role: 'start', jersey_number: 9 }, { player_id: gruber.id, role: 'sub', jersey_number: 14 }]));
  // a goal meanwhile changes the match, not its line-up
  write('test.goal', () => db.$client.prepare('UPDATE matches SET home_score = 1 WHERE id = ?').run(match.id), db);
  let refusal: unknown;
  try {
    runAsActor({ id: 'u2', name: 'obmann@verein.at' }, () => save([{ player_id: gruber.id, role: 'start', jersey_number: 10 }]));
  } catch (error) {
    refusal = error;
  }
  expect((refusal as ActionError).code).toBe('CONFLICT');
  expect((refusal as ActionError).message).toMatch(/^Nicht gespeichert: trainer@verein\.at hat die Aufstellung inzwischen geändert/);
  expect(storedLineup(match.id, db)!.players.map((p) => p.jersey_number)).toEqual([9, 14]);
  // from the line-up as stored now (in any order) it is saved
  const now = storedLineup(match.id, db)!;
  save([{ player_id: gruber.id, role: 'start', jersey_number: 10 }], { ...now, players: [...now.players].reverse() });
  expect(storedLineup(match.id, db)!.players).toEqual([{ player_id: gruber.id, role: 'start', jersey_number: 10 }]);
});

it('a line-up stored with a control character is saved again from the form that read it', async () => {
  // the opposing line-up pasted from a word processor before such characters were taken out on saving:
  // the form sends it back as read, and the schema must keep it as read to compare (a review found the
  // save refused as someone else's change, every time)
  const { lineupSchema } = await import('../../../lib/schemas/match-details');
  const team = seed(db, () => makeTeam(db, { name: 'Kampfmannschaft' }));
  const match = seed(db, () => makeMatch(db, { team_id: team.id, team_side: 'home', opponent_lineup: 'Maier\u000BHuber' }));
  const input = lineupSchema.parse({ match_id: match.id, team_id: team.id, team_side: 'home', opponent_lineup: 'Maier\u000BHuber, Gruber', players: [], read: storedLineup(match.id, db) });
  expect(input.opponent_lineup).toBe('Maier Huber, Gruber');
  const { read, ...data } = input;
  runCheckedWrite('matches', match.id, () => assertLineupAsRead(match.id, read!, db), () => saveLineup(data, db));
  expect(storedLineup(match.id, db)!.opponent_lineup).toBe('Maier Huber, Gruber');
});
