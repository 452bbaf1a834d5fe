// Sessions after the Lucia guide: a random token in the cookie, only its SHA-256
// stored, sliding expiry (docs/decisions/004).
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { eq } from 'drizzle-orm';
import { config } from '../config';
import type { Db } from '../db/client';
import { write, writeIfPossible } from '../db/write';
import { sessions, users } from '../db/schema';
import { SIGNED_IN_COOKIE } from '../../scripts/signed-in-marker';

export const SESSION_COOKIE = 'anstoss_session';
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** a session is extended when less than half of its lifetime is left */
const RENEW_BEFORE_MS = SESSION_TTL_MS / 2;

export type SessionUser = { id: string; email: string };
export type Session = { id: string; userId: string; expiresAt: number };

export function generateToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

export function hashToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

export function createSession(
  db: Db,
  userId: string,
  now = Date.now(),
  userAgent: string | null = null,
): { token: string; session: Session } {
  const token = generateToken();
  const session: Session = { id: hashToken(token), userId, expiresAt: now + SESSION_TTL_MS };
  // kept short: enough for 'Firefox auf Android', not a fingerprint
  const agent = userAgent ? userAgent.slice(0, 200) : null;
  write('session.create', () => db.insert(sessions).values({ ...session, createdAt: now, userAgent: agent }).run(), db);
  return { token, session };
}

/**
 * Sessions signed out while the database would not delete their row (a full disk, read-only storage): ended in
 * this server all the same, so that whoever copied the cookie is not signed in with it; the row goes at the next
 * look that can write. In memory, so until the next start; kept on globalThis, as the Astro bundle and the server
 * each load a copy of this module.
 */
const KEY = Symbol.for('anstoss.sessionsEndedUnwritten');
const endedUnwritten: Set<string> = ((globalThis as Record<symbol, unknown>)[KEY] as Set<string>) ?? new Set<string>();
(globalThis as Record<symbol, unknown>)[KEY] = endedUnwritten;

export function validateSessionToken(
  db: Db,
  token: string,
  now = Date.now(),
): { session: Session; user: SessionUser; renewed: boolean } | null {
  const id = hashToken(token);
  if (endedUnwritten.has(id)) {
    if (writeIfPossible('session.invalidate', () => db.delete(sessions).where(eq(sessions.id, id)).run(), db)) endedUnwritten.delete(id);
    return null;
  }
  const row = db
    .select({ session: sessions, user: { id: users.id, email: users.email } })
    .from(sessions)
    .innerJoin(users, eq(sessions.userId, users.id))
    .where(eq(sessions.id, id))
    .get();
  if (!row) return null;
  if (now >= row.session.expiresAt) {
    // expired either way; the row goes when the disk lets it
    writeIfPossible('session.expire', () => db.delete(sessions).where(eq(sessions.id, id)).run(), db);
    return null;
  }
  let renewed = false;
  if (now >= row.session.expiresAt - RENEW_BEFORE_MS) {
    const expiresAt = now + SESSION_TTL_MS;
    // a full disk must not sign anyone out: the session keeps its old expiry
    renewed = writeIfPossible('session.renew', () => db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id)).run(), db);
    if (renewed) row.session.expiresAt = expiresAt;
  }
  return { session: row.session, user: row.user, renewed };
}

export function invalidateSession(db: Db, sessionId: string): void {
  try {
    write('session.invalidate', () => db.delete(sessions).where(eq(sessions.id, sessionId)).run(), db);
  } catch (error) {
    endedUnwritten.add(sessionId);
    throw error;
  }
}

export function invalidateUserSessions(db: Db, userId: string, exceptSessionId?: string): void {
  const all = db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId)).all();
  // every one, even when a delete fails (each failed one is ended in memory): the first failure stopped the loop,
  // and a copied cookie of the sessions after it stayed valid after a password reset on a full disk
  let failed: unknown = null;
  for (const s of all) {
    if (s.id === exceptSessionId) continue;
    try {
      invalidateSession(db, s.id);
    } catch (error) {
      failed ??= error;
    }
  }
  if (failed !== null) throw failed;
}

type CookieJar = {
  set: (name: string, value: string, options: Record<string, unknown>) => void;
  delete: (name: string, options: Record<string, unknown>) => void;
};

/** `Secure` cookies when this request or the public site uses HTTPS. */
export function isSecureRequest(url: URL): boolean {
  return url.protocol === 'https:' || config.siteUrl.startsWith('https:');
}

// Beside the session cookie, a readable marker without any secret: the public
// pages' header asks /api/me only when it is there (docs/decisions/036).
export function setSessionCookie(cookies: CookieJar, token: string, expiresAt: number, secure: boolean): void {
  cookies.set(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure, path: '/', expires: new Date(expiresAt) });
  cookies.set(SIGNED_IN_COOKIE, '1', { httpOnly: false, sameSite: 'lax', secure, path: '/', expires: new Date(expiresAt) });
}

export function deleteSessionCookie(cookies: CookieJar, secure: boolean): void {
  cookies.delete(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure, path: '/' });
  cookies.delete(SIGNED_IN_COOKIE, { httpOnly: false, sameSite: 'lax', secure, path: '/' });
}
