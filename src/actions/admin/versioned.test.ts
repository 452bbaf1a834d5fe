import { ActionError } from 'astro:actions';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { makeTeam } from '../../../tests/fixtures/factories';
import type { Db } from '../../server/db/client';
import { createTestDb, seed } from '../../server/db/test-db';
import { write } from '../../server/db/write';
import { currentRevision, runAsActor } from '../../server/revisions';
import { runVersionedWrite } from './versioned';

let db: Db;
beforeEach(() => {
  db = createTestDb();
});
afterEach(() => db.$client.close());

it('refuses a save on an older version as CONFLICT, changes nothing, and logs who was refused', () => {
  const team = seed(db, () => makeTeam(db, { name: 'Kampfmannschaft' }));
  const base = currentRevision('teams', team.id, db)!;
  runAsActor({ id: 'u1', name: 'obmann@verein.at' }, () =>
    write('test.edit', () => db.$client.prepare("UPDATE teams SET name = 'KM' WHERE id = ?").run(team.id), db),
  );
  let refusal: unknown;
  runAsActor({ id: 'u2', name: 'trainer@verein.at' }, () => {
    try {
      runVersionedWrite('teams', team.id, base, () => write('test.save', () => db.$client.prepare("UPDATE teams SET name = 'Erste' WHERE id = ?").run(team.id), db));
    } catch (error) {
      refusal = error;
    }
  });
  expect(refusal).toBeInstanceOf(ActionError);
  expect((refusal as ActionError).code).toBe('CONFLICT');
  expect((refusal as ActionError).message).toContain('obmann@verein.at');
  expect(db.$client.prepare('SELECT name FROM teams WHERE id = ?').pluck().get(team.id)).toBe('KM');
  expect(db.$client.prepare("SELECT user_name, entity, row_id FROM audit_log WHERE action = 'content.conflict'").all()).toEqual([
    { user_name: 'trainer@verein.at', entity: 'teams', row_id: team.id },
  ]);
  // on the current version the save goes through, and answers the revision it made: the form's next base
  const before = currentRevision('teams', team.id, db)!;
  const { revision } = runVersionedWrite('teams', team.id, before, () =>
    write('test.save', () => db.$client.prepare("UPDATE teams SET name = 'Erste' WHERE id = ?").run(team.id), db),
  );
  expect(db.$client.prepare('SELECT name FROM teams WHERE id = ?').pluck().get(team.id)).toBe('Erste');
  expect(revision).toBeGreaterThan(before);
  expect(revision).toBe(currentRevision('teams', team.id, db));
  // a later save by someone else is not this save's revision
  write('test.other', () => db.$client.prepare("UPDATE teams SET name = 'Zweite' WHERE id = ?").run(team.id), db);
  expect(currentRevision('teams', team.id, db)).toBeGreaterThan(revision);
  // a save that changes nothing keeps the revision it was made on
  const same = runVersionedWrite('teams', team.id, currentRevision('teams', team.id, db)!, () =>
    write('test.same', () => db.$client.prepare("UPDATE teams SET name = 'Zweite' WHERE id = ?").run(team.id), db),
  );
  expect(same.revision).toBe(currentRevision('teams', team.id, db));
});
