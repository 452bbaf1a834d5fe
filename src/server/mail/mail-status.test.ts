// The mail server's last failure for the superadmin's header (mail-status.ts, decision 075): kept until a mail
// goes again, across a restart; a failure of one kind of mail only until one of that kind goes; a refused
// mailbox only when it is the club's own (the inquiries' notification).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestDb } from '../db/test-db';
import { siteSettings } from '../db/schema';
import { write } from '../db/write';
import { MAIL_STATUS_TEXTS } from '../../lib/mail-status';
import { mailStatus, recordMailOutcome } from './mail-status';

const SMTP = 'smtp://verein:geheim@mail.verein.at:587';
const at = Date.parse('2026-12-06T10:02:00Z');
const none = { failedAt: null, reason: null };
const invitation = { to: 'neu@verein.at', purpose: 'invitation' as const };
const inquiry = { to: 'info@verein.at', purpose: 'inquiry' as const };
const reset = { to: 'trainer@verein.at', purpose: 'reset' as const };
const refusedMailbox = () =>
  Object.assign(new Error("Can't send mail - all recipients were rejected: 550 5.1.1 no such user"), { code: 'EENVELOPE', command: 'RCPT TO', response: '550 5.1.1 no such user', responseCode: 550 });
const relayDenied = () =>
  Object.assign(new Error("Can't send mail - all recipients were rejected: 554 5.7.1 Relay access denied"), { code: 'EENVELOPE', command: 'RCPT TO', response: '554 5.7.1 Relay access denied', responseCode: 554 });
afterEach(() => vi.restoreAllMocks());

describe('the last mail that failed', () => {
  it('is kept with its time and cause until a mail goes again; the header says it in German', () => {
    const db = createTestDb();
    expect(mailStatus(db)).toEqual(none);
    recordMailOutcome(db, Object.assign(new Error('Invalid login: 535 5.7.8 Authentication failed'), { code: 'EAUTH', responseCode: 535 }), reset, at, SMTP);
    const status = mailStatus(db);
    expect(status).toEqual({ failedAt: at, reason: 'der Mailserver hat die Anmeldung des Servers abgelehnt, Benutzer und Passwort in SMTP_URL prüfen' });
    expect(MAIL_STATUS_TEXTS.failed(status.failedAt!, status.reason!)).toBe(
      'Der E-Mail-Versand ist am 6. Dezember 2026, 11:02 Uhr fehlgeschlagen: der Mailserver hat die Anmeldung des Servers abgelehnt, Benutzer und Passwort in SMTP_URL prüfen. Bis wieder eine E-Mail versendet wird, kommen Benachrichtigungen über neue Anfragen, Einladungen und Links zum Zurücksetzen des Passworts möglicherweise nicht an.',
    );
    // in the database: a restart keeps it
    expect(db.select().from(siteSettings).all().filter((row) => row.key === 'mail.lastFailure')).toHaveLength(1);
    // a later failure replaces it
    recordMailOutcome(db, Object.assign(new Error('connect ECONNREFUSED'), { code: 'ESOCKET' }), inquiry, at + 60_000, SMTP);
    expect(mailStatus(db)).toEqual({ failedAt: at + 60_000, reason: 'der Mailserver ist nicht erreichbar' });
    // the server's failure: any mail that goes takes it away
    recordMailOutcome(db, null, invitation, at + 120_000, SMTP);
    expect(mailStatus(db)).toEqual(none);
    expect(db.select().from(siteSettings).all().filter((row) => row.key === 'mail.lastFailure')).toEqual([]);
  });

  it("a refused mailbox: an invitee's is not kept (the admin is told); the club's own, the inquiries' notification, is, until one goes", () => {
    const db = createTestDb();
    recordMailOutcome(db, refusedMailbox(), invitation, at, SMTP);
    recordMailOutcome(db, refusedMailbox(), reset, at, SMTP);
    expect(mailStatus(db)).toEqual(none);
    recordMailOutcome(db, refusedMailbox(), inquiry, at, SMTP);
    expect(mailStatus(db)).toEqual({ failedAt: at, reason: 'der Mailserver hat die Adresse des Vereins für neue Anfragen (info@verein.at) abgelehnt, bitte die E-Mail-Adresse des Vereins prüfen' });
    // an invitation that goes says nothing about the club's address
    recordMailOutcome(db, null, invitation, at + 1_000, SMTP);
    expect(mailStatus(db).failedAt).toBe(at);
    recordMailOutcome(db, null, { to: 'vorstand@verein.at', purpose: 'inquiry' }, at + 2_000, SMTP);
    expect(mailStatus(db)).toEqual(none);
  });

  it('a server that refuses invitations to other domains (relay denied) while the club’s notifications go: kept until an invitation goes', () => {
    const db = createTestDb();
    recordMailOutcome(db, relayDenied(), invitation, at, SMTP);
    expect(mailStatus(db)).toEqual({ failedAt: at, reason: 'der Mailserver hat die E-Mail abgelehnt' });
    recordMailOutcome(db, null, inquiry, at + 1_000, SMTP);
    expect(mailStatus(db).failedAt).toBe(at);
    recordMailOutcome(db, null, invitation, at + 2_000, SMTP);
    expect(mailStatus(db)).toEqual(none);
  });

  it('each database its own: what one process knows of one does not hide the other’s', () => {
    const first = createTestDb();
    const second = createTestDb();
    recordMailOutcome(first, null, invitation, at, SMTP);
    recordMailOutcome(second, Object.assign(new Error('connect ECONNREFUSED'), { code: 'ESOCKET' }), invitation, at, SMTP);
    recordMailOutcome(first, null, invitation, at + 1_000, SMTP);
    expect(mailStatus(second).failedAt).toBe(at);
    recordMailOutcome(second, null, invitation, at + 2_000, SMTP);
    expect(mailStatus(second)).toEqual(none);
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
    expect(() => recordMailOutcome(db, full, inquiry, at, '')).toThrow('kein Speicherplatz frei');
    expect(mailStatus(db)).toEqual({ failedAt: at, reason: 'kein Speicherplatz frei für die E-Mail' });
    // a mail that goes takes it away, stored or not
    recordMailOutcome(db, null, reset, at + 1_000, '');
    expect(mailStatus(db)).toEqual(none);
  });
});
