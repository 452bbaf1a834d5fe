import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDb } from '../db/test-db';
import { sessions } from '../db/schema';
import { createUser } from './users';
import { SIGNED_IN_COOKIE } from '../../scripts/signed-in-marker';
import {
  SESSION_COOKIE,
  SESSION_TTL_MS,
  createSession,
  deleteSessionCookie,
  hashToken,
  invalidateSession,
  invalidateUserSessions,
  setSessionCookie,
  validateSessionToken,
} from './session';

describe('sessions after the Lucia guide', () => {
  it('keeps only the SHA-256 of a random 160-bit token', async () => {
    const db = createTestDb();
    const user = await createUser(db, { email: 's@verein.at', roles: ['user'] });
    const { token, session } = createSession(db, user.id);
    expect(token).toMatch(/^[a-z2-7]{32}$/);
    expect(session.id).toBe(hashToken(token));
    const row = db.select().from(sessions).where(eq(sessions.userId, user.id)).get()!;
    expect(row.id).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('slides: renewed when less than half is left, ended when expired', async () => {
    const db = createTestDb();
    const user = await createUser(db, { email: 's@verein.at', roles: ['user'] });
    const t0 = 1_000_000_000;
    const { token } = createSession(db, user.id, t0);
    expect(validateSessionToken(db, token, t0 + 1000)?.renewed).toBe(false);
    const late = t0 + SESSION_TTL_MS * 0.75;
    const renewed = validateSessionToken(db, token, late)!;
    expect(renewed.renewed).toBe(true);
    expect(renewed.session.expiresAt).toBe(late + SESSION_TTL_MS);
    expect(validateSessionToken(db, token, late + SESSION_TTL_MS)).toBeNull();
    expect(db.select().from(sessions).all()).toHaveLength(0);
  });

  it('ends one session, or all of a user but one', async () => {
    const db = createTestDb();
    const user = await createUser(db, { email: 's@verein.at', roles: ['user'] });
    const a = createSession(db, user.id);
    const b = createSession(db, user.id);
    const c = createSession(db, user.id);
    invalidateSession(db, a.session.id);
    expect(validateSessionToken(db, a.token)).toBeNull();
    invalidateUserSessions(db, user.id, c.session.id);
    expect(validateSessionToken(db, b.token)).toBeNull();
    expect(validateSessionToken(db, c.token)?.user.email).toBe('s@verein.at');
  });

  it('sets the cookie HttpOnly, SameSite=Lax, on the whole site, Secure when asked', () => {
    const calls: Record<string, unknown>[] = [];
    const jar = {
      set: (name: string, _v: string, o: Record<string, unknown>) => void (name === SESSION_COOKIE && calls.push(o)),
      delete: () => undefined,
    };
    setSessionCookie(jar, 'token', Date.now() + 1000, true);
    setSessionCookie(jar, 'token', Date.now() + 1000, false);
    expect(calls[0]).toMatchObject({ httpOnly: true, sameSite: 'lax', secure: true, path: '/' });
    expect(calls[1]).toMatchObject({ secure: false });
  });

  it('sets and deletes a readable signed-in marker beside it, holding no secret and expiring with it', () => {
    const set: [string, string, Record<string, unknown>][] = [];
    const deleted: string[] = [];
    const jar = { set: (n: string, v: string, o: Record<string, unknown>) => void set.push([n, v, o]), delete: (n: string) => void deleted.push(n) };
    const expiresAt = Date.now() + 1000;
    setSessionCookie(jar, 'secret-token', expiresAt, true);
    expect(set.map(([name]) => name)).toEqual([SESSION_COOKIE, SIGNED_IN_COOKIE]);
    expect(set[1][1]).toBe('1');
    expect(set[1][2]).toMatchObject({ httpOnly: false, sameSite: 'lax', secure: true, path: '/', expires: new Date(expiresAt) });
    deleteSessionCookie(jar, true);
    expect(deleted).toEqual([SESSION_COOKIE, SIGNED_IN_COOKIE]);
  });

  it('a sign-out whose row the database would not delete (a full disk) ends the session in this server all the same, and the row goes once it writes', async () => {
    const db = createTestDb();
    const user = await createUser(db, { email: 's@verein.at', roles: ['user'] });
    const { token, session } = createSession(db, user.id);
    // the disk refuses every delete of a session, as a full one does: the delete needs room that is not there
    db.$client.exec(`CREATE TRIGGER full_disk BEFORE DELETE ON sessions BEGIN INSERT INTO site_settings (key, value) VALUES (hex(randomblob(16)), zeroblob(100000)); END`);
    db.$client.pragma(`max_page_count = ${db.$client.pragma('page_count', { simple: true }) as number}`);
    expect(() => invalidateSession(db, session.id)).toThrow();
    expect(db.select().from(sessions).all()).toHaveLength(1);
    // whoever copied the cookie is not signed in with it
    expect(validateSessionToken(db, token)).toBeNull();
    expect(validateSessionToken(db, token)).toBeNull();
    // the disk writes again: the next look removes the row
    db.$client.exec('DROP TRIGGER full_disk');
    db.$client.pragma('max_page_count = 1073741823');
    expect(validateSessionToken(db, token)).toBeNull();
    expect(db.select().from(sessions).all()).toHaveLength(0);

    // ending all of an account's sessions (a password reset) on such a disk: every one is ended, not only the first
    const three = [createSession(db, user.id), createSession(db, user.id), createSession(db, user.id)];
    db.$client.exec(`CREATE TRIGGER full_disk BEFORE DELETE ON sessions BEGIN INSERT INTO site_settings (key, value) VALUES (hex(randomblob(16)), zeroblob(100000)); END`);
    db.$client.pragma(`max_page_count = ${db.$client.pragma('page_count', { simple: true }) as number}`);
    expect(() => invalidateUserSessions(db, user.id)).toThrow();
    for (const { token: copied } of three) expect(validateSessionToken(db, copied)).toBeNull();
    db.$client.exec('DROP TRIGGER full_disk');
    db.$client.pragma('max_page_count = 1073741823');
  });
});
