// At a big club (10,000 news, 100,000 kept versions) a statement that scans
// `news` or `revisions` costs a save or a restore tens to hundreds of ms on the
// server's one thread. The statements these calls run are recorded as they are
// prepared and asked for their plan: each reads those tables by an index.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makePlayer, makeTeam } from '../../../tests/fixtures/factories';
import { restoreFromTrash } from '../revisions/revisions';
import { listTrash, purgeFromTrash } from '../revisions/trash';
import { earliestNewsSchedule, nextNewsScheduleAfter } from '../services/admin/news';
import { archivePagesFrom } from '../content/news-archive';
import { ROUTES } from '../publish/routes';
import type { Db } from './client';
import { createTestDb, seed } from './test-db';
import { write } from './write';

let db: Db;
beforeEach(() => {
  db = createTestDb();
});
afterEach(() => db.$client.close());

/** The statements `call` prepares. */
function statementsOf(call: () => void): string[] {
  const client = db.$client;
  const prepare = client.prepare;
  const seen: string[] = [];
  client.prepare = function (this: typeof client, source: string) {
    seen.push(source);
    return prepare.call(this, source);
  } as typeof client.prepare;
  try {
    call();
  } finally {
    client.prepare = prepare;
  }
  return seen;
}

/**
 * How a statement reads news or versions where it does not go straight to the rows it wants: a scan, a
 * search without an index ('SEARCH news': a minimum looked for row by row), or one by an index whose
 * first column is the kind of version (most versions share one). Parameters are bound to null.
 */
function unfitReads(source: string): string[] {
  const explain = db.$client.prepare(`EXPLAIN QUERY PLAN ${source}`);
  const count = (source.match(/\?/g) ?? []).length;
  // (an UPDATE's plan is asked for as a write: the test database allows those only inside one)
  const rows = seed(db, () => explain.all(...Array<null>(count).fill(null))) as { detail: string }[];
  return rows
    .map((row) => row.detail)
    .filter((detail) => /^(SCAN|SEARCH) (news|revisions)\b/.test(detail) && !/ USING (INTEGER PRIMARY KEY|(COVERING )?INDEX \w+ \((?!op=))/.test(detail))
    .map((detail) => `${detail}: ${source}`);
}

const readsWithoutFittingIndex = (statements: string[]) => statements.filter((source) => /^\s*(SELECT|UPDATE|DELETE)/i.test(source)).flatMap(unfitReads);

/** The reads of news in these statements that go to the rows (each with its text) rather than the index alone. */
function newsRowsRead(statements: string[]): string[] {
  return statements.flatMap((source) => {
    const count = (source.match(/\?/g) ?? []).length;
    const plan = db.$client.prepare(`EXPLAIN QUERY PLAN ${source}`).all(...Array<null>(count).fill(null)) as { detail: string }[];
    return plan
      .map((row) => row.detail)
      .filter((detail) => /^(SCAN|SEARCH) news\b/.test(detail) && !/ USING COVERING INDEX /.test(detail))
      .map((detail) => `${detail}: ${source}`);
  });
}

describe('the statements of a save and a restore read news and versions by an index', () => {
  it("the scheduler's next time, asked on every news save", () => {
    const at = Date.UTC(2026, 11, 24, 8);
    seed(db, (tx) => {
      tx.$client.prepare("INSERT INTO news (id, title, content, published, publish_at) VALUES ('n1', 'Weihnachtsfeier', 'x', 0, ?)").run(at);
      tx.$client.prepare("INSERT INTO news (id, title, content, unpublish_at) VALUES ('n2', 'Punsch', 'x', ?)").run(at + 3_600_000);
      tx.$client.prepare("INSERT INTO news (id, title, content) VALUES ('n3', 'Ohne Termin', 'x')").run();
    });
    let earliest: number | null = null;
    let after: number | null = null;
    const statements = statementsOf(() => {
      earliest = earliestNewsSchedule(db);
      after = nextNewsScheduleAfter(at, db);
    });
    expect([earliest, after]).toEqual([at, at + 3_600_000]);
    expect(nextNewsScheduleAfter(at + 3_600_000, db)).toBeNull();
    expect(readsWithoutFittingIndex(statements)).toEqual([]);
  });

  it("a team put back from the trash with its players, and one deleted for good", () => {
    const deleteTeam = (name: string) => {
      const team = seed(db, () => makeTeam(db, { name }));
      seed(db, () => makePlayer(db, team.id, { name: `${name} Spieler` }));
      write('test.delete', () => db.$client.prepare('DELETE FROM teams WHERE id = ?').run(team.id), db);
      return team;
    };
    const back = deleteTeam('U12');
    deleteTeam('U14');
    const [gone, kept] = [...listTrash(db)].sort((a, b) => a.title.localeCompare(b.title)).reverse();
    const statements = statementsOf(() => {
      restoreFromTrash(kept.id, db);
      purgeFromTrash(gone.id, db);
    });
    expect(db.$client.prepare('SELECT name FROM teams').all()).toEqual([{ name: 'U12' }]);
    expect(db.$client.prepare('SELECT count(*) AS n FROM players WHERE team_id = ?').get(back.id)).toEqual({ n: 1 });
    expect(readsWithoutFittingIndex(statements)).toEqual([]);
  });

  it("the published articles' ids (the sitemap, the lists) and an article's place in the archive come from the index alone", () => {
    seed(db, (tx) => {
      const insert = tx.$client.prepare("INSERT INTO news (id, title, content, published, created_at) VALUES (?, ?, 'Langer Text', ?, ?)");
      for (let i = 1; i <= 30; i++) insert.run(`n${i}`, `Bericht ${i}`, i % 10 === 0 ? 0 : 1, `2026-10-${String(i).padStart(2, '0')} 12:00:00`);
    });
    const newsPages = ROUTES.find((route) => route.pattern === '/news/:id')!;
    let ids: string[] = [];
    let pages: string[] | undefined;
    const statements = statementsOf(() => {
      ids = newsPages.params!(db, Date.now());
      pages = archivePagesFrom(db, 'n25');
    });
    expect(ids).toHaveLength(27);
    expect(ids).not.toContain('n10');
    expect(pages).toBeDefined();
    // all but the one article's own row, looked up by its id
    const lists = statements.filter((source) => !/"news"\."id" = \?$/.test(source));
    expect(lists).toHaveLength(3);
    expect(newsRowsRead(lists)).toEqual([]);
  });
});
