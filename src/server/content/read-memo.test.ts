import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../db/client';
import { guardWrites, write } from '../db/write';
import { memoRead } from './read-memo';

let dir: string;
let db: Db;
let other: Db;
const teamNames = (from: Db) => from.$client.prepare('SELECT name FROM teams ORDER BY name').pluck().all() as string[];
const addTeam = (to: Db, name: string) => write('test.team', () => to.$client.prepare("INSERT INTO teams (id, name) VALUES (lower(hex(randomblob(16))), ?)").run(name), to);
let reads = 0;
const names = (from: Db) => memoRead(from, 'names', () => (reads++, teamNames(from)));

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-memo-'));
  // two connections to one file, as the server and a render process have
  db = guardWrites(openDatabase(path.join(dir, 'club.db')));
  other = guardWrites(openDatabase(path.join(dir, 'club.db')));
  reads = 0;
});
afterEach(() => {
  db.$client.close();
  other.$client.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('memoRead', () => {
  it('reads once while nothing changes, and hands every caller the same value', () => {
    addTeam(db, 'Kampfmannschaft');
    const first = names(db);
    expect(names(db)).toBe(first);
    expect(reads).toBe(1);
  });

  it("reads again after this connection's own write", () => {
    addTeam(db, 'Kampfmannschaft');
    expect(names(db)).toEqual(['Kampfmannschaft']);
    addTeam(db, 'Reserve');
    expect(names(db)).toEqual(['Kampfmannschaft', 'Reserve']);
    expect(reads).toBe(2);
  });

  it("reads again after another connection's commit (a render process after the server's save)", () => {
    expect(names(db)).toEqual([]);
    addTeam(other, 'U16');
    expect(names(db)).toEqual(['U16']);
    expect(reads).toBe(2);
  });

  it('keeps nothing read inside a transaction that is rolled back', () => {
    expect(() =>
      write(
        'test.rolled-back',
        () => {
          db.$client.prepare("INSERT INTO teams (id, name) VALUES ('x', 'Geist')").run();
          expect(names(db)).toEqual(['Geist']);
          throw new Error('abgebrochen');
        },
        db,
      ),
    ).toThrow('abgebrochen');
    expect(names(db)).toEqual([]);
  });

  it('keeps nothing when the read fails', () => {
    expect(() => memoRead(db, 'failing', () => { throw new Error('kaputt'); })).toThrow('kaputt');
    expect(memoRead(db, 'failing', () => 'gelesen')).toBe('gelesen');
  });
});
