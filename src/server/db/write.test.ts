import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase } from './client';
import { news, players } from './schema';
import { createTestDb } from './test-db';
import { CONSTRAINT_REFUSED, RefusedWrite, STORAGE_ROOM_MADE, STORAGE_TEXTS, guardWrites, isRefusedWrite, lastWriteFailure, storageFailure, whenDiskFull, write } from './write';
import { createNews, updateNews } from '../services/admin/news';

const dirs: string[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A database that can hold no more pages: every write that needs one fails with SQLITE_FULL. */
function fillUp(db: ReturnType<typeof createTestDb>) {
  const pages = db.$client.pragma('page_count', { simple: true }) as number;
  db.$client.pragma(`max_page_count = ${pages}`);
}

describe('write()', () => {
  it('returns what the transaction returns once it is committed', () => {
    const db = createTestDb();
    const { row } = createNews({ title: 'Sieg', content: 'Text', excerpt: null, image_url: null, published: true }, null, db);
    expect(db.select().from(news).where(eq(news.id, row.id)).get()?.title).toBe('Sieg');
  });

  it('refuses a write on a full database with the German message, and keeps nothing of it', () => {
    const db = createTestDb();
    const { row } = createNews({ title: 'Alt', content: 'Alt', excerpt: null, image_url: null, published: true }, null, db);
    fillUp(db);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const big = 'x'.repeat(50_000);
    let refused: unknown;
    try {
      updateNews(row.id, { title: 'Neu', content: big, excerpt: null, image_url: null, published: true }, db);
    } catch (e) {
      refused = e;
    }
    expect(isRefusedWrite(refused)).toBe(true);
    expect((refused as RefusedWrite).code).toBe('STORAGE');
    expect((refused as RefusedWrite).message).toBe('Speichern fehlgeschlagen: kein Speicherplatz frei.');
    // logged with the action's name
    expect(error.mock.calls.some((call) => String(call[0]).includes('news.updateNews'))).toBe(true);
    expect(db.select().from(news).where(eq(news.id, row.id)).get()?.title).toBe('Alt');
    expect(lastWriteFailure()?.reason).toBe('full');
  });

  it("answers a write the database's rules refuse (a reference to a gone row) in German, and keeps nothing of it", () => {
    const db = createTestDb();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let refused: unknown;
    try {
      write('test.orphan', (tx) => {
        tx.insert(news).values({ title: 'A', content: 'A' }).run();
        tx.insert(players).values({ team_id: 'gibt-es-nicht', name: 'Z', position: 'Tor' }).run();
      }, db);
    } catch (e) {
      refused = e;
    }
    expect(isRefusedWrite(refused) && refused.code).toBe('BAD_REQUEST');
    expect((refused as Error).message).toBe(CONSTRAINT_REFUSED);
    expect(error.mock.calls.some((call) => String(call[0]).includes('test.orphan') && String(call[0]).includes('SQLITE_CONSTRAINT_FOREIGNKEY'))).toBe(true);
    expect(db.select().from(news).all()).toEqual([]);
  });

  it('a nested write is part of the outer one: a refusal rolls back both', () => {
    const db = createTestDb();
    expect(() =>
      write('outer', (tx) => {
        tx.insert(news).values({ title: 'A', content: 'A' }).run();
        write('inner', (inner) => inner.insert(news).values({ title: 'B', content: 'B' }).run(), tx);
        throw new RefusedWrite('Nein');
      }, db),
    ).toThrow('Nein');
    expect(db.select().from(news).all()).toEqual([]);
  });

  it('a nested write that meets a full disk: the outermost makes room once and says so, as a write of its own does', () => {
    const db = createTestDb();
    fillUp(db);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let made = 0;
    const stopMaking = whenDiskFull(() => ++made);
    const big = 'x'.repeat(50_000);
    try {
      const refusal = (work: () => void) => {
        try {
          work();
        } catch (error) {
          return error;
        }
        return null;
      };
      const alone = refusal(() => write('alone', (tx) => tx.insert(news).values({ title: 'A', content: big }).run(), db));
      const nested = refusal(() => write('outer', (tx) => write('inner', (inner) => inner.insert(news).values({ title: 'B', content: big }).run(), tx), db));
      expect([alone, nested].map((error) => isRefusedWrite(error) && [error.code, error.message])).toEqual([
        ['STORAGE', STORAGE_ROOM_MADE],
        ['STORAGE', STORAGE_ROOM_MADE],
      ]);
      expect(made).toBe(2);
      expect(db.select().from(news).all()).toEqual([]);
    } finally {
      stopMaking();
    }
  });

  it('a write outside write() throws on a guarded connection; reads pass', () => {
    const db = createTestDb();
    expect(() => db.insert(news).values({ title: 'A', content: 'A' }).run()).toThrow(/write outside write\(\)/);
    expect(() => db.insert(news).values({ title: 'A', content: 'A' }).returning().get()).toThrow(/write outside write\(\)/);
    expect(db.select().from(news).all()).toEqual([]);
  });

  it('names a busy database, a read-only one and a full one in German', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-write-'));
    dirs.push(dir);
    const file = path.join(dir, 'club.db');
    const db = guardWrites(openDatabase(file));
    db.$client.pragma('busy_timeout = 50');
    const other = new Database(file);
    other.prepare('BEGIN IMMEDIATE').run();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => write('busy', (tx) => tx.insert(news).values({ title: 'A', content: 'A' }).run(), db)).toThrow(STORAGE_TEXTS.busy);
    other.prepare('ROLLBACK').run();
    other.close();
    db.$client.close();
    const ro = new Database(file, { readonly: true });
    expect(storageFailure(catchError(() => ro.prepare("INSERT INTO news (id, title, content) VALUES ('x', 'A', 'A')").run()))).toBe('readonly');
    ro.close();
    expect(storageFailure({ code: 'SQLITE_FULL' })).toBe('full');
    expect(storageFailure({ code: 'SQLITE_IOERR_WRITE' })).toBe('io');
    expect(storageFailure({ code: 'SQLITE_CONSTRAINT_UNIQUE' })).toBeNull();
    expect(storageFailure(new Error('boom'))).toBeNull();
  });
});

function catchError(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  return null;
}
