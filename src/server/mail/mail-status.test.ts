// The mail server's failures for the superadmin's header (mail-status.ts, decision 075): the server's until a
// mail goes again, across a restart; a refusal of one kind of mail until one of that kind goes; a refused
// mailbox only when it is the club's own (the inquiries' notification), and only while it is still that address.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestDb } from '../db/test-db';
import { openDatabase } from '../db/client';
import { guardWrites } from '../db/write';
import { homepageContent, siteSettings } from '../db/schema';
import { write } from '../db/write';
import type { Db } from '../db/client';
import { MAIL_STATUS_TEXTS } from '../../lib/mail-status';
import { inquiryRecipientIn } from '../content/club-facts';
import { mailStatus, recordMailOutcome } from './mail-status';

const SMTP = 'smtp://verein:geheim@mail.verein.at:587';
const at = Date.parse('2026-12-06T10:02:00Z');
const invitation = { to: 'neu@verein.at', purpose: 'invitation' as const };
const reset = { to: 'trainer@verein.at', purpose: 'reset' as const };
const unreachable = () => Object.assign(new Error('connect ECONNREFUSED'), { code: 'ESOCKET' });
const refusedMailbox = () =>
  Object.assign(new Error("Can't send mail - all recipients were rejected: 550 5.1.1 no such user"), { code: 'EENVELOPE', command: 'RCPT TO', response: '550 5.1.1 no such user', responseCode: 550 });
const relayDenied = () =>
  Object.assign(new Error("Can't send mail - all recipients were rejected: 554 5.7.1 Relay access denied"), { code: 'EENVELOPE', command: 'RCPT TO', response: '554 5.7.1 Relay access denied', responseCode: 554 });
const scopes = (db: Db) => mailStatus(db, SMTP).failures.map((failure) => failure.scope);
afterEach(() => vi.restoreAllMocks());

/** The club's address for the inquiries, as the footer texts name it. */
function clubAddress(db: Db, email: string) {
  const content = JSON.stringify({ contact_email: email });
  write('test.footer', (tx) => tx.insert(homepageContent).values({ section_key: 'footer_texts', content }).onConflictDoUpdate({ target: homepageContent.section_key, set: { content } }).run(), db);
  expect(inquiryRecipientIn(db)).toBe(email);
  return { to: email, purpose: 'inquiry' as const };
}

