import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REVISIONED, REVISIONED_ENTITIES, SECRET_COLUMN, type RevisionedEntity } from '../../lib/revisions';
import type { Db } from '../db/client';
import { contentTables } from '../db/schema';
import { createTestDb, seed } from '../db/test-db';
import { isRefusedWrite, write } from '../db/write';
import { runAsActor } from './context';
import { affectedUrls } from '../publish/affected-urls';
import { assertUnchanged, currentRevision, restoreFromTrash, restoreRevision, rowHistory } from './revisions';
import { listTrash, pruneRevisions, purgeFromTrash } from './trash';

// Every content entity keeps its versions (issue 15). Like the permission test
// walks every action, this walks every revisioned table with rows made from the
// table's own columns, so a new table or column is covered without a new test.
let db: Db;
beforeEach(() => {
  db = createTestDb();
});
afterEach(() => db.$client.close());

type Column = { name: string; type: string; notnull: number; dflt_value: unknown; pk: number };
const DAY = 86_400_000;
const made = new Map<string, string>();

/** A row of the table with every required column filled, its parents made first. */
function makeRow(table: RevisionedEntity): string {
  const columns = db.$client.prepare('SELECT * FROM pragma_table_info(?)').all(table) as Column[];
  const parents = db.$client.prepare('SELECT "from" AS column, "table" AS parent FROM pragma_foreign_key_list(?)').all(table) as {
    column: string;
    parent: RevisionedEntity;
  }[];
  const values: Record<string, unknown> = { id: `${table}-${made.size}` };
  for (const c of columns) {
    if (c.name === 'id') continue;
    const parent = parents.find((p) => p.column === c.name);
    if (parent) values[c.name] = made.get(parent.parent) ?? makeRow(parent.parent);
    else if (c.notnull && c.dflt_value === null) values[c.name] = c.type === 'INTEGER' ? 1 : `${table} ${c.name}`;
  }
  const names = Object.keys(values);
  seed(db, () => db.$client.prepare(`INSERT INTO "${table}" (${names.map((n) => `"${n}"`).join(', ')}) VALUES (${names.map((n) => `@${n}`).join(', ')})`).run(values));
  made.set(table, values.id as string);
  return values.id as string;
}

/** A column an admin would edit (not the id, a reference or a date), and a new value for it. */
function editableColumn(table: string): [string, string | number] {
  const columns = db.$client.prepare('SELECT * FROM pragma_table_info(?)').all(table) as Column[];
  const references = new Set((db.$client.prepare('SELECT "from" AS c FROM pragma_foreign_key_list(?)').all(table) as { c: string }[]).map((r) => r.c));
  const editable = columns.filter(
    (c) => c.name !== 'id' && !references.has(c.name) && !/_at$|_date$|_time$|^(type|side|role|mode|status|op|goal_kind|live_phase|category|tier|team_side)$/.test(c.name),
  );
  const text = editable.find((c) => c.type === 'TEXT');
  if (text) return [text.name, 'Neue Fassung'];
  const number = editable.find((c) => c.type === 'INTEGER');
  if (!number) throw new Error(`${table} has no editable column`);
  return [number.name, 99];
}

