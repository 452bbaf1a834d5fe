import { beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, seed } from '../../db/test-db';
import type { Db } from '../../db/client';
import { contactInfo } from '../../db/schema';
import { youthTeamSchema } from '../../../lib/schemas/youthTeam';
import { contactOptions, createYouthTeam, deleteYouthTeam, listYouthTeams, reorderYouthTeams, updateYouthTeam } from './youthTeams';
import { RefusedWrite } from '../../db/write';

let db: Db;
beforeEach(() => {
  db = createTestDb();
});
const youth = (v: Record<string, unknown>) => youthTeamSchema.parse(v);

describe('youth teams service', () => {
  it('creates with players 0 and active by default, joins the contact person, and lists inactive teams too', () => {
    const contact = seed(db, () =>
      db.insert(contactInfo).values({ name: 'Maria Trainerin', role: 'Jugendleiterin', phone: '+43 664 1', email: 'm@x.at' }).returning().get(),
    );
    const { row, changes } = createYouthTeam(youth({ name: 'U12', contact_info_id: contact.id }), db);
    createYouthTeam(youth({ name: 'U8', is_active: false, players: '14', display_order: '1' }), db);
    expect(row).toMatchObject({ players: 0, is_active: true, display_order: 0 });
    expect(changes).toEqual([{ table: 'youth_teams', key: row.id }]);
    const list = listYouthTeams(db);
    expect(list.map((t) => [t.name, t.players, t.is_active])).toEqual([['U12', 0, true], ['U8', 14, false]]);
    expect(list[0].contact).toEqual({ name: 'Maria Trainerin', email: 'm@x.at', phone: '+43 664 1', role: 'Jugendleiterin' });
    expect(contactOptions(db).map((c) => c.name)).toEqual(['Maria Trainerin']);
  });

  it('refuses a contact person that does not exist and unknown teams', () => {
    expect(() => createYouthTeam(youth({ name: 'U10', contact_info_id: 'weg' }), db)).toThrow('Die gewählte Kontaktperson existiert nicht mehr.');
    const { row } = createYouthTeam(youth({ name: 'U10' }), db);
    expect(updateYouthTeam(row.id, youth({ name: 'U11', coach: 'Hans' }), db).row).toMatchObject({ name: 'U11', coach: 'Hans' });
    expect(() => updateYouthTeam('weg', youth({ name: 'x' }), db)).toThrow(RefusedWrite);
    expect(deleteYouthTeam(row.id, db).row.id).toBe(row.id);
    expect(() => deleteYouthTeam(row.id, db)).toThrow('Diese Nachwuchsmannschaft existiert nicht mehr.');
  });

  it('reorders by writing each index as display_order, all or nothing', () => {
    const ids = ['U8', 'U10', 'U12'].map((name, i) => createYouthTeam(youth({ name, display_order: i }), db).row.id);
    reorderYouthTeams([ids[1], ids[2], ids[0]], db);
    expect(listYouthTeams(db).map((t) => [t.name, t.display_order])).toEqual([['U10', 0], ['U12', 1], ['U8', 2]]);
    expect(() => reorderYouthTeams([ids[0], 'weg'], db)).toThrow(RefusedWrite);
    expect(listYouthTeams(db).map((t) => t.name)).toEqual(['U10', 'U12', 'U8']);
  });
});

describe('youth team schema', () => {
  it('requires a name with its own message and takes players as an integer, default 0', () => {
    const r = youthTeamSchema.safeParse({ name: '  ' });
    expect(r.success ? [] : r.error.issues.map((i) => i.message)).toEqual(['Bitte geben Sie einen Namen ein']);
    expect(youthTeamSchema.parse({ name: 'U9', players: '' }).players).toBe(0);
    const bad = youthTeamSchema.safeParse({ name: 'U9', players: 'viele' });
    expect(bad.success ? [] : bad.error.issues.map((i) => i.message)).toEqual(['Bitte eine ganze Zahl eingeben.']);
  });
});