describe('the mail failures for the header', () => {
  it("the server's: kept with time and cause, across a restart, until any mail goes; said in German", () => {
    const db = createTestDb();
    expect(mailStatus(db, SMTP)).toEqual({ failures: [] });
    recordMailOutcome(db, Object.assign(new Error('Invalid login: 535 5.7.8 Authentication failed'), { code: 'EAUTH', responseCode: 535 }), reset, at, SMTP);
    const [failure] = mailStatus(db, SMTP).failures;
    expect(failure).toEqual({ failedAt: at, reason: 'der Mailserver hat die Anmeldung des Servers abgelehnt, Benutzer und Passwort in SMTP_URL prüfen', scope: 'server' });
    expect(MAIL_STATUS_TEXTS.failed(failure.failedAt, failure.reason, failure.scope)).toBe(
      'Der E-Mail-Versand ist am 6. Dezember 2026, 11:02 Uhr fehlgeschlagen: der Mailserver hat die Anmeldung des Servers abgelehnt, Benutzer und Passwort in SMTP_URL prüfen. Bis wieder eine E-Mail versendet wird, kommen Benachrichtigungen über neue Anfragen, Einladungen und Links zum Zurücksetzen des Passworts möglicherweise nicht an.',
    );
    // in the database: a restart keeps it
    expect(db.select().from(siteSettings).all().filter((row) => row.key === 'mail.failures')).toHaveLength(1);
    recordMailOutcome(db, unreachable(), reset, at + 60_000, SMTP);
    expect(mailStatus(db, SMTP).failures).toEqual([{ failedAt: at + 60_000, reason: 'der Mailserver ist nicht erreichbar', scope: 'server' }]);
    // an invitee's refused mailbox: the server answered, so its failure is over (and the address's is the admin's)
    recordMailOutcome(db, refusedMailbox(), invitation, at + 90_000, SMTP);
    expect(mailStatus(db, SMTP)).toEqual({ failures: [] });
    expect(db.select().from(siteSettings).all().filter((row) => row.key === 'mail.failures')).toEqual([]);
  });

  it("the club's own address refused (the inquiries' notification): kept beside the server's, until a notification goes or the address is corrected", () => {
    const db = createTestDb();
    const inquiry = clubAddress(db, 'info@verein.att');
    recordMailOutcome(db, refusedMailbox(), inquiry, at, SMTP);
    const [failure] = mailStatus(db, SMTP).failures;
    expect(failure).toEqual({ failedAt: at, reason: 'der Mailserver hat die Adresse des Vereins für neue Anfragen (info@verein.att) abgelehnt, bitte die E-Mail-Adresse des Vereins prüfen', scope: 'inquiry' });
    expect(MAIL_STATUS_TEXTS.failed(failure.failedAt, failure.reason, failure.scope)).toMatch(/\. Bis wieder eine Benachrichtigung über eine neue Anfrage versendet wird, kommen diese möglicherweise nicht an\.$/);
    // a later failure of the server does not take its place; mails of other kinds that go take only the server's
    recordMailOutcome(db, unreachable(), invitation, at + 1_000, SMTP);
    expect(scopes(db)).toEqual(['server', 'inquiry']);
    recordMailOutcome(db, null, reset, at + 2_000, SMTP);
    expect(scopes(db)).toEqual(['inquiry']);
    // the superadmin corrects the address: nothing to say about the old one
    clubAddress(db, 'info@verein.at');
    expect(mailStatus(db, SMTP)).toEqual({ failures: [] });
    clubAddress(db, 'info@verein.att');
    expect(scopes(db)).toEqual(['inquiry']);
    recordMailOutcome(db, null, clubAddress(db, 'info@verein.at'), at + 3_000, SMTP);
    clubAddress(db, 'info@verein.att');
    expect(mailStatus(db, SMTP)).toEqual({ failures: [] });
  });

  it('a server that refuses invitations to other domains (relay denied) while the club’s notifications go: kept until an invitation goes', () => {
    const db = createTestDb();
    recordMailOutcome(db, relayDenied(), invitation, at, SMTP);
    expect(mailStatus(db, SMTP).failures).toEqual([{ failedAt: at, reason: 'der Mailserver hat die E-Mail abgelehnt', scope: 'invitation' }]);
    expect(MAIL_STATUS_TEXTS.failed(at, 'der Mailserver hat die E-Mail abgelehnt', 'invitation')).toMatch(/\. Bis wieder eine Einladung versendet wird, kommen Einladungen möglicherweise nicht an\.$/);
    recordMailOutcome(db, null, { to: 'info@verein.at', purpose: 'inquiry' }, at + 1_000, SMTP);
    expect(scopes(db)).toEqual(['invitation']);
    recordMailOutcome(db, null, invitation, at + 2_000, SMTP);
    expect(mailStatus(db, SMTP)).toEqual({ failures: [] });
  });

  it('each database its own: what one process knows of one does not hide the other’s', () => {
    const first = createTestDb();
    const second = createTestDb();
    recordMailOutcome(first, null, invitation, at, SMTP);
    recordMailOutcome(second, unreachable(), invitation, at, SMTP);
    recordMailOutcome(first, null, invitation, at + 1_000, SMTP);
    expect(scopes(second)).toEqual(['server']);
    recordMailOutcome(second, null, invitation, at + 2_000, SMTP);
    expect(mailStatus(second, SMTP)).toEqual({ failures: [] });
  });

  it("the import's (a process of its own, on the same file): said in the server's header, and taken away by the server's next mail that goes; each transport's its own", () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'mail-status-'));
    const server = guardWrites(openDatabase(path.join(folder, 'club.db')));
    const importer = guardWrites(openDatabase(path.join(folder, 'club.db')));
    try {
      recordMailOutcome(server, null, invitation, at, SMTP);
      const busy = Object.assign(new Error('421 4.3.2 Service not available, closing transmission channel'), { code: 'EENVELOPE', responseCode: 421 });
      recordMailOutcome(importer, busy, invitation, at + 1_000, SMTP);
      // said hours later: not 'gerade'
      expect(mailStatus(server, SMTP).failures).toEqual([{ failedAt: at + 1_000, reason: 'der Mailserver nahm keine E-Mails an', scope: 'server' }]);
      // an import run from a shell without SMTP_URL writes its invitations to the outbox: that says nothing of the
      // server's mail server, and is not said for it
      recordMailOutcome(importer, null, invitation, at + 2_000, '');
      recordMailOutcome(importer, Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' }), invitation, at + 3_000, '');
      expect(mailStatus(server, SMTP).failures).toEqual([{ failedAt: at + 1_000, reason: 'der Mailserver nahm keine E-Mails an', scope: 'server' }]);
      recordMailOutcome(server, null, reset, at + 4_000, SMTP);
      expect(mailStatus(server, SMTP)).toEqual({ failures: [] });
      // a server that runs without SMTP_URL from now on says the outbox's
      expect(mailStatus(server, '').failures.map((failure) => failure.reason)).toEqual(['kein Speicherplatz frei für die E-Mail']);
    } finally {
      server.$client.close();
      importer.$client.close();
      fs.rmSync(folder, { recursive: true, force: true });
    }
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
    expect(() => recordMailOutcome(db, full, reset, at, '')).toThrow('kein Speicherplatz frei');
    expect(mailStatus(db, '').failures).toEqual([{ failedAt: at, reason: 'kein Speicherplatz frei für die E-Mail', scope: 'server' }]);
    // a mail that goes takes it away, stored or not
    recordMailOutcome(db, null, reset, at + 1_000, '');
    expect(mailStatus(db, '')).toEqual({ failures: [] });
  });
});