describe('revisions of every content entity', () => {
  it('covers every content table but the inquiries, and no table with a secret column', () => {
    // the inquiries are personal data erased on request: a copy in revisions would outlive the erasure
    expect(Object.keys(contentTables).filter((t) => t !== 'membership_inquiries').sort()).toEqual([...REVISIONED_ENTITIES].sort());
    expect(REVISIONED_ENTITIES).not.toContain('users');
    for (const table of REVISIONED_ENTITIES) {
      const columns = db.$client.prepare('SELECT name FROM pragma_table_info(?)').pluck().all(table) as string[];
      expect(columns.filter((c) => SECRET_COLUMN.test(c)), table).toEqual([]);
    }
  });

  it.each(REVISIONED_ENTITIES)('%s: insert, update, delete and restore are each kept, with who did it', (table) => {
    made.clear();
    const id = runAsActor({ id: 'u1', name: 'trainer@verein.at' }, () => makeRow(table));
    const [column, value] = editableColumn(table);
    runAsActor({ id: 'u2', name: 'obmann@verein.at' }, () =>
      write('test.edit', () => db.$client.prepare(`UPDATE "${table}" SET "${column}" = ? WHERE id = ?`).run(value, id), db),
    );
    // the same values again: no new version
    write('test.same', () => db.$client.prepare(`UPDATE "${table}" SET "${column}" = ? WHERE id = ?`).run(value, id), db);
    const versions = rowHistory(table, id, db);
    expect(versions.map((v) => v.op)).toEqual(['update', 'insert']);
    expect(versions.map((v) => v.user_name)).toEqual(['obmann@verein.at', 'trainer@verein.at']);
    expect(versions[0].data[column]).toBe(value);
    expect(versions[0].data.id).toBe(id);

    // 'Wiederherstellen' of the first version: the row holds it again, as a new version
    const restored = restoreRevision(versions[1].id, db);
    expect(restored.changes.length).toBeGreaterThan(0);
    const now = db.$client.prepare(`SELECT "${column}" AS v FROM "${table}" WHERE id = ?`).get(id) as { v: unknown };
    expect(now.v).toBe(versions[1].data[column]);
    expect(rowHistory(table, id, db)[0].op).toBe('restore');

    // deleted: in the trash; put back from it: the row is there again
    write('test.delete', () => db.$client.prepare(`DELETE FROM "${table}" WHERE id = ?`).run(id), db);
    const entry = listTrash(db).find((e) => e.row_id === id);
    expect(entry?.entity_label).toBe(REVISIONED[table].label);
    restoreFromTrash(entry!.id, db);
    expect(db.$client.prepare(`SELECT "${column}" AS v FROM "${table}" WHERE id = ?`).get(id)).toEqual({ v: versions[1].data[column] });
    expect(listTrash(db).find((e) => e.row_id === id)).toBeUndefined();
  });
});

