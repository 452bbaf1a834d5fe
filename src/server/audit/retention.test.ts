import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestDb, seed } from '../db/test-db';
import type { Db } from '../db/client';
import { auditLog, contactInfo, invitationMailsGoingOut, media, membershipInquiries, news, rateLimits, revisions, sessions, siteSettings } from '../db/schema';
import { RESET_RECIPIENT_POLICY, recordAttempt } from '../auth/rate-limit';
import { createUser } from '../auth/users';
import { createSession } from '../auth/session';
import { inviteUser } from '../services/invitations';
import { settled, slowSend } from '../services/test-users';
import { PRIVACY_TOOL_TEXTS, RETENTION_DEFAULTS, retentionSchema } from '../../lib/schemas/audit';
import { recordAudit } from './audit-log';
import { recordFailedBurst } from './signin-audit';
import { copiesAfterErasure, eraseSubject, exportSubject, maskEmail } from './data-subject';
import { inquiryRetentionJob, monthsBefore, purgeAuditLog, purgeInquiries, retentionJobs, retentionSettings, saveRetentionSettings } from './retention';

const NOW = Date.UTC(2026, 10, 25, 3, 0, 0);
const DAY = 24 * 60 * 60 * 1000;
const boss = { id: 'boss', email: 'boss@verein.at' };

function inquiry(db: Db, email: string, createdAt: string, name = 'Max') {
  return seed(db, (tx) =>
    tx.insert(membershipInquiries).values({ name, email, betreff: 'Training', nachricht: 'Hallo', created_at: createdAt }).returning().get(),
  );
}
const inquiryEmails = (db: Db) => db.select().from(membershipInquiries).all().map((r) => r.email).sort();

describe('retention settings', () => {
  it('default to 365 days and 12 months; a change is stored and logged; bad input is refused by the schema', () => {
    const db = createTestDb();
    expect(retentionSettings(db)).toEqual(RETENTION_DEFAULTS);
    expect(saveRetentionSettings(db, { auditDays: 90, inquiryMonths: 6 }, boss, NOW)).toEqual({ auditDays: 90, inquiryMonths: 6 });
    expect(db.select().from(siteSettings).all().filter((r) => r.key.includes('retention'))).toEqual([
      { key: 'audit_retention_days', value: '90' },
      { key: 'inquiry_retention_months', value: '6' },
    ]);
    expect(db.select().from(auditLog).all()).toMatchObject([
      { action: 'retention.settings', user_name: 'boss@verein.at', detail: 'Geändert: Protokoll aufbewahren (Tage): 365 → 90, Anfragen aufbewahren (Monate): 12 → 6' },
    ]);
    // saving the same again is no change
    saveRetentionSettings(db, { auditDays: 90, inquiryMonths: 6 }, boss, NOW);
    expect(db.select().from(auditLog).all()).toHaveLength(1);
    expect(retentionSchema.safeParse({ auditDays: 0, inquiryMonths: 12 }).success).toBe(false);
    expect(retentionSchema.safeParse({ auditDays: '400', inquiryMonths: 'zwölf' }).success).toBe(false);
    // a broken stored value falls back to the default
    seed(db, (tx) => tx.update(siteSettings).set({ value: 'abc' }).run());
    expect(retentionSettings(db)).toEqual(RETENTION_DEFAULTS);
  });
});

describe('audit log retention', () => {
  it('deletes entries older than the period as of the given now, and leaves the revisions alone', () => {
    const db = createTestDb();
    recordAudit(db, { action: 'signin', actor: boss }, NOW - 366 * DAY);
    recordAudit(db, { action: 'signin', actor: boss }, NOW - 364 * DAY);
    seed(db, (tx) => tx.insert(revisions).values({ change_set: 'c', entity: 'news', row_id: 'n', op: 'update', data: '{}', created_at: NOW - 900 * DAY }).run());
    expect(purgeAuditLog(db, NOW)).toBe(1);
    expect(db.select().from(auditLog).all().map((r) => r.at)).toEqual([NOW - 364 * DAY]);
    expect(db.select().from(revisions).all()).toHaveLength(1);
    saveRetentionSettings(db, { auditDays: 30, inquiryMonths: 12 }, boss, NOW);
    // the setting's own entry is new; the other is now too old
    expect(purgeAuditLog(db, NOW)).toBe(1);
    expect(db.select().from(auditLog).all().map((r) => r.action)).toEqual(['retention.settings']);
  });
});

