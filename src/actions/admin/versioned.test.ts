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

it("checks only the columns a save writes where told: a match's report is not refused for goals that came in meanwhile", async () => {
  const { makeMatch } = await import('../../../tests/fixtures/factories');
  const match = seed(db, () => makeMatch(db, { report: 'Anpfiff bei Regen.' }));
  const base = currentRevision('matches', match.id, db)!;
  const setReport = (text: string) => () => write('test.report', () => db.$client.prepare('UPDATE matches SET report = ? WHERE id = ?').run(text, match.id), db);
  // the match goes on beside the report: a score, a phase
  runAsActor({ id: 'u1', name: 'platzwart@verein.at' }, () =>
    write('test.goal', () => db.$client.prepare("UPDATE matches SET home_score = 1, away_score = 0, live_phase = 'second_half' WHERE id = ?").run(match.id), db),
  );
  const first = runAsActor({ id: 'u3', name: 'obmann@verein.at' }, () =>
    runVersionedWrite('matches', match.id, base, setReport('Anpfiff bei Regen. 1:0 durch Kopfball.'), { columns: ['report', 'report_images'] }),
  );
  expect(first.revision).toBeGreaterThan(base);
  // a second writer from the same base: the report changed since, so refused, naming who wrote it
  let refusal: unknown;
  runAsActor({ id: 'u2', name: 'trainer@verein.at' }, () => {
    write('test.goal', () => db.$client.prepare('UPDATE matches SET home_score = 2 WHERE id = ?').run(match.id), db);
  });
  try {
    runVersionedWrite('matches', match.id, base, setReport('Mein Bericht.'), { columns: ['report', 'report_images'] });
  } catch (error) {
    refusal = error;
  }
  expect((refusal as ActionError).code).toBe('CONFLICT');
  // the one who changed the report, not the one whose goal came last
  expect((refusal as ActionError).message).toContain('obmann@verein.at');
  expect(db.$client.prepare('SELECT report FROM matches WHERE id = ?').pluck().get(match.id)).toBe('Anpfiff bei Regen. 1:0 durch Kopfball.');
  // from the first writer's revision it goes through, though a goal came after it
  runVersionedWrite('matches', match.id, first.revision, setReport('Endstand 2:0.'), { columns: ['report', 'report_images'] });
  expect(db.$client.prepare('SELECT report FROM matches WHERE id = ?').pluck().get(match.id)).toBe('Endstand 2:0.');
  // a base that is no version of this match is checked as the whole row
  expect(() => runVersionedWrite('matches', match.id, 1, setReport('x'), { columns: ['report'] })).toThrow(/^Nicht gespeichert: /);
});

it('a match that had no version when its report was read is checked by the report as read', async () => {
  const { makeMatch } = await import('../../../tests/fixtures/factories');
  const match = seed(db, () => makeMatch(db, { report: 'Vorbericht.' }));
  // a row from before the revisions: nothing kept of it
  seed(db, () => db.$client.prepare('DELETE FROM revisions WHERE row_id = ?').run(match.id));
  const report = (text: string) => () => write('test.report', () => db.$client.prepare('UPDATE matches SET report = ? WHERE id = ?').run(text, match.id), db);
  const only = { columns: ['report', 'report_images'], read: { report: 'Vorbericht.', report_images: [] } };
  write('test.goal', () => db.$client.prepare('UPDATE matches SET home_score = 1 WHERE id = ?').run(match.id), db);
  // a goal came in: the report is as read, so it is saved
  runVersionedWrite('matches', match.id, 0, report('Sieg.'), only);
  expect(db.$client.prepare('SELECT report FROM matches WHERE id = ?').pluck().get(match.id)).toBe('Sieg.');
  // a second writer who read 'Vorbericht.' too is refused
  expect(() => runVersionedWrite('matches', match.id, 0, report('Anders.'), only)).toThrow(/Nicht gespeichert/);
  expect(db.$client.prepare('SELECT report FROM matches WHERE id = ?').pluck().get(match.id)).toBe('Sieg.');
});