describe('what a restore republishes and keeps', () => {
  const edit = (sql: string, ...params: unknown[]) => write('test.edit', () => db.$client.prepare(sql).run(...params), db);
  const oldest = (entity: RevisionedEntity, id: string) => rowHistory(entity, id, db).at(-1)!.id;

  it('names the pages that show the row, as its service does (a page by its key, a player by the team)', () => {
    seed(db, () => {
      db.$client.prepare(`INSERT INTO page_content (id, page_key, section_key, title, content) VALUES ('pc1', 'imprint', 'main', 'Impressum', 'Alt')`).run();
      db.$client.prepare(`INSERT INTO teams (id, name, category) VALUES ('t1', 'Kampfmannschaft', 'herren')`).run();
      db.$client.prepare(`INSERT INTO players (id, team_id, name, position) VALUES ('p1', 't1', 'Max Huber', 'Sturm')`).run();
    });
    edit(`UPDATE page_content SET content = 'Neu' WHERE id = 'pc1'`);
    edit(`UPDATE players SET name = 'Max Huber-Gruber' WHERE id = 'p1'`);
    const imprint = restoreRevision(oldest('page_content', 'pc1'), db);
    expect(affectedUrls(db, imprint.changes, undefined, false)).toContain('/impressum');
    const player = restoreRevision(oldest('players', 'p1'), db);
    expect(player.changes).toEqual([{ table: 'players', key: 't1' }]);
    expect(affectedUrls(db, player.changes, undefined, false)).toEqual(expect.arrayContaining(['/team/t1', '/spieler/p1']));
    // from the trash too
    edit(`DELETE FROM page_content WHERE id = 'pc1'`);
    const untrashed = restoreFromTrash(listTrash(db).find((e) => e.row_id === 'pc1')!.id, db);
    expect(affectedUrls(db, untrashed.changes, undefined, false)).toContain('/impressum');
  });

  it("putting back a player's older version keeps the publication consent as it is now (a withdrawn photo consent came back, credited to who recorded the first)", () => {
    seed(db, () => {
      db.$client.prepare(`INSERT INTO teams (id, name, category) VALUES ('t1', 'U13', 'nachwuchs')`).run();
      db.$client
        .prepare(
          `INSERT INTO players (id, team_id, name, position, jersey_number, consent_name, consent_photo, consent_stats, consent_given_by, consent_given_at, consent_recorded_by)
           VALUES ('p1', 't1', 'Lena Huber', 'Sturm', 9, 1, 1, 1, 'Mutter', '2025-03-01', 'a@verein.at')`,
        )
        .run();
    });
    edit(`UPDATE players SET consent_photo = 0, consent_stats = 0, consent_given_at = '2026-11-02', consent_recorded_by = 'b@verein.at' WHERE id = 'p1'`);
    edit(`UPDATE players SET jersey_number = 11 WHERE id = 'p1'`);
    restoreRevision(oldest('players', 'p1'), db);
    expect(db.$client.prepare(`SELECT jersey_number, consent_name, consent_photo, consent_stats, consent_given_by, consent_given_at, consent_recorded_by FROM players`).get()).toEqual({
      jersey_number: 9,
      consent_name: 1,
      consent_photo: 0,
      consent_stats: 0,
      consent_given_by: 'Mutter',
      consent_given_at: '2026-11-02',
      consent_recorded_by: 'b@verein.at',
    });
  });

  it('a restore on the list of versions it was chosen from: a version saved since refuses it, naming who saved', () => {
    seed(db, () => db.$client.prepare(`INSERT INTO teams (id, name, category) VALUES ('t1', 'Reserve', 'Herren')`).run());
    edit(`UPDATE teams SET name = 'Reserve II' WHERE id = 't1'`);
    const shown = currentRevision('teams', 't1', db)!;
    runAsActor({ id: 'u2', name: 'obmann@verein.at' }, () => edit(`UPDATE teams SET description = 'Neu' WHERE id = 't1'`));
    let refusal: unknown;
    try {
      restoreRevision(oldest('teams', 't1'), db, undefined, shown);
    } catch (error) {
      refusal = error;
    }
    expect(isRefusedWrite(refusal) && refusal.code).toBe('CONFLICT');
    expect(String((refusal as Error).message)).toContain('obmann@verein.at');
    expect(db.$client.prepare(`SELECT name, description FROM teams`).get()).toEqual({ name: 'Reserve II', description: 'Neu' });
    restoreRevision(oldest('teams', 't1'), db, undefined, currentRevision('teams', 't1', db)!);
    expect(db.$client.prepare(`SELECT name FROM teams`).pluck().get()).toBe('Reserve');
  });

  it("a match's version put back keeps its team and side (its line-up's), and, once begun, its status and score", () => {
    seed(db, () => {
      db.$client.prepare(`INSERT INTO teams (id, name, category) VALUES ('km', 'Kampfmannschaft', 'Herren'), ('res', 'Reserve', 'Herren')`).run();
      db.$client.prepare(`INSERT INTO matches (id, home_team, away_team, match_date, competition, season, team_id, team_side) VALUES ('m1', 'SV Kirchberg', 'ASK Gnas', '2026-11-22', 'Unterliga', '2026/27', 'km', 'home')`).run();
    });
    edit(`UPDATE matches SET team_id = 'res', team_side = 'away' WHERE id = 'm1'`);
    edit(`UPDATE matches SET live_phase = 'first_half', kickoff_at = 1, status = 'live', home_score = 0, away_score = 0 WHERE id = 'm1'`);
    edit(`INSERT INTO match_events (id, match_id, type, side, minute, player_name) VALUES ('e1', 'm1', 'yellow', 'home', 12, 'K. Maier')`);
    restoreRevision(oldest('matches', 'm1'), db);
    expect(db.$client.prepare(`SELECT team_id, team_side, status, live_phase, home_score, away_score FROM matches`).get()).toEqual({
      team_id: 'res', team_side: 'away', status: 'live', live_phase: 'first_half', home_score: 0, away_score: 0,
    });
  });

  it("a goal taken back out of the trash counts again: its match's score follows", () => {
    seed(db, () => {
      db.$client.prepare(`INSERT INTO matches (id, home_team, away_team, match_date, competition, season, live_phase, status, home_score, away_score) VALUES ('m1', 'SV Kirchberg', 'ASK Gnas', '2026-11-22', 'Unterliga', '2026/27', 'first_half', 'live', 0, 2)`).run();
      db.$client.prepare(`INSERT INTO match_events (id, match_id, type, side, minute) VALUES ('g1', 'm1', 'goal', 'away', 10), ('g2', 'm1', 'goal', 'away', 20)`).run();
    });
    edit(`DELETE FROM match_events WHERE id = 'g2'`);
    edit(`UPDATE matches SET away_score = 1 WHERE id = 'm1'`);
    const untrashed = restoreFromTrash(listTrash(db).find((e) => e.row_id === 'g2')!.id, db);
    expect(db.$client.prepare(`SELECT home_score, away_score FROM matches`).get()).toEqual({ home_score: 0, away_score: 2 });
    expect(untrashed.changes).toContainEqual({ table: 'matches', key: 'm1' });
  });

  it("keeps a match's calendar sequence rising, its match-day phase and its goals' score; a news stays as public as it is", () => {
    seed(db, () => {
      db.$client.prepare(`INSERT INTO matches (id, home_team, away_team, match_date, competition, season) VALUES ('m1', 'SV Kirchberg', 'ASK Gnas', '2026-11-22', 'Unterliga', '2026/27')`).run();
      db.$client.prepare(`INSERT INTO news (id, title, content, published) VALUES ('n1', 'Alt', 'Alt', 1)`).run();
    });
    edit(`UPDATE matches SET location = 'Sportplatz', sequence = 3, live_phase = 'second_half', kickoff_at = 1, home_score = 1, away_score = 0 WHERE id = 'm1'`);
    edit(`INSERT INTO match_events (id, match_id, type, side, minute) VALUES ('e1', 'm1', 'goal', 'home', 12)`);
    const match = restoreRevision(oldest('matches', 'm1'), db);
    expect(db.$client.prepare(`SELECT location, sequence, live_phase, kickoff_at, home_score, away_score FROM matches`).get()).toEqual({
      location: null, sequence: 4, live_phase: 'second_half', kickoff_at: 1, home_score: 1, away_score: 0,
    });
    expect(match.changes).toEqual([{ table: 'matches', key: 'm1' }, { table: 'fixture_lists' }]);
    edit(`UPDATE news SET title = 'Neu' WHERE id = 'n1'`);
    edit(`UPDATE news SET published = 0 WHERE id = 'n1'`);
    restoreRevision(oldest('news', 'n1'), db);
    expect(db.$client.prepare(`SELECT title, published FROM news`).get()).toEqual({ title: 'Alt', published: 0 });
  });

  it("refuses to put back a page's section from the trash when the page has that section again", () => {
    seed(db, () => db.$client.prepare(`INSERT INTO page_content (id, page_key, section_key, content) VALUES ('alt', 'privacy', 'main', 'Erklärung 2023')`).run());
    edit(`DELETE FROM page_content WHERE id = 'alt'`);
    edit(`INSERT INTO page_content (id, page_key, section_key, content) VALUES ('neu', 'privacy', 'main', 'Erklärung 2026')`);
    const entry = listTrash(db).find((e) => e.row_id === 'alt')!;
    // the way back named whole: the new section's 'Verlauf' does not hold the deleted text (it sent the admin to a 'Versionen' that is not there)
    expect(() => restoreFromTrash(entry.id, db)).toThrow(
      'Diesen Seitenabschnitt gibt es inzwischen wieder, mit einem neuen Text. Um den gelöschten zurückzuholen, zuerst den jetzigen Abschnitt löschen, dann diesen hier wiederherstellen.',
    );
    expect(db.$client.prepare(`SELECT id, content FROM page_content`).all()).toEqual([{ id: 'neu', content: 'Erklärung 2026' }]);
  });

  it("refuses to put back a league whose competition and season another league has now, in words that fit a 'Liga'", () => {
    seed(db, () => db.$client.prepare(`INSERT INTO leagues (id, competition, season) VALUES ('l1', 'Unterliga Mitte', '2026/27')`).run());
    edit(`DELETE FROM leagues WHERE id = 'l1'`);
    edit(`INSERT INTO leagues (id, competition, season) VALUES ('l2', 'Unterliga Mitte', '2026/27')`);
    const entry = listTrash(db).find((e) => e.row_id === 'l1')!;
    // it said 'ein Eintrag, auf den er verweist' of a 'Liga'
    expect(() => restoreFromTrash(entry.id, db)).toThrow(
      'Liga kann nicht wiederhergestellt werden: Ein Eintrag, auf den dieser Eintrag verweist, fehlt, oder ein gleichnamiger Eintrag existiert bereits.',
    );
    expect(db.$client.prepare(`SELECT id FROM leagues`).pluck().all()).toEqual(['l2']);
  });

  it('puts back a version whose author is gone since, without the author', () => {
    seed(db, () => {
      db.$client.prepare(`INSERT INTO users (id, email) VALUES ('u1', 'a@verein.at')`).run();
      db.$client.prepare(`INSERT INTO news (id, title, content, author_id) VALUES ('n1', 'Alt', 'Alt', 'u1')`).run();
    });
    edit(`UPDATE news SET title = 'Neu' WHERE id = 'n1'`);
    edit(`DELETE FROM users WHERE id = 'u1'`);
    restoreRevision(oldest('news', 'n1'), db);
    expect(db.$client.prepare(`SELECT title, author_id FROM news`).get()).toEqual({ title: 'Alt', author_id: null });
  });
});

