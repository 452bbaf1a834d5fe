import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDb } from '../db/test-db';
import { sessions } from '../db/schema';
import { createUser } from './users';
import {
  SESSION_TTL_MS,
  createSession,
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
    const jar = { set: (_n: string, _v: string, o: Record<string, unknown>) => void calls.push(o), delete: () => undefined };
    setSessionCookie(jar, 'token', Date.now() + 1000, true);
    setSessionCookie(jar, 'token', Date.now() + 1000, false);
    expect(calls[0]).toMatchObject({ httpOnly: true, sameSite: 'lax', secure: true, path: '/' });
    expect(calls[1]).toMatchObject({ secure: false });
  });
});
