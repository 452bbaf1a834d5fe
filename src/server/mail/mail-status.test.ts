// The mail server's last failure for the superadmin's header (mail-status.ts, decision 075): kept until a mail
// goes again, across a restart; a refused mailbox is the address's, not the server's.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestDb } from '../db/test-db';
import { siteSettings } from '../db/schema';
import { write } from '../db/write';
import { MAIL_STATUS_TEXTS } from '../../lib/mail-status';
import { mailStatus, recordMailOutcome } from './mail-status';

const SMTP = 'smtp://verein:geheim@mail.verein.at:587';
const at = Date.parse('2026-12-06T10:02:00Z');
afterEach(() => vi.restoreAllMocks());

describe('the last mail that failed', () => {
  it('is kept with its time and cause until a mail goes again; the header says it in German', () => {
    const db = createTestDb();
    expect(mailStatus(db)).toEqual({ failedAt: null, reason: null });
    recordMailOutcome(db, Object.assign(new Error('Invalid login: 535 5.7.8 Authentication failed'), { code: 'EAUTH', responseCode: 535 }), at, SMTP);
    const status = mailStatus(db);
    expect(status).toEqual({ failedAt: at, reason: 'der Mailserver hat die Anmeldung des Servers abgelehnt, Benutzer und Passwort in SMTP_URL prüfen' });
    expect(MAIL_STATUS_TEXTS.failed(status.failedAt!, status.reason!)).toBe(
      'E-Mail-Versand am 6. Dezember 2026, 11:02 Uhr fehlgeschlagen: der Mailserver hat die Anmeldung des Servers abgelehnt, Benutzer und Passwort in SMTP_URL prüfen. Bis wieder eine E-Mail versendet wird, kommen Benachrichtigungen über neue Anfragen, Einladungen und Links zum Zurücksetzen des Passworts nicht an.',
    );
    // in the database: a restart keeps it
    expect(db.select().from(siteSettings).all().filter((row) => row.key === 'mail.lastFailure')).toHaveLength(1);
    // a later failure replaces it
    recordMailOutcome(db, Object.assign(new Error('connect ECONNREFUSED'), { code: 'ESOCKET' }), at + 60_000, SMTP);
    expect(mailStatus(db)).toEqual({ failedAt: at + 60_000, reason: 'der Mailserver ist nicht erreichbar' });
    recordMailOutcome(db, null, at + 120_000, SMTP);
    expect(mailStatus(db)).toEqual({ failedAt: null, reason: null });
    expect(db.select().from(siteSettings).all().filter((row) => row.key === 'mail.lastFailure')).toEqual([]);
  });

  it('a mailbox the server refuses is the address, not the server: not kept', () => {
    const db = createTestDb();
    recordMailOutcome(db, Object.assign(new Error("Can't send mail - all recipients were rejected: 550 5.1.1 no such user"), { code: 'EENVELOPE', command: 'RCPT TO', response: '550 5.1.1 no such user', responseCode: 550 }), at, SMTP);
    expect(mailStatus(db)).toEqual({ failedAt: null, reason: null });
  });

  it('without SMTP_URL, an outbox on a full disk is kept; one the database cannot take either is still told (from memory)', () => {
    const db = createTestDb();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const full = Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
    // a database with not one row's room left
    db.$client.pragma(`max_page_count = ${db.$client.pragma('page_count', { simple: true }) as number}`);
    for (let n = 0; ; n++) {
      try {
        write('test.fill', (tx) => tx.insert(siteSettings).values({ key: `f${n}`, value: '' }).run(), db);
      } catch {
        break;
      }
    }
    expect(() => recordMailOutcome(db, full, at, '')).toThrow('kein Speicherplatz frei');
    expect(mailStatus(db)).toEqual({ failedAt: at, reason: 'kein Speicherplatz frei für die E-Mail' });
    // a mail that goes takes it away, stored or not
    recordMailOutcome(db, null, at + 1_000, '');
    expect(mailStatus(db)).toEqual({ failedAt: null, reason: null });
  });
});
