// One's own sessions (issue 11): where one is signed in, and 'Abmelden' for
// each. Only the owner's own sessions are listed or ended; the id is the
// session's stored hash, which cannot sign anyone in.
import { and, desc, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessions } from '../db/schema';
import { RefusedWrite, write } from '../db/write';

export const SESSION_TEXTS = {
  notFound: 'Diese Sitzung gibt es nicht mehr.',
  unknownBrowser: 'Unbekannter Browser',
};

export type OwnSession = { id: string; browser: string; createdAt: number; expiresAt: number; current: boolean };

const BROWSERS: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrome\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

/** 'Firefox auf Android' from a user agent; what the list shows. */
export function describeBrowser(userAgent: string | null): string {
  if (!userAgent) return SESSION_TEXTS.unknownBrowser;
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (!browser) return system ?? SESSION_TEXTS.unknownBrowser;
  return system ? `${browser} auf ${system}` : browser;
}

/** The user's sessions that have not expired, newest first; `current` marks the one asking. */
export function listOwnSessions(db: Db, userId: string, currentSessionId: string | null, now = Date.now()): OwnSession[] {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.createdAt))
    .all()
    .map((row) => ({
      id: row.id,
      browser: describeBrowser(row.userAgent),
      createdAt: row.createdAt,
      expiresAt: row.expiresAt,
      current: row.id === currentSessionId,
    }));
}

/** Ends one of the user's own sessions; another user's (or a gone one) is 'not found'. */
export function endOwnSession(db: Db, userId: string, sessionId: string): void {
  write('session.endOwn', (tx) => {
    const ended = tx.delete(sessions).where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId))).run();
    if (ended.changes === 0) throw new RefusedWrite(SESSION_TEXTS.notFound, 'NOT_FOUND');
  }, db);
}