describe('the trash', () => {
  it('puts a deleted team back with the players its delete took with it', () => {
    made.clear();
    const team = makeRow('teams');
    const players = [makeRow('players'), makeRow('players')];
    write('test.deleteTeam', () => db.$client.prepare('DELETE FROM teams WHERE id = ?').run(team), db);
    expect(db.$client.prepare('SELECT COUNT(*) FROM players').pluck().get()).toBe(0);
    const [entry] = listTrash(db);
    expect(entry).toMatchObject({ entity: 'teams', row_id: team, with_rows: 2 });
    const { changes } = restoreFromTrash(entry.id, db);
    expect(changes.map((c) => c.table)).toEqual(['teams', 'players', 'players']);
    expect((db.$client.prepare('SELECT id FROM players ORDER BY id').pluck().all() as string[]).sort()).toEqual([...players].sort());
  });

  it('links again what the delete cut loose from the rows it puts back (a league, a match, a goal)', async () => {
    const { deleteTeam } = await import('../services/admin/teams');
    seed(db, () => {
      db.$client.prepare(`INSERT INTO teams (id, name, category) VALUES ('t1', 'Kampfmannschaft', 'herren')`).run();
      db.$client.prepare(`INSERT INTO players (id, team_id, name, position) VALUES ('p1', 't1', 'Max Huber', 'Sturm')`).run();
      db.$client.prepare(`INSERT INTO leagues (id, competition, season, team_id) VALUES ('l1', 'Unterliga', '2026/27', 't1')`).run();
      db.$client.prepare(`INSERT INTO matches (id, home_team, away_team, match_date, team_id, team_side) VALUES ('m1', 'SV Kirchberg', 'ASK Gnas', '2026-11-22', 't1', 'home')`).run();
      db.$client.prepare(`INSERT INTO match_events (id, match_id, type, side, minute, player_id) VALUES ('e1', 'm1', 'goal', 'home', 12, 'p1')`).run();
    });
    deleteTeam('t1', db);
    expect(db.$client.prepare(`SELECT (SELECT team_id FROM leagues) AS league, (SELECT team_id FROM matches) AS match, (SELECT player_id FROM match_events) AS goal`).get()).toEqual({ league: null, match: null, goal: null });
    const { changes } = restoreFromTrash(listTrash(db).find((e) => e.row_id === 't1')!.id, db);
    expect(db.$client.prepare(`SELECT (SELECT team_id FROM leagues) AS league, (SELECT team_id FROM matches) AS match, (SELECT player_id FROM match_events) AS goal`).get()).toEqual({ league: 't1', match: 't1', goal: 'p1' });
    expect(changes).toEqual(expect.arrayContaining([{ table: 'leagues', key: 'l1' }, { table: 'matches', key: 'm1' }, { table: 'match_events', key: 'm1' }]));
  });

  it('a row the delete took along whose required parent is gone for good stays out; the rest comes back', () => {
    seed(db, () => {
      db.$client.prepare(`INSERT INTO teams (id, name, category) VALUES ('t1', 'Kampfmannschaft', 'herren')`).run();
      db.$client.prepare(`INSERT INTO players (id, team_id, name, position) VALUES ('p1', 't1', 'Max Huber', 'Sturm'), ('p2', 't1', 'Leo Gruber', 'Tor')`).run();
      db.$client.prepare(`INSERT INTO matches (id, home_team, away_team, match_date, team_id, team_side) VALUES ('m1', 'SV Kirchberg', 'ASK Gnas', '2026-11-22', 't1', 'home')`).run();
      db.$client.prepare(`INSERT INTO match_lineups (id, match_id, player_id, role) VALUES ('l1', 'm1', 'p1', 'start'), ('l2', 'm1', 'p2', 'start')`).run();
    });
    write('test.delete', () => db.$client.prepare(`DELETE FROM matches WHERE id = 'm1'`).run(), db);
    // then a player of that line-up asks to be forgotten: deleted, and purged from the trash
    write('test.delete', () => db.$client.prepare(`DELETE FROM players WHERE id = 'p1'`).run(), db);
    purgeFromTrash(listTrash(db).find((e) => e.row_id === 'p1')!.id, db);
    restoreFromTrash(listTrash(db).find((e) => e.row_id === 'm1')!.id, db);
    expect(db.$client.prepare(`SELECT id FROM matches`).pluck().all()).toEqual(['m1']);
    expect(db.$client.prepare(`SELECT player_id FROM match_lineups`).pluck().all()).toEqual(['p2']);
    // nothing of it is left in the trash
    expect(listTrash(db).filter((e) => e.row_id === 'm1' || e.row_id === 'l1')).toEqual([]);
  });

  it('links them again after the nightly pruning too: the versions a delete in the trash needs are kept', async () => {
    const { deleteTeam } = await import('../services/admin/teams');
    seed(db, () => {
      db.$client.prepare(`INSERT INTO teams (id, name, category) VALUES ('t1', 'Kampfmannschaft', 'herren')`).run();
      db.$client.prepare(`INSERT INTO players (id, team_id, name, position) VALUES ('p1', 't1', 'Max Huber', 'Sturm')`).run();
      db.$client.prepare(`INSERT INTO matches (id, home_team, away_team, match_date, team_id, team_side) VALUES ('m1', 'SV Kirchberg', 'ASK Gnas', '2025-08-22', 't1', 'home')`).run();
      db.$client.prepare(`INSERT INTO match_events (id, match_id, type, side, minute, player_id) VALUES ('e1', 'm1', 'goal', 'home', 12, 'p1')`).run();
    });
    // last season's match and goal, not edited for more than a year: their only versions are past the retention
    write('test.age', () => db.$client.prepare('UPDATE revisions SET created_at = created_at - 400 * 86400000').run(), db);
    deleteTeam('t1', db);
    // the night after: what is old goes, but not what the team's restore links from
    pruneRevisions(db);
    restoreFromTrash(listTrash(db).find((e) => e.row_id === 't1')!.id, db);
    expect(db.$client.prepare(`SELECT (SELECT team_id FROM matches) AS match, (SELECT player_id FROM match_events) AS goal`).get()).toEqual({ match: 't1', goal: 'p1' });
    // once the delete's time in the trash is over, those versions go with the pruning as any other
    const aged = () => db.$client.prepare("SELECT count(*) FROM revisions WHERE row_id IN ('m1', 'e1') AND created_at < ?").pluck().get(Date.now() - 300 * DAY);
    expect(aged()).toBe(2);
    pruneRevisions(db, Date.now() + 31 * DAY);
    expect(aged()).toBe(0);
  });

  it('keeps deleted rows for 30 days, then they are gone from it', () => {
    made.clear();
    const sponsor = makeRow('sponsors');
    write('test.delete', () => db.$client.prepare('DELETE FROM sponsors WHERE id = ?').run(sponsor), db);
    const [entry] = listTrash(db);
    expect(listTrash(db, Date.now() + 29 * DAY)).toHaveLength(1);
    expect(listTrash(db, Date.now() + 31 * DAY)).toHaveLength(0);
    expect(() => restoreFromTrash(entry.id, db, Date.now() + 31 * DAY)).toThrow('nicht mehr im Papierkorb');
    expect(pruneRevisions(db, Date.now() + 31 * DAY).closed).toBe(1);
    expect(listTrash(db)).toHaveLength(0);
  });

  it('follows the configured period', () => {
    made.clear();
    seed(db, () => db.$client.prepare("INSERT INTO site_settings (key, value) VALUES ('trash_retention_days', '7')").run());
    const sponsor = makeRow('sponsors');
    write('test.delete', () => db.$client.prepare('DELETE FROM sponsors WHERE id = ?').run(sponsor), db);
    expect(listTrash(db, Date.now() + 6 * DAY)).toHaveLength(1);
    expect(listTrash(db, Date.now() + 8 * DAY)).toHaveLength(0);
  });
});

