// A deleted row's versions do not outlive the trash: purged at once with
// 'Endgültig löschen', or by the retention job when the trash period ends.
// Other rows keep their history.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeContact, makePlayer, makeTeam } from '../../../tests/fixtures/factories';
import type { Db } from '../db/client';
import { createTestDb, seed } from '../db/test-db';
import { write } from '../db/write';
import { runAsActor } from './context';
import { restoreFromTrash, rowHistory } from './revisions';
import { listTrash, pruneRevisions, purgeFromTrash, trashEntryEntities } from './trash';

const DAY = 86_400_000;
let db: Db;
beforeEach(() => {
  db = createTestDb();
});
afterEach(() => db.$client.close());

/** Every stored version that still holds `text` anywhere in its data. */
const versionsNaming = (text: string) =>
  db.$client.prepare(`SELECT entity, op FROM revisions WHERE instr(data, ?) > 0`).all(text) as { entity: string; op: string }[];

function deletePlayerOfTwoVersions() {
  const team = seed(db, () => makeTeam(db, { name: 'Kampfmannschaft' }));
  const player = seed(db, () => makePlayer(db, team.id, { name: 'Maria Musterfrau', position: 'Tor' }));
  write('test.edit', () => db.$client.prepare("UPDATE players SET position = 'Abwehr' WHERE id = ?").run(player.id), db);
  runAsActor({ id: 'u1', name: 'obmann@verein.at' }, () => write('test.delete', () => db.$client.prepare('DELETE FROM players WHERE id = ?').run(player.id), db));
  return { team, player };
}

describe("'Endgültig löschen' in the trash", () => {
  it("removes every version of the deleted row at once; the log keeps the kind and the count, not the name", () => {
    const { team } = deletePlayerOfTwoVersions();
    expect(versionsNaming('Maria Musterfrau').map((v) => v.op)).toEqual(['insert', 'update', 'delete']);
    const [entry] = listTrash(db);
    expect(entry.title).toBe('Maria Musterfrau');

    const purged = runAsActor({ id: 'u2', name: 'kassier@verein.at' }, () => purgeFromTrash(entry.id, db));
    expect(purged).toMatchObject({ entity: 'players', removed: 3 });
    expect(versionsNaming('Maria Musterfrau')).toEqual([]);
    expect(listTrash(db)).toEqual([]);
    // the team's history is untouched
    expect(rowHistory('teams', team.id, db)).toHaveLength(1);
    const log = db.$client.prepare("SELECT user_name, entity, detail FROM audit_log WHERE action = 'content.purge'").all();
    expect(log).toEqual([{ user_name: 'kassier@verein.at', entity: 'players', detail: 'Spieler endgültig gelöscht (3 Fassungen)' }]);
    expect(JSON.stringify(db.$client.prepare('SELECT * FROM audit_log').all())).not.toContain('Musterfrau');
    // neither purged twice nor restored after
    expect(() => purgeFromTrash(entry.id, db)).toThrow('nicht mehr im Papierkorb');
    expect(() => restoreFromTrash(entry.id, db)).toThrow();
  });

  it('takes the rows the delete took along (a team with its players); one no longer in the trash is refused', () => {
    const team = seed(db, () => makeTeam(db, { name: 'U12' }));
    seed(db, () => makePlayer(db, team.id, { name: 'Kind Eins' }));
    write('test.delete', () => db.$client.prepare('DELETE FROM teams WHERE id = ?').run(team.id), db);
    const [entry] = listTrash(db);
    expect(entry).toMatchObject({ entity: 'teams', with_rows: 1 });
    purgeFromTrash(entry.id, db);
    expect(versionsNaming('U12')).toEqual([]);
    expect(versionsNaming('Kind Eins')).toEqual([]);

    const contact = seed(db, () => makeContact(db, { name: 'Franz Kassier', email: 'franz@verein.at' }));
    write('test.delete', () => db.$client.prepare('DELETE FROM contact_info WHERE id = ?').run(contact.id), db);
    const [expired] = listTrash(db);
    expect(() => purgeFromTrash(expired.id, db, Date.now() + 31 * DAY)).toThrow('nicht mehr im Papierkorb');
    expect(versionsNaming('franz@verein.at')).toHaveLength(2);
  });
});

describe('the kinds of rows a trash entry holds (the role check of untrash and purge)', () => {
  it('names every kind the delete took along, whichever of its versions is named', () => {
    const team = seed(db, () => makeTeam(db, { name: 'U14' }));
    seed(db, () => makePlayer(db, team.id, { name: 'Kind Zwei' }));
    seed(db, () => db.$client.prepare("INSERT OR IGNORE INTO club_settings (id, short_name, long_name, primary_color, secondary_color) VALUES ('club', 'SV', 'SV Muster', '#000000', '#ffffff')").run());
    // one delete that took the club's settings along: only a superadmin may put it back or purge it
    write('test.delete', () => {
      db.$client.prepare('DELETE FROM teams WHERE id = ?').run(team.id);
      db.$client.prepare("DELETE FROM club_settings WHERE id = 'club'").run();
    }, db);
    // the request may name any of the delete's versions: the team's one still reaches the settings
    const teamDelete = db.$client.prepare("SELECT id FROM revisions WHERE entity = 'teams' AND op = 'delete'").pluck().get() as number;
    expect(listTrash(db)[0].entity).toBe('club_settings');
    expect(trashEntryEntities(teamDelete, db).sort()).toEqual(['club_settings', 'players', 'teams']);
    expect(() => trashEntryEntities(999_999, db)).toThrow('nicht mehr im Papierkorb');
  });
});

describe('the retention job', () => {
  it("removes a deleted row's versions when the trash period ends, not a year later; existing rows keep theirs", () => {
    const { team } = deletePlayerOfTwoVersions();
    write('test.edit', () => db.$client.prepare("UPDATE teams SET name = 'KM' WHERE id = ?").run(team.id), db);
    expect(pruneRevisions(db, Date.now() + 29 * DAY)).toEqual({ closed: 0, removed: 0 });
    expect(versionsNaming('Maria Musterfrau')).toHaveLength(3);

    const result = pruneRevisions(db, Date.now() + 31 * DAY);
    expect(result).toEqual({ closed: 1, removed: 3 });
    expect(versionsNaming('Maria Musterfrau')).toEqual([]);
    expect(rowHistory('teams', team.id, db).map((v) => v.data.name)).toEqual(['KM', 'Kampfmannschaft']);
  });

  it('keeps the history of a row that was deleted and restored', () => {
    const { player } = deletePlayerOfTwoVersions();
    restoreFromTrash(listTrash(db)[0].id, db);
    pruneRevisions(db, Date.now() + 31 * DAY);
    expect(rowHistory('players', player.id, db).map((v) => v.op)).toEqual(['restore', 'delete', 'update', 'insert']);
  });
});
