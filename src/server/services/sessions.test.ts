import { describe, expect, it } from 'vitest';
import { createTestDb } from '../db/test-db';
import { createSession, validateSessionToken } from '../auth/session';
import { createUser } from '../auth/users';
import { isRefusedWrite } from '../db/write';
import { SESSION_TEXTS, describeBrowser, endOwnSession, listOwnSessions } from './sessions';

const FIREFOX_ANDROID = 'Mozilla/5.0 (Android 14; Mobile; rv:132.0) Gecko/132.0 Firefox/132.0';
const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

describe('own sessions', () => {
  it('names the browser and system in German words', () => {
    expect(describeBrowser(FIREFOX_ANDROID)).toBe('Firefox auf Android');
    expect(describeBrowser(CHROME_WINDOWS)).toBe('Chrome auf Windows');
    expect(describeBrowser(SAFARI_IPHONE)).toBe('Safari auf iOS');
    expect(describeBrowser(null)).toBe('Unbekannter Browser');
  });

  it('lists only one\'s own live sessions, newest first, the current one marked', async () => {
    const db = createTestDb();
    const me = await createUser(db, { email: 'ich@verein.at', password: 'Passwort-ich-123', roles: ['admin'] });
    const other = await createUser(db, { email: 'du@verein.at', password: 'Passwort-du-123', roles: ['admin'] });
    const now = Date.now();
    const phone = createSession(db, me.id, now - 2000, FIREFOX_ANDROID);
    const desk = createSession(db, me.id, now - 1000, CHROME_WINDOWS);
    createSession(db, other.id, now, SAFARI_IPHONE);
    const listed = listOwnSessions(db, me.id, desk.session.id, now);
    expect(listed.map((s) => [s.browser, s.current])).toEqual([
      ['Chrome auf Windows', true],
      ['Firefox auf Android', false],
    ]);
    expect(listed[1].id).toBe(phone.session.id);
  });

  it('ends one of one\'s own sessions (its token stops working); another user\'s is not found', async () => {
    const db = createTestDb();
    const me = await createUser(db, { email: 'ich@verein.at', password: 'Passwort-ich-123', roles: ['admin'] });
    const other = await createUser(db, { email: 'du@verein.at', password: 'Passwort-du-123', roles: ['admin'] });
    const phone = createSession(db, me.id, Date.now(), FIREFOX_ANDROID);
    const theirs = createSession(db, other.id);
    endOwnSession(db, me.id, phone.session.id);
    expect(validateSessionToken(db, phone.token)).toBeNull();
    let refusal: unknown;
    try {
      endOwnSession(db, me.id, theirs.session.id);
    } catch (error) {
      refusal = error;
    }
    expect(isRefusedWrite(refusal) && refusal.message).toBe(SESSION_TEXTS.notFound);
    expect(validateSessionToken(db, theirs.token)).not.toBeNull();
  });
});