describe('concurrency and retention', () => {
  it('refuses a save on an older version, naming who saved since', () => {
    made.clear();
    const team = makeRow('teams');
    const base = currentRevision('teams', team, db);
    expect(() => assertUnchanged('teams', team, base, db)).not.toThrow();
    runAsActor({ id: 'u2', name: 'kassier@verein.at' }, () =>
      write('test.edit', () => db.$client.prepare("UPDATE teams SET name = 'U16' WHERE id = ?").run(team), db),
    );
    let refusal: unknown;
    try {
      assertUnchanged('teams', team, base, db);
    } catch (error) {
      refusal = error;
    }
    expect(isRefusedWrite(refusal) && refusal.code).toBe('CONFLICT');
    expect((refusal as Error).message).toMatch(/^Nicht gespeichert: kassier@verein\.at hat diesen Eintrag inzwischen geändert \(\d\d\.\d\d\.\d{4}, \d\d:\d\d Uhr\)/);
    // without a base (an older client): no check
    expect(() => assertUnchanged('teams', team, undefined, db)).not.toThrow();
    expect(() => assertUnchanged('teams', team, currentRevision('teams', team, db), db)).not.toThrow();
  });

  it('drops versions past the retention but keeps each row as it is now', () => {
    made.clear();
    const team = makeRow('teams');
    write('test.edit', () => db.$client.prepare("UPDATE teams SET name = 'Zweite' WHERE id = ?").run(team), db);
    expect(rowHistory('teams', team, db)).toHaveLength(2);
    expect(pruneRevisions(db, Date.now() + 366 * DAY).removed).toBe(1);
    const [left] = rowHistory('teams', team, db);
    expect(left.data.name).toBe('Zweite');
  });
});
