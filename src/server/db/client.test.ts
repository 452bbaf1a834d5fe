import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, WAL_SIZE_LIMIT_BYTES } from './client';
import { membershipInquiries, players, teams } from './schema';
import { write } from './write';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempFile() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-db-'));
  dirs.push(dir);
  return path.join(dir, 'club.db');
}

describe('database', () => {
  it("is its owner's alone, with its -wal and -shm, however it was made (a restore's 0644 file included)", () => {
    const file = tempFile();
    fs.writeFileSync(file, '');
    fs.chmodSync(file, 0o644);
    const db = openDatabase(file);
    write('test', () => db.insert(teams).values({ name: 'Kampfmannschaft', category: 'Herren' }).run(), db);
    const modes = [file, `${file}-wal`, `${file}-shm`].map((f) => (fs.statSync(f).mode & 0o777).toString(8));
    db.$client.close();
    expect(modes).toEqual(['600', '600', '600']);
  });

  it('leaves no bytes of a deleted row in the file (an erased inquiry is gone from disk and backups)', () => {
    const file = tempFile();
    const db = openDatabase(file);
    const secret = 'Meine Telefonnummer ist 0664-1234567-Geheim';
    write('test.inquiry', () => db.insert(membershipInquiries).values({ name: 'Anna', email: 'anna@example.org', betreff: 'Hallo', nachricht: secret }).run(), db);
    db.$client.pragma('wal_checkpoint(TRUNCATE)');
    expect(fs.readFileSync(file).includes(secret)).toBe(true);
    write('test.erase', () => db.delete(membershipInquiries).run(), db);
    db.$client.pragma('wal_checkpoint(TRUNCATE)');
    db.$client.close();
    expect(fs.readFileSync(file).includes(secret)).toBe(false);
  });

  it('cuts its WAL file back after a transaction bigger than the limit (an import, a night of purges)', () => {
    const file = tempFile();
    const db = openDatabase(file);
    const big = 'x'.repeat(1024 * 1024);
    write('test.big', () => {
      for (let i = 0; i < WAL_SIZE_LIMIT_BYTES / big.length + 4; i++) db.insert(membershipInquiries).values({ name: 'A', email: 'a@example.org', betreff: 'B', nachricht: big }).run();
    }, db);
    expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(WAL_SIZE_LIMIT_BYTES);
    db.$client.pragma('wal_checkpoint(PASSIVE)');
    write('test.small', () => db.delete(membershipInquiries).run(), db);
    db.$client.pragma('wal_checkpoint(PASSIVE)');
    write('test.after', () => db.insert(teams).values({ name: 'KM', category: 'Herren' }).run(), db);
    expect(fs.statSync(`${file}-wal`).size).toBeLessThanOrEqual(WAL_SIZE_LIMIT_BYTES);
    db.$client.close();
  });

  it('migrates an empty database and creates every table of both specs', () => {
    const db = openDatabase(tempFile());
    const tables = db.$client
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
      .all()
      .map((r) => (r as { name: string }).name);
    for (const name of [
      'homepage_content', 'page_content', 'news', 'teams', 'players', 'matches', 'sponsors', 'contact_info',
      'youth_teams', 'shop_items', 'membership_inquiries', 'profiles', 'user_roles', 'gallery',
      'users', 'sessions', 'one_time_tokens', 'site_settings',
    ]) {
      expect(tables, name).toContain(name);
    }
    expect(db.$client.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.$client.pragma('foreign_keys', { simple: true })).toBe(1);
  });

  it('migrates an already migrated database again without change or loss', () => {
    const file = tempFile();
    const first = openDatabase(file);
    first.insert(teams).values({ name: 'Kampfmannschaft', category: 'Herren' }).run();
    first.$client.close();
    const second = openDatabase(file);
    expect(second.select().from(teams).all().map((t) => t.name)).toEqual(['Kampfmannschaft']);
    second.$client.close();
  });

  it('deletes a team’s players with the team', () => {
    const db = openDatabase(tempFile());
    const team = db.insert(teams).values({ name: 'U16', category: 'Jugend' }).returning().get();
    db.insert(players).values({ team_id: team.id, name: 'Max', position: 'Torwart' }).run();
    db.delete(teams).where(eq(teams.id, team.id)).run();
    expect(db.select().from(players).all()).toHaveLength(0);
  });

});