describe('inquiry retention', () => {
  it("removes the outbox's notifications older than the period with the inquiries (a set-up without SMTP)", () => {
    const db = createTestDb();
    const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-outbox-'));
    try {
      const mail = (name: string, at: number) => {
        fs.writeFileSync(path.join(outbox, name), 'Name: Max\nE-Mail: alt@test.at');
        fs.utimesSync(path.join(outbox, name), at / 1000, at / 1000);
      };
      mail('alt.eml', NOW - 400 * DAY);
      mail('neu.eml', NOW - 10 * DAY);
      mail('2025-10-01T08-00-00-000Z-abc123.txt', NOW - 400 * DAY);
      mail('2026-11-20T08-00-00-000Z-def456.txt', NOW - 10 * DAY);
      mail('notiz.txt', NOW - 400 * DAY);
      purgeInquiries(db, NOW, outbox);
      expect(fs.readdirSync(outbox).sort()).toEqual(['2026-11-20T08-00-00-000Z-def456.txt', 'neu.eml', 'notiz.txt']);
    } finally {
      fs.rmSync(outbox, { recursive: true, force: true });
    }
  });

  it('deletes inquiries older than 12 months by default, then by the setting, and logs how many (not whose)', async () => {
    const db = createTestDb();
    inquiry(db, 'alt@test.at', '2025-11-24T10:00:00.000Z');
    inquiry(db, 'knapp@test.at', '2025-11-25T04:00:00.000Z');
    inquiry(db, 'neu@test.at', '2026-08-01T10:00:00.000Z');
    expect(purgeInquiries(db, NOW)).toBe(1);
    expect(inquiryEmails(db)).toEqual(['knapp@test.at', 'neu@test.at']);
    expect(db.select().from(auditLog).all()).toMatchObject([
      { action: 'retention.purge', user_id: null, entity: 'membership_inquiries', detail: '1 Anfrage älter als die Aufbewahrungsfrist gelöscht' },
    ]);
    // nothing to delete: nothing logged
    expect(purgeInquiries(db, NOW)).toBe(0);
    expect(db.select().from(auditLog).all()).toHaveLength(1);

    saveRetentionSettings(db, { auditDays: 365, inquiryMonths: 3 }, boss, NOW);
    // through the scheduler's job, with its injectable clock
    const job = inquiryRetentionJob(() => db, { now: () => NOW, log: { info: () => undefined } });
    await job.run();
    expect(inquiryEmails(db)).toEqual([]);
    expect(retentionJobs(() => db).map((j) => j.name)).toEqual(['audit-retention', 'inquiry-retention']);
  });

  it('counts months in the calendar', () => {
    expect(new Date(monthsBefore(Date.UTC(2026, 10, 25), 12)).toISOString()).toBe('2025-11-25T00:00:00.000Z');
    expect(new Date(monthsBefore(Date.UTC(2026, 0, 15), 1)).toISOString()).toBe('2025-12-15T00:00:00.000Z');
    // a day the earlier month does not have is its last: 31 March less one month spilled into 3 March
    expect(new Date(monthsBefore(Date.UTC(2026, 2, 31, 3), 1)).toISOString()).toBe('2026-02-28T03:00:00.000Z');
    expect(new Date(monthsBefore(Date.UTC(2026, 7, 31), 6)).toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect(new Date(monthsBefore(Date.UTC(2028, 2, 30), 1)).toISOString()).toBe('2028-02-29T00:00:00.000Z');
  });
});

describe('export and erasure of an e-mail address', () => {
  it('exports every inquiry of the address (any case) and the account without secrets, and logs it without the address', async () => {
    const db = createTestDb();
    const user = await createUser(db, { email: 'max@test.at', password: 'Ein-langes-Passwort-7', roles: ['admin'] });
    createSession(db, user.id, NOW, 'Firefox');
    inquiry(db, 'Max@Test.at ', '2026-10-01T10:00:00.000Z', '<script>x</script>');
    inquiry(db, 'max@test.at', '2026-11-01T10:00:00.000Z');
    inquiry(db, 'other@test.at', '2026-11-02T10:00:00.000Z');
    const data = exportSubject(db, ' MAX@test.at', boss, NOW);
    expect(data.email).toBe('max@test.at');
    expect(data.inquiries.map((i) => [i.name, i.created_at])).toEqual([
      ['<script>x</script>', '2026-10-01T10:00:00.000Z'],
      ['Max', '2026-11-01T10:00:00.000Z'],
    ]);
    expect(data.account).toMatchObject({ id: user.id, email: 'max@test.at', passwordSet: true, roles: ['admin'], secondFactor: false, firstStepsHiddenAt: null });
    expect(data.account?.sessions).toEqual([{ createdAt: new Date(NOW).toISOString(), expiresAt: expect.any(String), userAgent: 'Firefox' }]);
    const text = JSON.stringify(data);
    const hash = db.select().from(sessions).get()!.id;
    expect(text).not.toContain(hash);
    expect(text).not.toMatch(/argon2|password_?hash/i);
    const entry = db.select().from(auditLog).all().at(-1)!;
    expect(entry).toMatchObject({ action: 'inquiry.export', user_name: 'boss@verein.at', detail: 'Export für eine E-Mail-Adresse: 2 Anfragen' });
    // an address nobody used: an empty export
    expect(exportSubject(db, 'niemand@test.at', boss, NOW)).toMatchObject({ inquiries: [], account: null, auditLogMentions: [] });
  });

  it('exports an invitation whose mail is going out at that moment, with who invited (its link stays a secret)', async () => {
    const db = createTestDb();
    const mail = slowSend();
    const before = Date.now();
    expect((await inviteUser(db, 'neu@test.at', mail.send, boss, 5)).stillSending).toBe(true);
    const data = exportSubject(db, 'neu@test.at', boss, NOW);
    expect(data.account?.invitationsGoingOut).toEqual([{ since: expect.any(String), invitedBy: 'boss@verein.at' }]);
    expect(Date.parse(data.account!.invitationsGoingOut[0].since)).toBeGreaterThanOrEqual(before);
    const token = db.select().from(invitationMailsGoingOut).get()!.tokenId;
    expect(JSON.stringify(data)).not.toContain(token);
    mail.finish();
    await settled();
    expect(exportSubject(db, 'neu@test.at', boss, NOW).account?.invitationsGoingOut).toEqual([]);
  });

  it("exports the news the account wrote, its content changes, the contact entries with the address and the limits' counts under it (they were left out)", async () => {
    const db = createTestDb();
    const user = await createUser(db, { email: 'max@test.at', password: 'Ein-langes-Passwort-7', roles: ['admin'] });
    seed(db, (tx) => {
      tx.insert(news).values([
        { id: 'n1', title: 'Sieg im Derby', content: '<p>Text</p>', author_id: user.id, created_at: '2026-11-01T10:00:00.000Z' },
        { id: 'n2', title: 'Von jemand anderem', content: '<p>Text</p>', author_id: null, created_at: '2026-11-02T10:00:00.000Z' },
      ]).run();
      tx.insert(revisions).values([
        { change_set: 'c1', entity: 'news', row_id: 'n1', op: 'insert', data: '{}', user_id: user.id, user_name: 'max@test.at', created_at: NOW - 2 * DAY },
        { change_set: 'c2', entity: 'teams', row_id: 't1', op: 'update', data: '{}', user_id: 'boss', user_name: 'boss@verein.at', created_at: NOW - DAY },
      ]).run();
      tx.insert(contactInfo).values([
        { id: 'k1', name: 'Max Muster', role: 'Obmann', email: ' Max@Test.at', phone: '0664 123' },
        { id: 'k2', name: 'Anna', role: 'Kassierin', email: 'anna@test.at' },
      ]).run();
    });
    recordAttempt(db, 'reset:recipient:max@test.at', RESET_RECIPIENT_POLICY, NOW);
    recordAttempt(db, 'signin:pair:max@test.at|203.0.113.7', RESET_RECIPIENT_POLICY, NOW);
    recordAttempt(db, 'signin:account:other@test.at', RESET_RECIPIENT_POLICY, NOW);
    // a burst of failed sign-ins for the account from one network address: the log's entry names it
    recordFailedBurst(db, { kind: 'pair', email: 'max@test.at', clientAddress: '203.0.113.7', failures: 6 }, NOW);
    const data = exportSubject(db, 'max@test.at', boss, NOW);
    expect(data.account?.auditLog).toContainEqual(expect.objectContaining({ action: 'signin.failed', detail: '6 fehlgeschlagene Anmeldungen für dieses Konto' }));
    expect(data.account?.newsWritten).toEqual([{ id: 'n1', title: 'Sieg im Derby', published: true, createdAt: '2026-11-01T10:00:00.000Z' }]);
    expect(data.account?.contentChanges).toEqual([{ at: new Date(NOW - 2 * DAY).toISOString(), entity: 'news', rowId: 'n1', op: 'insert' }]);
    expect(data.contactEntries.map((c) => [c.id, c.name, c.phone])).toEqual([['k1', 'Max Muster', '0664 123']]);
    expect(data.limitRecords.map((r) => [r.kind, r.failures]).sort()).toEqual([
      ['reset.recipient', 1],
      ['signin.fromAddress', 1],
    ]);
    // the network address a failed sign-in came from may be anyone's: not in the export
    expect(JSON.stringify(data)).not.toContain('203.0.113.7');
    // and the library's images they uploaded
    seed(db, (tx) => tx.insert(media).values({ url: '/uploads/news/derby.webp', uploaded_by: 'max@test.at', created_at: '2026-11-03T10:00:00.000Z' }).run());
    expect(exportSubject(db, 'max@test.at', boss, NOW).imagesUploaded).toEqual([{ url: '/uploads/news/derby.webp', createdAt: '2026-11-03T10:00:00.000Z' }]);
    // an address with nothing of it: empty lists
    expect(exportSubject(db, 'niemand@test.at', boss, NOW)).toMatchObject({ contactEntries: [], limitRecords: [], imagesUploaded: [] });
  });

  it("exports the log's entries that name the address without being the account's own (failed sign-ins, what others did to it)", () => {
    const db = createTestDb();
    seed(db, (tx) =>
      tx.insert(auditLog).values([
        { at: NOW - 3 * DAY, user_id: null, user_name: 'anna_b@example.org', action: 'signin.failed', detail: '3 Fehlversuche' },
        { at: NOW - 2 * DAY, user_id: 'boss', user_name: 'boss@verein.at', action: 'user.invite', detail: 'Benutzer Anna_B@example.org eingeladen' },
        { at: NOW - DAY, user_id: 'boss', user_name: 'boss@verein.at', action: 'user.invite', detail: 'Benutzer annaxb@example.org eingeladen' },
      ]).run(),
    );
    const data = exportSubject(db, 'anna_b@example.org', boss, NOW);
    expect(data.account).toBeNull();
    expect(data.auditLogMentions.map((m) => [m.action, m.by, m.detail])).toEqual([
      ['signin.failed', null, '3 Fehlversuche'],
      ['user.invite', 'boss@verein.at', 'Benutzer Anna_B@example.org eingeladen'],
    ]);
  });

  it("exports no one else's entries: the address whole, not inside another ('a@b.at' in 'anna@b.at')", () => {
    const db = createTestDb();
    seed(db, (tx) =>
      tx.insert(auditLog).values([
        { at: NOW - 4 * DAY, user_id: 'boss', user_name: 'boss@verein.at', action: 'user.invite', detail: 'Eingeladen: anna@b.at' },
        { at: NOW - 3 * DAY, user_id: 'boss', user_name: 'boss@verein.at', action: 'user.delete', detail: 'Gelöscht: a@b.attac.com' },
        { at: NOW - 2 * DAY, user_id: 'boss', user_name: 'boss@verein.at', action: 'user.invite', detail: 'Eingeladen: A@b.at.' },
      ]).run(),
    );
    expect(exportSubject(db, 'a@b.at', boss, NOW).auditLogMentions.map((m) => m.detail)).toEqual(['Eingeladen: A@b.at.']);
  });

  it('erases every inquiry of the address, says how many and whether an account remains, and logs a masked address', async () => {
    const db = createTestDb();
    inquiry(db, 'Max@Test.at', '2026-10-01T10:00:00.000Z');
    inquiry(db, 'max@test.at', '2026-11-01T10:00:00.000Z');
    inquiry(db, 'other@test.at', '2026-11-02T10:00:00.000Z');
    expect(eraseSubject(db, 'max@test.at', boss, NOW)).toEqual({ deleted: 2, accountRemains: false });
    expect(inquiryEmails(db)).toEqual(['other@test.at']);
    const entry = db.select().from(auditLog).all().at(-1)!;
    expect(entry).toMatchObject({ action: 'inquiry.erase', user_name: 'boss@verein.at', detail: '2 Anfragen von m***@test.at gelöscht' });
    expect(JSON.stringify(db.select().from(auditLog).all())).not.toContain('max@test.at');
    // the inquiries are not revisioned: nothing of them is left anywhere
    expect(JSON.stringify(db.select().from(revisions).all())).not.toContain('max@test.at');
    await createUser(db, { email: 'other@test.at', roles: ['user'] });
    expect(eraseSubject(db, 'OTHER@test.at', boss, NOW)).toEqual({ deleted: 1, accountRemains: true });
    expect(maskEmail('x')).toBe('***');
  });

  it("erasure reaches the outbox's copies of the notifications and the limits' records that name the address", () => {
    const db = createTestDb();
    inquiry(db, 'max@test.at', '2026-11-01T10:00:00.000Z');
    recordAttempt(db, 'reset:recipient:max@test.at', RESET_RECIPIENT_POLICY, NOW);
    recordAttempt(db, 'reset:recipient:other@test.at', RESET_RECIPIENT_POLICY, NOW);
    recordAttempt(db, 'signin:pair:max@test.at|203.0.113.7', RESET_RECIPIENT_POLICY, NOW);
    recordAttempt(db, 'signin:account:max@test.at', RESET_RECIPIENT_POLICY, NOW);
    const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-outbox-'));
    try {
      const mail = (stem: string, from: string) => {
        fs.writeFileSync(path.join(outbox, `${stem}.eml`), `Reply-To: ${from}\n\nNachricht`);
        fs.writeFileSync(path.join(outbox, `${stem}.txt`), `An: vorstand@verein.at\nBetreff: Anfrage\n\nE-Mail: ${from}\nNachricht`);
      };
      mail('2026-11-01T10-00-00-000Z-aaa111', 'Max@Test.at');
      mail('2026-11-02T10-00-00-000Z-bbb222', 'other@test.at');
      // another address that holds this one's letters is not this one's
      mail('2026-11-03T10-00-00-000Z-ccc333', 'emax@test.at');
      fs.writeFileSync(path.join(outbox, 'notiz.txt'), 'max@test.at anrufen');
      expect(eraseSubject(db, 'max@test.at', boss, NOW, outbox)).toEqual({ deleted: 1, accountRemains: false });
      expect(fs.readdirSync(outbox).sort()).toEqual([
        '2026-11-02T10-00-00-000Z-bbb222.eml',
        '2026-11-02T10-00-00-000Z-bbb222.txt',
        '2026-11-03T10-00-00-000Z-ccc333.eml',
        '2026-11-03T10-00-00-000Z-ccc333.txt',
        'notiz.txt',
      ]);
      expect(db.select({ key: rateLimits.key }).from(rateLimits).all()).toEqual([{ key: 'reset:recipient:other@test.at' }]);
    } finally {
      fs.rmSync(outbox, { recursive: true, force: true });
    }
  });
});

describe('what still holds erased inquiries', () => {
  it("names the nightly archives only on a server that makes them, and the data a restore replaced while it is there (it said 'the daily backups, 7 days' on every server)", () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-copies-'));
    try {
      const none = copiesAfterErasure({ backupDir: '', backupKeep: 7, dataDir });
      expect(none).toEqual({ nightlyKeep: null, beforeRestoreDays: null });
      expect(PRIVACY_TOOL_TEXTS.backupsKeep(none)).toBe(
        'Von Hand erstellte Sicherungen (npm run backup) enthalten sie noch, bis sie gelöscht werden. Wird eine Sicherung zurückgespielt, bitte erneut löschen.',
      );
      fs.mkdirSync(path.join(dataDir, '.before-restore-2026-12-01T10-00-00'));
      const both = copiesAfterErasure({ backupDir: '/var/backups/anstoss', backupKeep: 10, dataDir });
      expect(both).toEqual({ nightlyKeep: 10, beforeRestoreDays: 14 });
      expect(PRIVACY_TOOL_TEXTS.backupsKeep(both)).toBe(
        'Die nächtlichen Sicherungen enthalten sie noch, bis die 10 aufbewahrten ersetzt sind (etwa 10 Tage); von Hand erstellte Sicherungen (npm run backup), bis sie gelöscht werden. ' +
          'Die vor einer Wiederherstellung ersetzten Daten im Datenordner enthalten sie bis zu 14 Tage. Wird eine Sicherung zurückgespielt, bitte erneut löschen.',
      );
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
